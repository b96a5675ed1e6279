package dev.rocelab.reports.internal;

import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.result.CollectiveTiming;
import dev.rocelab.api.result.NcclTestsFormat;
import dev.rocelab.api.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What a report shows of a run's collectives: for each one, its nccl-tests table as text and as
 * JSON, and a chart of bus bandwidth against message size (log2 axis, out-of-place and in-place).
 */
final class CollectiveAttachments {

  private CollectiveAttachments() {}

  /**
   * @param result a run
   * @return three attachments per collective, in workload order; none for a run without collectives
   */
  static List<Attachment> of(RunResult result) {
    List<Attachment> attachments = new ArrayList<>();
    for (CollectiveResult collective : result.collectives()) {
      String what = collective.describe();
      attachments.add(
          new Attachment(
              "nccl-tests · " + what, "text/plain", "txt", NcclTestsFormat.text(collective)));
      attachments.add(
          new Attachment(
              "nccl-tests JSON · " + what,
              "application/json",
              "json",
              NcclTestsFormat.json(collective)));
      String title = "Bus bandwidth vs message size · " + what;
      attachments.add(
          new Attachment(
              title, "image/svg+xml", "svg", busBandwidthChart(title, collective).toSvg()));
    }
    return attachments;
  }

  /** The busbw of each row against its size, out-of-place and in-place. */
  static LineChart busBandwidthChart(String title, CollectiveResult collective) {
    List<LineChart.Line> lines =
        List.of(
            line("out-of-place", collective, CollectiveRow::outOfPlace),
            line("in-place", collective, CollectiveRow::inPlace));
    String note =
        collective.rows().size()
            + " sizes · avg bus bandwidth "
            + Svg.number(collective.averageBusBandwidth().bytesPerSecond() / 1e9)
            + " GB/s";
    return new LineChart(title, LineChart.XAxis.messageSize(), "bus bandwidth (GB/s)", lines, note);
  }

  private static LineChart.Line line(
      String name, CollectiveResult collective, Function<CollectiveRow, CollectiveTiming> timing) {
    List<CollectiveRow> rows = collective.rows();
    double[] x = new double[rows.size()];
    double[] y = new double[rows.size()];
    for (int i = 0; i < rows.size(); i++) {
      x[i] = rows.get(i).size().bytes();
      y[i] = timing.apply(rows.get(i)).busGigabytesPerSecond();
    }
    return new LineChart.Line(name, x, y);
  }
}
