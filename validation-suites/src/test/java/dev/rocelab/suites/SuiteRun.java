package dev.rocelab.suites;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import dev.rocelab.api.fabric.MissingShapeException;
import dev.rocelab.junit.FabricTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;

/**
 * The phase suites run through the real JUnit engine on one fabric, as {@code ./rocelab signoff}
 * runs them, and what became of each test: passed, failed (an assertion), broken (anything else),
 * not applicable (the fabric lacks the shape, with the reason) or skipped.
 *
 * <p>Not part of the published suites (the test jar leaves it out).
 */
final class SuiteRun {

  /** Every phase's package, in the sign-off's order. */
  static final List<String> PHASES =
      List.of(
          "dev.rocelab.suites.laboratory",
          "dev.rocelab.suites.baseline",
          "dev.rocelab.suites.synthetic",
          "dev.rocelab.suites.aiworkload",
          "dev.rocelab.suites.failures",
          "dev.rocelab.suites.operational");

  /** What became of a test. */
  enum Status {
    PASSED,
    FAILED,
    BROKEN,
    NOT_APPLICABLE,
    SKIPPED
  }

  /**
   * One test's outcome.
   *
   * @param phase the last segment of the test's package, e.g. {@code laboratory}
   * @param test {@code Class.method}, one entry per invocation of a template
   * @param invocation the invocation's display name (the method's for a plain test)
   * @param status what became of it
   * @param message the failure's message or the reason it did not run; empty when it passed
   */
  record Outcome(String phase, String test, String invocation, Status status, String message) {
    @Override
    public String toString() {
      return test + " [" + invocation + "] " + status + (message.isEmpty() ? "" : ": " + message);
    }
  }

  private SuiteRun() {}

  /**
   * @param fabric a class path resource or a file path, as {@link FabricTest#FABRIC_PROPERTY} takes
   *     it
   * @param parameters further configuration parameters, e.g. {@code rocelab.sweep=ends}
   * @param packages the packages to run, e.g. {@link #PHASES}
   * @return every test's outcome, in the order the engine reported them
   */
  static List<Outcome> of(String fabric, Map<String, String> parameters, List<String> packages) {
    return of(
        fabric,
        parameters,
        packages.stream().map(p -> selectPackage(p)).toArray(DiscoverySelector[]::new));
  }

  /**
   * @param fabric a class path resource or a file path, as {@link FabricTest#FABRIC_PROPERTY} takes
   *     it
   * @param parameters further configuration parameters
   * @param selectors what to run, e.g. one test method
   * @return every test's outcome, in the order the engine reported them
   */
  static List<Outcome> of(
      String fabric, Map<String, String> parameters, DiscoverySelector... selectors) {
    List<Event> events =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter(FabricTest.FABRIC_PROPERTY, fabric)
            .configurationParameters(parameters)
            .selectors(selectors)
            .execute()
            .testEvents()
            .list();
    List<Outcome> outcomes = new ArrayList<>();
    for (Event event : events) {
      if (event.getType() == EventType.SKIPPED) {
        String reason = event.getPayload(String.class).orElse("");
        outcomes.add(outcome(event.getTestDescriptor(), skipped(reason), reason));
      } else if (event.getType() == EventType.FINISHED) {
        TestExecutionResult result = event.getPayload(TestExecutionResult.class).orElseThrow();
        outcomes.add(finished(event.getTestDescriptor(), result));
      }
    }
    return outcomes;
  }

  /**
   * @param outcomes a run's outcomes
   * @param status a status
   * @return the outcomes of that status
   */
  static List<Outcome> with(List<Outcome> outcomes, Status status) {
    return outcomes.stream().filter(o -> o.status() == status).collect(Collectors.toList());
  }

  private static Outcome finished(TestDescriptor test, TestExecutionResult result) {
    Optional<Throwable> thrown = result.getThrowable();
    String message = thrown.map(t -> String.valueOf(t.getMessage())).orElse("");
    switch (result.getStatus()) {
      case SUCCESSFUL:
        return outcome(test, Status.PASSED, "");
      case ABORTED:
        return outcome(test, skipped(message), message);
      default:
        return outcome(
            test,
            thrown.filter(AssertionError.class::isInstance).isPresent()
                ? Status.FAILED
                : Status.BROKEN,
            message);
    }
  }

  private static Status skipped(String reason) {
    return reason.startsWith(MissingShapeException.NOT_APPLICABLE)
        ? Status.NOT_APPLICABLE
        : Status.SKIPPED;
  }

  private static Outcome outcome(TestDescriptor test, Status status, String message) {
    String qualified = test.getUniqueId().getSegments().get(1).getValue();
    String packageName = qualified.substring(0, qualified.lastIndexOf('.'));
    String method = test.getLegacyReportingName().replaceFirst("\\(.*", "");
    return new Outcome(
        packageName.substring(packageName.lastIndexOf('.') + 1),
        qualified.substring(qualified.lastIndexOf('.') + 1) + "." + method,
        test.getDisplayName(),
        status,
        message);
  }
}
