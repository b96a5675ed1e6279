package dev.rocelab.reports.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.result.TrainingResult;
import dev.rocelab.api.result.TrainingResult.Interval;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class TrainingAttachmentsTest {

  private static final TrainingResult JOB =
      new TrainingResult(
          "job · tp8 pp2 dp4",
          64,
          List.of(SimTime.millis(10)),
          SimTime.millis(8),
          Optional.of(SimTime.millis(9)),
          List.of(
              new TrainingResult.OperationTimes(
                  "forward", false, 64, SimTime.millis(2), SimTime.millis(2), SimTime.millis(2)),
              new TrainingResult.OperationTimes(
                  "data-parallel gradients",
                  true,
                  64,
                  SimTime.millis(2),
                  SimTime.millis(1),
                  SimTime.millis(3))),
          List.of(
              new Interval(0, "forward", false, SimTime.ZERO, SimTime.millis(2)),
              new Interval(
                  0, "data-parallel gradients", true, SimTime.millis(2), SimTime.millis(5)),
              new Interval(32, "forward", false, SimTime.millis(5), SimTime.millis(10))));

  @Test
  void theSummarySaysWhatTheStepCostAndWhereTheTimeWent() {
    String summary = TrainingAttachments.summary(JOB);

    assertThat(summary)
        .contains(
            "job · tp8 pp2 dp4 · 64 ranks",
            "compute-only step:      8ms",
            "ideal step:             9ms",
            "exposed communication:  2ms (20.0 % of the step)",
            "network tax:            1ms (11.1 % of the ideal step)")
        .containsPattern("data-parallel gradients +communication +64 +2ms +1ms +2.000 +3ms");
  }

  @Test
  void theTimelineDrawsComputeAboveAndCommunicationBelowPerRank() throws Exception {
    List<Attachment> attachments = RunAttachments.ofRun(run(JOB));

    assertThat(attachments)
        .extracting(Attachment::name)
        .contains("Training steps · job · tp8 pp2 dp4", "Step timeline · job · tp8 pp2 dp4");
    String svg =
        attachments.stream()
            .filter(a -> a.name().startsWith("Step timeline"))
            .findFirst()
            .orElseThrow()
            .content();
    Document chart = RenderersTest.parse(svg);
    NodeList rects = chart.getElementsByTagName("rect");
    // background, three bars, two legend swatches
    assertThat(rects.getLength()).isEqualTo(6);
    Element gradients = (Element) rects.item(2);
    // 2..5 ms of a 10 ms step over 760 px from x=64; lower half of rank 0's 14 px row at y=50
    assertThat(gradients.getAttribute("x")).isEqualTo("216.0");
    assertThat(gradients.getAttribute("width")).isEqualTo("228.0");
    assertThat(gradients.getAttribute("y")).isEqualTo("57.0");
    assertThat(chart.getDocumentElement().getTextContent())
        .contains("rank 0", "rank 32", "2 of 64 ranks", "10 ms");
    assertThat(TrainingAttachments.of(run(JOB)).get(1).content()).isEqualTo(svg);
  }

  private static RunResult run(TrainingResult job) {
    return new RunResult(
        Scenario.incast().senders(2).build(),
        "model",
        FabricGraph.of(RenderersTest.REFERENCE),
        StopReason.COMPLETED,
        SimTime.millis(10),
        List.of(),
        List.of(),
        Map.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of(job));
  }
}
