package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.result.CollectiveTiming;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class NcclTestsOutputTest {

  @Test
  void readsEveryRowAndTheAverageBusBandwidth() {
    NcclTestsOutput.Report report = NcclTestsOutput.parse(Outputs.read("all_reduce_perf.txt"));

    assertThat(report.rows()).hasSize(8);
    NcclTestsOutput.Row largest = report.rows().get(7);
    assertThat(largest)
        .isEqualTo(
            new NcclTestsOutput.Row(
                1_073_741_824L,
                268_435_456L,
                "float",
                "sum",
                -1,
                new NcclTestsOutput.Measurement(34812.6, 30.84, 46.27, 0),
                new NcclTestsOutput.Measurement(34809.9, 30.85, 46.27, 0)));
    assertThat(report.averageBusBandwidth()).hasValue(43.8481);
    assertThat(report.outOfBounds()).isZero();
  }

  @Test
  void busBandwidthOfTheCapturedAllReduceFollowsTheNcclTestsFactorForFourRanks() {
    // nccl-tests PERFORMANCE.md: all-reduce busbw = algbw × 2(n−1)/n, here n = 4
    for (NcclTestsOutput.Row row :
        NcclTestsOutput.parse(Outputs.read("all_reduce_perf.txt")).rows()) {
      assertThat(row.outOfPlace().busBandwidth())
          .isCloseTo(
              row.outOfPlace().algorithmBandwidth() * 1.5,
              org.assertj.core.data.Offset.offset(0.01));
    }
  }

  @Test
  void uncheckedRowsOfAllToAllHaveNoWrongCount() {
    NcclTestsOutput.Report report =
        NcclTestsOutput.parse(Outputs.read("alltoall_perf-no-check.txt"));

    assertThat(report.rows()).extracting(NcclTestsOutput.Row::redop).containsOnly("none");
    assertThat(report.rows()).extracting(r -> r.inPlace().wrong()).containsOnly(-1L);
    assertThat(report.averageBusBandwidth()).hasValue(9.05667);
  }

  @Test
  void aNcclFailureHalfWayKeepsTheRowsBeforeItAndNamesTheFailure() {
    NcclTestsOutput.Report report =
        NcclTestsOutput.parse(Outputs.read("all_reduce_perf-nccl-failure.txt"));

    assertThat(report.rows())
        .extracting(NcclTestsOutput.Row::bytes)
        .containsExactly(8_388_608L, 16_777_216L);
    assertThat(report.failure())
        .hasValue(
            "Test NCCL failure common.cu:1005 'remote process exited or"
                + " there was a network error / '");
    assertThat(report.averageBusBandwidth()).isEmpty();
  }

  @Test
  void mpirunThatFindsNoNcclTestsBinaryIsAFailureWithoutRows() {
    // captured from Open MPI 4.1 (Debian bookworm) on hosts without nccl-tests; its last line
    // "2 total processes failed to start" begins with a digit but is no row
    NcclTestsOutput.Report report =
        NcclTestsOutput.parse(Outputs.read("all_reduce_perf-mpirun-no-executable.txt"));

    assertThat(report.rows()).isEmpty();
    assertThat(report.failure())
        .hasValue("mpirun was unable to find the specified executable file, and therefore");
  }

  @Test
  void theRowBeingPrintedWhenARankDiedIsNotKept() {
    String output =
        Outputs.read("all_reduce_perf-nccl-failure.txt")
            .replace(
                "gpu-02: Test NCCL failure",
                "    33554432       8388608     float     sum      -1    1130.\ngpu-02: Test NCCL failure");

    assertThat(NcclTestsOutput.parse(output).rows()).hasSize(2);
  }

  @Test
  void aRunThatPrintedOnlyItsHeaderHasNoRow() {
    assertThatThrownBy(() -> NcclTestsOutput.parse(Outputs.read("all_reduce_perf-header-only.txt")))
        .hasMessage(
            "nccl-tests printed no result row; it ended with: #  Rank  0 Group  0 Pid  21344 on    gpu-01"
                + " device  0 [0x18] NVIDIA H100 80GB HBM3");
  }

  @Test
  void aGarbledRowIsNamed() {
    assertThatThrownBy(
            () -> NcclTestsOutput.parse("     8388608       2097152     float     sum\n"))
        .hasMessage(
            "nccl-tests row has 4 values, expected 13: 8388608       2097152     float     sum");
  }

  @Test
  void rowsBecomeTheCollectiveResultWithNcclTestsOwnFigures() {
    Workload.Collective allReduce =
        Scenario.collective(Workload.CollectiveOperation.ALL_REDUCE)
            .sizes("8MiB", "1GiB", 2)
            .workload();

    CollectiveResult result =
        NcclTestsOutput.parse(Outputs.read("all_reduce_perf.txt")).result(allReduce, 4);

    assertThat(result.ranks()).isEqualTo(4);
    assertThat(result.rows()).hasSize(8);
    // 34812.6 us, 30.84 GB/s, 46.27 GB/s, #wrong 0: as printed, not recomputed from the time
    assertThat(result.largest())
        .isEqualTo(
            new CollectiveRow(
                DataSize.gib(1),
                268_435_456L,
                new CollectiveTiming(
                    SimTime.picos(34_812_600_000L),
                    Rate.bps(246_720_000_000L),
                    Rate.bps(370_160_000_000L),
                    OptionalLong.of(0)),
                new CollectiveTiming(
                    SimTime.picos(34_809_900_000L),
                    Rate.bps(246_800_000_000L),
                    Rate.bps(370_160_000_000L),
                    OptionalLong.of(0))));
    assertThat(result.largest().outOfPlace().busGigabytesPerSecond()).isEqualTo(46.27);
  }

  @Test
  void uncheckedValuesAreNoWrongCountInTheResult() {
    Workload.Collective allToAll =
        Scenario.collective(Workload.CollectiveOperation.ALL_TO_ALL)
            .sizes("1MiB", "4MiB", 2)
            .workload();

    CollectiveResult result =
        NcclTestsOutput.parse(Outputs.read("alltoall_perf-no-check.txt")).result(allToAll, 4);

    assertThat(result.rows())
        .extracting(r -> r.outOfPlace().wrong(), r -> r.inPlace().wrong())
        .containsOnly(
            org.assertj.core.groups.Tuple.tuple(OptionalLong.empty(), OptionalLong.empty()));
    assertThat(result.rows().get(0).outOfPlace().algGigabytesPerSecond()).isEqualTo(10.66);
  }

  @Test
  void rowsOfAnotherDataTypeThanLaunchedAreNotTakenAsTheResult() {
    Workload.Collective halfPrecision =
        Scenario.collective(Workload.CollectiveOperation.ALL_REDUCE)
            .sizes("8MiB", "1GiB", 2)
            .dataType(dev.rocelab.api.scenario.DataType.HALF)
            .workload();
    NcclTestsOutput.Report report = NcclTestsOutput.parse(Outputs.read("all_reduce_perf.txt"));

    assertThatThrownBy(() -> report.result(halfPrecision, 4))
        .isInstanceOf(UnparsableOutputException.class)
        .hasMessage("nccl-tests printed a row of float/sum for a run of half/sum (size 8388608)");
  }
}
