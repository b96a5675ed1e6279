package dev.rocelab.alerting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.SimTime;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A degrading optic on the timeline: the optic degrades (the fault), then fails and takes its link
 * down (the fault escalates), and each state is held on its own. While it degrades, both ends of
 * the link read the pre-FEC bit-error rate their FEC reveals; once the link is down they read
 * nothing, and the link is down.
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
  void theOpticsFailureStartsAPhaseOfItsOwn() {
    assertThat(timeline.phases())
        .extracting(TimelinePhase::name, TimelinePhase::simulatedStart, TimelinePhase::simulatedEnd)
        .containsExactly(
            tuple("before fault", SimTime.ZERO, SimTime.micros(300)),
            tuple("fault", SimTime.micros(300), SimTime.micros(1300)),
            tuple("fault escalated", SimTime.micros(1300), SimTime.millis(3)));
    assertThat(timeline.faultStart()).contains(Duration.ofMinutes(5));
  }

  @Test
  void whileItDegradesEachEndReadsThePreFecBerOfItsCodewordsAndNothingOnceTheLinkIsDown() {
    for (Endpoint port : RECEIVERS) {
      FecStats fec =
          run.fec().stream().filter(f -> f.port().equals(port)).findFirst().orElseThrow();
      ProjectedSeries ber = series(Metric.PRE_FEC_BER, port);
      double degrading = ber.value(scrapeIn(1));
      // every codeword was checked while the optic degraded: the phase's rate is the run's
      assertThat(degrading)
          .as("pre-FEC BER at %s while degrading", port)
          .isCloseTo(fec.preFecBer().orElseThrow(), within(fec.preFecBer().orElseThrow() * 0.01))
          .isBetween(1e-8, 2e-4);
      assertThat(Double.valueOf(ber.value(scrapeIn(0)))).as("before").isNaN();
      assertThat(Double.valueOf(ber.value(scrapeIn(2)))).as("link down").isNaN();

      // all corrected while the optic degraded, at the rate they were corrected in the run
      ProjectedSeries corrected = series(Metric.FEC_CORRECTED_CODEWORDS, port);
      TimelinePhase fault = timeline.phases().get(1);
      double perSecond = fec.correctedCodewords() / fault.simulated().toSeconds();
      assertThat(corrected.value(scrapeIn(1))).isZero();
      assertThat(corrected.value(scrapeIn(2)))
          .as("corrected codewords at %s over the fault phase", port)
          .isCloseTo(perSecond * fault.held().toSeconds(), within(1e-6 * perSecond));
      assertThat(corrected.value(timeline.scrapes() - 1)).isEqualTo(corrected.value(scrapeIn(2)));
    }
  }

  @Test
  void theLinkIsUpWhileTheOpticDegradesAndDownOnceItFailed() {
    for (Endpoint port : RECEIVERS) {
      ProjectedSeries up = series(Metric.LINK_UP, port);
      assertThat(up.value(scrapeIn(0))).isEqualTo(1);
      assertThat(up.value(scrapeIn(1))).isEqualTo(1);
      assertThat(up.value(scrapeIn(2))).isZero();
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
