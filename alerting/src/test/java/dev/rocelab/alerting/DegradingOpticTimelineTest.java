package dev.rocelab.alerting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.SimTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A degrading optic on the timeline: the optic degrades (the fault, held as a ramp of five steps),
 * then fails and takes its link down (the fault escalates). While it degrades, both ends of the
 * link read the pre-FEC bit-error rate their FEC reveals, rising step by step; once the link is
 * down they read nothing, and the link is down.
 */
class DegradingOpticTimelineTest {

  private static final List<Endpoint> RECEIVERS =
      List.of(Endpoint.parse("leaf1:eth9"), Endpoint.parse("spine1:eth1"));

  private static RunResult run;
  private static OperationalTimeline timeline;

  @BeforeAll
  static void project() {
    run = Scenarios.run(Scenarios.degradingOptic());
    timeline = OperationalTimeline.of(run, Scenarios.REFERENCE);
  }

  @Test
  void theDegradationIsHeldAsARampAndTheFailureAsAPhaseOfItsOwn() {
    // 1 ms of degradation in five steps of 200 us, each held a minute; then the link down
    List<Tuple> expected = new ArrayList<>();
    expected.add(tuple("before fault", SimTime.ZERO, SimTime.micros(300), Duration.ofMinutes(5)));
    for (int k = 0; k < 5; k++) {
      expected.add(
          tuple(
              k == 0 ? "fault" : "fault rising",
              SimTime.micros(300 + 200 * k),
              SimTime.micros(500 + 200 * k),
              Duration.ofMinutes(1)));
    }
    expected.add(
        tuple("fault escalated", SimTime.micros(1300), SimTime.millis(3), Duration.ofMinutes(5)));
    assertThat(timeline.phases())
        .extracting(
            TimelinePhase::name,
            TimelinePhase::simulatedStart,
            TimelinePhase::simulatedEnd,
            TimelinePhase::held)
        .containsExactlyElementsOf(expected);
    assertThat(timeline.faultStart()).contains(Duration.ofMinutes(5));
    assertThat(timeline.length()).isEqualTo(Duration.ofMinutes(15));
  }

  @Test
  void eachEndReadsTheBerRisingStepByStepAndNothingOnceTheLinkIsDown() {
    for (Endpoint port : RECEIVERS) {
      ProjectedSeries ber = series(Metric.PRE_FEC_BER, port);
      assertThat(Double.valueOf(ber.value(scrapeIn(0)))).as("before").isNaN();
      double previous = 0;
      for (int step = 1; step <= 5; step++) {
        double level = ber.value(scrapeIn(step));
        assertThat(level)
            .as("pre-FEC BER at %s in step %d of the degradation", port, step)
            .isGreaterThan(previous)
            .isBetween(1e-8, 2e-4);
        previous = level;
      }
      assertThat(Double.valueOf(ber.value(scrapeIn(6)))).as("link down").isNaN();
    }
  }

  @Test
  void theCorrectedCodewordsGrowAtEachStepsRateAndAddUpToTheRunsTotal() {
    for (Endpoint port : RECEIVERS) {
      FecStats fec =
          run.fec().stream().filter(f -> f.port().equals(port)).findFirst().orElseThrow();
      ProjectedSeries corrected = series(Metric.FEC_CORRECTED_CODEWORDS, port);
      double simulatedTotal = 0;
      for (int step = 1; step <= 5; step++) {
        TimelinePhase phase = timeline.phases().get(step);
        double increase = corrected.value(scrapeIn(step + 1)) - corrected.value(scrapeIn(step));
        // held at the step's simulated rate: back on the simulated clock it is what was corrected
        simulatedTotal += increase * phase.simulated().toSeconds() / phase.held().toSeconds();
      }
      assertThat(simulatedTotal)
          .as("corrected codewords at %s over the degradation", port)
          .isCloseTo(fec.correctedCodewords(), within(1e-6 * fec.correctedCodewords()));
      assertThat(corrected.value(scrapeIn(1))).isZero();
      assertThat(corrected.value(timeline.scrapes() - 1)).isEqualTo(corrected.value(scrapeIn(6)));
    }
  }

  @Test
  void theLinkIsUpWhileTheOpticDegradesAndDownOnceItFailed() {
    for (Endpoint port : RECEIVERS) {
      ProjectedSeries up = series(Metric.LINK_UP, port);
      for (int phase = 0; phase <= 5; phase++) {
        assertThat(up.value(scrapeIn(phase))).isEqualTo(1);
      }
      assertThat(up.value(scrapeIn(6))).isZero();
    }
  }

  /** The first scrape of a phase. */
  private static int scrapeIn(int phase) {
    TimelinePhase p = timeline.phases().get(phase);
    return (int) (p.start().toMillis() / timeline.shape().scrapeInterval().toMillis());
  }

  private static ProjectedSeries series(Metric metric, Endpoint port) {
    return timeline.series(metric).stream()
        .filter(
            s ->
                s.labels()
                    .equals(
                        Map.of(MetricLabel.DEVICE, port.device(), MetricLabel.PORT, port.port())))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + metric + " series for " + port));
  }
}
