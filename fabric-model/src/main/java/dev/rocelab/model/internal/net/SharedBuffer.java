package dev.rocelab.model.internal.net;

/**
 * A switch's packet buffer (its MMU). Bytes are counted in whole cells. Each (port, priority) has a
 * guaranteed reserve; above it, a queue may take from the shared pool up to a dynamic threshold
 * {@code alpha × free shared bytes}. Lossless priorities are admitted per ingress priority group:
 * when a group reaches its threshold it goes XOFF and what still arrives lands in its headroom;
 * past the headroom, frames are dropped (a lossless drop). Lossy priorities are admitted per egress
 * queue and dropped when it is over its threshold. Draining releases headroom first, then shared,
 * then reserve; a group goes XON once its headroom is empty and its shared use is at least {@code
 * xonOffset} below the threshold.
 */
final class SharedBuffer {

  /** Fixed-point scale of alpha. */
  private static final int ALPHA_SHIFT = 16;

  private final long cell;
  private final long reserve;
  private final long pool;
  private double alpha;
  private long alphaFixed;
  private final long xonOffset;
  private final long[] headroomCap;

  private final long[] pgReserve;
  private final long[] pgShared;
  private final long[] pgHeadroom;
  private final boolean[] xoff;
  private final long[] qReserve;
  private final long[] qShared;
  private long sharedUsed;

  /**
   * @param ports number of ports of the switch
   * @param buffer total buffer in bytes
   * @param cell cell size in bytes
   * @param reserve reserve per (port, priority) in bytes
   * @param alpha dynamic-threshold factor
   * @param xonOffset hysteresis in bytes
   * @param headroomCap headroom per (port × 8 + priority); 0 for lossy priorities
   */
  SharedBuffer(
      int ports,
      long buffer,
      long cell,
      long reserve,
      double alpha,
      long xonOffset,
      long[] headroomCap) {
    this.cell = cell;
    this.reserve = reserve;
    long headroom = 0;
    for (long h : headroomCap) {
      headroom += h;
    }
    this.pool = Math.max(0, buffer - headroom - reserve * 8L * ports);
    alpha(alpha);
    this.xonOffset = xonOffset;
    this.headroomCap = headroomCap.clone();
    int slots = ports * 8;
    pgReserve = new long[slots];
    pgShared = new long[slots];
    pgHeadroom = new long[slots];
    xoff = new boolean[slots];
    qReserve = new long[slots];
    qShared = new long[slots];
  }

  /**
   * @return the dynamic-threshold factor
   */
  double alpha() {
    return alpha;
  }

  /**
   * Changes the dynamic-threshold factor; what the queues hold stays, their next admissions see the
   * new threshold (a buffer-pool update applied live, as SONiC's mmuconfig does).
   *
   * @param value the new factor
   */
  void alpha(double value) {
    alpha = value;
    alphaFixed = Math.round(value * (1 << ALPHA_SHIFT));
  }

  long cells(int frameBytes) {
    return (frameBytes + cell - 1) / cell * cell;
  }

  private long threshold() {
    return (alphaFixed * (pool - sharedUsed)) >>> ALPHA_SHIFT;
  }

  /** Outcome of a lossless admission. */
  enum Admission {
    ADMITTED,
    /** Admitted, and the group has just gone XOFF: send a pause upstream. */
    ADMITTED_XOFF,
    DROPPED
  }

  /** Admits a frame of a lossless priority at its ingress priority group. */
  Admission admitLossless(int slot, long size) {
    boolean wentXoff = false;
    if (!xoff[slot]) {
      long toReserve = Math.min(size, reserve - pgReserve[slot]);
      long toShared = size - toReserve;
      if (toShared == 0
          || (sharedUsed + toShared <= pool && pgShared[slot] + toShared <= threshold())) {
        pgReserve[slot] += toReserve;
        pgShared[slot] += toShared;
        sharedUsed += toShared;
        if (toShared > 0 && pgShared[slot] >= threshold()) {
          xoff[slot] = true;
          return Admission.ADMITTED_XOFF;
        }
        return Admission.ADMITTED;
      }
      xoff[slot] = true;
      wentXoff = true;
    }
    if (pgHeadroom[slot] + size <= headroomCap[slot]) {
      pgHeadroom[slot] += size;
      return wentXoff ? Admission.ADMITTED_XOFF : Admission.ADMITTED;
    }
    return Admission.DROPPED;
  }

  /** Releases a lossless frame; returns true if its group has just gone XON. */
  boolean releaseLossless(int slot, long size) {
    long fromHeadroom = Math.min(size, pgHeadroom[slot]);
    pgHeadroom[slot] -= fromHeadroom;
    long rest = size - fromHeadroom;
    long fromShared = Math.min(rest, pgShared[slot]);
    pgShared[slot] -= fromShared;
    sharedUsed -= fromShared;
    pgReserve[slot] -= rest - fromShared;
    if (xoff[slot] && pgHeadroom[slot] == 0 && pgShared[slot] + xonOffset <= threshold()) {
      xoff[slot] = false;
      return true;
    }
    return false;
  }

  /** Admits a frame of a lossy priority at its egress queue; false means drop. */
  boolean admitLossy(int slot, long size) {
    long toReserve = Math.min(size, reserve - qReserve[slot]);
    long toShared = size - toReserve;
    if (toShared > 0 && (sharedUsed + toShared > pool || qShared[slot] + toShared > threshold())) {
      return false;
    }
    qReserve[slot] += toReserve;
    qShared[slot] += toShared;
    sharedUsed += toShared;
    return true;
  }

  /** Releases a lossy frame. */
  void releaseLossy(int slot, long size) {
    long fromShared = Math.min(size, qShared[slot]);
    qShared[slot] -= fromShared;
    sharedUsed -= fromShared;
    qReserve[slot] -= size - fromShared;
  }

  boolean isXoff(int slot) {
    return xoff[slot];
  }

  long headroomUsed(int slot) {
    return pgHeadroom[slot];
  }

  long sharedUsed() {
    return sharedUsed;
  }

  long pool() {
    return pool;
  }
}
