package dev.rocelab.reports.internal;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.fabric.EcnProfile;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.LongToDoubleFunction;

/**
 * The charts of a run over simulated time, from its time series: egress queue depth, throughput per
 * flow, paused time and ECN marks. A chart shows the busiest subjects (highest peak first, ties by
 * name) and says how many it left out; long series are reduced to a bounded number of points, each
 * the maximum of its stretch, so that peaks survive.
 *
 * <p>Every chart marks the run's events (faults, recoveries, PFC watchdog triggers and restores,
 * deadlocks) and the levels that explain it: the queue chart the ECN thresholds Kmin and Kmax of
 * the shown queues, the throughput chart the NICs' line rate. Units scale to the values (KiB or
 * MiB, µs or ms). Where everything happens in a small part of the run, the chart shows that window
 * and a second chart shows the whole run.
 */
final class TelemetryCharts {

  /** Lines per chart: more is unreadable. */
  static final int MAX_LINES = 8;

  /** Points per line: enough for the eye, and keeps an attachment small. */
  static final int MAX_POINTS = 600;

  /** Events marked per chart: more would cover the lines. */
  static final int MAX_MARKERS = 8;

  /** A chart is cropped to its activity when that covers less than this share of the run. */
  static final double CROP_BELOW = 0.5;

  private TelemetryCharts() {}

  /**
   * @param result a run
   * @return one SVG attachment per chart, always the four of them (a chart without data says so),
   *     each followed by its whole-run version when it is cropped to a window
   */
  static List<Attachment> of(RunResult result) {
    List<Attachment> charts = new ArrayList<>();
    List<TimeSeries> queues = busiest(result.series("queue_depth"));
    boolean mebibytes = queues.stream().anyMatch(q -> q.max() >= 4L << 20);
    charts.addAll(
        chart(
            result,
            "queue_depth",
            "Egress queue depth",
            mebibytes ? "queue depth (MiB)" : "queue depth (KiB)",
            "port and priority",
            (series, v) -> v / (mebibytes ? 1048576.0 : 1024.0),
            ecnThresholds(result, queues, mebibytes ? 1048576.0 : 1024.0)));
    charts.addAll(
        chart(
            result,
            "throughput",
            "Throughput per flow",
            "throughput (Gb/s)",
            "flow",
            (series, v) -> v / 1e9,
            lineRate(result)));
    charts.addAll(
        chart(
            result,
            "paused_time",
            "Paused time",
            "paused (% of each sample interval)",
            "port and priority",
            (series, v) -> 100.0 * v / series.sampleInterval().picos(),
            List.of()));
    charts.addAll(
        chart(
            result,
            "ecn_marks",
            "ECN marks",
            "CE-marked packets per sample interval",
            "port and priority",
            (series, v) -> v,
            List.of()));
    return charts;
  }

  /** Scales a sample of a series to the chart's unit. */
  private interface Scale {
    double apply(TimeSeries series, long value);
  }

  private static List<TimeSeries> busiest(List<TimeSeries> series) {
    List<TimeSeries> all = new ArrayList<>(series);
    all.sort(
        Comparator.comparingLong(TimeSeries::max).reversed().thenComparing(TimeSeries::subject));
    return all.subList(0, Math.min(MAX_LINES, all.size()));
  }

  private static List<Attachment> chart(
      RunResult result,
      String metric,
      String title,
      String yLabel,
      String subjects,
      Scale scale,
      List<LineChart.Threshold> thresholds) {
    List<TimeSeries> all = result.series(metric);
    List<TimeSeries> shown = busiest(all);
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
    List<LineChart.Marker> markers = markers(result);
    double runMicros = result.elapsed().toMicros();
    Optional<LineChart.Window> window =
        activity(lines, markers, runMicros, result.scenario().sampleInterval().toMicros());
    String name = title + " · " + result.scenario().name();
    LineChart.Window whole =
        runMicros > 0 ? new LineChart.Window(0, Math.max(runMicros, lastX(lines))) : null;
    List<Attachment> charts = new ArrayList<>();
    if (window.isPresent()) {
      LineChart.Window w = window.get();
      String cropped =
          (note.isEmpty() ? "" : note + "; ")
              + "showing "
              + Display.time(micros(w.from()))
              + " to "
              + Display.time(micros(w.to()))
              + " of "
              + Display.time(result.elapsed())
              + " (the whole run in the next chart)";
      charts.add(svg(name, timeChart(name, yLabel, lines, cropped, markers, thresholds, w)));
      name += " (whole run)";
    }
    charts.add(svg(name, timeChart(name, yLabel, lines, note, markers, thresholds, whole)));
    return charts;
  }

  private static Attachment svg(String name, LineChart chart) {
    return new Attachment(name, "image/svg+xml", "svg", chart.toSvg());
  }

  /** A chart over simulated time, in µs or, for windows of 2 ms and more, in ms. */
  private static LineChart timeChart(
      String title,
      String yLabel,
      List<LineChart.Line> lines,
      String note,
      List<LineChart.Marker> markers,
      List<LineChart.Threshold> thresholds,
      LineChart.Window window) {
    boolean millis = window != null && window.to() - window.from() >= 2000;
    double unit = millis ? 1000 : 1;
    List<LineChart.Line> scaled =
        lines.stream().map(l -> new LineChart.Line(l.name(), divide(l.x(), unit), l.y())).toList();
    List<LineChart.Marker> scaledMarkers =
        markers.stream()
            .map(m -> new LineChart.Marker(m.x() / unit, m.label(), m.colour()))
            .toList();
    return new LineChart(
        title,
        new LineChart.XAxis("simulated time (" + (millis ? "ms" : "µs") + ")", false, Svg::number),
        yLabel,
        scaled,
        note,
        scaledMarkers,
        thresholds,
        window == null ? null : new LineChart.Window(window.from() / unit, window.to() / unit));
  }

