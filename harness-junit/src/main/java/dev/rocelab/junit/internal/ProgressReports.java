package dev.rocelab.junit.internal;

import dev.rocelab.api.backend.RunLimits;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs a test's scenario to its end, reporting a long run's progress every {@code rocelab.progress}
 * (a JUnit configuration parameter or system property, see {@link RunLimits#progressEvery()}): a
 * line on the console, which Maven shows as the tests run, and a call to every {@link
 * dev.rocelab.api.report.RunObserver}.
 */
final class ProgressReports {

  private ProgressReports() {}

  /**
   * @param context the test's context, for its configuration
   * @return how often to report progress, empty if not at all
   */
  static Optional<Duration> every(ExtensionContext context) {
    return RunLimits.progressEvery(
        context.getConfigurationParameter(RunLimits.PROGRESS).orElse(RunLimits.DEFAULT_PROGRESS));
  }

  /**
   * @param run a started run
   * @param fabric the fabric it runs on
   * @param every how often to report progress, empty if not at all
   * @return its final result
   */
  static RunResult finish(ScenarioRun run, FabricSpec fabric, Optional<Duration> every) {
    return every.isEmpty()
        ? run.finish()
        : run.finish(
            every.get(),
            progress -> {
              System.out.println("[rocelab] " + fabric.name() + " · " + progress.describe());
              RunObservers.progress(fabric, progress);
            });
  }
}
