package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * How exported metrics are named: a family name per {@link Metric} (without the {@code _total} a
 * counter's samples carry) and the label names for device, port, priority, flow, drop reason,
 * collective operation and message size. Teams whose alert rules are written against their switch
 * exporter's names set those here, so the same rules run on rocelab's export unchanged.
 *
 * <p>Two presets: {@link #rocelab()} (the default) and {@link #sonicExporterStyle()}. Adjust either
 * with {@link #withName} and {@link #withLabels}.
 *
 * @param names the family name of every metric, never null, complete
 * @param labels the label names
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record MetricNaming(Map<Metric, String> names, Labels labels) {

  private static final Pattern METRIC_NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

  /**
   * The label names.
   *
   * @param device the switch or host name, e.g. {@code device}
   * @param port the port on it, e.g. {@code port}
   * @param priority the 802.1p priority, e.g. {@code priority}
   * @param flow the flow id
   * @param reason the drop reason
   * @param operation the collective operation
   * @param size the collective message size in bytes
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Labels(
      String device,
      String port,
      String priority,
      String flow,
      String reason,
      String operation,
      String size) {

    /** Validates every name as a Prometheus label name. */
    public Labels {
      label("device", device);
      label("port", port);
      label("priority", priority);
      label("flow", flow);
      label("reason", reason);
      label("operation", operation);
      label("size", size);
      if (java.util.stream.Stream.of(device, port, priority, reason).distinct().count() < 4) {
        throw new IllegalArgumentException(
            "labels device, port, priority and reason must differ but were "
                + device
                + ", "
                + port
                + ", "
                + priority
                + ", "
                + reason);
      }
    }

    /**
     * @param label what the label means
     * @return its name
     */
    public String name(MetricLabel label) {
      switch (label) {
        case DEVICE:
          return device;
        case PORT:
          return port;
        case PRIORITY:
          return priority;
        case FLOW:
          return flow;
        case REASON:
          return reason;
        case OPERATION:
          return operation;
        case SIZE:
          return size;
        default:
          throw new IllegalArgumentException("unknown label " + label);
      }
    }

    private static void label(String field, String name) {
      Objects.requireNonNull(name, "labels." + field + " must not be null");
      if (!LABEL_NAME.matcher(name).matches() || name.startsWith("__")) {
        throw new IllegalArgumentException(
            "labels."
                + field
                + " = \""
                + name
                + "\" is not a Prometheus label name ([a-zA-Z_][a-zA-Z0-9_]*, not starting with __)");
      }
    }
  }

  /** Validates that every metric has a valid, distinct name that fits its type and unit. */
  public MetricNaming {
    Objects.requireNonNull(names, "names must not be null");
    Objects.requireNonNull(labels, "labels must not be null");
    EnumMap<Metric, String> copy = new EnumMap<>(Metric.class);
    for (Metric metric : Metric.values()) {
      String name = names.get(metric);
      if (name == null) {
        throw new IllegalArgumentException("names has no name for " + metric);
      }
      if (!METRIC_NAME.matcher(name).matches()) {
        throw new IllegalArgumentException(
            "names." + metric + " = \"" + name + "\" is not a Prometheus metric name");
      }
      if (metric.type() == Metric.Type.COUNTER && name.endsWith("_total")) {
        throw new IllegalArgumentException(
            "names."
                + metric
                + " = \""
                + name
                + "\" is a counter family: give it without _total, its samples get the suffix");
      }
      if (!metric.unit().isEmpty() && !name.endsWith("_" + metric.unit())) {
        throw new IllegalArgumentException(
            "names."
                + metric
                + " = \""
                + name
                + "\" must end with _"
                + metric.unit()
                + " (OpenMetrics: a family with a unit ends with it)");
      }
      copy.put(metric, name);
    }
    if (copy.values().stream().distinct().count() < copy.size()) {
      throw new IllegalArgumentException("names must be distinct but were " + copy.values());
    }
    names = Collections.unmodifiableMap(copy);
  }

  /**
   * rocelab's own scheme: {@code rocelab_} prefix; labels {@code device}, {@code port}, {@code
   * priority}, {@code flow}, {@code reason}, {@code op}, {@code size}. The example rules ({@code
   * rules/roce-fabric.rules.yaml}) are written against it.
   *
   * @return the default naming
   */
  public static MetricNaming rocelab() {
    Map<Metric, String> names = new EnumMap<>(Metric.class);
    names.put(Metric.PFC_PAUSES_SENT, "rocelab_pfc_pause_frames_sent");
    names.put(Metric.PFC_PAUSES_RECEIVED, "rocelab_pfc_pause_frames_received");
    names.put(Metric.PFC_PAUSED_SECONDS, "rocelab_pfc_paused_seconds");
    names.put(Metric.ECN_MARKS, "rocelab_ecn_marked_packets");
    names.put(Metric.TRANSMITTED_PACKETS, "rocelab_transmitted_packets");
    names.put(Metric.CNPS_SENT, "rocelab_cnp_sent_packets");
    names.put(Metric.CNPS_RECEIVED, "rocelab_cnp_received_packets");
    names.put(Metric.DROPS, "rocelab_dropped_packets");
    names.put(Metric.DROPPED_BYTES, "rocelab_dropped_bytes");
    names.put(Metric.QUEUE_DEPTH, "rocelab_queue_depth_bytes");
    names.put(Metric.SHARED_BUFFER, "rocelab_shared_buffer_used_bytes");
    names.put(Metric.LINK_UP, "rocelab_link_oper_up");
    names.put(Metric.FEC_CORRECTED_CODEWORDS, "rocelab_fec_corrected_codewords");
    names.put(Metric.FEC_UNCORRECTABLE_CODEWORDS, "rocelab_fec_uncorrectable_codewords");
    names.put(Metric.PRE_FEC_BER, "rocelab_pre_fec_ber");
    names.put(Metric.FLOW_THROUGHPUT, "rocelab_flow_throughput_bytes_per_second");
    names.put(Metric.COLLECTIVE_BUSBW, "rocelab_collective_busbw_bytes_per_second");
    return new MetricNaming(
        names, new Labels("device", "port", "priority", "flow", "reason", "op", "size"));
  }

  /**
   * A scheme shaped like the community SONiC Prometheus exporters (for example {@code
   * vinted/sonic-exporter}): a {@code sonic_} prefix, per-interface and per-queue families, labels
   * {@code device}, {@code interface} and {@code queue}. It imitates their shape — prefix, label
   * vocabulary, {@code _total} counters — and was not checked name by name against a release of any
   * exporter: compare it with what your exporter really serves and adjust it with {@link #withName}
   * and {@link #withLabels}.
   *
   * @return the SONiC-shaped naming
   */
  public static MetricNaming sonicExporterStyle() {
    Map<Metric, String> names = new EnumMap<>(Metric.class);
    names.put(Metric.PFC_PAUSES_SENT, "sonic_interface_pfc_tx_pause_frames");
    names.put(Metric.PFC_PAUSES_RECEIVED, "sonic_interface_pfc_rx_pause_frames");
    names.put(Metric.PFC_PAUSED_SECONDS, "sonic_interface_pfc_paused_seconds");
    names.put(Metric.ECN_MARKS, "sonic_queue_ecn_marked_packets");
    names.put(Metric.TRANSMITTED_PACKETS, "sonic_queue_transmitted_packets");
    names.put(Metric.CNPS_SENT, "sonic_nic_cnp_sent_packets");
    names.put(Metric.CNPS_RECEIVED, "sonic_nic_cnp_received_packets");
    names.put(Metric.DROPS, "sonic_queue_dropped_packets");
    names.put(Metric.DROPPED_BYTES, "sonic_queue_dropped_bytes");
    names.put(Metric.QUEUE_DEPTH, "sonic_queue_watermark_bytes");
    names.put(Metric.SHARED_BUFFER, "sonic_buffer_pool_used_bytes");
    names.put(Metric.LINK_UP, "sonic_interface_operational_status");
    names.put(Metric.FEC_CORRECTED_CODEWORDS, "sonic_interface_fec_correctable_frames");
    names.put(Metric.FEC_UNCORRECTABLE_CODEWORDS, "sonic_interface_fec_uncorrectable_frames");
    names.put(Metric.PRE_FEC_BER, "sonic_interface_fec_pre_ber");
    names.put(Metric.FLOW_THROUGHPUT, "sonic_flow_throughput_bytes_per_second");
    names.put(Metric.COLLECTIVE_BUSBW, "sonic_collective_busbw_bytes_per_second");
    return new MetricNaming(
        names, new Labels("device", "interface", "queue", "flow", "reason", "op", "size"));
  }

  /**
   * @param metric a metric
   * @return its family name
   */
  public String name(Metric metric) {
    return names.get(metric);
  }

  /**
   * @param metric a metric
   * @return the name its samples carry: the family name, with {@code _total} for a counter
   */
  public String sampleName(Metric metric) {
    return metric.type() == Metric.Type.COUNTER ? name(metric) + "_total" : name(metric);
  }

  /**
   * A copy with one family renamed.
   *
   * @param metric the metric
   * @param name its new family name
   * @return the new naming
   */
  public MetricNaming withName(Metric metric, String name) {
    Map<Metric, String> copy = new EnumMap<>(names);
    copy.put(metric, name);
    return new MetricNaming(copy, labels);
  }

  /**
   * A copy with other label names.
   *
   * @param labels the label names
   * @return the new naming
   */
  public MetricNaming withLabels(Labels labels) {
    return new MetricNaming(names, labels);
  }
}
