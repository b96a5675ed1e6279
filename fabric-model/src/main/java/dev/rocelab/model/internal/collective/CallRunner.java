package dev.rocelab.model.internal.collective;

/** Runs a communicator's calls ({@link CollectiveCalls}), at packet or at flow fidelity. */
interface CallRunner {

  /**
   * Starts the next call now: it has just been made while the runner waited.
   *
   * @param now the time
   */
  void runNext(long now);

  /**
   * Stops for good: the job has ended.
   *
   * @param now the time
   */
  void close(long now);
}
