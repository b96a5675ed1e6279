package dev.rocelab.calibration.internal.fit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** The refits of a fit, made at once on threads of their own. */
final class ParallelRefits {

  private ParallelRefits() {}

  /**
   * Makes the refits on as many threads as there are processors, up to one each: each is
   * independent of the others and seeded, so the results do not depend on how they are scheduled.
   *
   * @return the refits, in the order of the tasks
   */
  static List<ModelFit> run(List<Callable<ModelFit>> tasks) {
    if (tasks.isEmpty()) {
      return List.of();
    }
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.min(tasks.size(), Runtime.getRuntime().availableProcessors()),
            task -> {
              Thread thread = new Thread(task, "rocelab-calibration-refit");
              thread.setDaemon(true);
              return thread;
            });
    try {
      List<ModelFit> fits = new ArrayList<>();
      for (Future<ModelFit> refit : pool.invokeAll(tasks)) {
        fits.add(refit.get());
      }
      return fits;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while refitting the model", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException unchecked) {
        throw unchecked;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException("a refit failed", e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }
}
