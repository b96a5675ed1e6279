package dev.rocelab.lab.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/** Parses the JSON output of an iperf3 client ({@code iperf3 -c … -J}). */
final class Iperf3Output {

  private static final ObjectMapper JSON = new ObjectMapper();

  private Iperf3Output() {}

  /**
   * A finished iperf3 test.
   *
   * @param bytesSent bytes the client sent
   * @param bytesReceived bytes the server received
   * @param seconds how long the test ran
   * @param retransmits TCP retransmissions (0 where the platform does not report them)
   * @param intervals the per-interval throughput, in order
   */
  record Report(
      long bytesSent,
      long bytesReceived,
      double seconds,
      long retransmits,
      List<Interval> intervals) {

    /**
     * The throughput on a uniform grid from the test's start: each interval's bytes spread over the
     * bins it overlaps, in proportion to the overlap, and a bin's rate its bytes over the bin's
     * length. Not iperf3's own {@code bits_per_second}: that is over the interval's real length,
     * which a late reporting timer on a loaded machine can cut to a sliver, so that a 1 MiB burst
     * of a flow paced at 839 Mb/s reads 17.5 Gb/s.
     *
     * @param binSeconds the grid's interval, in seconds
     * @return bits per second of each bin; empty if no interval has a length
     */
    long[] bitsPerSecondEvery(double binSeconds) {
      double end = intervals.stream().mapToDouble(Interval::end).max().orElse(0);
      int bins = (int) Math.ceil(end / binSeconds - 1e-9);
      double[] bytes = new double[Math.max(0, bins)];
      for (Interval interval : intervals) {
        double length = interval.end() - interval.start();
        int first = (int) Math.min(bins - 1, Math.floor(interval.start() / binSeconds));
        if (length <= 0) {
          if (first >= 0) {
            bytes[first] += interval.bytes();
          }
          continue;
        }
        for (int bin = first; bin < bins && bin * binSeconds < interval.end(); bin++) {
          double overlap =
              Math.min(interval.end(), (bin + 1) * binSeconds)
                  - Math.max(interval.start(), bin * binSeconds);
          if (overlap > 0) {
            bytes[bin] += interval.bytes() * overlap / length;
          }
        }
      }
      long[] bps = new long[bytes.length];
      for (int bin = 0; bin < bytes.length; bin++) {
        bps[bin] = Math.round(bytes[bin] * 8 / binSeconds);
      }
      return bps;
    }
  }

  /**
   * One reporting interval.
   *
   * @param start seconds from the test start
   * @param end seconds from the test start
   * @param bytes bytes sent in the interval
   * @param bitsPerSecond the interval's throughput
   */
  record Interval(double start, double end, long bytes, double bitsPerSecond) {}

  static Report parse(String output) {
    JsonNode root;
    try {
      root = JSON.readTree(output);
    } catch (JsonProcessingException e) {
      throw new UnparsableOutputException(
          "iperf3 output is not JSON (was -J given? was the run cut short?)"
              + PerftestOutput.lastLine(output),
          e);
    }
    if (root == null || !root.isObject()) {
      throw new UnparsableOutputException(
          "iperf3 output is not a JSON object" + PerftestOutput.lastLine(output));
    }
    if (root.hasNonNull("error")) {
      throw new UnparsableOutputException("iperf3 reported: " + root.get("error").asText());
    }
    JsonNode sent = root.at("/end/sum_sent");
    JsonNode received = root.at("/end/sum_received");
    if (sent.isMissingNode() || received.isMissingNode()) {
      throw new UnparsableOutputException(
          "iperf3 output has no end.sum_sent/end.sum_received (the test did not finish)");
    }
    List<Interval> intervals = new ArrayList<>();
    for (JsonNode interval : root.path("intervals")) {
      JsonNode sum = interval.path("sum");
      intervals.add(
          new Interval(
              number(sum, "start"),
              number(sum, "end"),
              (long) number(sum, "bytes"),
              number(sum, "bits_per_second")));
    }
    return new Report(
        (long) number(sent, "bytes"),
        (long) number(received, "bytes"),
        number(received, "seconds"),
        sent.path("retransmits").asLong(0),
        intervals);
  }

  private static double number(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.isNumber()) {
      throw new UnparsableOutputException(
          "iperf3 output lacks the number " + field + " in " + node);
    }
    return value.asDouble();
  }
}
