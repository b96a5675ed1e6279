package dev.rocelab.model.telemetry;

import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.unit.SimTime;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/** One-way NIC-to-NIC packet latency per priority, in HdrHistograms with nanosecond values. */
public final class LatencyRecorder {

  private static final long MAX_NANOS = 10_000_000_000L;
  private final Histogram[] byPriority = new Histogram[8];

  /**
   * Records one packet.
   *
   * @param priority its priority
   * @param latencyPs its latency in picoseconds
   */
  public void record(int priority, long latencyPs) {
    Histogram h = byPriority[priority];
    if (h == null) {
      h = byPriority[priority] = new Histogram(MAX_NANOS, 3);
    }
    h.recordValue(Math.min(MAX_NANOS, Math.max(1, latencyPs / 1000)));
  }

  /** @return a summary per priority that saw packets */
  public Map<Integer, LatencySummary> summaries() {
    Map<Integer, LatencySummary> out = new TreeMap<>();
    for (int p = 0; p < 8; p++) {
      Histogram h = byPriority[p];
      if (h != null && h.getTotalCount() > 0) {
        out.put(p, new LatencySummary(h.getTotalCount(), ns(h.getMinValue()), ns(h.getValueAtPercentile(50)),
            ns(h.getValueAtPercentile(90)), ns(h.getValueAtPercentile(99)), ns(h.getValueAtPercentile(99.9)),
            ns(h.getMaxValue()), ns(Math.round(h.getMean()))));
      }
    }
    return out;
  }

  private static SimTime ns(long nanos) {
    return SimTime.nanos(nanos);
  }
}
