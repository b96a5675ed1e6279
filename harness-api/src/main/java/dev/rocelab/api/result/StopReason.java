package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Why a run ended.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum StopReason {
  /** All traffic completed. */
  COMPLETED,
  /** The scenario's duration was reached before all traffic completed. */
  DURATION_REACHED,
  /** A PFC deadlock was detected and the run was configured to stop on it. */
  DEADLOCK,
  /** The backend's bound on real (wall-clock) time was reached. */
  WALL_CLOCK_LIMIT,
  /** The run is still going on: the result is a snapshot of what was measured so far. */
  IN_PROGRESS
}
