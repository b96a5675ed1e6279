package dev.rocelab.model.internal.telemetry;

import dev.rocelab.api.result.DropReason;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The first dropped data packets of a run, kept so a failure can say where loss began and the alert
 * timeline when each kind of loss began; the first drop on a lossless priority and the first of
 * each port, priority and reason are always kept, even after other drops have filled the log.
 */
public final class DropLog {

  private static final int REASONS = DropReason.values().length;

  /** How many drops are kept. */
  public static final int KEPT = 100;

  /**
   * One drop.
   *
   * @param timePs when
   * @param port global port index
   * @param priority the packet's priority
   * @param reason why
   * @param flow the flow (FlowSpec id)
   * @param lossless whether the priority was lossless there
   */
  public record Entry(
      long timePs, int port, int priority, DropReason reason, int flow, boolean lossless) {}

  private final List<Entry> first = new ArrayList<>();
  // every port, priority and reason seen, by (port · 8 + priority) · reasons + reason
  private final BitSet kinds = new BitSet();
  private boolean losslessKept;

  /**
   * Records a drop if fewer than {@link #KEPT} are kept, if it is the first lossless one, or if it
   * is the first of its port, priority and reason.
   */
  public void record(
      long timePs, int port, int priority, DropReason reason, int flow, boolean lossless) {
    int kind = (port * 8 + priority) * REASONS + reason.ordinal();
    boolean newKind = !kinds.get(kind);
    kinds.set(kind);
    if (first.size() < KEPT || (lossless && !losslessKept) || newKind) {
      first.add(new Entry(timePs, port, priority, reason, flow, lossless));
      losslessKept |= lossless;
    }
  }

  /**
   * @return the kept drops in time order
   */
  public List<Entry> entries() {
    return List.copyOf(first);
  }
}
