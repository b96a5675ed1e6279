package dev.rocelab.reports.internal;

import dev.rocelab.api.result.TrainingResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A training step's timeline as SVG: one row per rank shown, its compute in the upper half and its
 * communication in the lower half, a colour per operation label, time from the step's start. Like
 * {@link LineChart}, written by hand and byte-for-byte deterministic.
 *
 * @param title the chart's title
 * @param note a line under the title
 * @param intervals the operations to draw, by rank then start
 * @param labels the labels in legend order (colours follow it)
 * @param stepPs the step's length, the axis' end
 */
record TimelineChart(
    String title,
    String note,
    List<TrainingResult.Interval> intervals,
    List<String> labels,
    long stepPs) {

  private static final int LEFT = 64;
  private static final int TOP = 50;
  private static final int PLOT_WIDTH = 760;
  private static final int ROW = 14;
  private static final int BOTTOM = 40;
  private static final int LEGEND = 220;

  /** Copies the lists. */
  TimelineChart {
    Objects.requireNonNull(title, "title must not be null");
    Objects.requireNonNull(note, "note must not be null");
    intervals = List.copyOf(intervals);
    labels = List.copyOf(labels);
    if (stepPs <= 0) {
      throw new IllegalArgumentException("stepPs must be > 0 but was " + stepPs);
    }
  }

  /**
   * @return the chart
   */
  String toSvg() {
    List<Integer> ranks = new ArrayList<>();
    for (TrainingResult.Interval i : intervals) {
      if (ranks.isEmpty() || ranks.get(ranks.size() - 1) != i.rank()) {
        ranks.add(i.rank());
      }
    }
    int plotHeight = Math.max(ranks.size(), 1) * ROW;
    int height = Math.max(TOP + plotHeight + BOTTOM, TOP + labels.size() * 18 + BOTTOM);
    int width = LEFT + PLOT_WIDTH + LEGEND;
    boolean millis = stepPs >= 1_000_000_000L;
    double unitPs = millis ? 1e9 : 1e6;
    StringBuilder svg = new StringBuilder();
    svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(width)
        .append("\" height=\"")
        .append(height)
        .append("\" viewBox=\"0 0 ")
        .append(width)
        .append(' ')
        .append(height)
        .append("\" font-family=\"sans-serif\" font-size=\"12\">\n");
    svg.append("<title>").append(Svg.escape(title)).append("</title>\n");
    svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    text(svg, LEFT, 20, "font-size=\"15\" font-weight=\"bold\"", title);
    text(svg, LEFT, 37, "fill=\"#555\"", note);
    for (int tick = 0; tick <= 5; tick++) {
      double x = LEFT + PLOT_WIDTH * tick / 5.0;
      svg.append("<line x1=\"")
          .append(Svg.coordinate(x))
          .append("\" y1=\"")
          .append(TOP)
          .append("\" x2=\"")
          .append(Svg.coordinate(x))
          .append("\" y2=\"")
          .append(TOP + plotHeight)
          .append("\" stroke=\"#ddd\"/>\n");
      text(
          svg,
          x - 10,
          TOP + plotHeight + 16,
          "",
          Svg.number(stepPs * tick / 5.0 / unitPs) + (tick == 5 ? (millis ? " ms" : " µs") : ""));
    }
    text(svg, LEFT, TOP + plotHeight + 32, "fill=\"#555\"", "time from the step's start");
    for (int r = 0; r < ranks.size(); r++) {
      text(svg, 4, TOP + r * ROW + 11, "font-size=\"10\"", "rank " + ranks.get(r));
    }
    for (TrainingResult.Interval i : intervals) {
      int row = ranks.indexOf(i.rank());
      double x = LEFT + PLOT_WIDTH * (double) i.start().picos() / stepPs;
      double w =
          Math.max(0.5, PLOT_WIDTH * (double) (i.end().picos() - i.start().picos()) / stepPs);
      double y = TOP + row * ROW + (i.communication() ? ROW / 2.0 : 1);
      svg.append("<rect x=\"")
          .append(Svg.coordinate(x))
          .append("\" y=\"")
          .append(Svg.coordinate(y))
          .append("\" width=\"")
          .append(Svg.coordinate(w))
          .append("\" height=\"")
          .append(Svg.coordinate(ROW / 2.0 - 1))
          .append("\" fill=\"")
          .append(colour(i.label()))
          .append(i.communication() ? "\" fill-opacity=\"0.7" : "")
          .append("\"/>\n");
    }
    int legendX = LEFT + PLOT_WIDTH + 16;
    for (int l = 0; l < labels.size(); l++) {
      int y = TOP + l * 18;
      svg.append("<rect x=\"")
          .append(legendX)
          .append("\" y=\"")
          .append(y)
          .append("\" width=\"12\" height=\"12\" fill=\"")
          .append(colour(labels.get(l)))
          .append("\"/>\n");
      text(svg, legendX + 18, y + 10, "", labels.get(l));
    }
    svg.append("</svg>\n");
    return svg.toString();
  }

  private String colour(String label) {
    return Svg.PALETTE[Math.max(0, labels.indexOf(label)) % Svg.PALETTE.length];
  }

  private static void text(StringBuilder svg, double x, double y, String attributes, String text) {
    svg.append("<text x=\"")
        .append(Svg.coordinate(x))
        .append("\" y=\"")
        .append(Svg.coordinate(y))
        .append('"')
        .append(attributes.isEmpty() ? "" : " " + attributes)
        .append('>')
        .append(Svg.escape(text))
        .append("</text>\n");
  }
}
