package dev.rocelab.assertj;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.analysis.Agreement;
import dev.rocelab.api.analysis.Agreement.Metric;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.result.CollectiveTiming;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.DataType;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.OptionalLong;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** A lab run against a model run of the same scenario, metric by metric. */
class AgreementAssertionsTest {

  @Test
  void identicalRunsAgreeOnEveryMetricTheyMeasured() {
    Agreement agreement = Agreement.of(lab(400, 20, "400us"), model(400, 20, "400us"));

    Assertions.assertThat(agreement.agrees()).isTrue();
    Assertions.assertThat(agreement.compared())
        .extracting(Agreement.Row::metric)
        .containsExactly(
            Metric.BUSBW,
            Metric.COMPLETION_TIME,
            Metric.COMPLETION_TIME,
            Metric.LATENCY,
            Metric.PAUSES,
            Metric.PAUSED_TIME,
            Metric.ECN_MARKS,
            Metric.CNPS,
            Metric.PEAK_QUEUE);
    Assertions.assertThat(agreement.compared())
        .allSatisfy(r -> Assertions.assertThat(r.difference()).isZero());
    assertThatCode(() -> assertThat(lab(400, 20, "400us")).agreesWith(model(400, 20, "400us")))
        .doesNotThrowAnyException();
  }

  @Test
  void valuesAreApartByTheirSymmetricRelativeDifference() {
    // 362 vs 400 GB/s: 38 / 400 = 9.5 %, within busbw's 10 %; 350: 12.5 %, apart
    Agreement.Row within = busbw(Agreement.of(lab(362, 20, "400us"), model(400, 20, "400us")));
    Agreement.Row apart = busbw(Agreement.of(lab(350, 20, "400us"), model(400, 20, "400us")));
    Agreement.Row swapped = busbw(Agreement.of(model(400, 20, "400us"), lab(350, 20, "400us")));

    Assertions.assertThat(within.difference()).isCloseTo(0.095, within(1e-9));
    Assertions.assertThat(within.agrees()).isTrue();
    Assertions.assertThat(apart.difference()).isCloseTo(0.125, within(1e-9));
    Assertions.assertThat(apart.agrees()).isFalse();
    Assertions.assertThat(swapped.difference()).as("symmetric").isEqualTo(apart.difference());
  }

  @Test
  void aCountThatIsZeroOnOneSideIsWhollyApart() {
    Agreement agreement = Agreement.of(lab(400, 0, "400us"), model(400, 20, "400us"));

    Assertions.assertThat(agreement.disagreements())
        .extracting(Agreement.Row::metric, Agreement.Row::difference)
        .containsExactly(Assertions.tuple(Metric.PAUSES, 1.0));
  }

  @Test
  void aPercentileOnAFlowThatDidNotCompleteIsWhollyApart() {
    RunResult stuck =
        run("lab", 400, 20, "400us").flow("f2", "a:nic0", "b:nic0", "1MiB", "0B", null).build();
    RunResult done =
        run("model", 400, 20, "400us")
            .flow("f2", "a:nic0", "b:nic0", "1MiB", "1MiB", "500us")
            .build();

    Agreement.Row p99 =
        Agreement.of(stuck, done).rows().stream()
            .filter(r -> r.subject().equals("p99"))
            .findFirst()
            .orElseThrow();
    Assertions.assertThat(p99.actual()).hasValue(Double.POSITIVE_INFINITY);
    Assertions.assertThat(p99.difference()).isEqualTo(1.0);
    Assertions.assertThat(Agreement.of(stuck, done).table()).contains("not completed");
  }

  @Test
  void whatOneRunDidNotMeasureIsListedNotCompared() {
    RunResult withoutTelemetry =
        Runs.run().backend("lab").collective(allReduce(400)).build(); // no ports, flows, latency
    Agreement agreement = Agreement.of(withoutTelemetry, model(400, 20, "400us"));

    Assertions.assertThat(agreement.compared())
        .extracting(Agreement.Row::metric)
        .containsExactly(Metric.BUSBW);
    Assertions.assertThat(agreement.agrees()).isTrue();
    Assertions.assertThat(agreement.table()).contains("not measured on lab").startsWith("metric");
  }

