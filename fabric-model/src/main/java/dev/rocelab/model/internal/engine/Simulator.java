package dev.rocelab.model.internal.engine;

/**
 * The discrete-event engine: a clock in picoseconds and the queue of component wake-ups. It runs
 * until the queue is empty, a time bound passes, or a stop is requested; it keeps a fingerprint of
 * the event trajectory so that two runs can be compared bit for bit.
 */
public final class Simulator {

  private final EventQueue queue = new EventQueue();
  private long now;
  private long events;
  private long fingerprint = 0xcbf29ce484222325L;
  private int nextId;
  private boolean stopRequested;

  /**
   * @return the current simulated time in picoseconds
   */
  public long now() {
    return now;
  }

  /**
   * @return events processed so far
   */
  public long events() {
    return events;
  }

  /**
   * @return a hash over (time, component) of every event processed so far
   */
  public long fingerprint() {
    return fingerprint;
  }

  /**
   * Gives a component its id; call once per component, in a deterministic order.
   *
   * @param c the component
   * @param <C> its type
   * @return the component
   */
  public <C extends Component> C register(C c) {
    c.id = nextId++;
    return c;
  }

  /**
   * Schedules (or moves) a component's wake-up.
   *
   * @param c the component
   * @param time when, in picoseconds; never before now
   */
  public void schedule(Component c, long time) {
    if (time < now) {
      throw new IllegalStateException(
          "cannot schedule component " + c.id + " at " + time + " ps, before now " + now);
    }
    queue.schedule(c, time);
  }

  /**
   * Schedules a wake-up unless one at the same time or earlier is already pending.
   *
   * @param c the component
   * @param time when, in picoseconds
   */
  public void scheduleNoLaterThan(Component c, long time) {
    if (!c.isScheduled() || c.scheduledTime() > time) {
      schedule(c, time);
    }
  }

  /**
   * Cancels a component's pending wake-up.
   *
   * @param c the component
   */
  public void cancel(Component c) {
    queue.cancel(c);
  }

  /** Asks the run loop to stop after the current event. */
  public void stop() {
    stopRequested = true;
  }

  /**
   * Processes events in time order while their time is at most {@code until}.
   *
   * @param until the last time to process, in picoseconds
   * @return true if events remain after {@code until} (or a stop was requested), false if the queue
   *     ran dry (the clock then stands at {@code until})
   */
  public boolean runUntil(long until) {
    stopRequested = false;
    while (!queue.isEmpty() && !stopRequested) {
      long time = queue.peekTime();
      if (time > until) {
        now = until;
        return true;
      }
      // the component stays in the queue while it runs: most wake-ups schedule their own next one,
      // which then moves it once
      Component next = queue.startEarliest();
      now = time;
      events++;
      fingerprint = (fingerprint ^ (now * 31 + next.id)) * 0x100000001b3L;
      next.wake(now);
      queue.ran(next);
    }
    if (!stopRequested) {
      now = Math.max(now, until); // nothing left to happen before the bound
    }
    return stopRequested;
  }

  /**
   * @return the number of pending wake-ups
   */
  public int pending() {
    return queue.size();
  }
}
