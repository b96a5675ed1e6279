package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.scenario.Phase;
import io.qameta.allure.listener.TestLifecycleListener;
import io.qameta.allure.model.Label;
import io.qameta.allure.model.TestResult;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Gives the phase of its class to an Allure result the extension never labelled: one written for a
 * failure before or after a class's tests ran (a {@code @BeforeAll} whose container did not start,
 * a scenario source that threw, an extension that failed), which Allure records as a broken test of
 * the class. Without the phase, the sign-off could not count the failure in the phase that declared
 * the class, and the phase could pass without the tests that never ran. Registered as an Allure
 * {@link TestLifecycleListener} service; results the extension labelled keep their labels.
 */
@API(status = INTERNAL, since = "0.3")
public final class PhaseOfUnlabelledResults implements TestLifecycleListener {

  /** Creates the listener; Allure's service loading calls this. */
  public PhaseOfUnlabelledResults() {}

  @Override
  public void beforeTestWrite(TestResult result) {
    List<Label> labels = result.getLabels();
    if (labels.stream().anyMatch(l -> "parentSuite".equals(l.getName()))) {
      return;
    }
    labels.stream()
        .filter(l -> "testClass".equals(l.getName()) && l.getValue() != null)
        .findFirst()
        .flatMap(l -> load(l.getValue()))
        .flatMap(FabricConfiguration::phaseOf)
        .map(Phase::displayName)
        .ifPresent(phase -> AllureReporting.labelPhase(labels, phase));
  }

  /** The class, from the loader that runs the tests, without initializing it. */
  private static Optional<Class<?>> load(String name) {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    try {
      return Optional.of(
          Class.forName(
              name,
              false,
              loader != null ? loader : PhaseOfUnlabelledResults.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return Optional.empty();
    }
  }
}
