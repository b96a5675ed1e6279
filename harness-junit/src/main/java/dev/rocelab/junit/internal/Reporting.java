package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.assertj.Checks;
import dev.rocelab.junit.ScenarioInvocation;
import java.util.Optional;
import java.util.function.Supplier;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What the extension tells a test report: labels and a description when a test starts, a step per
 * check, a telemetry summary for each run. Allure is used when it is on the class path and a test
 * case is being recorded; otherwise nothing is reported.
 */
@API(status = INTERNAL, since = "0.1")
public interface Reporting {

  /**
   * Labels the running test.
   *
   * @param context the test's context
   * @param configuration its class's configuration
   * @param point the scenario of this invocation, if it is a scenario annotation's
   */
  void label(
      ExtensionContext context,
      FabricConfiguration configuration,
      Optional<ScenarioInvocation> point);

  /**
   * Reports a finished run of the running test.
   *
   * @param result the run
   */
  void ran(RunResult result);

  /**
   * Reports how a run of the running test compares with the same scenario on another backend. The
   * comparison is made only if there is a report to put it in: it runs the scenario again.
   *
   * @param scenario the scenario's name
   * @param backend the other backend's id
   * @param comparison makes the comparison table, or says why there is none
   */
  void compared(String scenario, String backend, Supplier<String> comparison);

  /**
   * Starts reporting the running test's checks (measured value, limit, source), one step each.
   *
   * @return the recording, to close when the test has run
   */
  Checks.Recording recordChecks();

  /**
   * @return Allure reporting if Allure is on the class path, else reporting that does nothing
   */
  static Reporting current() {
    return Holder.CURRENT;
  }

  /** Resolves the reporting once, without loading Allure classes when they are absent. */
  final class Holder {
    static final Reporting CURRENT =
        allurePresent()
            ? new AllureReporting()
            : new Reporting() {
              @Override
              public void label(
                  ExtensionContext context,
                  FabricConfiguration configuration,
                  Optional<ScenarioInvocation> point) {}

              @Override
              public void ran(RunResult result) {}

              @Override
              public void compared(String scenario, String backend, Supplier<String> comparison) {}

              @Override
              public Checks.Recording recordChecks() {
                return () -> {};
              }
            };

    private Holder() {}

    private static boolean allurePresent() {
      try {
        Class.forName("io.qameta.allure.Allure", false, Reporting.class.getClassLoader());
        return true;
      } catch (ClassNotFoundException | LinkageError e) {
        return false;
      }
    }
  }
}
