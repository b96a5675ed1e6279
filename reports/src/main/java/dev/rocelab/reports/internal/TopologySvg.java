package dev.rocelab.reports.internal;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.unit.Rate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The topology as a picture that stays readable from 8 to thousands of hosts: one row per tier
 * (hosts at the bottom, the highest switches at the top), links aggregated per pair of boxes
 * (thicker and counted when several join them), coloured by speed.
 *
 * <p>Hosts wired alike — to the same switches — are one box ("host1 … host8, 8 hosts"), so a
 * rail-optimised pod draws as its rails: one line from the hosts to each rail's leaf, labelled with
 * the NIC port that rail carries ("nic0 ×8"), instead of a line from every host to every leaf. A
 * switch tier with more than {@value #MAX_BOXES} switches is grouped the same way.
 */
final class TopologySvg {

  /** A tier with more devices than this is drawn as groups of devices wired alike. */
  static final int MAX_BOXES = 16;

  private static final int MIN_BOX_WIDTH = 84;
  private static final int BOX_HEIGHT = 30;
  private static final int GAP = 14;
  private static final int ROW_HEIGHT = 130;
  private static final int MARGIN = 30;
  private static final double GLYPH_WIDTH = 6.6;
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
   * Devices drawn as one box.
   *
   * @param members the devices, in the fabric's order
   * @param label the box's text
   */
  record Box(List<Device> members, String label) {

    String name() {
      return members.get(0).name();
    }

    int width() {
      return Math.max(MIN_BOX_WIDTH, 16 + (int) Math.ceil(label.length() * GLYPH_WIDTH));
    }
  }

  /** The links between two boxes: how many, at what speed, and the host ports they leave from. */
  private static final class Bundle {
    int count;
    Rate speed;
    Box upper;
    Box lower;
    final Set<String> hostPorts = new TreeSet<>();

    /** The pair of tiers it joins, e.g. {@code leaf–spine}. */
    String tiers() {
      return role(lower.members().get(0)) + "–" + role(upper.members().get(0));
    }
  }

  /**
   * @param graph an expanded fabric
   * @return its picture, an SVG document
   */
  static String render(FabricGraph graph) {
    TreeMap<Integer, List<Box>> tiers = boxes(graph);
    Map<String, Box> boxOf = new HashMap<>();
    tiers
        .values()
        .forEach(row -> row.forEach(b -> b.members().forEach(d -> boxOf.put(d.name(), b))));

    int widest =
        tiers.values().stream()
            .mapToInt(row -> row.stream().mapToInt(b -> b.width() + GAP).sum() - GAP)
            .max()
            .orElse(MIN_BOX_WIDTH);
    int width = 2 * MARGIN + widest;
    int legendHeight = 40;
    int height = 2 * MARGIN + (tiers.size() - 1) * ROW_HEIGHT + BOX_HEIGHT + legendHeight + 24;

    Map<Box, double[]> centre = new HashMap<>();
    int row = 0;
    for (List<Box> tier : tiers.descendingMap().values()) {
      double rowWidth = tier.stream().mapToInt(b -> b.width() + GAP).sum() - GAP;
      double x = (width - rowWidth) / 2;
      double y = MARGIN + 24 + row * ROW_HEIGHT;
      for (Box box : tier) {
        centre.put(box, new double[] {x + box.width() / 2.0, y + BOX_HEIGHT / 2.0});
        x += box.width() + GAP;
      }
      row++;
    }

    // links between the same two boxes are drawn once; bundles and speeds in a stable order
    Map<String, Bundle> bundles = new TreeMap<>();
    TreeMap<Long, Rate> speeds = new TreeMap<>();
    for (Link link : graph.links()) {
      Box a = boxOf.get(link.a().device());
      Box b = boxOf.get(link.b().device());
      String key =
          a.name().compareTo(b.name()) <= 0
              ? a.name() + "\u0000" + b.name()
              : b.name() + "\u0000" + a.name();
      Bundle bundle = bundles.computeIfAbsent(key, k -> new Bundle());
      boolean aUpper = a.members().get(0).tier() >= b.members().get(0).tier();
      bundle.upper = aUpper ? a : b;
      bundle.lower = aUpper ? b : a;
      bundle.count++;
      bundle.speed = link.spec().speed();
      for (var end : List.of(link.a(), link.b())) {
        if (graph.device(end.device()).map(d -> !d.isSwitch()).orElse(false)) {
          bundle.hostPorts.add(end.port());
        }
      }
      speeds.put(link.spec().speed().bitsPerSecond(), link.spec().speed());
    }
    List<Long> speedOrder = new ArrayList<>(speeds.keySet());
    // between switch tiers where every pair has the same number of links, say it once per tier gap
    Map<String, Set<Integer>> countsByTiers = new TreeMap<>();
    bundles.values().stream()
        .filter(b -> b.hostPorts.isEmpty())
        .forEach(b -> countsByTiers.computeIfAbsent(b.tiers(), t -> new TreeSet<>()).add(b.count));
    Map<String, Box> byName = new HashMap<>();
    boxOf.values().forEach(b -> byName.put(b.name(), b));

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
    bundles.forEach(
        (key, bundle) -> {
          String[] ends = key.split("\u0000");
          double[] a = centre.get(byName.get(ends[0]));
          double[] b = centre.get(byName.get(ends[1]));
          String colour =
              SPEED_COLOURS[
                  speedOrder.indexOf(bundle.speed.bitsPerSecond()) % SPEED_COLOURS.length];
          svg.append("<line class=\"link\" data-ends=\"")
              .append(Svg.escape(ends[0] + " " + ends[1]))
              .append("\" data-links=\"")
              .append(bundle.count)
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
              .append(Math.min(bundle.count, 6))
              .append("\"/>\n");
          Set<Integer> counts = countsByTiers.get(bundle.tiers());
          String label = counts != null && counts.size() == 1 ? "" : bundleLabel(bundle);
          if (!label.isEmpty()) {
            // near the upper end, where the lines of one box fan out and have room
            double[] upper = a[1] < b[1] ? a : b;
            double[] lower = a[1] < b[1] ? b : a;
            svg.append("<text class=\"bundle\" x=\"")
                .append(Svg.coordinate(upper[0] + (lower[0] - upper[0]) * 0.3))
                .append("\" y=\"")
                .append(Svg.coordinate(upper[1] + (lower[1] - upper[1]) * 0.3))
                .append("\" text-anchor=\"middle\" fill=\"")
                .append(colour)
                // a white halo keeps the label readable over the lines it crosses
                .append("\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">")
                .append(Svg.escape(label))
                .append("</text>\n");
          }
        });
    countsByTiers.forEach(
        (pair, counts) -> {
          if (counts.size() == 1 && counts.iterator().next() > 1) {
            Bundle any =
                bundles.values().stream()
                    .filter(b -> b.tiers().equals(pair))
                    .findFirst()
                    .orElseThrow();
            double y = (centre.get(any.upper)[1] + centre.get(any.lower)[1]) / 2;
            svg.append("<text class=\"bundle\" x=\"")
                .append(MARGIN)
                .append("\" y=\"")
                .append(Svg.coordinate(y))
                .append("\" fill=\"#555\">")
                .append(Svg.escape("×" + counts.iterator().next() + " links per " + pair + " pair"))
                .append("</text>\n");
          }
        });
    for (List<Box> tier : tiers.values()) {
      for (Box box : tier) {
        double[] c = centre.get(box);
        Device first = box.members().get(0);
        String fill = first.isSwitch() ? "#e8f0fb" : "#eef7e8";
        svg.append("<g class=\"device\" data-role=\"")
            .append(first.role())
            .append("\" data-devices=\"")
            .append(box.members().size())
            .append("\"><rect x=\"")
            .append(Svg.coordinate(c[0] - box.width() / 2.0))
            .append("\" y=\"")
            .append(Svg.coordinate(c[1] - BOX_HEIGHT / 2.0))
            .append("\" width=\"")
            .append(box.width())
            .append("\" height=\"")
            .append(BOX_HEIGHT)
            .append("\" rx=\"4\" fill=\"")
            .append(fill)
            .append("\" stroke=\"#333\"/><text x=\"")
            .append(Svg.coordinate(c[0]))
            .append("\" y=\"")
            .append(Svg.coordinate(c[1] + 4))
            .append("\" text-anchor=\"middle\">")
            .append(Svg.escape(box.label()))
            .append("</text><title>")
            .append(Svg.escape(tooltip(box)))
            .append("</title></g>\n");
      }
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

  /**
   * The boxes of each tier: hosts wired to the same switches form one box, as do the switches of a
   * tier too wide to draw one by one; otherwise a box per device. In the fabric's order.
   */
  static TreeMap<Integer, List<Box>> boxes(FabricGraph graph) {
    TreeMap<Integer, List<Device>> tiers = new TreeMap<>();
    for (Device device : graph.devices()) {
      tiers.computeIfAbsent(device.tier(), t -> new ArrayList<>()).add(device);
    }
    Map<String, Set<String>> neighbours = new HashMap<>();
    for (Link link : graph.links()) {
      neighbours.computeIfAbsent(link.a().device(), d -> new TreeSet<>()).add(link.b().device());
      neighbours.computeIfAbsent(link.b().device(), d -> new TreeSet<>()).add(link.a().device());
    }
    TreeMap<Integer, List<Box>> boxes = new TreeMap<>();
    tiers.forEach(
        (tier, devices) -> {
          boolean group =
              devices.size() > MAX_BOXES || devices.stream().noneMatch(Device::isSwitch);
          List<Box> row = new ArrayList<>();
          if (!group) {
            devices.forEach(d -> row.add(new Box(List.of(d), d.name())));
          } else {
            Map<Set<String>, List<Device>> alike = new LinkedHashMap<>();
            for (Device d : devices) {
              alike
                  .computeIfAbsent(
                      neighbours.getOrDefault(d.name(), Set.of()), k -> new ArrayList<>())
                  .add(d);
            }
            alike.values().forEach(members -> row.add(new Box(members, label(members))));
          }
          boxes.put(tier, row);
        });
    return boxes;
  }

  private static String label(List<Device> members) {
    if (members.size() == 1) {
      return members.get(0).name();
    }
    String kind = role(members.get(0)) + "s";
    return members.get(0).name()
        + " … "
        + members.get(members.size() - 1).name()
        + " ("
        + members.size()
        + " "
        + kind
        + ")";
  }

  /** {@code host}, {@code leaf}, {@code super spine}. */
  private static String role(Device device) {
    return device.role().name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  /** {@code nic0 ×8} for a rail (one host port), {@code ×4} for several links, else nothing. */
  private static String bundleLabel(Bundle bundle) {
    String ports = bundle.hostPorts.size() == 1 ? bundle.hostPorts.iterator().next() + " " : "";
    return bundle.count > 1 || !ports.isEmpty() ? ports + "×" + bundle.count : "";
  }

  private static String tooltip(Box box) {
    Device first = box.members().get(0);
    String role = role(first);
    if (box.members().size() == 1) {
      return first.name() + " · " + role + " · profile " + first.profile();
    }
    List<String> names = box.members().stream().map(Device::name).toList();
    return box.members().size()
        + " "
        + role
        + "s wired alike: "
        + String.join(", ", names.size() > 32 ? names.subList(0, 32) : names)
        + (names.size() > 32 ? " …" : "");
  }
}
