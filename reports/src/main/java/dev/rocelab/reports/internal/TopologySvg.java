package dev.rocelab.reports.internal;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.unit.Rate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The topology as a picture: one row per tier (hosts at the bottom, the highest switches at the
 * top), devices in the fabric's order, one line per pair of connected devices (thicker and labelled
 * when several links join them), coloured by speed.
 */
final class TopologySvg {

  private static final int BOX_WIDTH = 84;
  private static final int BOX_HEIGHT = 30;
  private static final int GAP = 14;
  private static final int ROW_HEIGHT = 120;
  private static final int MARGIN = 30;
  private static final String[] SPEED_COLOURS = {
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd"
  };

  private TopologySvg() {}

  /**
   * @param graph an expanded fabric
   * @return its picture as an attachment
   */
  static Attachment of(FabricGraph graph) {
    return new Attachment(
        "topology · " + graph.spec().name(), "image/svg+xml", "svg", render(graph));
  }

  /**
   * @param graph an expanded fabric
   * @return its picture, an SVG document
   */
  static String render(FabricGraph graph) {
    TreeMap<Integer, List<Device>> tiers = new TreeMap<>();
    for (Device device : graph.devices()) {
      tiers.computeIfAbsent(device.tier(), t -> new ArrayList<>()).add(device);
    }
    int widest = tiers.values().stream().mapToInt(List::size).max().orElse(1);
    int width = 2 * MARGIN + widest * (BOX_WIDTH + GAP) - GAP;
    int legendHeight = 40;
    int height = 2 * MARGIN + (tiers.size() - 1) * ROW_HEIGHT + BOX_HEIGHT + legendHeight + 24;

    Map<String, double[]> centre = new HashMap<>();
    int row = 0;
    for (List<Device> tier : tiers.descendingMap().values()) {
      double rowWidth = tier.size() * (BOX_WIDTH + GAP) - GAP;
      double x0 = (width - rowWidth) / 2;
      double y = MARGIN + 24 + row * ROW_HEIGHT;
      for (int i = 0; i < tier.size(); i++) {
        centre.put(
            tier.get(i).name(),
            new double[] {x0 + i * (BOX_WIDTH + GAP) + BOX_WIDTH / 2.0, y + BOX_HEIGHT / 2.0});
      }
      row++;
    }

    // links between the same two devices are drawn once; pairs and speeds in a stable order
    TreeMap<String, Integer> pairs = new TreeMap<>();
    Map<String, Rate> pairSpeed = new HashMap<>();
    TreeMap<Long, Rate> speeds = new TreeMap<>();
    for (Link link : graph.links()) {
      String a = link.a().device();
      String b = link.b().device();
      String pair = a.compareTo(b) <= 0 ? a + "\u0000" + b : b + "\u0000" + a;
      pairs.merge(pair, 1, Integer::sum);
      pairSpeed.put(pair, link.spec().speed());
      speeds.put(link.spec().speed().bitsPerSecond(), link.spec().speed());
    }
    List<Long> speedOrder = new ArrayList<>(speeds.keySet());

    StringBuilder svg = new StringBuilder();
    svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(Math.min(width, 1600))
        .append("\" viewBox=\"0 0 ")
        .append(width)
        .append(' ')
        .append(height)
        .append("\" font-family=\"sans-serif\" font-size=\"11\">\n");
    String title =
        "Topology of "
            + graph.spec().name()
            + ": "
            + graph.hosts().size()
            + " hosts, "
            + graph.switches().size()
            + " switches, "
            + graph.links().size()
            + " links";
    svg.append("<title>").append(Svg.escape(title)).append("</title>\n");
    svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    svg.append("<text x=\"")
        .append(MARGIN)
        .append("\" y=\"")
        .append(MARGIN)
        .append("\" font-size=\"14\" font-weight=\"bold\">")
        .append(Svg.escape(title))
        .append("</text>\n");
    pairs.forEach(
        (pair, count) -> {
          String[] ends = pair.split("\u0000");
          double[] a = centre.get(ends[0]);
          double[] b = centre.get(ends[1]);
          String colour =
              SPEED_COLOURS[
                  speedOrder.indexOf(pairSpeed.get(pair).bitsPerSecond()) % SPEED_COLOURS.length];
          svg.append("<line class=\"link\" data-ends=\"")
              .append(Svg.escape(ends[0] + " " + ends[1]))
              .append("\" x1=\"")
              .append(Svg.coordinate(a[0]))
              .append("\" y1=\"")
              .append(Svg.coordinate(a[1]))
              .append("\" x2=\"")
              .append(Svg.coordinate(b[0]))
              .append("\" y2=\"")
              .append(Svg.coordinate(b[1]))
              .append("\" stroke=\"")
              .append(colour)
              .append("\" stroke-opacity=\"0.6\" stroke-width=\"")
              .append(Math.min(count, 6))
              .append("\"/>\n");
          if (count > 1) {
            svg.append("<text x=\"")
                .append(Svg.coordinate((a[0] + b[0]) / 2))
                .append("\" y=\"")
                .append(Svg.coordinate((a[1] + b[1]) / 2))
                .append("\" fill=\"")
                .append(colour)
                .append("\">×")
                .append(count)
                .append("</text>\n");
          }
        });
    for (Device device : graph.devices()) {
      double[] c = centre.get(device.name());
      String fill = device.isSwitch() ? "#e8f0fb" : "#eef7e8";
      svg.append("<g class=\"device\" data-role=\"")
          .append(device.role())
          .append("\"><rect x=\"")
          .append(Svg.coordinate(c[0] - BOX_WIDTH / 2.0))
          .append("\" y=\"")
          .append(Svg.coordinate(c[1] - BOX_HEIGHT / 2.0))
          .append("\" width=\"")
          .append(BOX_WIDTH)
          .append("\" height=\"")
          .append(BOX_HEIGHT)
          .append("\" rx=\"4\" fill=\"")
          .append(fill)
          .append("\" stroke=\"#333\"/><text x=\"")
          .append(Svg.coordinate(c[0]))
          .append("\" y=\"")
          .append(Svg.coordinate(c[1] + 4))
          .append("\" text-anchor=\"middle\">")
          .append(Svg.escape(device.name()))
          .append("</text><title>")
          .append(
              Svg.escape(
                  device.name()
                      + " · "
                      + device.role().name().toLowerCase(java.util.Locale.ROOT)
                      + " · profile "
                      + device.profile()))
          .append("</title></g>\n");
    }
    double legendY = height - MARGIN;
    for (int i = 0; i < speedOrder.size(); i++) {
      double x = MARGIN + i * 130;
      String colour = SPEED_COLOURS[i % SPEED_COLOURS.length];
      svg.append("<line x1=\"")
          .append(Svg.coordinate(x))
          .append("\" y1=\"")
          .append(Svg.coordinate(legendY))
          .append("\" x2=\"")
          .append(Svg.coordinate(x + 24))
          .append("\" y2=\"")
          .append(Svg.coordinate(legendY))
          .append("\" stroke=\"")
          .append(colour)
          .append("\" stroke-width=\"3\"/><text x=\"")
          .append(Svg.coordinate(x + 30))
          .append("\" y=\"")
          .append(Svg.coordinate(legendY + 4))
          .append("\">")
          .append(Svg.escape(speeds.get(speedOrder.get(i)).toString()))
          .append(" links</text>\n");
    }
    svg.append("</svg>\n");
    return svg.toString();
  }
}
