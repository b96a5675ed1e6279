package dev.rocelab.model.internal.telemetry;

import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.unit.SimTime;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * One-way NIC-to-NIC packet latency in HdrHistograms with nanosecond values: per priority (three
 * significant digits) and per flow (two, ~1%, in int counts so thousands of flows stay small).
 */
public final class LatencyRecorder {

  private static final long MAX_NANOS = 10_000_000_000L;
  private final Histogram[] byPriority = new Histogram[8];
  private final IntCountsHistogram[] byFlow;

  /**
   * @param flows the number of flows of the run
   */
  public LatencyRecorder(int flows) {
    this.byFlow = new IntCountsHistogram[flows];
  }

  /**
   * Records one packet.
   *
   * @param priority its priority
   * @param flow its flow
   * @param latencyPs its latency in picoseconds
   */
  public void record(int priority, int flow, long latencyPs) {
    long nanos = Math.min(MAX_NANOS, Math.max(1, latencyPs / 1000));
    Histogram h = byPriority[priority];
    if (h == null) {
      h = byPriority[priority] = new Histogram(MAX_NANOS, 3);
    }
    h.recordValue(nanos);
    IntCountsHistogram f = byFlow[flow];
    if (f == null) {
      f = byFlow[flow] = new IntCountsHistogram(MAX_NANOS, 2);
    }
    f.recordValue(nanos);
  }

  /**
   * @return a summary per priority that saw packets
   */
  public Map<Integer, LatencySummary> byPriority() {
    Map<Integer, LatencySummary> out = new TreeMap<>();
    for (int p = 0; p < 8; p++) {
      int priority = p;
      summary(byPriority[p]).ifPresent(s -> out.put(priority, s));
    }
    return out;
  }

  /**
   * The summary of one flow.
   *
   * @param flow the flow
   * @return its latency, or empty if none of its packets arrived
   */
  public Optional<LatencySummary> ofFlow(int flow) {
    return summary(byFlow[flow]);
  }

  private static Optional<LatencySummary> summary(AbstractHistogram h) {
    if (h == null || h.getTotalCount() == 0) {
      return Optional.empty();
    }
    return Optional.of(
        new LatencySummary(
            h.getTotalCount(),
            ns(h.getMinValue()),
            ns(h.getValueAtPercentile(50)),
            ns(h.getValueAtPercentile(90)),
            ns(h.getValueAtPercentile(99)),
            ns(h.getValueAtPercentile(99.9)),
            ns(h.getMaxValue()),
            ns(Math.round(h.getMean()))));
  }

  private static SimTime ns(long nanos) {
    return SimTime.nanos(nanos);
  }
}
