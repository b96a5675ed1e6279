package dev.rocelab.reports.internal;

import java.util.List;
import java.util.Objects;

/**
 * A line chart as a self-contained SVG document, written by hand so that the same data always gives
 * the same bytes: no fonts measured, no clock, no random colours. The x axis is simulated time in
 * microseconds; each line is one subject (a port and priority, a flow).
 *
 * @param title the chart's title
 * @param yLabel the y axis' label, with its unit
 * @param lines the lines, drawn in order with a fixed palette
 * @param note a line under the title (e.g. which lines were left out), empty for none
 */
record LineChart(String title, String yLabel, List<Line> lines, String note) {

  /**
   * One line of the chart.
   *
   * @param name the legend text
   * @param xMicros sample times in microseconds, ascending
   * @param y sample values, as many as times
   */
  record Line(String name, double[] xMicros, double[] y) {

    /** Checks both arrays have the same length. */
    Line {
      Objects.requireNonNull(name, "name must not be null");
      if (xMicros.length != y.length) {
        throw new IllegalArgumentException("line " + name + " has " + xMicros.length + " times but " + y.length
            + " values");
      }
    }
  }

  static final int WIDTH = 880;
  static final int HEIGHT = 360;
  private static final int LEFT = 70;
  private static final int RIGHT = 230;
  private static final int TOP = 48;
  private static final int BOTTOM = 44;
  private static final String[] PALETTE = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
      "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

  /** Copies the lines. */
  LineChart {
    Objects.requireNonNull(title, "title must not be null");
    Objects.requireNonNull(yLabel, "yLabel must not be null");
    lines = List.copyOf(lines);
    Objects.requireNonNull(note, "note must not be null");
  }

  /** @return the chart as an SVG document */
  String toSvg() {
    double xMax = 0;
    double yMax = 0;
    for (Line line : lines) {
      for (int i = 0; i < line.y().length; i++) {
        xMax = Math.max(xMax, line.xMicros()[i]);
        yMax = Math.max(yMax, line.y()[i]);
      }
    }
    double xTop = niceCeiling(xMax);
    double yTop = niceCeiling(yMax);
    double plotWidth = WIDTH - LEFT - RIGHT;
    double plotHeight = HEIGHT - TOP - BOTTOM;

    StringBuilder svg = new StringBuilder();
    svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
        .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
        .append("\" font-family=\"sans-serif\" font-size=\"12\">\n");
    svg.append("<title>").append(Svg.escape(title)).append("</title>\n");
    svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    svg.append("<text x=\"").append(LEFT).append("\" y=\"20\" font-size=\"15\" font-weight=\"bold\">")
        .append(Svg.escape(title)).append("</text>\n");
    if (!note.isEmpty()) {
      svg.append("<text x=\"").append(LEFT).append("\" y=\"37\" fill=\"#555\">").append(Svg.escape(note))
          .append("</text>\n");
    }
    for (int tick = 0; tick <= 4; tick++) {
      double y = TOP + plotHeight - plotHeight * tick / 4;
      double x = LEFT + plotWidth * tick / 4;
      svg.append("<line class=\"grid\" x1=\"").append(LEFT).append("\" y1=\"").append(Svg.coordinate(y))
          .append("\" x2=\"").append(LEFT + plotWidth).append("\" y2=\"").append(Svg.coordinate(y))
          .append("\" stroke=\"#ddd\"/>\n");
      svg.append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(Svg.coordinate(y + 4))
          .append("\" text-anchor=\"end\">").append(Svg.number(yTop * tick / 4)).append("</text>\n");
      svg.append("<text x=\"").append(Svg.coordinate(x)).append("\" y=\"").append(HEIGHT - BOTTOM + 16)
          .append("\" text-anchor=\"middle\">").append(Svg.number(xTop * tick / 4)).append("</text>\n");
    }
    svg.append("<rect x=\"").append(LEFT).append("\" y=\"").append(TOP).append("\" width=\"").append(plotWidth)
        .append("\" height=\"").append(plotHeight).append("\" fill=\"none\" stroke=\"#333\"/>\n");
    svg.append("<text x=\"").append(Svg.coordinate(LEFT + plotWidth / 2)).append("\" y=\"").append(HEIGHT - 8)
        .append("\" text-anchor=\"middle\">simulated time (µs)</text>\n");
    svg.append("<text transform=\"translate(16 ").append(Svg.coordinate(TOP + plotHeight / 2))
        .append(") rotate(-90)\" text-anchor=\"middle\">").append(Svg.escape(yLabel)).append("</text>\n");
    if (lines.isEmpty()) {
      svg.append("<text x=\"").append(Svg.coordinate(LEFT + plotWidth / 2)).append("\" y=\"")
          .append(Svg.coordinate(TOP + plotHeight / 2)).append("\" text-anchor=\"middle\" fill=\"#555\">")
          .append("no samples above zero</text>\n");
    }
    for (int l = 0; l < lines.size(); l++) {
      Line line = lines.get(l);
      String colour = PALETTE[l % PALETTE.length];
      svg.append("<polyline class=\"series\" data-name=\"").append(Svg.escape(line.name())).append("\" fill=\"none\" stroke=\"")
          .append(colour).append("\" stroke-width=\"1.5\" points=\"");
      for (int i = 0; i < line.y().length; i++) {
        double x = LEFT + plotWidth * line.xMicros()[i] / xTop;
        double y = TOP + plotHeight - plotHeight * line.y()[i] / yTop;
        svg.append(i == 0 ? "" : " ").append(Svg.coordinate(x)).append(',').append(Svg.coordinate(y));
      }
      svg.append("\"/>\n");
      double legendY = TOP + 8 + 18 * l;
      svg.append("<line x1=\"").append(WIDTH - RIGHT + 12).append("\" y1=\"").append(Svg.coordinate(legendY))
          .append("\" x2=\"").append(WIDTH - RIGHT + 32).append("\" y2=\"").append(Svg.coordinate(legendY))
          .append("\" stroke=\"").append(colour).append("\" stroke-width=\"3\"/>\n");
      svg.append("<text x=\"").append(WIDTH - RIGHT + 38).append("\" y=\"").append(Svg.coordinate(legendY + 4))
          .append("\">").append(Svg.escape(line.name())).append("</text>\n");
    }
    svg.append("</svg>\n");
    return svg.toString();
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
