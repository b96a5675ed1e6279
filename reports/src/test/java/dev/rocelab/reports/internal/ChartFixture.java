package dev.rocelab.reports.internal;

import java.util.List;

/** A chart whose marker, threshold and legend land on known pixels, for the browser test. */
public final class ChartFixture {

  /** The chart's size in pixels. */
  public static final int WIDTH = 900;

  /** The chart's height in pixels. */
  public static final int HEIGHT = LineChart.HEIGHT;

  /** The column of the marker: half way across the 580-pixel plot that starts at x = 70. */
  public static final int MARKER_X = 70 + LineChart.PLOT_WIDTH / 2;

  /** The row of the threshold: 40 on a 0–50 axis, in a plot from y = 48 to y = 316. */
  public static final int THRESHOLD_Y = 316 - (316 - 48) * 40 / 50;

  private ChartFixture() {}

  /**
   * @return the chart as SVG
   */
  public static String svg() {
    return new LineChart(
            "fixture",
            new LineChart.XAxis("simulated time (µs)", false, Svg::number),
            "y",
            List.of(new LineChart.Line("flow", new double[] {0, 100}, new double[] {10, 10})),
            "",
            List.of(new LineChart.Marker(50, "fault leaf1:eth9", "#c62828")),
            List.of(new LineChart.Threshold(40, "Kmax")),
            new LineChart.Window(0, 100))
        .toSvg();
  }
}
