package dev.rocelab.reports.internal;

import dev.rocelab.api.unit.DataSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.DoubleFunction;

/**
 * A line chart as a self-contained SVG document. The x axis is either linear over a window of
 * simulated time or base-2 logarithmic (message sizes); each line is one subject (a port and
 * priority, a flow, a collective's in-place or out-of-place timings). Lines of few points mark each
 * point, so that a short sweep reads as measurements, not as a curve; a line identical to an
 * earlier one is drawn dashed over it and says so in the legend. Vertical markers show events (a
 * fault, a watchdog trigger, a recovery), dashed horizontal lines show thresholds (Kmin, Kmax, line
 * rate); the legend is as wide as its longest name.
 *
 * <p>Written by hand rather than with a charting library on purpose: the same run gives the same
 * bytes (the reports' determinism is tested byte for byte), nothing measures fonts (Java charting
 * libraries lay text out with AWT fonts, which differ from machine to machine and need a graphics
 * environment on CI), and a static report needs no script. What the charts need — polylines,
 * markers, threshold lines, ticks, a legend — is a few hundred lines.
 *
 * @param title the chart's title
 * @param xAxis the x axis: its label, scale and tick labels
 * @param yLabel the y axis' label, with its unit
 * @param lines the lines, drawn in order with a fixed palette
 * @param note a line under the title (e.g. which lines were left out), empty for none
 * @param markers events to mark at an x value, in order
 * @param thresholds levels to mark at a y value, in order
 * @param window the x range to show on a linear axis; null for zero to the largest value
 */
