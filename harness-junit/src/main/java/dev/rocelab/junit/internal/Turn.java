package dev.rocelab.junit.internal;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricBackendException;

/**
 * Whose turn it is to use a session: one thread at a time, reentrant for that thread, and — unlike
 * a {@link java.util.concurrent.locks.ReentrantLock} — releasable from another thread, since JUnit
 * may close a live run on a thread other than the one that started it. On a backend whose runs may
 * overlap ({@link Capability#CONCURRENT_RUNS}) every thread has its turn at once.
 */
final class Turn {

  private final boolean exclusive;
  private Thread owner;
  private int holds;

  private Turn(boolean exclusive) {
    this.exclusive = exclusive;
  }

  /**
   * @param backend the backend of the session
   * @return the turn its runs take
   */
  static Turn on(FabricBackend backend) {
    return new Turn(!backend.capabilities().contains(Capability.CONCURRENT_RUNS));
  }

  synchronized void acquire() {
    if (!exclusive) {
      return;
    }
    Thread current = Thread.currentThread();
    while (owner != null && owner != current) {
      try {
        wait();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new FabricBackendException("interrupted while waiting for the fabric session", e);
      }
    }
    owner = current;
    holds++;
  }

  synchronized void release() {
    if (!exclusive || holds == 0) {
      return;
    }
    if (--holds == 0) {
      owner = null;
      notifyAll();
    }
  }
}
