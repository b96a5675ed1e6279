package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The metric families rocelab exports from a run. Each has a type (counter or gauge), an
 * OpenMetrics unit (empty when it has none) and a help text; its name comes from a {@link
 * MetricNaming}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Metric {
  /** PFC frames a port sent for a priority. Labels: device, port, priority. */
  PFC_PAUSES_SENT(Type.COUNTER, "", "PFC pause frames sent per port and priority"),
  /** PFC frames a port received for a priority. Labels: device, port, priority. */
  PFC_PAUSES_RECEIVED(Type.COUNTER, "", "PFC pause frames received per port and priority"),
  /** Seconds a priority's egress was stopped by received pauses. Labels: device, port, priority. */
  PFC_PAUSED_SECONDS(
      Type.COUNTER, "seconds", "Time the egress of a priority was paused by received PFC frames"),
  /** Packets CE-marked at an egress. Labels: device, port, priority. */
  ECN_MARKS(Type.COUNTER, "", "Packets ECN CE-marked at the egress of a port and priority"),
  /**
   * Packets a port transmitted on a priority: what {@link #ECN_MARKS} is a share of. Labels:
   * device, port, priority. Not exported where the backend did not count them.
   *
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  TRANSMITTED_PACKETS(Type.COUNTER, "", "Packets transmitted at the egress of a port and priority"),
  /** Congestion notification packets a NIC sent. Labels: device, port, priority. */
  CNPS_SENT(Type.COUNTER, "", "RoCEv2 congestion notification packets sent"),
  /** Congestion notification packets a NIC received. Labels: device, port, priority. */
  CNPS_RECEIVED(Type.COUNTER, "", "RoCEv2 congestion notification packets received"),
  /** Dropped packets. Labels: device, port, priority, reason. */
  DROPS(Type.COUNTER, "", "Packets dropped per port, priority and reason"),
  /**
   * Dropped bytes, frames with their headers. Labels: device, port, priority, reason. Not exported
   * where the backend did not measure them.
   */
  DROPPED_BYTES(
      Type.COUNTER,
      "bytes",
      "Bytes dropped per port, priority and reason (frames, headers included)"),
  /** Egress queue depth. Labels: device, port, priority. */
  QUEUE_DEPTH(Type.GAUGE, "bytes", "Egress queue depth per port and priority"),
  /** Shared buffer in use on a switch. Labels: device. */
  SHARED_BUFFER(Type.GAUGE, "bytes", "Shared buffer in use on a switch"),
  /** Operational state of a port a fault took down: 1 up, 0 down. Labels: device, port. */
  LINK_UP(Type.GAUGE, "", "Operational state of a port, 1 up and 0 down"),
  /**
   * Codewords a receiving port's FEC corrected. Labels: device, port. A link's optic health shows
   * here first, but the count grows with the traffic too: alert on {@link #PRE_FEC_BER}.
   */
  FEC_CORRECTED_CODEWORDS(
      Type.COUNTER, "", "Codewords received with errors FEC corrected, per receiving port"),
  /**
   * Codewords a receiving port's FEC could not correct, each losing its frame. Labels: device,
   * port.
   */
  FEC_UNCORRECTABLE_CODEWORDS(
      Type.COUNTER,
      "",
      "Codewords received with more errors than FEC corrects, per receiving port"),
  /**
   * The bit-error rate before FEC a receiving port measures, whatever the load (see {@link
   * dev.rocelab.api.result.FecStats#preFecBer()}). Labels: device, port.
   */
  PRE_FEC_BER(Type.GAUGE, "", "Bit-error rate before FEC, per receiving port"),
  /** A flow's throughput. Labels: flow. */
  FLOW_THROUGHPUT(Type.GAUGE, "bytes_per_second", "Throughput of a flow"),
  /** A collective's bus bandwidth per message size, as nccl-tests reports it. Labels: op, size. */
  COLLECTIVE_BUSBW(
      Type.GAUGE,
      "bytes_per_second",
      "Bus bandwidth of a collective per message size (nccl-tests busbw)");

  /** OpenMetrics metric types used here. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Type {
    /** Monotonic; samples carry the {@code _total} suffix. */
    COUNTER,
    /** A level. */
    GAUGE
  }

  private final Type type;
  private final String unit;
  private final String help;

  Metric(Type type, String unit, String help) {
    this.type = type;
    this.unit = unit;
    this.help = help;
  }

  /**
   * @return counter or gauge
   */
  public Type type() {
    return type;
  }

  /**
   * @return the OpenMetrics unit, e.g. {@code seconds}; empty for a plain count
   */
  public String unit() {
    return unit;
  }

  /**
   * @return the {@code # HELP} text
   */
  public String help() {
    return help;
  }
}
