package dev.rocelab.alerting;

import static dev.rocelab.api.scenario.Workload.CollectiveOperation.ALL_REDUCE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A collective's busbw lands on the timeline where it was measured: a 1 GiB all-reduce over a host
 * link that flaps from 1 to 22 ms, whose untimed run ends at 10.2 ms, whose out-of-place run
 * completes while the link flaps (20.4 ms), and whose in-place run after it settled (26.5 ms).
 * Nothing was measured before the fault, so there is no sample there.
 */
class CollectiveBusbwTimelineTest {

  private static RunResult run;
  private static OperationalTimeline timeline;

  @BeforeAll
  static void project() {
    run =
        Scenarios.run(
            Scenario.collective(ALL_REDUCE)
                .size("1GiB")
                .ranks(16)
                .fidelity(Fidelity.FLOW)
                .with(Fault.linkFlap("leaf1:eth1", "2ms", 11).at("1ms"))
                .named("all-reduce over a flapping host link")
                .build());
    timeline = OperationalTimeline.of(run, Scenarios.REFERENCE);
  }

  @Test
  void eachMeasurementShowsFromThePhaseInWhichItCompleted() {
    CollectiveRow row = run.collectives().get(0).rows().get(0);
    double outOfPlace = row.outOfPlace().busBandwidth().bytesPerSecond();
    double inPlace = row.inPlace().busBandwidth().bytesPerSecond();
    // the out-of-place run ends during the flaps (which end at 22ms), the in-place run after them
    long settled =
        run.events().stream()
            .filter(e -> e.kind() == dev.rocelab.api.result.FabricEvent.Kind.RECOVERY)
            .reduce((a, b) -> b)
            .orElseThrow()
            .time()
            .picos();
    assertThat(row.outOfPlace().completed().orElseThrow().picos()).isLessThan(settled);
    assertThat(row.inPlace().completed().orElseThrow().picos()).isGreaterThan(settled);
    assertThat(outOfPlace).isLessThan(inPlace);

    List<ProjectedSeries> busbw = timeline.series(Metric.COLLECTIVE_BUSBW);
    assertThat(busbw).hasSize(1);
    ProjectedSeries series = busbw.get(0);
    assertThat(series.labels())
        .isEqualTo(Map.of(MetricLabel.OPERATION, "all_reduce", MetricLabel.SIZE, "1073741824"));
    assertThat(timeline.phases())
        .extracting(TimelinePhase::name)
        .containsExactly("before fault", "fault", "after recovery");
    for (int scrape = 0; scrape < series.size(); scrape++) {
      // boxed, so that NaN (no sample) equals NaN
      Double expected = scrape < 20 ? Double.NaN : scrape < 40 ? outOfPlace : inPlace;
      assertThat(Double.valueOf(series.value(scrape)))
          .as("busbw at scrape %d", scrape)
          .isEqualTo(expected);
    }
  }

  @Test
  void aRunThatEndsWhileTheLinkStillFlapsEndsInTheFault() {
    // twenty flaps outlast the collective: the run ends in the fault, whichever half of a flap's
    // period it ends in, and both measurements show from the fault on, the lower of the two there
    RunResult flapping =
        Scenarios.run(
            Scenario.collective(ALL_REDUCE)
                .size("1GiB")
                .ranks(16)
                .fidelity(Fidelity.FLOW)
                .with(Fault.linkFlap("leaf1:eth1", "2ms", 20).at("1ms"))
                .named("all-reduce over a link that flaps throughout")
                .build());
    CollectiveRow row = flapping.collectives().get(0).rows().get(0);
    double slower =
        Math.min(
            row.outOfPlace().busBandwidth().bytesPerSecond(),
            row.inPlace().busBandwidth().bytesPerSecond());

    OperationalTimeline projected = OperationalTimeline.of(flapping, Scenarios.REFERENCE);

    assertThat(flapping.elapsed().picos()).isLessThan(SimTime.millis(40).picos());
    assertThat(projected.phases())
        .extracting(TimelinePhase::name)
        .containsExactly("before fault", "fault");
    ProjectedSeries series = projected.series(Metric.COLLECTIVE_BUSBW).get(0);
    for (int scrape = 0; scrape < series.size(); scrape++) {
      // boxed, so that NaN (no sample) equals NaN
      Double expected = scrape < 20 ? Double.NaN : slower;
      assertThat(Double.valueOf(series.value(scrape)))
          .as("busbw at scrape %d", scrape)
          .isEqualTo(expected);
    }
  }

  @Test
  void scrapesWithoutASampleAreLeftOutOfTheExport() {
    String text = OpenMetrics.write(timeline, MetricNaming.rocelab());

    List<String> samples =
        text.lines()
            .filter(l -> l.startsWith("rocelab_collective_busbw_bytes_per_second{"))
            .toList();
    assertThat(samples).hasSize(41);
    assertThat(samples.get(0)).endsWith(" 1767225900.000");
    assertThat(text).doesNotContain("NaN");
  }

  @Test
  void aCounterMustHaveASampleAtEveryScrape() {
    assertThatThrownBy(
            () ->
                new ProjectedSeries(
                    Metric.DROPS,
                    Map.of(MetricLabel.DEVICE, "leaf1"),
                    new double[] {0, Double.NaN, 2}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "DROPS {DEVICE=leaf1}: a counter must have a sample at every scrape but has none at scrape 1");
  }
}
