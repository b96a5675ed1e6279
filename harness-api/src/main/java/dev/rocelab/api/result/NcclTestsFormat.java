package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Locale;
import java.util.OptionalLong;
import org.apiguardian.api.API;

/**
 * Prints collective results the way nccl-tests prints them (its column layout, so the table reads
 * and diffs like a real {@code all_reduce_perf} run), or as JSON. When NCCL chose the algorithm or
 * protocol, each row ends in one more column saying which it chose ({@code tree/LL128}; {@code -}
 * where the backend does not report it), like the choice {@code NCCL_DEBUG_SUBSYS=TUNING} logs.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class NcclTestsFormat {

  /** Width of "size count type redop root" in a row. */
  private static final int ROW_PREFIX_WIDTH = 52;

  /** Width of one "time algbw busbw #wrong" group in a row. */
  private static final int TIMING_WIDTH = 33;

  /** The column saying which algorithm and protocol NCCL chose for a row. */
  private static final String CHOICE_COLUMN = "  %s";

  private NcclTestsFormat() {}

  /**
   * @param result a collective's sweep
   * @return the nccl-tests table with its header and the "Avg bus bandwidth" line, ending in a
   *     newline
   */
  public static String text(CollectiveResult result) {
    StringBuilder out = new StringBuilder();
    out.append("# ").append(result.describe()).append('\n');
    out.append("#\n");
    out.append(groupHeader()).append('\n');
    String choice = result.tuned() ? CHOICE_COLUMN : "";
    out.append(
        String.format(
            Locale.ROOT,
            "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %6s  %7s  %6s  %6s  %6s" + choice + "%n",
            "size",
            "count",
            "type",
            "redop",
            "root",
            "time",
            "algbw",
            "busbw",
            "#wrong",
            "time",
            "algbw",
            "busbw",
            "#wrong",
            "algorithm"));
    out.append(
        String.format(
            Locale.ROOT,
            "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %6s  %7s  %6s  %6s  %6s" + choice + "%n",
            "(B)",
            "(elements)",
            "",
            "",
            "",
            "(us)",
            "(GB/s)",
            "(GB/s)",
            "",
            "(us)",
            "(GB/s)",
            "(GB/s)",
            "",
            ""));
    for (CollectiveRow row : result.rows()) {
      out.append(
          String.format(
              Locale.ROOT,
              "%12d  %12d  %8s  %6s  %6d",
              row.size().bytes(),
              row.count(),
              result.dataType().ncclName(),
              result.redop(),
              result.rootColumn()));
      appendTiming(out, row.outOfPlace());
      appendTiming(out, row.inPlace());
      if (result.tuned()) {
        out.append(String.format(Locale.ROOT, CHOICE_COLUMN, choice(row)));
      }
      out.append('\n');
    }
    out.append(
        String.format(
            Locale.ROOT,
            "# Avg bus bandwidth    : %g %n",
            result.averageBusBandwidth().bytesPerSecond() / 1e9));
    return out.toString();
  }

  /**
   * @param result a collective's sweep
   * @return the same as a JSON object: the collective's settings, {@code rows} with sizes in bytes,
   *     times in microseconds and bandwidths in GB/s (nccl-tests' units), and {@code avgBusBw}
   */
  public static String json(CollectiveResult result) {
    StringBuilder out = new StringBuilder();
    out.append("{\"collective\":\"")
        .append(result.operation().ncclName())
        .append("\",\"type\":\"")
        .append(result.dataType().ncclName())
        .append("\",\"redop\":\"")
        .append(result.redop())
        .append("\",\"root\":")
        .append(result.rootColumn())
        .append(",\"ranks\":")
        .append(result.ranks())
        .append(",\"algorithm\":\"")
        .append(result.algorithm().ncclName().toLowerCase(Locale.ROOT))
        .append("\",\"protocol\":\"")
        .append(result.protocol())
        .append("\",\"rows\":[");
    String separator = "";
    for (CollectiveRow row : result.rows()) {
      out.append(separator)
          .append("{\"size\":")
          .append(row.size().bytes())
          .append(",\"count\":")
          .append(row.count())
          .append(",\"outOfPlace\":");
      appendJson(out, row.outOfPlace());
      out.append(",\"inPlace\":");
      appendJson(out, row.inPlace());
      out.append(",\"algorithm\":\"")
          .append(row.algorithm().ncclName().toLowerCase(Locale.ROOT))
          .append("\",\"protocol\":\"")
          .append(row.protocol())
          .append("\"}");
      separator = ",";
    }
    out.append("],\"avgBusBw\":")
        .append(number(result.averageBusBandwidth().bytesPerSecond() / 1e9))
        .append('}');
    return out.toString();
  }

  /** "out-of-place" and "in-place" centred over their column groups. */
  private static String groupHeader() {
    StringBuilder line = new StringBuilder("#");
    padTo(line, ROW_PREFIX_WIDTH + (TIMING_WIDTH - "out-of-place".length()) / 2);
    line.append("out-of-place");
    padTo(line, ROW_PREFIX_WIDTH + TIMING_WIDTH + (TIMING_WIDTH - "in-place".length()) / 2);
    return line.append("in-place").toString();
  }

  private static void padTo(StringBuilder line, int width) {
    while (line.length() < width) {
      line.append(' ');
    }
  }

  private static void appendTiming(StringBuilder out, CollectiveTiming timing) {
    double micros = timing.time().picos() / 1e6;
    out.append(String.format(Locale.ROOT, micros < 1e5 ? "  %7.2f" : "  %7.0f", micros));
    out.append(
        String.format(
            Locale.ROOT,
            "  %6.2f  %6.2f  %6s",
            timing.algGigabytesPerSecond(),
            timing.busGigabytesPerSecond(),
            wrong(timing.wrong())));
  }

  private static void appendJson(StringBuilder out, CollectiveTiming timing) {
    out.append("{\"time\":")
        .append(number(timing.time().picos() / 1e6))
        .append(",\"algbw\":")
        .append(number(timing.algGigabytesPerSecond()))
        .append(",\"busbw\":")
        .append(number(timing.busGigabytesPerSecond()))
        .append(",\"wrong\":")
        .append(timing.wrong().isPresent() ? Long.toString(timing.wrong().getAsLong()) : "null")
        .append('}');
  }

  private static String choice(CollectiveRow row) {
    if (!row.choiceKnown()) {
      return "-";
    }
    return row.algorithm().ncclName().toLowerCase(Locale.ROOT) + "/" + row.protocol();
  }

  private static String wrong(OptionalLong wrong) {
    return wrong.isPresent() ? Long.toString(wrong.getAsLong()) : "N/A";
  }

  private static String number(double value) {
    return String.format(Locale.ROOT, "%.6f", value);
  }
}
