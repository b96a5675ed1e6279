package dev.rocelab.junit.internal;

import dev.rocelab.api.backend.FabricBackendException;

/**
 * Whose turn it is to use a session: one thread at a time, reentrant for that thread, and — unlike
 * a {@link java.util.concurrent.locks.ReentrantLock} — releasable from another thread, since JUnit
 * may close a live run on a thread other than the one that started it.
 */
final class Turn {

  private Thread owner;
  private int holds;

  synchronized void acquire() {
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
    if (holds == 0) {
      return;
    }
    if (--holds == 0) {
      owner = null;
      notifyAll();
    }
  }
}
