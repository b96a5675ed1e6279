package dev.rocelab.model.internal.collective;

import dev.rocelab.api.scenario.Workload;

/**
 * Where a {@link CollectiveRunner}'s runs come from: a collective's nccl-tests sweep ({@link
 * SweepTable}) or a training job communicator's calls ({@link CollectiveCalls}).
 */
interface RunSource {

  /** What the runner does after a run. */
  enum Next {
    /** Start the next run at once. */
    RUN,
    /** Wait until told of the next run. */
    WAIT,
    /** Nothing follows: finish. */
    DONE
  }

  /**
   * @return whether a run is waiting to start
   */
  default boolean hasRun() {
    return true;
  }

  /**
   * @return whether the next run repeats the last one's transfers (a sweep's timed runs of a size)
   */
  boolean nextRunRepeatsLast();

  /**
   * @return the collective as the next run executes it: NCCL's algorithm and protocol resolved
   */
  Workload.Collective current();

  /**
   * @return the bytes of the next run, as nccl-tests counts them
   */
  long bytes();

  /**
   * Records a finished run.
   *
   * @param timePs how long it took
   * @param now when it finished
   * @return what the runner does next
   */
  Next record(long timePs, long now);
}
