package dev.rocelab.reports.internal;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongToDoubleFunction;

/**
 * The charts of a run over simulated time, from its time series: egress queue depth, throughput per
 * flow, paused time and ECN marks. A chart shows the busiest subjects (highest peak first, ties by
 * name) and says how many it left out; long series are reduced to a bounded number of points, each
 * the maximum of its stretch, so that peaks survive.
 */
final class TelemetryCharts {

  /** Lines per chart: more is unreadable. */
  static final int MAX_LINES = 8;

  /** Points per line: enough for the eye, and keeps an attachment small. */
  static final int MAX_POINTS = 600;

  private TelemetryCharts() {}

  /**
   * @param result a run
   * @return one SVG attachment per chart, always the four of them (a chart without data says so)
   */
  static List<Attachment> of(RunResult result) {
    List<Attachment> charts = new ArrayList<>();
    charts.add(
        chart(
            result,
            "queue_depth",
            "Egress queue depth",
            "queue depth (KiB)",
            "port and priority",
            (s, v) -> v / 1024.0));
    charts.add(
        chart(
            result,
            "throughput",
            "Throughput per flow",
            "throughput (Gb/s)",
            "flow",
            (s, v) -> v / 1e9));
    charts.add(
        chart(
            result,
            "paused_time",
            "Paused time",
            "paused (% of each sample interval)",
            "port and priority",
            (s, v) -> 100.0 * v / s.sampleInterval().picos()));
    charts.add(
        chart(
            result,
            "ecn_marks",
            "ECN marks",
            "CE-marked packets per sample interval",
            "port and priority",
            (s, v) -> v));
    return charts;
  }

  /** Scales a sample of a series to the chart's unit. */
  private interface Scale {
    double apply(TimeSeries series, long value);
  }

  private static Attachment chart(
      RunResult result, String metric, String title, String yLabel, String subjects, Scale scale) {
    List<TimeSeries> all = new ArrayList<>(result.series(metric));
    all.sort(
        Comparator.comparingLong(TimeSeries::max).reversed().thenComparing(TimeSeries::subject));
    List<TimeSeries> shown = all.subList(0, Math.min(MAX_LINES, all.size()));
    List<LineChart.Line> lines = new ArrayList<>();
    for (TimeSeries series : shown) {
      lines.add(line(series, v -> scale.apply(series, v)));
    }
    String note =
        all.size() > shown.size()
            ? "the "
                + shown.size()
                + " of "
                + all.size()
                + " "
                + subjects
                + " series with the highest peaks"
            : all.isEmpty() ? "" : all.size() + " " + subjects + " series";
    String scenario = result.scenario().name();
    String svg =
        new LineChart(
                title + " · " + scenario, LineChart.XAxis.simulatedTime(), yLabel, lines, note)
            .toSvg();
    return new Attachment(title + " · " + scenario, "image/svg+xml", "svg", svg);
  }

  /**
   * A series as a line, reduced to at most {@link #MAX_POINTS} points, each the greatest sample of
   * its stretch (of a downsampled series too: the greatest sample in its buckets, so peaks show).
   */
  static LineChart.Line line(TimeSeries series, LongToDoubleFunction scale) {
    int size = series.size();
    int stride = Math.max(1, (size + MAX_POINTS - 1) / MAX_POINTS);
    int points = (size + stride - 1) / stride;
    double[] x = new double[points];
    double[] y = new double[points];
    for (int p = 0; p < points; p++) {
      int from = p * stride;
      int to = Math.min(size, from + stride);
      long max = Long.MIN_VALUE;
      for (int i = from; i < to; i++) {
        max = Math.max(max, series.bucketMax(i));
      }
      x[p] = series.timeOf(from).toMicros();
      y[p] = scale.applyAsDouble(max);
    }
    return new LineChart.Line(label(series.subject()), x, y);
  }

  /** {@code leaf1:eth3/3} reads better as {@code leaf1:eth3 prio 3}. */
  private static String label(String subject) {
    int slash = subject.lastIndexOf('/');
    return slash > 0 && subject.indexOf(':') > 0
        ? subject.substring(0, slash) + " prio " + subject.substring(slash + 1)
        : subject;
  }
}
