package dev.rocelab.reports.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSection;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import io.qameta.allure.model.Label;
import io.qameta.allure.model.TestResult;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class RenderersTest {

  static final FabricSpec REFERENCE =
      FabricFiles.check(Path.of("../fabrics/reference.yaml")).orElseThrow();

  @Test
  void aLineChartIsValidSvgWithOnePolylinePerSeriesScaledFromTheData() throws Exception {
    LineChart chart =
        new LineChart(
            "Egress queue depth",
            LineChart.XAxis.simulatedTime(),
            "queue depth (KiB)",
            List.of(
                new LineChart.Line(
                    "leaf1:eth1 prio 3", new double[] {0, 1, 2}, new double[] {0, 40, 20}),
                new LineChart.Line(
                    "leaf1:eth2 prio 3", new double[] {0, 1, 2}, new double[] {10, 10, 10})),
            "");
    Document svg = parse(chart.toSvg());

    NodeList lines = svg.getElementsByTagName("polyline");
    assertThat(lines.getLength()).isEqualTo(2);
    // x: 0..2 µs over the plot's 580 px from x=70; y: 0..50 KiB (the round ceiling of 40) over 268
    // px from y=316
    assertThat(((Element) lines.item(0)).getAttribute("points"))
        .isEqualTo("70.0,316.0 360.0,101.6 650.0,208.8");
    assertThat(((Element) lines.item(1)).getAttribute("data-name")).isEqualTo("leaf1:eth2 prio 3");
    assertThat(chart.toSvg()).isEqualTo(chart.toSvg());
  }

  @Test
  void axesEndOnRoundNumbers() {
    assertThat(LineChart.niceCeiling(0)).isEqualTo(1);
    assertThat(LineChart.niceCeiling(40)).isEqualTo(50);
    assertThat(LineChart.niceCeiling(101)).isEqualTo(200);
    assertThat(LineChart.niceCeiling(0.3)).isEqualTo(0.5);
  }

  @Test
  void longSeriesAreReducedKeepingEachStretchsPeak() {
    long[] values = new long[6000];
    values[4321] = 9000;
    TimeSeries series =
        new TimeSeries(
            "queue_depth", "leaf1:eth3/3", "bytes", SimTime.ZERO, SimTime.micros(1), values);
    LineChart.Line line = TelemetryCharts.line(series, v -> v);

    assertThat(line.y()).hasSize(TelemetryCharts.MAX_POINTS);
    assertThat(line.y()[432]).isEqualTo(9000);
    assertThat(line.x()[432]).isEqualTo(4320);
    assertThat(line.name()).isEqualTo("leaf1:eth3 prio 3");
  }

  @Test
  void aRunGetsFourChartsOfItsBusiestSeries() throws Exception {
    List<TimeSeries> series = new java.util.ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      series.add(
          new TimeSeries(
              "queue_depth",
              "leaf1:eth" + i + "/3",
              "bytes",
              SimTime.ZERO,
              SimTime.micros(1),
              new long[] {0, 1024L * i}));
    }
    RunResult run =
        new RunResult(
            dev.rocelab.api.scenario.Scenario.incast().senders(2).build(),
            "model",
            FabricGraph.of(REFERENCE),
            dev.rocelab.api.result.StopReason.COMPLETED,
            SimTime.micros(2),
            List.of(),
            List.of(),
            Map.of(),
            List.of(),
            series,
            List.of(),
            List.of());
    List<Attachment> charts = TelemetryCharts.of(run);

    assertThat(charts)
        .extracting(Attachment::name)
        .containsExactly(
            "Egress queue depth · incast",
            "Throughput per flow · incast",
            "Paused time · incast",
            "ECN marks · incast");
    Document queue = parse(charts.get(0).content());
    assertThat(queue.getElementsByTagName("polyline").getLength())
        .isEqualTo(TelemetryCharts.MAX_LINES);
    assertThat(((Element) queue.getElementsByTagName("polyline").item(0)).getAttribute("data-name"))
        .isEqualTo("leaf1:eth10 prio 3");
    assertThat(charts.get(0).content())
        .contains("the 8 of 10 port and priority series with the highest peaks");
    assertThat(charts.get(1).content()).contains("no samples above zero");
  }

  @Test
  void theTopologyDrawsARailOptimisedPodAsItsRails() throws Exception {
    FabricGraph graph = FabricGraph.of(REFERENCE);
    String text = TopologySvg.render(graph);
    Document svg = parse(text);

    // the 8 hosts are wired alike (to all 8 rail leaves): one box; each switch its own
    assertThat(attributes(svg, "g", "data-devices"))
        .hasSize(1 + graph.switches().size())
        .contains("8");
    assertThat(attributes(svg, "g", "data-devices").stream().mapToInt(Integer::parseInt).sum())
        .isEqualTo(graph.devices().size());
    assertThat(attributes(svg, "line", "data-links").stream().mapToInt(Integer::parseInt).sum())
        .isEqualTo(graph.links().size());
    // one line per rail, from the hosts to its leaf, labelled with the NIC port it carries
    for (int rail = 0; rail < 8; rail++) {
      assertThat(text).contains(">nic" + rail + " ×8</text>");
    }
    assertThat(text)
        .contains(">host1 … host8 (8 hosts)</text>")
        .contains("Topology of reference: 8 hosts, 12 switches, 128 links");
  }

  @Test
  void aLargeFabricIsDrawnAsGroupsOfDevicesWiredAlike() throws Exception {
    FabricSpec large =
        FabricFiles.load(
            Files.readString(Path.of("../fabrics/reference.yaml"))
                .replace("scalableUnits: 1", "scalableUnits: 16")
                .replace("hostsPerUnit: 8", "hostsPerUnit: 32"),
            "large.yaml");
    FabricGraph graph = FabricGraph.of(large);
    Document svg = parse(TopologySvg.render(graph));

    assertThat(graph.hosts()).hasSize(512);
    List<String> boxes = attributes(svg, "g", "data-devices");
    // per scalable unit one box of hosts and one of its rail leaves, and the 4 spines
    assertThat(boxes).hasSize(16 + 16 + 4);
    assertThat(boxes.stream().mapToInt(Integer::parseInt).sum()).isEqualTo(graph.devices().size());
    assertThat(attributes(svg, "line", "data-links").stream().mapToInt(Integer::parseInt).sum())
        .isEqualTo(graph.links().size());
  }

  private static List<String> attributes(Document svg, String tag, String attribute) {
    List<String> values = new java.util.ArrayList<>();
    NodeList nodes = svg.getElementsByTagName(tag);
    for (int i = 0; i < nodes.getLength(); i++) {
      String value = ((Element) nodes.item(i)).getAttribute(attribute);
      if (!value.isEmpty()) {
        values.add(value);
      }
    }
    return values;
  }

  @Test
  void theConfigurationIsTheFabricFileWithDefaultsAndItsDerivedFactsAsComments() {
    String text = ConfigurationText.render(REFERENCE);

    assertThat(text)
        .startsWith("# effective configuration of fabric \"reference\"")
        .contains("\ntopology:\n  kind: rail-optimized\n")
        .contains("    nos: SONiC.202405.1\n")
        .contains("    firmware: 28.39.1002\n")
        .contains("\n# facts:\n#   hosts: 8\n")
        .contains("#   nicFirmware:\n#     28.39.1002: 64\n");
    assertThat(FabricFiles.load(text, "effective.yaml")).isEqualTo(REFERENCE);
  }

  /** A section of another module's, as the lab's is: a URL and headers that carry credentials. */
  record Telemetry(String prometheus, Map<String, String> headers, Map<String, Command> commands)
      implements FabricSection {
    @Override
    public String key() {
      return "telemetry";
    }
  }

  /** A command with headers of its own, one level down. */
  record Command(String url, Map<String, String> headers) {}

  @Test
  void aSectionNoModuleCanWriteIsLeftOutWithItsCredentials() {
    // every kind of credential field a section can have, each with its own planted secret; the
    // lab's own section, which its module writes with credentials masked, is held to the same in
    // fabric-lab's CredentialsStayInTheProcessTest
    Telemetry telemetry =
        new Telemetry(
            "https://prom-user:SECRET-userinfo-1@prometheus.lab:9090/?token=SECRET-query-2",
            Map.of("Authorization", "Bearer SECRET-header-3"),
            Map.of(
                "reset",
                new Command(
                    "https://leaf1:8765/reset", Map.of("X-Tenant", "t-${env:PROM_TENANT}"))));
    FabricSpec spec = REFERENCE.withSections(Map.of("telemetry", telemetry));

    Attachment configuration = ConfigurationText.of(spec);

    assertThat(configuration.content())
        .doesNotContain("SECRET-userinfo-1", "SECRET-query-2", "SECRET-header-3", "prom-user")
        .contains("# the telemetry: section is left out");
  }

  @Test
  void csvFieldsWithCommasOrQuotesAreQuoted() {
    assertThat(TelemetryCsv.field("leaf1:eth3")).isEqualTo("leaf1:eth3");
    assertThat(TelemetryCsv.field("a,b")).isEqualTo("\"a,b\"");
    assertThat(TelemetryCsv.field("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
  }

  @Test
  void thePhaseIsFoldedIntoTheHistoryAndTestCaseIds() {
    TestResult baseline =
        new TestResult()
            .setHistoryId("h")
            .setTestCaseId("t")
            .setLabels(
                new java.util.ArrayList<>(
                    List.of(new Label().setName("parentSuite").setValue("Baseline"))));
    TestResult failures =
        new TestResult()
            .setHistoryId("h")
            .setTestCaseId("t")
            .setLabels(
                new java.util.ArrayList<>(
                    List.of(new Label().setName("parentSuite").setValue("Failures"))));
    TestResult plain = new TestResult().setHistoryId("h").setTestCaseId("t");
    PhaseHistoryListener listener = new PhaseHistoryListener();
    listener.beforeTestWrite(baseline);
    listener.beforeTestWrite(failures);
    listener.beforeTestWrite(plain);

    assertThat(baseline.getHistoryId())
        .isEqualTo(PhaseHistoryListener.phased("Baseline", "h"))
        .hasSize(32);
    assertThat(baseline.getHistoryId()).isNotEqualTo(failures.getHistoryId());
    assertThat(baseline.getTestCaseId()).isEqualTo(PhaseHistoryListener.phased("Baseline", "t"));
    assertThat(plain.getHistoryId()).isEqualTo("h");
    assertThat(Optional.ofNullable(plain.getTestCaseId())).hasValue("t");
  }

  static Document parse(String xml) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    return factory
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }
}