  private static double[] divide(double[] values, double by) {
    double[] divided = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      divided[i] = values[i] / by;
    }
    return divided;
  }

  private static SimTime micros(double micros) {
    return SimTime.picos(Math.round(micros * 1e6));
  }

  private static double lastX(List<LineChart.Line> lines) {
    double last = 0;
    for (LineChart.Line line : lines) {
      for (double x : line.x()) {
        last = Math.max(last, x);
      }
    }
    return last;
  }

  /**
   * Where something happens: from the first sample above zero (or event) to the last, with a
   * margin; empty when that is half the run or more anyway.
   */
  static Optional<LineChart.Window> activity(
      List<LineChart.Line> lines,
      List<LineChart.Marker> markers,
      double runMicros,
      double sampleMicros) {
    double first = Double.POSITIVE_INFINITY;
    double last = Double.NEGATIVE_INFINITY;
    for (LineChart.Line line : lines) {
      for (int i = 0; i < line.x().length; i++) {
        if (line.y()[i] > 0) {
          first = Math.min(first, line.x()[i]);
          last = Math.max(last, line.x()[i]);
        }
      }
    }
    for (LineChart.Marker marker : markers) {
      first = Math.min(first, marker.x());
      last = Math.max(last, marker.x());
    }
    if (runMicros <= 0 || first > last) {
      return Optional.empty();
    }
    // a tenth of the activity each side, and never less than a few samples
    double margin = Math.max(Math.max((last - first) * 0.1, runMicros * 0.01), 5 * sampleMicros);
    double from = Math.max(0, first - margin);
    double to = Math.min(runMicros, last + margin);
    if (to - from >= CROP_BELOW * runMicros || !(to > from)) {
      return Optional.empty();
    }
    // round ends, so the axis' ticks are round and the note says what the axis shows
    return Optional.of(LineChart.niceRange(from, to));
  }

  /** The run's events, in time order, as markers in µs. */
  static List<LineChart.Marker> markers(RunResult result) {
    List<LineChart.Marker> markers = new ArrayList<>();
    for (FabricEvent event : result.events()) {
      if (markers.size() == MAX_MARKERS) {
        break;
      }
      markers.add(
          new LineChart.Marker(
              event.time().toMicros(),
              what(event.kind()) + " " + event.subject(),
              colour(event.kind())));
    }
    return markers;
  }

  private static String what(FabricEvent.Kind kind) {
    return switch (kind) {
      case FAULT -> "fault";
      case RECOVERY -> "recovered";
      case RECONVERGENCE -> "reconverged";
      case WATCHDOG_TRIGGERED -> "watchdog";
      case WATCHDOG_RESTORED -> "watchdog restored";
      case DEADLOCK -> "deadlock";
    };
  }

  private static String colour(FabricEvent.Kind kind) {
    return switch (kind) {
      case FAULT, DEADLOCK -> "#c62828";
      case RECOVERY, RECONVERGENCE, WATCHDOG_RESTORED -> "#1b7f2a";
      case WATCHDOG_TRIGGERED -> "#d98200";
    };
  }

  /** Kmin and Kmax of the first shown switch queue with ECN marking, in the chart's unit. */
  static List<LineChart.Threshold> ecnThresholds(
      RunResult result, List<TimeSeries> queues, double unit) {
    FabricGraph graph = result.fabric();
    for (TimeSeries queue : queues) {
      int slash = queue.subject().lastIndexOf('/');
      if (slash < 0) {
        continue;
      }
      String device = Endpoint.parse(queue.subject().substring(0, slash)).device();
      if (graph.device(device).filter(d -> graph.hosts().contains(d)).isPresent()
          || graph.device(device).isEmpty()) {
        continue;
      }
      int priority = Integer.parseInt(queue.subject().substring(slash + 1));
      Optional<EcnProfile> ecn =
          result.fabric().spec().qosOf(graph.switchProfileOf(device)).ecnFor(priority);
      if (ecn.isPresent()) {
        return List.of(
            new LineChart.Threshold(
                ecn.get().kmin().bytes() / unit, "Kmin " + Display.size(ecn.get().kmin())),
            new LineChart.Threshold(
                ecn.get().kmax().bytes() / unit, "Kmax " + Display.size(ecn.get().kmax())));
      }
    }
    return List.of();
  }

  /** The NICs' line rate, when they all have one speed. */
  static List<LineChart.Threshold> lineRate(RunResult result) {
    FabricGraph graph = result.fabric();
    List<Rate> speeds =
        graph.nics().stream()
            .flatMap(nic -> graph.linkAt(nic).stream())
            .map(link -> link.spec().speed())
            .distinct()
            .toList();
    return speeds.size() == 1
        ? List.of(
            new LineChart.Threshold(
                speeds.get(0).bitsPerSecond() / 1e9, "line rate " + Display.rate(speeds.get(0))))
        : List.of();
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
