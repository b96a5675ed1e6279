package dev.rocelab.lab.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Parses the text output of perftest ({@code ib_write_bw}, {@code ib_send_bw}, {@code
 * ib_write_lat}, {@code ib_send_lat}): the result table under the dashed rules, found by its header
 * so column order and extra columns of other perftest versions do not matter.
 */
final class PerftestOutput {

  private static final Pattern BLANKS = Pattern.compile("\\s+");

  private PerftestOutput() {}

  /**
   * One row of a bandwidth test.
   *
   * @param bytes message size
   * @param iterations messages sent
   * @param peakGbps the peak bandwidth, Gb/s
   * @param averageGbps the average bandwidth, Gb/s
   */
  record Bandwidth(long bytes, long iterations, double peakGbps, double averageGbps) {}

  /**
   * One row of a latency test, in microseconds. perftest reports no 90th percentile.
   *
   * @param bytes message size
   * @param iterations round trips measured
   * @param min the smallest
   * @param typical the typical (median) latency
   * @param max the largest
   * @param average the mean
   * @param p99 the 99th percentile
   * @param p999 the 99.9th percentile
   */
  record Latency(
      long bytes,
      long iterations,
      double min,
      double typical,
      double max,
      double average,
      double p99,
      double p999) {}

  /** The last result row of a bandwidth test ({@code --report_gbits} expected: Gb/sec columns). */
  static Bandwidth bandwidth(String output) {
    Table table = table(output, "BW average[");
    if (!table.header.get(table.column("BW average[")).contains("Gb/sec")) {
      throw new UnparsableOutputException(
          "bandwidth is not in Gb/sec; run perftest with --report_gbits");
    }
    String[] row = table.lastRow();
    return new Bandwidth(
        table.whole(row, "#bytes"),
        table.whole(row, "#iterations"),
        table.decimal(row, "BW peak["),
        table.decimal(row, "BW average["));
  }

  /** The last result row of a latency test. */
  static Latency latency(String output) {
    Table table = table(output, "t_typical[usec]");
    String[] row = table.lastRow();
    return new Latency(
        table.whole(row, "#bytes"),
        table.whole(row, "#iterations"),
        table.decimal(row, "t_min["),
        table.decimal(row, "t_typical["),
        table.decimal(row, "t_max["),
        table.decimal(row, "t_avg["),
        table.decimal(row, "99% percentile["),
        table.decimal(row, "99.9% percentile["));
  }

  private static Table table(String output, String marker) {
    List<String> lines = output.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains("#bytes") && lines.get(i).contains(marker)) {
        List<String> header = columns(lines.get(i));
        List<String[]> rows = new ArrayList<>();
        for (int j = i + 1; j < lines.size() && !lines.get(j).strip().startsWith("---"); j++) {
          String line = lines.get(j).strip();
          if (!line.isEmpty() && Character.isDigit(line.charAt(0))) {
            rows.add(BLANKS.split(line));
          }
        }
        return new Table(header, rows);
      }
    }
    throw new UnparsableOutputException(
        "no perftest result table (a line with #bytes and " + marker + ")" + lastLine(output));
  }

  /**
   * Header cells. Two names contain a space ("BW peak[Gb/sec]", "99% percentile[usec]") and some
   * names are one space apart ("#bytes #iterations"), so words are joined after "BW" and after a
   * percentage.
   */
  private static List<String> columns(String header) {
    List<String> names = new ArrayList<>();
    for (String word : BLANKS.split(header.strip())) {
      String previous = names.isEmpty() ? "" : names.get(names.size() - 1);
      if (previous.equals("BW") || previous.endsWith("%")) {
        names.set(names.size() - 1, previous + " " + word);
      } else {
        names.add(word);
      }
    }
    return names;
  }

  static String lastLine(String output) {
    List<String> lines = output.lines().filter(l -> !l.isBlank()).toList();
    return lines.isEmpty()
        ? "; the output was empty"
        : "; it ended with: " + lines.get(lines.size() - 1).strip();
  }

  private record Table(List<String> header, List<String[]> rows) {

    String[] lastRow() {
      if (rows.isEmpty()) {
        throw new UnparsableOutputException(
            "the perftest result table has no row (the test did not finish)");
      }
      String[] row = rows.get(rows.size() - 1);
      if (row.length < header.size()) {
        throw new UnparsableOutputException(
            "the perftest result row has "
                + row.length
                + " values for "
                + header.size()
                + " columns: "
                + String.join(" ", row));
      }
      return row;
    }

    int column(String prefix) {
      for (int i = 0; i < header.size(); i++) {
        if (header.get(i).startsWith(prefix)) {
          return i;
        }
      }
      throw new UnparsableOutputException(
          "the perftest result table has no column " + prefix + "…; columns: " + header);
    }

    long whole(String[] row, String prefix) {
      String value = row[column(prefix)];
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException e) {
        throw new UnparsableOutputException(
            "perftest column " + prefix + " is not a whole number: " + value, e);
      }
    }

    double decimal(String[] row, String prefix) {
      String value = row[column(prefix)];
      try {
        return Double.parseDouble(value.toLowerCase(Locale.ROOT));
      } catch (NumberFormatException e) {
        throw new UnparsableOutputException(
            "perftest column " + prefix + " is not a number: " + value, e);
      }
    }
  }
}