  @Test
  void aFailureShowsTheWholeComparison() {
    assertThatThrownBy(() -> assertThat(lab(300, 20, "400us")).agreesWith(model(400, 20, "400us")))
        .hasMessageStartingWith("agreement with model")
        .hasMessageContaining("  where:      lab vs model")
        .hasMessageContaining("  expected:   every metric within its tolerance")
        .hasMessageContaining(
            "  actual:     9 metrics compared, 1 apart: busbw all_reduce #0 at 1GiB")
        .hasMessageContaining("busbw (GB/s)")
        .hasMessageContaining("APART");
  }

  @Test
  void tolerancesArePerMetric() {
    Agreement.Tolerances loose = Agreement.Tolerances.defaults().with(Metric.BUSBW, 0.3);

    assertThatCode(
            () -> assertThat(lab(300, 20, "400us")).agreesWith(model(400, 20, "400us"), loose))
        .doesNotThrowAnyException();
    Assertions.assertThat(loose.of(Metric.PAUSES)).isEqualTo(0.5);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> loose.with(Metric.CNPS, 1.5))
        .withMessage("the tolerance of CNPS must be in [0, 1] but was 1.5");
  }

  @Test
  void runsOfDifferentScenariosOrWithNothingInCommonDoNotAgree() {
    RunResult other =
        run("model", 400, 20, "400us")
            .scenario(Scenario.incast().senders(8).message("1MiB").dscp(26).build())
            .build();
    assertThatThrownBy(() -> assertThat(lab(400, 20, "400us")).agreesWith(other))
        .hasMessageContaining("  expected:   runs of the same scenario");

    RunResult bare = Runs.run().backend("lab").build();
    assertThatThrownBy(() -> assertThat(bare).agreesWith(Runs.run().backend("model").build()))
        .hasMessageContaining("  actual:     none in common");
  }

  private static Agreement.Row busbw(Agreement agreement) {
    return agreement.rows().stream()
        .filter(r -> r.metric() == Metric.BUSBW)
        .findFirst()
        .orElseThrow();
  }

  private static RunResult lab(double busbw, long pauses, String fct) {
    return run("lab", busbw, pauses, fct).build();
  }

  private static RunResult model(double busbw, long pauses, String fct) {
    return run("model", busbw, pauses, fct).build();
  }

  private static Runs run(String backend, double busbw, long pauses, String fct) {
    return Runs.run()
        .backend(backend)
        .collective(allReduce(busbw))
        .flow("f1", "a:nic0", "b:nic0", "1MiB", "1MiB", fct)
        .latency(3, 1000, "5us", "8us", "10us", "12us", "15us")
        .port("a:nic0", 3, p -> p.pauses(pauses, 0, "30us").ecn(5).cnps(5).peaks("100KB", "0B"));
  }

  /** A 4-rank all-reduce of 1 GiB whose busbw is the given figure. */
  private static CollectiveResult allReduce(double busbwGBps) {
    DataSize size = DataSize.gib(1);
    // busbw = algbw × 2(n−1)/n = algbw × 1.5
    SimTime time = SimTime.picos(Math.round(size.bytes() * 1.5 / busbwGBps * 1000));
    CollectiveTiming timing =
        CollectiveTiming.measured(
            CollectiveOperation.ALL_REDUCE, 4, size, time, OptionalLong.empty());
    return new CollectiveResult(
        CollectiveOperation.ALL_REDUCE,
        DataType.FLOAT,
        4,
        0,
        Algorithm.RING,
        Protocol.SIMPLE,
        List.of(new CollectiveRow(size, size.bytes() / 4, timing, timing)));
  }
}
