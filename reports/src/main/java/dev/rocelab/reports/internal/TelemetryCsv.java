package dev.rocelab.reports.internal;

import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A run's counters as CSV files, for spreadsheets and scripts: one row per port and priority, and
 * one row per flow. Sizes in bytes, times in picoseconds, so nothing is lost to rounding; per drop
 * reason one column of dropped packets and one of dropped bytes, whose cells are empty where the
 * backend did not measure them.
 */
final class TelemetryCsv {

  private TelemetryCsv() {}

  /**
   * @param result a run
   * @return the port and flow tables
   */
  static List<Attachment> of(RunResult result) {
    String scenario = result.scenario().name();
    List<Attachment> tables = new ArrayList<>();
    tables.add(new Attachment("port counters · " + scenario, "text/csv", "csv", ports(result)));
    tables.add(new Attachment("flows · " + scenario, "text/csv", "csv", flows(result)));
    if (!result.fec().isEmpty()) {
      tables.add(new Attachment("FEC counters · " + scenario, "text/csv", "csv", fec(result)));
    }
    return tables;
  }

  /**
   * @return one row per receiving port with FEC counters: codewords checked (empty where not
   *     counted), corrected, uncorrectable, and the pre-FEC bit-error rate they reveal
   */
  static String fec(RunResult result) {
    StringBuilder csv =
        new StringBuilder(
            "port,codewords,corrected_codewords,uncorrectable_codewords,codeword_bits,pre_fec_ber\n");
    for (FecStats f : result.fec()) {
      csv.append(field(f.port().toString()))
          .append(',')
          .append(f.codewords() == 0 ? "" : Long.toString(f.codewords()))
          .append(',')
          .append(f.correctedCodewords())
          .append(',')
          .append(f.uncorrectableCodewords())
          .append(',')
          .append(f.codewordBits())
          .append(',')
          .append(
              f.preFecBer().isPresent()
                  ? String.format(Locale.ROOT, "%.3e", f.preFecBer().getAsDouble())
                  : "")
          .append('\n');
    }
    return csv.toString();
  }

  /**
   * @return one row per port and priority, in the result's order
   */
  static String ports(RunResult result) {
    StringBuilder csv = new StringBuilder();
    csv.append(
            Stream.concat(
                    Stream.of(
                        "port",
                        "priority",
                        "tx_bytes",
                        "rx_bytes",
                        "tx_packets",
                        "rx_packets",
                        "pauses_sent",
                        "pauses_received",
                        "paused_ps",
                        "ecn_marks",
                        "cnps_sent",
                        "cnps_received",
                        "max_queue_bytes",
                        "max_headroom_bytes"),
                    Stream.concat(
                        Stream.of(DropReason.values())
                            .map(r -> "drops_" + r.name().toLowerCase(Locale.ROOT)),
                        Stream.of(DropReason.values())
                            .map(r -> "dropped_bytes_" + r.name().toLowerCase(Locale.ROOT))))
                .collect(Collectors.joining(",")))
        .append('\n');
    for (PortStats p : result.ports()) {
      csv.append(field(p.port().toString()))
          .append(',')
          .append(p.priority())
          .append(',')
          .append(p.txBytes())
          .append(',')
          .append(p.rxBytes())
          .append(',')
          .append(p.txPackets())
          .append(',')
          .append(p.rxPackets())
          .append(',')
          .append(p.pausesSent())
          .append(',')
          .append(p.pausesReceived())
          .append(',')
          .append(p.pausedTime().picos())
          .append(',')
          .append(p.ecnMarks())
          .append(',')
          .append(p.cnpsSent())
          .append(',')
          .append(p.cnpsReceived())
          .append(',')
          .append(p.maxQueue().bytes())
          .append(',')
          .append(p.maxHeadroom().bytes());
      for (DropReason reason : DropReason.values()) {
        csv.append(',').append(p.drops().getOrDefault(reason, 0L));
      }
      for (DropReason reason : DropReason.values()) {
        csv.append(',')
            .append(
                p.droppedBytes()
                    .map(bytes -> Long.toString(bytes.getOrDefault(reason, 0L)))
                    .orElse(""));
      }
      csv.append('\n');
    }
    return csv.toString();
  }

  /**
   * @return one row per flow, in the result's order; an unfinished flow has empty completion cells
   */
  static String flows(RunResult result) {
    StringBuilder csv =
        new StringBuilder(
            "id,source,destination,priority,size_bytes,delivered_bytes,start_ps,completion_ps,fct_ps,retransmissions\n");
    for (FlowResult f : result.flows()) {
      csv.append(field(f.id()))
          .append(',')
          .append(field(f.source().toString()))
          .append(',')
          .append(field(f.destination().toString()))
          .append(',')
          .append(f.priority())
          .append(',')
          .append(f.size().bytes())
          .append(',')
          .append(f.delivered().bytes())
          .append(',')
          .append(f.start().picos())
          .append(',')
          .append(f.completion().map(t -> Long.toString(t.picos())).orElse(""))
          .append(',')
          .append(f.completionTime().map(t -> Long.toString(t.picos())).orElse(""))
          .append(',')
          .append(f.retransmissions())
          .append('\n');
    }
    return csv.toString();
  }

  /** Quotes a field if it holds a comma, quote or line break (RFC 4180). */
  static String field(String text) {
    if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0) {
      return text;
    }
    return '"' + text.replace("\"", "\"\"") + '"';
  }
}
