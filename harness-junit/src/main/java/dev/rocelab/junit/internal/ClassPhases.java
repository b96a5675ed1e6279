package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Tells the test reporters the phase of each {@code @FabricTest} class as it starts, before any
 * extension runs: a result written for a failure before or after the class's tests (a {@code
 * BeforeAll} whose container did not start, a scenario source that threw, an extension that failed)
 * then still counts in the phase that declared the class, so the phase cannot pass without the
 * tests that never ran. Registered as a JUnit Platform {@link TestExecutionListener} service.
 */
@API(status = INTERNAL, since = "0.3")
public final class ClassPhases implements TestExecutionListener {

  /** Creates the listener; the JUnit Platform's service loading calls this. */
  public ClassPhases() {}

  @Override
  public void executionStarted(TestIdentifier identifier) {
    identifier
        .getSource()
        .filter(ClassSource.class::isInstance)
        .map(ClassSource.class::cast)
        .ifPresent(
            source -> {
              Class<?> testClass;
              try {
                testClass = source.getJavaClass();
              } catch (RuntimeException | LinkageError e) {
                return; // a class that cannot load fails on its own
              }
              FabricConfiguration.phaseOf(testClass)
                  .ifPresent(phase -> TestReporters.classStarted(testClass, phase));
            });
  }
}