record LineChart(
    String title,
    XAxis xAxis,
    String yLabel,
    List<Line> lines,
    String note,
    List<Marker> markers,
    List<Threshold> thresholds,
    Window window) {

  /**
   * A chart without markers or thresholds, over the whole x range.
   *
   * @param title the chart's title
   * @param xAxis the x axis
   * @param yLabel the y axis' label
   * @param lines the lines
   * @param note a line under the title, empty for none
   */
  LineChart(String title, XAxis xAxis, String yLabel, List<Line> lines, String note) {
    this(title, xAxis, yLabel, lines, note, List.of(), List.of(), null);
  }

  /**
   * An event at an x value: a vertical line with a short label at its top.
   *
   * @param x where, in the x axis' unit
   * @param label e.g. {@code link down leaf1:eth9}
   * @param colour the line's colour
   */
  record Marker(double x, String label, String colour) {}

  /**
   * A level at a y value: a dashed horizontal line labelled at its right end.
   *
   * @param y where, in the y axis' unit
   * @param label e.g. {@code Kmax 1.46MiB}
   */
  record Threshold(double y, String label) {}

  /**
   * The x range a linear axis shows.
   *
   * @param from the first value
   * @param to the last value, &gt; from
   */
  record Window(double from, double to) {

    /** Checks the range is not empty. */
    Window {
      if (!(to > from)) {
        throw new IllegalArgumentException("a window needs to > from, not " + from + ".." + to);
      }
    }
  }

  /**
   * One line of the chart.
   *
   * @param name the legend text
   * @param x the x values, ascending; &gt; 0 on a logarithmic axis
   * @param y the values, as many as x values
   */
  record Line(String name, double[] x, double[] y) {

    /** Checks both arrays have the same length. */
    Line {
      Objects.requireNonNull(name, "name must not be null");
      if (x.length != y.length) {
        throw new IllegalArgumentException(
            "line " + name + " has " + x.length + " x values but " + y.length + " y values");
      }
    }
  }

  /**
   * The x axis.
   *
   * @param label the axis' label, with its unit
   * @param log2 true for a base-2 logarithmic scale with a tick at powers of two, false for a
   *     linear one from zero to a round number
   * @param tickLabel the text of a tick at a value
   */
  record XAxis(String label, boolean log2, DoubleFunction<String> tickLabel) {

    /** Checks nothing is null. */
    XAxis {
      Objects.requireNonNull(label, "label must not be null");
      Objects.requireNonNull(tickLabel, "tickLabel must not be null");
    }

    /**
     * @return simulated time in microseconds, linear
     */
    static XAxis simulatedTime() {
      return new XAxis("simulated time (µs)", false, Svg::number);
    }

    /**
     * @return a message size in bytes, base-2 logarithmic, ticks labelled {@code 256KiB}, {@code
     *     1MiB}…
     */
    static XAxis messageSize() {
      return new XAxis(
          "message size (log2 scale)", true, bytes -> DataSize.bytes(Math.round(bytes)).toString());
    }
  }

  /** The plot's width; the whole chart is wider by the axis labels and the legend. */
  static final int PLOT_WIDTH = 580;

  static final int HEIGHT = 360;

  /** A generous average glyph width of 12px sans-serif, so a legend's text always fits. */
  private static final double GLYPH_WIDTH = 7.2;

  /** Lines with at most this many points get a marker on each. */
  static final int MARKED_POINTS = 32;

  private static final int LEFT = 70;
  private static final int MIN_LEGEND = 160;
  private static final int TOP = 48;
  private static final int BOTTOM = 44;

  /** Tick labels on a logarithmic axis: more would overlap. */
  private static final int MAX_LOG_TICKS = 9;

  /** Copies the lines. */
  LineChart {
    Objects.requireNonNull(title, "title must not be null");
    Objects.requireNonNull(xAxis, "xAxis must not be null");
    Objects.requireNonNull(yLabel, "yLabel must not be null");
    lines = List.copyOf(lines);
    Objects.requireNonNull(note, "note must not be null");
    markers = List.copyOf(markers);
    thresholds = List.copyOf(thresholds);
    if (window != null && xAxis.log2()) {
      throw new IllegalArgumentException("a window is for a linear axis");
    }
    if (xAxis.log2()) {
      for (Line line : lines) {
        for (double x : line.x()) {
          if (!(x > 0)) {
            throw new IllegalArgumentException(
                "line "
                    + line.name()
                    + " has x = "
                    + x
                    + " on a logarithmic axis, which needs x > 0");
          }
        }
      }
    }
  }

  /**
   * @return the chart as an SVG document
   */
  String toSvg() {
    double xMin = Double.POSITIVE_INFINITY;
    double xMax = 0;
    double yMax = 0;
    for (Line line : lines) {
      for (int i = 0; i < line.y().length; i++) {
        if (window != null && (line.x()[i] < window.from() || line.x()[i] > window.to())) {
          continue;
        }
        xMin = Math.min(xMin, line.x()[i]);
        xMax = Math.max(xMax, line.x()[i]);
        yMax = Math.max(yMax, line.y()[i]);
      }
    }
    for (Threshold threshold : thresholds) {
      yMax = Math.max(yMax, threshold.y());
    }
    Scale xScale =
        xAxis.log2()
            ? Scale.log2(xMin, xMax)
            : window != null ? Scale.linear(window.from(), window.to()) : Scale.linear(0, xMax);
    double yTop = niceCeiling(yMax);
    double plotWidth = PLOT_WIDTH;
    double plotHeight = HEIGHT - TOP - BOTTOM;
    int legendWidth = legendWidth();
    int width = LEFT + PLOT_WIDTH + legendWidth;

    StringBuilder svg = new StringBuilder();
    svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(width)
        .append("\" height=\"")
        .append(HEIGHT)
        .append("\" viewBox=\"0 0 ")
        .append(width)
        .append(' ')
        .append(HEIGHT)
        .append("\" font-family=\"sans-serif\" font-size=\"12\">\n");
    svg.append("<title>").append(Svg.escape(title)).append("</title>\n");
    svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    svg.append("<text x=\"")
        .append(LEFT)
        .append("\" y=\"20\" font-size=\"15\" font-weight=\"bold\">")
        .append(Svg.escape(title))
        .append("</text>\n");
    if (!note.isEmpty()) {
      svg.append("<text x=\"")
          .append(LEFT)
          .append("\" y=\"37\" fill=\"#555\">")
          .append(Svg.escape(note))
          .append("</text>\n");
    }
    for (int tick = 0; tick <= 4; tick++) {
      double y = TOP + plotHeight - plotHeight * tick / 4;
      acrossThePlot(svg, "class=\"grid\"", y, "stroke=\"#ddd\"");
      svg.append("<text x=\"")
          .append(LEFT - 6)
          .append("\" y=\"")
          .append(Svg.coordinate(y + 4))
          .append("\" text-anchor=\"end\">")
          .append(Svg.number(yTop * tick / 4))
          .append("</text>\n");
    }
    for (double value : xScale.ticks()) {
      svg.append("<text class=\"x-tick\" x=\"")
          .append(Svg.coordinate(LEFT + plotWidth * xScale.fraction(value)))
          .append("\" y=\"")
          .append(HEIGHT - BOTTOM + 16)
          .append("\" text-anchor=\"middle\">")
          .append(Svg.escape(xAxis.tickLabel().apply(value)))
          .append("</text>\n");
    }
    svg.append("<rect x=\"")
        .append(LEFT)
        .append("\" y=\"")
        .append(TOP)
        .append("\" width=\"")
        .append(PLOT_WIDTH)
        .append("\" height=\"")
        .append(Svg.coordinate(plotHeight))
        .append("\" fill=\"none\" stroke=\"#333\"/>\n");
    svg.append("<text x=\"")
        .append(Svg.coordinate(LEFT + plotWidth / 2))
        .append("\" y=\"")
        .append(HEIGHT - 8)
        .append("\" text-anchor=\"middle\">")
        .append(Svg.escape(xAxis.label()))
        .append("</text>\n");
    svg.append("<text transform=\"translate(16 ")
        .append(Svg.coordinate(TOP + plotHeight / 2))
        .append(") rotate(-90)\" text-anchor=\"middle\">")
        .append(Svg.escape(yLabel))
        .append("</text>\n");
    if (lines.isEmpty()) {
      svg.append("<text x=\"")
          .append(Svg.coordinate(LEFT + plotWidth / 2))
          .append("\" y=\"")
          .append(Svg.coordinate(TOP + plotHeight / 2))
          .append("\" text-anchor=\"middle\" fill=\"#555\">")
          .append("no samples above zero</text>\n");
    }
    // clip the lines to the plot, so a window cuts them at its edges
    svg.append("<clipPath id=\"plot\"><rect x=\"")
        .append(LEFT)
        .append("\" y=\"")
        .append(TOP - 1)
        .append("\" width=\"")
        .append(PLOT_WIDTH)
        .append("\" height=\"")
        .append(Svg.coordinate(plotHeight + 2))
        .append("\"/></clipPath>\n");
    for (Threshold threshold : thresholds) {
      double y = TOP + plotHeight - plotHeight * threshold.y() / yTop;
      acrossThePlot(
          svg,
          "class=\"threshold\" data-name=\"" + Svg.escape(threshold.label()) + "\"",
          y,
          "stroke=\"#555\" stroke-dasharray=\"6 4\"");
      svg.append("<text class=\"threshold-label\" x=\"")
          .append(LEFT + PLOT_WIDTH - 4)
          .append("\" y=\"")
          .append(Svg.coordinate(y - 4))
          .append("\" text-anchor=\"end\" fill=\"#555\">")
          .append(Svg.escape(threshold.label()))
          .append("</text>\n");
    }
    for (int m = 0; m < markers.size(); m++) {
      Marker marker = markers.get(m);
      double fraction = xScale.fraction(marker.x());
      if (fraction < 0 || fraction > 1) {
        continue;
      }
      double x = LEFT + plotWidth * fraction;
      svg.append("<line class=\"marker\" data-name=\"")
          .append(Svg.escape(marker.label()))
          .append("\" x1=\"")
          .append(Svg.coordinate(x))
          .append("\" y1=\"")
          .append(TOP)
          .append("\" x2=\"")
          .append(Svg.coordinate(x))
          .append("\" y2=\"")
          .append(Svg.coordinate(TOP + plotHeight))
          .append("\" stroke=\"")
          .append(marker.colour())
          .append("\" stroke-width=\"2\"/>\n");
      // labels go down the plot one row each, so markers close together stay readable
      svg.append("<text class=\"marker-label\" x=\"")
          .append(Svg.coordinate(x + 4))
          .append("\" y=\"")
          .append(Svg.coordinate(TOP + 14 + 14 * (m % 6)))
          .append("\" fill=\"")
          .append(marker.colour())
          .append("\">")
          .append(Svg.escape(marker.label()))
          .append("</text>\n");
    }
    for (int l = 0; l < lines.size(); l++) {
      Line line = lines.get(l);
      String colour = Svg.PALETTE[l % Svg.PALETTE.length];
      int same = sameAsEarlier(l);
      List<String> points = new ArrayList<>();
      for (int i = 0; i < line.y().length; i++) {
        double x = LEFT + plotWidth * xScale.fraction(line.x()[i]);
        double y = TOP + plotHeight - plotHeight * line.y()[i] / yTop;
        points.add(Svg.coordinate(x) + ',' + Svg.coordinate(y));
      }
      svg.append("<polyline class=\"series\" data-name=\"")
          .append(Svg.escape(line.name()))
          .append("\" clip-path=\"url(#plot)\" fill=\"none\" stroke=\"")
          .append(colour)
          .append(
              same < 0
                  ? "\" stroke-width=\"1.5\""
                  : "\" stroke-width=\"2\" stroke-dasharray=\"5 5\"")
          .append(" points=\"")
          .append(String.join(" ", points))
          .append("\"/>\n");
      if (points.size() <= MARKED_POINTS) {
        for (String point : points) {
          int comma = point.indexOf(',');
          svg.append("<circle class=\"point\" cx=\"")
              .append(point, 0, comma)
              .append("\" cy=\"")
              .append(point.substring(comma + 1))
              .append(same < 0 ? "\" r=\"3\" fill=\"" : "\" r=\"4.5\" fill=\"none\" stroke=\"")
              .append(colour)
              .append("\"/>\n");
        }
      }
      double legendY = TOP + 8 + 18 * l;
      svg.append("<line x1=\"")
          .append(LEFT + PLOT_WIDTH + 12)
          .append("\" y1=\"")
          .append(Svg.coordinate(legendY))
          .append("\" x2=\"")
          .append(LEFT + PLOT_WIDTH + 32)
          .append("\" y2=\"")
          .append(Svg.coordinate(legendY))
          .append("\" stroke=\"")
          .append(colour)
          .append(
              same < 0
                  ? "\" stroke-width=\"3\"/>\n"
                  : "\" stroke-width=\"3\" stroke-dasharray=\"5 3\"/>\n");
      svg.append("<text class=\"legend\" x=\"")
          .append(LEFT + PLOT_WIDTH + 38)
          .append("\" y=\"")
          .append(Svg.coordinate(legendY + 4))
          .append("\">")
          .append(Svg.escape(legendText(l)))
          .append("</text>\n");
    }
    svg.append("</svg>\n");
    return svg.toString();
  }

  /** A horizontal line from the plot's left edge to its right one. */
  private static void acrossThePlot(StringBuilder svg, String attributes, double y, String stroke) {
    svg.append("<line ")
        .append(attributes)
        .append(" x1=\"")
        .append(LEFT)
        .append("\" y1=\"")
        .append(Svg.coordinate(y))
        .append("\" x2=\"")
        .append(LEFT + PLOT_WIDTH)
        .append("\" y2=\"")
        .append(Svg.coordinate(y))
        .append("\" ")
        .append(stroke)
        .append("/>\n");
  }

  /** The legend of a line, saying when it coincides with an earlier one. */
  private String legendText(int index) {
    int same = sameAsEarlier(index);
    return same < 0
        ? lines.get(index).name()
        : lines.get(index).name() + " (same as " + lines.get(same).name() + ")";
  }

  /** The first earlier line with the same points, -1 if none: drawn dashed over it. */
  private int sameAsEarlier(int index) {
    Line line = lines.get(index);
    for (int earlier = 0; earlier < index; earlier++) {
      Line other = lines.get(earlier);
      if (java.util.Arrays.equals(other.x(), line.x())
          && java.util.Arrays.equals(other.y(), line.y())) {
        return earlier;
      }
    }
    return -1;
  }

  /** Wide enough for the longest legend text. */
  private int legendWidth() {
    int longest = 0;
    for (int l = 0; l < lines.size(); l++) {
      longest = Math.max(longest, legendText(l).length());
    }
    return Math.max(MIN_LEGEND, 48 + (int) Math.ceil(longest * GLYPH_WIDTH));
  }

  /**
   * Where values fall along the x axis, as a fraction of the plot's width, and where its ticks go.
   *
   * @param log2 whether the scale is base-2 logarithmic
   * @param from the axis' first value (a power of two on a logarithmic axis, else zero)
   * @param to the axis' last value
   * @param ticks the tick values, from {@code from} to {@code to}
   */
  private record Scale(boolean log2, double from, double to, List<Double> ticks) {

    /** {@link #niceRange} of the values, a tick on each round step. */
    static Scale linear(double from, double to) {
      Window range = niceRange(from, to);
      double step = niceStep(range.from(), range.to());
      List<Double> ticks = new ArrayList<>();
      for (double tick = range.from(); tick <= range.to() + step * 1e-9; tick += step) {
        ticks.add(tick);
      }
      return new Scale(false, range.from(), range.to(), ticks);
    }

    /**
     * From the power of two at or below the smallest value to the one at or above the largest, a
     * tick on powers of two.
     */
    static Scale log2(double min, double max) {
      if (Double.isInfinite(min)) {
        min = 1;
        max = 2;
      }
      // Math.getExponent is floor(log2) exactly, where log(x)/log(2) can land just below a power of
      // two
      int low = Math.getExponent(min);
      int high =
          Math.max(
              low + 1,
              Math.getExponent(max) + (max == Math.scalb(1.0, Math.getExponent(max)) ? 0 : 1));
      int step = (high - low + MAX_LOG_TICKS - 1) / MAX_LOG_TICKS;
      List<Double> ticks = new ArrayList<>();
      for (int power = low; power <= high; power += step) {
        ticks.add(Math.scalb(1.0, power));
      }
      return new Scale(true, Math.scalb(1.0, low), Math.scalb(1.0, high), ticks);
    }

    double fraction(double value) {
      return log2
          ? (log2(value) - log2(from)) / (log2(to) - log2(from))
          : (value - from) / (to - from);
    }

    private static double log2(double value) {
      return Math.log(value) / Math.log(2);
    }
  }

  /**
   * The range a linear axis shows for some values: widened to whole steps of a round size (a
   * quarter of the range or less, rounded up to 1, 2, 2.5 or 5 × 10^k), so its ticks are round.
   *
   * @param from the smallest value to show
   * @param to the largest, &gt; from (an empty range shows zero to one)
   * @return the range
   */
  static Window niceRange(double from, double to) {
    if (!(to > from)) {
      return new Window(Math.min(0, from), Math.max(1, to));
    }
    double step = niceStep(from, to);
    double low = Math.floor(from / step + 1e-9) * step;
    double high = Math.ceil(to / step - 1e-9) * step;
    return new Window(low, Math.max(high, low + step));
  }

  private static double niceStep(double from, double to) {
    return niceCeiling((to - from) / 4);
  }

  /** The smallest 1, 2 or 5 × 10^k at or above a value (1 for zero), so axis ticks are round. */
  static double niceCeiling(double value) {
    if (value <= 0) {
      return 1;
    }
    double magnitude = Math.pow(10, Math.floor(Math.log10(value)));
    for (double step : new double[] {1, 2, 2.5, 5, 10}) {
      if (step * magnitude >= value * (1 - 1e-12)) {
        return step * magnitude;
      }
    }
    return 10 * magnitude;
  }
}
