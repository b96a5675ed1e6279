package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What a scenario expects of its workload when the run reaches its {@link Scenario#duration()
 * duration}.
 *
 * <p>A run ends early once all its traffic has completed; reaching the duration therefore means
 * some flow or collective size did not finish. Under {@link #REQUIRED} (the default) that fails the
 * test, whatever its assertions say: an incast of 10 GB per sender bounded by 10 ms delivers a
 * fraction of its data, and "lossless" over that fraction says nothing about the incast that was
 * asked for. A scenario that deliberately observes a window of traffic — a PFC storm that blocks a
 * priority, a steady load watched for 5 ms — declares {@link #WINDOW}.
 *
 * @since 0.1
 * @see dev.rocelab.api.result.RunResult#unfinishedWork()
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Completion {
  /**
   * Every flow and every collective size must complete within the duration; a run that stops at its
   * bound (duration or the backend's wall-clock limit) with work unfinished fails its test.
   */
  REQUIRED,
  /**
   * The scenario measures a window of its duration: traffic still in flight when the run stops is
   * expected, and the result says how much completed.
   */
  WINDOW
}
