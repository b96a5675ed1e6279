package dev.rocelab.reports.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.result.CollectiveTiming;
import dev.rocelab.api.result.NcclTestsFormat;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.scenario.DataType;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class CollectiveAttachmentsTest {

  private static final CollectiveOperation BROADCAST = CollectiveOperation.BROADCAST;

  @Test
  void theBusBandwidthChartPlotsEachRowsBusBandwidthAgainstItsSizeOnALog2Axis() throws Exception {
    // broadcast's bus-bandwidth factor is 1: out-of-place 10, 20, 40 GB/s and in-place half that
    CollectiveResult sweep =
        broadcast(row(DataSize.kib(256), 10), row(DataSize.mib(1), 20), row(DataSize.mib(4), 40));
    Document svg = parse(CollectiveAttachments.busBandwidthChart("busbw", sweep).toSvg());

    NodeList lines = svg.getElementsByTagName("polyline");
    assertThat(lines.getLength()).isEqualTo(2);
    // x: 2^18 .. 2^22 bytes over the plot's 580 px from x=70, 256KiB→1MiB is half of it;
    // y: 0..50 GB/s (the round ceiling of 40) over 268 px from y=316
    assertThat(((Element) lines.item(0)).getAttribute("data-name")).isEqualTo("out-of-place");
    assertThat(((Element) lines.item(0)).getAttribute("points"))
        .isEqualTo("70.0,262.4 360.0,208.8 650.0,101.6");
    assertThat(((Element) lines.item(1)).getAttribute("data-name")).isEqualTo("in-place");
    assertThat(((Element) lines.item(1)).getAttribute("points"))
        .isEqualTo("70.0,289.2 360.0,262.4 650.0,208.8");
    assertThat(svg.getElementsByTagName("circle").getLength())
        .as("a marker per point")
        .isEqualTo(6);
    assertThat(texts(svg, "x-tick")).containsExactly("256KiB", "512KiB", "1MiB", "2MiB", "4MiB");
    assertThat(svg.getDocumentElement().getTextContent())
        .contains(
            "message size (log2 scale)",
            "bus bandwidth (GB/s)",
            "3 sizes · avg bus bandwidth 17.5 GB/s");
  }

  @Test
  void aSingleSizeSpansOneDoublingAndAWideSweepThinsItsTicks() throws Exception {
    Document one =
        parse(
            CollectiveAttachments.busBandwidthChart("one", broadcast(row(DataSize.mib(1), 20)))
                .toSvg());
    // 20 GB/s is the top of its own axis
    assertThat(((Element) one.getElementsByTagName("polyline").item(0)).getAttribute("points"))
        .isEqualTo("70.0,48.0");
    assertThat(texts(one, "x-tick")).containsExactly("1MiB", "2MiB");

    Document wide =
        parse(
            CollectiveAttachments.busBandwidthChart(
                    "wide", broadcast(row(DataSize.bytes(8), 1), row(DataSize.gib(1), 40)))
                .toSvg());
    // 2^3 .. 2^30 is 27 doublings: every third power of two gets a label
    assertThat(texts(wide, "x-tick")).hasSize(10).startsWith("8B", "64B", "512B").endsWith("1GiB");
  }

  @Test
  void aLogarithmicAxisRejectsSizesOfZero() {
    LineChart.Line zero = new LineChart.Line("out-of-place", new double[] {0}, new double[] {1});
    assertThatThrownBy(
            () -> new LineChart("t", LineChart.XAxis.messageSize(), "y", List.of(zero), ""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("line out-of-place has x = 0.0 on a logarithmic axis, which needs x > 0");
  }

  @Test
  void aRunWithCollectivesAttachesTheirTablesAndChartsBetweenTheTelemetryChartsAndTheCsv() {
    CollectiveResult sweep = broadcast(row(DataSize.kib(256), 10), row(DataSize.mib(1), 20));
    RunResult run = run(List.of(sweep, sweep));

    List<Attachment> attachments = RunAttachments.ofRun(run);

    String what = "broadcast · 8 ranks · ring · SIMPLE";
    assertThat(attachments)
        .extracting(Attachment::name)
        .containsExactly(
            "Egress queue depth · incast",
            "Throughput per flow · incast",
            "Paused time · incast",
            "ECN marks · incast",
            "nccl-tests · " + what,
            "nccl-tests JSON · " + what,
            "Bus bandwidth vs message size · " + what,
            "nccl-tests · " + what,
            "nccl-tests JSON · " + what,
            "Bus bandwidth vs message size · " + what,
            "port counters · incast",
            "flows · incast");
    assertThat(attachments.get(4).type()).isEqualTo("text/plain");
    assertThat(attachments.get(4).content()).isEqualTo(NcclTestsFormat.text(sweep));
    assertThat(attachments.get(5).type()).isEqualTo("application/json");
    assertThat(attachments.get(5).content()).isEqualTo(NcclTestsFormat.json(sweep));
    assertThat(attachments.get(6).type()).isEqualTo("image/svg+xml");
    assertThat(attachments.get(6).content()).contains("<polyline");
  }

  @Test
  void aRunWithoutCollectivesGetsNoneOfTheirAttachments() {
    assertThat(CollectiveAttachments.of(run(List.of()))).isEmpty();
  }

  /** A row whose out-of-place busbw is {@code gigabytesPerSecond} and in-place half that. */
  private static CollectiveRow row(DataSize size, long gigabytesPerSecond) {
    SimTime time = SimTime.picos(size.bytes() * 1000 / gigabytesPerSecond);
    return new CollectiveRow(
        size,
        size.bytes() / 4,
        CollectiveTiming.measured(BROADCAST, 8, size, time, OptionalLong.empty()),
        CollectiveTiming.measured(BROADCAST, 8, size, time.times(2), OptionalLong.of(0)));
  }

  private static CollectiveResult broadcast(CollectiveRow... rows) {
    return new CollectiveResult(
        BROADCAST, DataType.FLOAT, 8, 0, Algorithm.RING, Protocol.SIMPLE, List.of(rows));
  }

  private static RunResult run(List<CollectiveResult> collectives) {
    return new RunResult(
        Scenario.incast().senders(2).build(),
        "model",
        FabricGraph.of(RenderersTest.REFERENCE),
        StopReason.COMPLETED,
        SimTime.micros(2),
        List.of(),
        List.of(),
        Map.of(),
        List.of(),
        List.of(),
        List.of(),
        collectives);
  }

  private static List<String> texts(Document svg, String cssClass) {
    NodeList texts = svg.getElementsByTagName("text");
    List<String> found = new ArrayList<>();
    for (int i = 0; i < texts.getLength(); i++) {
      Element text = (Element) texts.item(i);
      if (cssClass.equals(text.getAttribute("class"))) {
        found.add(text.getTextContent());
      }
    }
    return found;
  }

  private static Document parse(String xml) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    return factory
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }
}
