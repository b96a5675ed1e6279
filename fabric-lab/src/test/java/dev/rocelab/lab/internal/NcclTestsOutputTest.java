package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NcclTestsOutputTest {

  @Test
  void readsEveryRowAndTheAverageBusBandwidth() {
    NcclTestsOutput.Report report = NcclTestsOutput.parse(Outputs.read("all_reduce_perf.txt"));

    assertThat(report.rows()).hasSize(8);
    NcclTestsOutput.Row largest = report.rows().get(7);
    assertThat(largest).isEqualTo(new NcclTestsOutput.Row(1_073_741_824L, 268_435_456L, "float", "sum", -1,
        new NcclTestsOutput.Measurement(34812.6, 30.84, 46.27, 0),
        new NcclTestsOutput.Measurement(34809.9, 30.85, 46.27, 0)));
    assertThat(report.averageBusBandwidth()).hasValue(43.8481);
    assertThat(report.outOfBounds()).isZero();
  }

  @Test
  void busBandwidthOfTheCapturedAllReduceFollowsTheNcclTestsFactorForFourRanks() {
    // nccl-tests PERFORMANCE.md: all-reduce busbw = algbw × 2(n−1)/n, here n = 4
    for (NcclTestsOutput.Row row : NcclTestsOutput.parse(Outputs.read("all_reduce_perf.txt")).rows()) {
      assertThat(row.outOfPlace().busBandwidth())
          .isCloseTo(row.outOfPlace().algorithmBandwidth() * 1.5, org.assertj.core.data.Offset.offset(0.01));
    }
  }

  @Test
  void uncheckedRowsOfAllToAllHaveNoWrongCount() {
    NcclTestsOutput.Report report = NcclTestsOutput.parse(Outputs.read("alltoall_perf-no-check.txt"));

    assertThat(report.rows()).extracting(NcclTestsOutput.Row::redop).containsOnly("none");
    assertThat(report.rows()).extracting(r -> r.inPlace().wrong()).containsOnly(-1L);
    assertThat(report.averageBusBandwidth()).hasValue(9.05667);
  }

  @Test
  void aNcclFailureHalfWayIsReportedWithTheRowsBeforeIt() {
    assertThatThrownBy(() -> NcclTestsOutput.parse(Outputs.read("all_reduce_perf-nccl-failure.txt")))
        .isInstanceOf(UnparsableOutputException.class)
        .hasMessage("nccl-tests failed after 2 rows: Test NCCL failure common.cu:1005 'remote process exited or"
            + " there was a network error / '");
  }

  @Test
  void aRunThatPrintedOnlyItsHeaderHasNoRow() {
    assertThatThrownBy(() -> NcclTestsOutput.parse(Outputs.read("all_reduce_perf-header-only.txt")))
        .hasMessage("nccl-tests printed no result row; it ended with: #  Rank  0 Group  0 Pid  21344 on    gpu-01"
            + " device  0 [0x18] NVIDIA H100 80GB HBM3");
  }

  @Test
  void aGarbledRowIsNamed() {
    assertThatThrownBy(() -> NcclTestsOutput.parse("     8388608       2097152     float     sum\n"))
        .hasMessage("nccl-tests row has 4 values, expected 13: 8388608       2097152     float     sum");
  }
}
