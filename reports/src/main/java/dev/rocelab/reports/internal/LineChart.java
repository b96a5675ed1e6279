package dev.rocelab.reports.internal;

import dev.rocelab.api.unit.DataSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.DoubleFunction;

/**
 * A line chart as a self-contained SVG document, written by hand so that the same data always gives
 * the same bytes: no fonts measured, no clock, no random colours. The x axis is either linear from
 * zero (simulated time) or base-2 logarithmic (message sizes); each line is one subject (a port and
 * priority, a flow, a collective's in-place or out-of-place timings). Lines of few points mark each
 * point, so that a short sweep reads as measurements, not as a curve.
 *
 * @param title the chart's title
 * @param xAxis the x axis: its label, scale and tick labels
 * @param yLabel the y axis' label, with its unit
 * @param lines the lines, drawn in order with a fixed palette
 * @param note a line under the title (e.g. which lines were left out), empty for none
 */
record LineChart(String title, XAxis xAxis, String yLabel, List<Line> lines, String note) {

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

  static final int WIDTH = 880;
  static final int HEIGHT = 360;

  /** Lines with at most this many points get a marker on each. */
  static final int MARKED_POINTS = 32;

  private static final int LEFT = 70;
  private static final int RIGHT = 230;
  private static final int TOP = 48;
  private static final int BOTTOM = 44;

  /** Tick labels on a logarithmic axis: more would overlap. */
  private static final int MAX_LOG_TICKS = 9;

  private static final String[] PALETTE = {
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf"
  };

  /** Copies the lines. */
  LineChart {
    Objects.requireNonNull(title, "title must not be null");
    Objects.requireNonNull(xAxis, "xAxis must not be null");
    Objects.requireNonNull(yLabel, "yLabel must not be null");
    lines = List.copyOf(lines);
    Objects.requireNonNull(note, "note must not be null");
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
        xMin = Math.min(xMin, line.x()[i]);
        xMax = Math.max(xMax, line.x()[i]);
        yMax = Math.max(yMax, line.y()[i]);
      }
    }
    Scale xScale = xAxis.log2() ? Scale.log2(xMin, xMax) : Scale.linear(xMax);
    double yTop = niceCeiling(yMax);
    double plotWidth = WIDTH - LEFT - RIGHT;
    double plotHeight = HEIGHT - TOP - BOTTOM;

    StringBuilder svg = new StringBuilder();
    svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(WIDTH)
        .append("\" height=\"")
        .append(HEIGHT)
        .append("\" viewBox=\"0 0 ")
        .append(WIDTH)
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
      svg.append("<line class=\"grid\" x1=\"")
          .append(LEFT)
          .append("\" y1=\"")
          .append(Svg.coordinate(y))
          .append("\" x2=\"")
          .append(LEFT + plotWidth)
          .append("\" y2=\"")
          .append(Svg.coordinate(y))
          .append("\" stroke=\"#ddd\"/>\n");
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
        .append(plotWidth)
        .append("\" height=\"")
        .append(plotHeight)
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
    for (int l = 0; l < lines.size(); l++) {
      Line line = lines.get(l);
      String colour = PALETTE[l % PALETTE.length];
      List<String> points = new ArrayList<>();
      for (int i = 0; i < line.y().length; i++) {
        double x = LEFT + plotWidth * xScale.fraction(line.x()[i]);
        double y = TOP + plotHeight - plotHeight * line.y()[i] / yTop;
        points.add(Svg.coordinate(x) + ',' + Svg.coordinate(y));
      }
      svg.append("<polyline class=\"series\" data-name=\"")
          .append(Svg.escape(line.name()))
          .append("\" fill=\"none\" stroke=\"")
          .append(colour)
          .append("\" stroke-width=\"1.5\" points=\"")
          .append(String.join(" ", points))
          .append("\"/>\n");
      if (points.size() <= MARKED_POINTS) {
        for (String point : points) {
          int comma = point.indexOf(',');
          svg.append("<circle class=\"point\" cx=\"")
              .append(point, 0, comma)
              .append("\" cy=\"")
              .append(point.substring(comma + 1))
              .append("\" r=\"3\" fill=\"")
              .append(colour)
              .append("\"/>\n");
        }
      }
      double legendY = TOP + 8 + 18 * l;
      svg.append("<line x1=\"")
          .append(WIDTH - RIGHT + 12)
          .append("\" y1=\"")
          .append(Svg.coordinate(legendY))
          .append("\" x2=\"")
          .append(WIDTH - RIGHT + 32)
          .append("\" y2=\"")
          .append(Svg.coordinate(legendY))
          .append("\" stroke=\"")
          .append(colour)
          .append("\" stroke-width=\"3\"/>\n");
      svg.append("<text x=\"")
          .append(WIDTH - RIGHT + 38)
          .append("\" y=\"")
          .append(Svg.coordinate(legendY + 4))
          .append("\">")
          .append(Svg.escape(line.name()))
          .append("</text>\n");
    }
    svg.append("</svg>\n");
    return svg.toString();
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

    /** Zero to the round ceiling of the largest value, five ticks. */
    static Scale linear(double max) {
      double top = niceCeiling(max);
      List<Double> ticks = new ArrayList<>();
      for (int tick = 0; tick <= 4; tick++) {
        ticks.add(top * tick / 4);
      }
      return new Scale(false, 0, top, ticks);
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
      return log2 ? (log2(value) - log2(from)) / (log2(to) - log2(from)) : value / to;
    }

    private static double log2(double value) {
      return Math.log(value) / Math.log(2);
    }
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
