package dev.rocelab.model.internal.telemetry;

import dev.rocelab.api.result.DropReason;

/**
 * Per-(port, priority) counters in flat primitive arrays indexed by {@code port × 8 + priority}.
 * Components increment them directly; nothing here allocates on the packet path.
 */
public final class PortCounters {

  /** Priorities per port. */
  public static final int PRIORITIES = 8;

  public final long[] txBytes;
  public final long[] rxBytes;
  public final long[] txPackets;
  public final long[] rxPackets;
  public final long[] pausesSent;
  public final long[] pausesReceived;
  public final long[] pausedPs;
  public final long[] ecnMarks;
  public final long[] cnpsSent;
  public final long[] cnpsReceived;
  public final long[] maxQueue;
  public final long[] maxHeadroom;

  /** Drop counts indexed by {@code reason.ordinal() × slots + port × 8 + priority}. */
  public final long[] drops;

  /** Dropped frame bytes (headers included, as {@link #txBytes}), indexed as {@link #drops}. */
  public final long[] droppedBytes;

  private final int slots;

  /**
   * Creates zeroed counters.
   *
   * @param ports number of ports (switch ports and NICs)
   */
  public PortCounters(int ports) {
    slots = ports * PRIORITIES;
    txBytes = new long[slots];
    rxBytes = new long[slots];
    txPackets = new long[slots];
    rxPackets = new long[slots];
    pausesSent = new long[slots];
    pausesReceived = new long[slots];
    pausedPs = new long[slots];
    ecnMarks = new long[slots];
    cnpsSent = new long[slots];
    cnpsReceived = new long[slots];
    maxQueue = new long[slots];
    maxHeadroom = new long[slots];
    drops = new long[DropReason.values().length * slots];
    droppedBytes = new long[drops.length];
  }

  /**
   * @return ports × priorities
   */
  public int slots() {
    return slots;
  }

  /**
   * Counts one drop.
   *
   * @param slot port × 8 + priority
   * @param reason why
   * @param frameBytes the dropped frame's size, headers included
   */
  public void drop(int slot, DropReason reason, int frameBytes) {
    int i = reason.ordinal() * slots + slot;
    drops[i]++;
    droppedBytes[i] += frameBytes;
  }

  /**
   * Drops of one slot for one reason.
   *
   * @param slot port × 8 + priority
   * @param reason why
   * @return the count
   */
  public long drops(int slot, DropReason reason) {
    return drops[reason.ordinal() * slots + slot];
  }

  /**
   * Dropped bytes of one slot for one reason.
   *
   * @param slot port × 8 + priority
   * @param reason why
   * @return the frames' bytes, headers included
   */
  public long droppedBytes(int slot, DropReason reason) {
    return droppedBytes[reason.ordinal() * slots + slot];
  }

  /**
   * Whether a slot saw anything at all (so results can leave idle ones out).
   *
   * @param slot port × 8 + priority
   * @return true if any counter is non-zero
   */
  public boolean active(int slot) {
    if ((txPackets[slot]
            | rxPackets[slot]
            | pausesSent[slot]
            | pausesReceived[slot]
            | pausedPs[slot])
        != 0) {
      return true;
    }
    for (int r = 0; r < DropReason.values().length; r++) {
      if (drops[r * slots + slot] != 0) {
        return true;
      }
    }
    return false;
  }
}
