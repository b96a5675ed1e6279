package dev.rocelab.api.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.Fabrics;
import dev.rocelab.api.scenario.DataType;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.SizeSweep;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class RunResultTest {

  private static final Scenario SCENARIO =
      Scenario.of(
          "incast",
          new Workload.Incast(
              2, Optional.empty(), DataSize.mib(1), OptionalInt.empty(), SimTime.ZERO));

  private static PortStats stats(
      String port, int priority, Map<DropReason, Long> drops, SimTime paused) {
    return bytes(port, priority, drops, Optional.of(Map.of()), paused);
  }

  private static PortStats bytes(
      String port,
      int priority,
      Map<DropReason, Long> drops,
      Optional<Map<DropReason, Long>> droppedBytes,
      SimTime paused) {
    return new PortStats(
        Endpoint.parse(port),
        priority,
        1000,
        900,
        10,
        9,
        2,
        3,
        paused,
        4,
        0,
        0,
        drops,
        droppedBytes,
        DataSize.kib(64),
        DataSize.ZERO);
  }

  @Test
  void sumsDropsPerPriorityAndInTotal() {
    RunResult result =
        new RunResult(
            SCENARIO,
            "model",
            Fabrics.minimal(),
            StopReason.COMPLETED,
            SimTime.millis(1),
            List.of(
                stats(
                    "leaf1:eth1",
                    3,
                    Map.of(DropReason.LOSSLESS_HEADROOM_EXCEEDED, 2L),
                    SimTime.ZERO),
                stats(
                    "leaf1:eth1",
                    0,
                    Map.of(DropReason.BUFFER_OVERFLOW, 5L, DropReason.LINK_DOWN, 1L),
                    SimTime.ZERO),
                stats("leaf2:eth1", 3, Map.of(), SimTime.ZERO)),
            List.of(),
            Map.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of());
    assertThat(result.drops(3)).isEqualTo(2);
    assertThat(result.drops(0)).isEqualTo(6);
    assertThat(result.totalDrops()).isEqualTo(8);
    assertThat(result.port("leaf1:eth1")).hasSize(2);
  }

  @Test
  void faultsAtOrAfterTheRunsEndWereNeverApplied() {
    Scenario scenario =
        Scenario.permutation()
            .with(Fault.linkDown("leaf1:eth1").at("100us"))
            .with(Fault.linkUp("leaf1:eth1").at("1ms"))
            .with(Fault.linkDown("leaf1:eth2").at("2ms"))
            .build();
    RunResult ended = ended(scenario, StopReason.COMPLETED, SimTime.millis(1));

    assertThat(ended.faultsNeverApplied())
        .containsExactly(
            "link up leaf1:eth1 at 1ms never applied: the run ended at 1ms",
            "link down leaf1:eth2 at 2ms never applied: the run ended at 1ms");
    assertThat(ended(scenario, StopReason.IN_PROGRESS, SimTime.millis(1)).faultsNeverApplied())
        .as("a run still going on may yet reach them")
        .isEmpty();
    assertThat(ended(scenario, StopReason.DURATION_REACHED, SimTime.millis(3)).faultsNeverApplied())
        .isEmpty();
  }

  private static RunResult ended(Scenario scenario, StopReason reason, SimTime elapsed) {
    return new RunResult(
        scenario,
        "model",
        Fabrics.minimal(),
        reason,
        elapsed,
        List.of(),
        List.of(),
        Map.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of());
  }

  @Test
  void portStatsKeepOnlyNonZeroDropsInReasonOrder() {
    PortStats stats =
        stats(
            "leaf1:eth1",
            3,
            Map.of(
                DropReason.LINK_DOWN, 1L, DropReason.BUFFER_OVERFLOW, 0L, DropReason.CRC_ERROR, 2L),
            SimTime.micros(250));
    assertThat(stats.drops())
        .containsExactly(Map.entry(DropReason.LINK_DOWN, 1L), Map.entry(DropReason.CRC_ERROR, 2L));
    assertThat(stats.pausedFraction(SimTime.millis(1))).isEqualTo(0.25);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> stats("leaf1:eth1", 3, Map.of(DropReason.LINK_DOWN, -1L), SimTime.ZERO))
        .withMessage("drops.LINK_DOWN must be >= 0 but was -1");
  }

  @Test
  void sumsDroppedBytesPerPriorityAndInTotal() {
    RunResult result =
        new RunResult(
            SCENARIO,
            "model",
            Fabrics.minimal(),
            StopReason.COMPLETED,
            SimTime.millis(1),
            List.of(
                bytes(
                    "leaf1:eth1",
                    3,
                    Map.of(DropReason.LINK_DOWN, 2L),
                    Optional.of(Map.of(DropReason.LINK_DOWN, 2172L)),
                    SimTime.ZERO),
                bytes(
                    "leaf1:eth1",
                    0,
                    Map.of(DropReason.BUFFER_OVERFLOW, 5L, DropReason.CRC_ERROR, 1L),
                    Optional.of(
                        Map.of(DropReason.BUFFER_OVERFLOW, 5430L, DropReason.CRC_ERROR, 64L)),
                    SimTime.ZERO),
                bytes(
                    "leaf2:eth1",
                    3,
                    Map.of(DropReason.LINK_DOWN, 1L),
                    Optional.of(Map.of(DropReason.LINK_DOWN, 1086L)),
                    SimTime.ZERO)),
            List.of(),
            Map.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of());

    assertThat(result.droppedBytes(3)).contains(DataSize.bytes(3258));
    assertThat(result.droppedBytes(0)).contains(DataSize.bytes(5494));
    assertThat(result.droppedBytes(5))
        .as("no port on priority 5 dropped anything")
        .contains(DataSize.ZERO);
    assertThat(result.totalDroppedBytes()).contains(DataSize.bytes(8752));
    assertThat(result.ports().get(1).totalDroppedBytes()).contains(DataSize.bytes(5494));
  }

  @Test
  void droppedBytesNotMeasuredOnOnePortAreUnknownInEverySumOverIt() {
    RunResult result =
        new RunResult(
            SCENARIO,
            "lab",
            Fabrics.minimal(),
            StopReason.COMPLETED,
            SimTime.millis(1),
            List.of(
                bytes(
                    "leaf1:eth1",
                    3,
                    Map.of(DropReason.BUFFER_OVERFLOW, 2L),
                    Optional.of(Map.of(DropReason.BUFFER_OVERFLOW, 2172L)),
                    SimTime.ZERO),
                bytes(
                    "host1:nic0",
                    0,
                    Map.of(DropReason.BUFFER_OVERFLOW, 4L),
                    Optional.empty(),
                    SimTime.ZERO)),
            List.of(),
            Map.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of());

    assertThat(result.ports().get(1).totalDroppedBytes()).as("host1:nic0/0").isEmpty();
    assertThat(result.droppedBytes(0)).isEmpty();
    assertThat(result.totalDroppedBytes()).isEmpty();
    assertThat(result.droppedBytes(3)).contains(DataSize.bytes(2172));
  }

  @Test
  void portStatsKeepOnlyNonZeroDroppedBytesInReasonOrder() {
    PortStats stats =
        bytes(
            "leaf1:eth1",
            3,
            Map.of(DropReason.LINK_DOWN, 1L, DropReason.CRC_ERROR, 2L),
            Optional.of(
                Map.of(
                    DropReason.CRC_ERROR,
                    128L,
                    DropReason.BUFFER_OVERFLOW,
                    0L,
                    DropReason.LINK_DOWN,
                    1086L)),
            SimTime.ZERO);
    assertThat(stats.droppedBytes())
        .hasValueSatisfying(
            bytes ->
                assertThat(bytes)
                    .containsExactly(
                        Map.entry(DropReason.LINK_DOWN, 1086L),
                        Map.entry(DropReason.CRC_ERROR, 128L)));
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                bytes(
                    "leaf1:eth1",
                    3,
                    Map.of(DropReason.CRC_ERROR, 1L),
                    Optional.of(Map.of(DropReason.CRC_ERROR, -64L)),
                    SimTime.ZERO))
        .withMessage("droppedBytes.CRC_ERROR must be >= 0 but was -64");
  }

  @Test
  void flowGoodputIsDeliveredBytesOverItsLifetime() {
    FlowResult done =
        new FlowResult(
            "f1",
            Endpoint.parse("host1:nic0"),
            Endpoint.parse("host2:nic0"),
            3,
            DataSize.mb(1),
            DataSize.mb(1),
            SimTime.micros(10),
            Optional.of(SimTime.micros(90)),
            0,
            Optional.empty());
    assertThat(done.completionTime()).contains(SimTime.micros(80));
    assertThat(done.goodput(SimTime.millis(1))).isEqualTo(Rate.gbps(100));
    FlowResult stuck =
        new FlowResult(
            "f2",
            Endpoint.parse("host1:nic0"),
            Endpoint.parse("host2:nic0"),
            3,
            DataSize.mb(1),
            DataSize.kb(500),
            SimTime.ZERO,
            Optional.empty(),
            7,
            Optional.empty());
    assertThat(stuck.completed()).isFalse();
    assertThat(stuck.goodput(SimTime.micros(80))).isEqualTo(Rate.gbps(50));
  }

  @Test
  void latencyPercentilesMustNotDecrease() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                new LatencySummary(
                    10,
                    SimTime.micros(1),
                    SimTime.micros(3),
                    SimTime.micros(2),
                    SimTime.micros(4),
                    SimTime.micros(5),
                    SimTime.micros(6),
                    SimTime.micros(3)))
        .withMessage("percentiles must not decrease but were [1us, 3us, 2us, 4us, 5us, 6us]");
  }

  @Test
  void timeSeriesCopiesItsSamplesAndTimesThem() {
    long[] samples = {1, 5, 3};
    TimeSeries series =
        new TimeSeries(
            "queue_depth", "leaf1:eth1/3", "bytes", SimTime.ZERO, SimTime.micros(10), samples);
    samples[0] = 99;
    assertThat(series.value(0)).isEqualTo(1);
    assertThat(series.max()).isEqualTo(5);
    assertThat(series.timeOf(2)).isEqualTo(SimTime.micros(20));
    assertThat(series)
        .isEqualTo(
            new TimeSeries(
                "queue_depth",
                "leaf1:eth1/3",
                "bytes",
                SimTime.ZERO,
                SimTime.micros(10),
                new long[] {1, 5, 3}));
  }

  @Test
  void aDownsampledSeriesKeepsEachBucketsExtremesAndSaysWhatItGathered() {
    long[] values = {4, 7};
    long[] min = {0, 2};
    long[] max = {9, 7};
    TimeSeries series =
        TimeSeries.downsampled(
            "queue_depth",
            "leaf1:eth1/3",
            "bytes",
            SimTime.micros(30),
            SimTime.micros(40),
            SimTime.micros(10),
            values,
            min,
            max);
    max[0] = 1;

    assertThat(series.isDownsampled()).isTrue();
    assertThat(series.sampleInterval()).isEqualTo(SimTime.micros(10));
    assertThat(series.value(0)).isEqualTo(4);
    assertThat(series.bucketMin(1)).isEqualTo(2);
    assertThat(series.bucketMax(0)).isEqualTo(9);
    assertThat(series.max()).as("the greatest sample, not the greatest bucket value").isEqualTo(9);
    assertThat(series.timeOf(1)).isEqualTo(SimTime.micros(70));
    assertThat(series)
        .hasToString(
            "queue_depth{leaf1:eth1/3} 2 samples every 40us from 30us (each of the samples"
                + " taken every 10us in it, min and max kept)")
        .isNotEqualTo(
            TimeSeries.downsampled(
                "queue_depth",
                "leaf1:eth1/3",
                "bytes",
                SimTime.micros(30),
                SimTime.micros(40),
                SimTime.micros(10),
                values,
                min,
                new long[] {9, 8}));
    TimeSeries plain =
        new TimeSeries("q", "s", "bytes", SimTime.ZERO, SimTime.micros(10), new long[] {3});
    assertThat(plain.isDownsampled()).isFalse();
    assertThat(plain.bucketMin(0)).isEqualTo(plain.bucketMax(0)).isEqualTo(3);
  }

  @Test
  void aDownsampledSeriesMustBeConsistent() {
    SimTime ten = SimTime.micros(10);
    long[] one = {1};
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                TimeSeries.downsampled(
                    "q", "s", "bytes", SimTime.ZERO, SimTime.micros(25), ten, one, one, one))
        .withMessage("interval 25us must be a whole number of sample intervals 10us");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                TimeSeries.downsampled(
                    "q",
                    "s",
                    "bytes",
                    SimTime.ZERO,
                    SimTime.micros(20),
                    ten,
                    one,
                    new long[] {1, 2},
                    one))
        .withMessage("values, min and max must have one entry per bucket but had 1, 2 and 1");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                TimeSeries.downsampled(
                    "q",
                    "s",
                    "bytes",
                    SimTime.ZERO,
                    SimTime.micros(20),
                    ten,
                    one,
                    new long[] {5},
                    new long[] {2}))
        .withMessage("bucket 0 has min 5 above max 2");
  }

  private static FlowResult flow(String id, boolean completed) {
    return new FlowResult(
        id,
        Endpoint.parse("host2:nic0"),
        Endpoint.parse("host1:nic0"),
        3,
        DataSize.mib(1),
        completed ? DataSize.mib(1) : DataSize.kib(64),
        SimTime.ZERO,
        completed ? Optional.of(SimTime.micros(90)) : Optional.empty(),
        0,
        Optional.empty());
  }

  private static RunResult stopped(
      Scenario scenario,
      StopReason reason,
      List<FlowResult> flows,
      List<CollectiveResult> collectives) {
    return new RunResult(
        scenario,
        "model",
        Fabrics.minimal(),
        reason,
        SimTime.millis(10),
        List.of(),
        flows,
        Map.of(),
        List.of(),
        List.of(),
        List.of(),
        collectives);
  }

  private static CollectiveResult measured(Workload.CollectiveOperation op, DataSize... sizes) {
    List<CollectiveRow> rows =
        Arrays.stream(sizes)
            .map(
                size ->
                    new CollectiveRow(
                        size,
                        size.bytes() / 4,
                        CollectiveTiming.measured(
                            op, 8, size, SimTime.micros(50), OptionalLong.empty()),
                        CollectiveTiming.measured(
                            op, 8, size, SimTime.micros(50), OptionalLong.empty())))
            .toList();
    return new CollectiveResult(
        op, DataType.FLOAT, 8, 0, Workload.Algorithm.RING, Workload.Protocol.SIMPLE, rows);
  }

  @Test
  void unfinishedWorkCountsTheFlowsThatCompletedWhenTheRunStoppedEarly() {
    List<FlowResult> flows = List.of(flow("a", true), flow("b", false), flow("c", false));

    assertThat(stopped(SCENARIO, StopReason.DURATION_REACHED, flows, List.of()).unfinishedWork())
        .contains("1 of 3 flows completed in 10ms (duration reached)");
    assertThat(stopped(SCENARIO, StopReason.WALL_CLOCK_LIMIT, flows, List.of()).unfinishedWork())
        .contains("1 of 3 flows completed in 10ms (wall clock limit)");
    assertThat(stopped(SCENARIO, StopReason.DEADLOCK, flows, List.of()).unfinishedWork())
        .contains("1 of 3 flows completed in 10ms (deadlock)");
    assertThat(
            stopped(SCENARIO, StopReason.COMPLETED, List.of(flow("a", true)), List.of())
                .unfinishedWork())
        .as("a completed run left nothing undone")
        .isEmpty();
    assertThat(stopped(SCENARIO, StopReason.IN_PROGRESS, flows, List.of()).unfinishedWork())
        .as("a snapshot of a run still going on has not stopped")
        .isEmpty();
    assertThat(
            stopped(SCENARIO, StopReason.DURATION_REACHED, List.of(), List.of()).unfinishedWork())
        .as("a backend that measured no flows still says the traffic did not finish")
        .contains("traffic still in flight at 10ms (duration reached)");
  }

  @Test
  void unfinishedWorkOfCollectivesCountsTheSizesMeasuredNotTheirConnections() {
    Workload.Collective sweep =
        new Workload.Collective(
            Workload.CollectiveOperation.ALL_REDUCE,
            new SizeSweep(DataSize.mib(1), DataSize.mib(64), 2),
            DataType.FLOAT,
            Workload.Algorithm.RING,
            Workload.Protocol.SIMPLE,
            8,
            0,
            0,
            1,
            false,
            Fidelity.PACKET,
            SimTime.ZERO);
    Scenario collective = Scenario.of("collective", sweep);
    Scenario withBackground =
        Scenario.of(
            "collective and incast",
            sweep,
            new Workload.MixedTraffic(
                new Workload.Incast(
                    2, Optional.empty(), DataSize.mib(1), OptionalInt.empty(), SimTime.ZERO),
                new Workload.Incast(
                    2, Optional.empty(), DataSize.mib(1), OptionalInt.of(0), SimTime.ZERO)));
    List<CollectiveResult> twoSizes =
        List.of(
            measured(Workload.CollectiveOperation.ALL_REDUCE, DataSize.mib(1), DataSize.mib(2)));
    List<FlowResult> connections =
        List.of(flow("collective#0 ch0", true), flow("collective#0 ch1", false));

    assertThat(
            stopped(collective, StopReason.DURATION_REACHED, connections, twoSizes)
                .unfinishedWork())
        .contains("2 of 7 collective sizes measured in 10ms (duration reached)");
    assertThat(
            stopped(collective, StopReason.DURATION_REACHED, List.of(), List.of()).unfinishedWork())
        .contains("0 of 7 collective sizes measured in 10ms (duration reached)");
    assertThat(
            stopped(withBackground, StopReason.DURATION_REACHED, connections, twoSizes)
                .unfinishedWork())
        .contains(
            "1 of 2 flows completed, 2 of 7 collective sizes measured in 10ms (duration reached)");
  }
}
