package dev.rocelab.reports.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The charts of real model runs explain themselves: events marked, thresholds drawn, the window
 * cropped to where things happen with the whole run beside it, units that fit, legends that fit.
 */
class DiagnosticChartsTest {

  private static RunResult linkFailure;
  private static RunResult incast;

  @BeforeAll
  static void run() {
    try (FabricSession session = FabricBackends.require("model").open(RenderersTest.REFERENCE)) {
      // traffic starts 15 ms in and a link fails under it: all that happens is in the last
      // fraction of the run
      linkFailure =
          session.run(
              Scenario.permutation()
                  .flowSize("1MiB")
                  .dscp(26)
                  .start("15ms")
                  .with(Fault.linkDown("leaf1:eth9").at("15020us"))
                  .duration("20ms"));
      incast = session.run(Scenario.incast().senders(16).message("8MiB").dscp(26));
    }
  }

  @Test
  void faultsAreMarkedAndTheWindowIsCroppedWithTheWholeRunBeside() throws Exception {
    List<Attachment> charts = TelemetryCharts.of(linkFailure);

    assertThat(charts)
        .extracting(Attachment::name)
        .contains(
            "Throughput per flow · permutation", "Throughput per flow · permutation (whole run)");
    Attachment cropped = named(charts, "Throughput per flow · permutation");
    Document svg = RenderersTest.parse(cropped.content());
    assertThat(names(svg, "line", "marker")).contains("fault leaf1:eth9");
    assertThat(cropped.content())
        .contains("showing ")
        .contains(" of 20ms (the whole run in the next chart)");
    assertThat(names(svg, "line", "threshold")).containsExactly("line rate 400Gbps");
    // the whole run is over 15 ms long, so its axis is in ms
    assertThat(named(charts, "Throughput per flow · permutation (whole run)").content())
        .contains("simulated time (ms)");
  }

  @Test
  void theQueueChartDrawsTheEcnThresholdsInUnitsThatFitTheQueues() throws Exception {
    Attachment queue = named(TelemetryCharts.of(incast), "Egress queue depth · incast");
    Document svg = RenderersTest.parse(queue.content());

    assertThat(names(svg, "line", "threshold")).hasSize(2).allMatch(n -> n.startsWith("Km"));
    assertThat(names(svg, "line", "threshold").get(0)).startsWith("Kmin ");
    // a 16:1 incast of 8 MiB fills a few MiB at the receiver's leaf
    assertThat(queue.content()).contains("queue depth (MiB)");
  }

  @Test
  void legendsAreAsWideAsTheirLongestNameAndIdenticalLinesSaySo() throws Exception {
    String longName = "incast#0 host4:nic1→host1:nic0 and a long explanation of it";
    LineChart chart =
        new LineChart(
            "t",
            LineChart.XAxis.messageSize(),
            "y",
            List.of(
                new LineChart.Line(longName, new double[] {1, 2}, new double[] {3, 4}),
                new LineChart.Line("in-place", new double[] {1, 2}, new double[] {3, 4})),
            "");
    Document svg = RenderersTest.parse(chart.toSvg());

    double width = Double.parseDouble(svg.getDocumentElement().getAttribute("width"));
    assertThat(width).isGreaterThan(70 + LineChart.PLOT_WIDTH + 38 + longName.length() * 7.0);
    assertThat(texts(svg, "legend"))
        .containsExactly(longName, "in-place (same as " + longName + ")");
    Element second = (Element) svg.getElementsByTagName("polyline").item(1);
    assertThat(second.getAttribute("stroke-dasharray")).isNotEmpty();
  }

  private static Attachment named(List<Attachment> charts, String name) {
    return charts.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
  }

  private static List<String> names(Document svg, String tag, String cssClass) {
    List<String> names = new ArrayList<>();
    NodeList nodes = svg.getElementsByTagName(tag);
    for (int i = 0; i < nodes.getLength(); i++) {
      Element element = (Element) nodes.item(i);
      if (element.getAttribute("class").equals(cssClass)) {
        names.add(element.getAttribute("data-name"));
      }
    }
    return names;
  }

  private static List<String> texts(Document svg, String cssClass) {
    List<String> texts = new ArrayList<>();
    NodeList nodes = svg.getElementsByTagName("text");
    for (int i = 0; i < nodes.getLength(); i++) {
      Element element = (Element) nodes.item(i);
      if (element.getAttribute("class").equals(cssClass)) {
        texts.add(element.getTextContent());
      }
    }
    return texts;
  }
}
