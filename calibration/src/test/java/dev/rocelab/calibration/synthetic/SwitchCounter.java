package dev.rocelab.calibration.synthetic;

import dev.rocelab.api.result.PortStats;
import dev.rocelab.lab.LabTelemetry.Counter;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * The switch counters the synthetic lab's Prometheus serves: for each, the metric it serves, the
 * lab counter whose query names that metric, and the model's port statistic it counts. Every metric
 * has one series per switch port and priority, labelled {@code device}, {@code interface} and
 * {@code priority}.
 */
enum SwitchCounter {
  TX_BYTES(Counter.TX_BYTES, "synthetic_switch_tx_bytes_total", PortStats::txBytes),
  RX_BYTES(Counter.RX_BYTES, "synthetic_switch_rx_bytes_total", PortStats::rxBytes),
  TX_PACKETS(Counter.TX_PACKETS, "synthetic_switch_tx_packets_total", PortStats::txPackets),
  RX_PACKETS(Counter.RX_PACKETS, "synthetic_switch_rx_packets_total", PortStats::rxPackets),
  PFC_PAUSES_SENT(
      Counter.PFC_PAUSES_SENT, "synthetic_switch_pfc_tx_frames_total", PortStats::pausesSent),
  PFC_PAUSES_RECEIVED(
      Counter.PFC_PAUSES_RECEIVED,
      "synthetic_switch_pfc_rx_frames_total",
      PortStats::pausesReceived),
  ECN_MARKS(Counter.ECN_MARKS, "synthetic_switch_ecn_marked_packets_total", PortStats::ecnMarks),
  DROPS(Counter.DROPS, "synthetic_switch_dropped_packets_total", PortStats::totalDrops),
  /** A gauge: the deepest the queue got, as a watermark exporter reports it. */
  BUFFER_USE(
      Counter.BUFFER_USE, "synthetic_switch_buffer_used_bytes", stats -> stats.maxQueue().bytes()),
  /** A gauge: the most headroom the ingress priority group used, as a watermark. */
  HEADROOM_USE(
      Counter.HEADROOM_USE,
      "synthetic_switch_headroom_used_bytes",
      stats -> stats.maxHeadroom().bytes());

  private final Counter counter;
  private final String metric;
  private final ToLongFunction<PortStats> count;

  SwitchCounter(Counter counter, String metric, ToLongFunction<PortStats> count) {
    this.counter = counter;
    this.metric = metric;
    this.count = count;
  }

  /**
   * @return the lab counter it stands for
   */
  Counter counter() {
    return counter;
  }

  /**
   * @return the metric's name, which is also the lab's query for it
   */
  String metric() {
    return metric;
  }

  /**
   * @return true for a gauge, whose value is a level, not a running total
   */
  boolean gauge() {
    return counter.gauge();
  }

  /**
   * @param stats the model's statistics of one port and priority over a run
   * @return what the run added to the counter, or for a gauge its peak during the run
   */
  long of(PortStats stats) {
    return count.applyAsLong(stats);
  }

  /**
   * @param query a PromQL query
   * @return the counter whose metric the query names, if one does
   */
  static Optional<SwitchCounter> byMetric(String query) {
    return Arrays.stream(values()).filter(c -> c.metric.equals(query)).findFirst();
  }
}
