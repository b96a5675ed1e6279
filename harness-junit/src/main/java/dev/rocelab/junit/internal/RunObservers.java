package dev.rocelab.junit.internal;

import dev.rocelab.api.backend.RunProgress;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.report.RunObserver;
import dev.rocelab.api.result.RunResult;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The {@link RunObserver}s on the class path, loaded once, told of every run a test makes. They are
 * called on the test's thread, so a report can attach to the test case being recorded.
 */
final class RunObservers {

  private static final List<RunObserver> OBSERVERS =
      ServiceLoader.load(RunObserver.class, RunObservers.class.getClassLoader()).stream()
          .map(ServiceLoader.Provider::get)
          .toList();

  private RunObservers() {}

  /**
   * Tells every observer of a run.
   *
   * @param fabric the fabric it ran on
   * @param result the run
   */
  static void finished(FabricSpec fabric, RunResult result) {
    for (RunObserver observer : OBSERVERS) {
      observer.runFinished(fabric, result);
    }
  }

  /**
   * Tells every observer how far a long run has come.
   *
   * @param fabric the fabric it runs on
   * @param progress its progress
   */
  static void progress(FabricSpec fabric, RunProgress progress) {
    for (RunObserver observer : OBSERVERS) {
      observer.runProgress(fabric, progress);
    }
  }
}
