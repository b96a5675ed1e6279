package dev.rocelab.model.internal.net;

/** Told when a whole message of a queue pair has arrived in order (see {@link Network#listen}). */
public interface MessageListener {
  /**
   * @param queuePair the queue pair's id
   * @param now the simulated time
   */
  void delivered(int queuePair, long now);
}
