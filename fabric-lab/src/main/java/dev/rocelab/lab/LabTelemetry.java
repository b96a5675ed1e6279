package dev.rocelab.lab;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.report.Secrets;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Where a lab's counters are read: a Prometheus server and one PromQL query per counter, so any
 * exporter (SONiC, NVIDIA, Arista, node exporter) maps in. Each query returns one series per port
 * (and priority), labelled with the fabric's device and port names — rename labels in PromQL
 * ({@code label_replace}) or name the labels here.
 *
 * @param prometheus the server's base URL, a template, e.g. {@code http://prometheus:9090} or
 *     {@code https://${env:PROM_USER}@prometheus:9090}: {@code ${env:NAME}} is filled from the
 *     environment when the lab is read, so no secret needs to be written in the fabric file;
 *     user-info is sent as HTTP basic authentication
 * @param headers request headers sent with every query, values are templates (e.g. {@code
 *     Authorization: Bearer ${env:PROM_TOKEN}})
 * @param step the resolution of time series read during a run (Prometheus' {@code step})
 * @param deviceLabel the label holding the fabric device name ({@code device} by default)
 * @param portLabel the label holding the fabric port name ({@code port} by default)
 * @param priorityLabel the label holding the priority ({@code priority}); series without it count
 *     as priority 0
 * @param queries the PromQL query of each counter
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LabTelemetry(
    String prometheus,
    Map<String, String> headers,
    SimTime step,
    String deviceLabel,
    String portLabel,
    String priorityLabel,
    Map<Counter, String> queries) {

  private static final Pattern ENV = Pattern.compile("\\$\\{env:[A-Za-z_][A-Za-z0-9_]*}");

  /** Validates the fields and copies the headers and queries. */
  public LabTelemetry {
    Checks.notNull(prometheus, "prometheus");
    if (!isHttpUrl(prometheus)) {
      throw new IllegalArgumentException(
          "prometheus must be an http or https URL but was " + Secrets.mask(prometheus));
    }
    headers = Checks.orderedMap(headers, "headers");
    Checks.positive(step, "step");
    Checks.name(deviceLabel, "deviceLabel");
    Checks.name(portLabel, "portLabel");
    Checks.name(priorityLabel, "priorityLabel");
    queries = Checks.orderedMap(queries, "queries");
    queries.forEach((counter, query) -> Checks.name(query, "queries." + counter.key()));
  }

  /**
   * @param template a URL template
   * @return whether, with its {@code ${env:…}} placeholders filled, it is an http or https URL with
   *     a host
   */
  public static boolean isHttpUrl(String template) {
    try {
      URI uri = new URI(ENV.matcher(template).replaceAll("x"));
      return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
          && uri.getHost() != null;
    } catch (URISyntaxException e) {
      return false;
    }
  }

  /** Shows the URL masked and the header names only: they may carry credentials. */
  @Override
  public String toString() {
    return "LabTelemetry[prometheus="
        + Secrets.mask(prometheus)
        + ", headers="
        + headers.keySet()
        + ", step="
        + step
        + ", deviceLabel="
        + deviceLabel
        + ", portLabel="
        + portLabel
        + ", priorityLabel="
        + priorityLabel
        + ", queries="
        + queries
        + "]";
  }

  /**
   * The counters a lab can report: each one a field of the run's port statistics, or of a receiving
   * port's FEC statistics.
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Counter {
    /** Bytes transmitted (a monotonic counter). */
    TX_BYTES("txBytes", "bytes"),
    /** Bytes received (a monotonic counter). */
    RX_BYTES("rxBytes", "bytes"),
    /** Packets transmitted (a monotonic counter). */
    TX_PACKETS("txPackets", "packets"),
    /** Packets received (a monotonic counter). */
    RX_PACKETS("rxPackets", "packets"),
    /** PFC frames sent per priority (a monotonic counter). */
    PFC_PAUSES_SENT("pfcPausesSent", "frames"),
    /** PFC frames received per priority (a monotonic counter). */
    PFC_PAUSES_RECEIVED("pfcPausesReceived", "frames"),
    /** ECN CE marks per queue (a monotonic counter). */
    ECN_MARKS("ecnMarks", "packets"),
    /** Dropped packets per queue (a monotonic counter). */
    DROPS("drops", "packets"),
    /**
     * Dropped bytes per queue (a monotonic counter). Many switch exporters count only dropped
     * packets: without this query, a lab run's lost bytes are unknown, not zero.
     */
    DROPPED_BYTES("droppedBytes", "bytes"),
    /** Buffer bytes in use per queue (a gauge). */
    BUFFER_USE("bufferUse", "bytes"),
    /**
     * Headroom bytes in use per ingress priority group (a gauge): what arrived at a port after it
     * sent a pause, before its peer stopped. Its peak over the run is the port's headroom use. A
     * switch keeps it as a watermark (SONiC's {@code
     * SAI_INGRESS_PRIORITY_GROUP_STAT_XOFF_ROOM_WATERMARK_BYTES}, {@code show priority-group
     * watermark headroom}); query a watermark that is cleared every telemetry interval (SONiC's
     * periodic one), or an earlier run's peak counts.
     *
     * @since 0.3
     */
    HEADROOM_USE("headroomUse", "bytes"),
    /**
     * Codewords a receiving port's FEC corrected (a monotonic counter per port; SONiC's {@code
     * SAI_PORT_STAT_IF_IN_FEC_CORRECTABLE_FRAMES}).
     *
     * @since 0.2
     */
    FEC_CORRECTED("fecCorrectedCodewords", "codewords"),
    /**
     * Codewords a receiving port's FEC could not correct (a monotonic counter per port; SONiC's
     * {@code SAI_PORT_STAT_IF_IN_FEC_NOT_CORRECTABLE_FRAMES}).
     *
     * @since 0.2
     */
    FEC_UNCORRECTABLE("fecUncorrectableCodewords", "codewords"),
    /**
     * Every codeword a receiving port's FEC checked, errored or not (a monotonic counter per port:
     * for example a switch's codeword-error histogram, SONiC's {@code
     * SAI_PORT_STAT_IF_IN_FEC_CODEWORD_ERRORS_S0} to {@code S16} — the series a query returns for
     * one port are summed, so its bins may come as they are). With it, the run reports each port's
     * pre-FEC bit-error rate; without it, only the two counts.
     *
     * @since 0.2
     */
    FEC_CODEWORDS("fecCodewords", "codewords");

    private final String key;
    private final String unit;

    Counter(String key, String unit) {
      this.key = key;
      this.unit = unit;
    }

    /**
     * @return the key under {@code lab.telemetry.queries}, e.g. {@code pfcPausesSent}
     */
    public String key() {
      return key;
    }

    /**
     * @return the unit of its values, e.g. {@code bytes}
     */
    public String unit() {
      return unit;
    }

    /**
     * @return true for a gauge (a level), false for a monotonic counter
     */
    public boolean gauge() {
      return this == BUFFER_USE || this == HEADROOM_USE;
    }

    /**
     * @return true for a receiving port's FEC counter, counted per port whatever the priority
     */
    public boolean fec() {
      return this == FEC_CORRECTED || this == FEC_UNCORRECTABLE || this == FEC_CODEWORDS;
    }
  }
}
