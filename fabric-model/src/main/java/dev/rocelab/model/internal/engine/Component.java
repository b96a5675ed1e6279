package dev.rocelab.model.internal.engine;

/**
 * A part of the simulation that wakes up at times it chooses. Each component has at most one
 * pending wake-up: scheduling again moves it, so the event queue grows with the number of
 * components, never with the number of packets.
 */
public abstract class Component {

  /** The event queue's number for this component, or -1 before its first wake-up is scheduled. */
  int slot = -1;

  long wakeTime;

  /** Whether a wake-up is pending. */
  boolean pending;

  /**
   * True while the component runs the wake-up its queue entry stands for: the entry stays in the
   * queue so that rescheduling moves it once, but it is no longer pending.
   */
  boolean running;

  /** A stable number used for the trajectory fingerprint; assigned by the simulator. */
  int id;

  /**
   * Called at the scheduled time.
   *
   * @param now the simulated time in picoseconds
   */
  protected abstract void wake(long now);

  /**
   * @return whether a wake-up is pending
   */
  public final boolean isScheduled() {
    return pending;
  }

  /**
   * @return the pending wake-up time; meaningful only when {@link #isScheduled()}
   */
  public final long scheduledTime() {
    return wakeTime;
  }

  /**
   * @return the id the simulator gave this component
   */
  public final int id() {
    return id;
  }
}
