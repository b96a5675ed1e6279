package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class Iperf3OutputTest {

  @Test
  void readsTotalsRetransmitsAndIntervals() {
    Iperf3Output.Report report = Iperf3Output.parse(Outputs.read("iperf3.json"));

    assertThat(report.bytesSent()).isEqualTo(305_397_760L);
    assertThat(report.bytesReceived()).isEqualTo(305_397_760L);
    assertThat(report.seconds()).isEqualTo(0.300412);
    assertThat(report.retransmits()).isEqualTo(15);
    assertThat(report.intervals())
        .extracting(Iperf3Output.Interval::bytes)
        .containsExactly(149_422_080L, 0L, 155_975_680L);
    assertThat(report.intervals().get(2).bitsPerSecond()).isEqualTo(12_475_182_532.7);
  }

  @Test
  void anErrorReportedByIperf3IsItsMessage() {
    assertThatThrownBy(() -> Iperf3Output.parse(Outputs.read("iperf3-refused.json")))
        .isInstanceOf(UnparsableOutputException.class)
        .hasMessage("iperf3 reported: unable to connect to server: Connection refused");
  }

  @Test
  void outputCutShortIsNotJson() {
    assertThatThrownBy(() -> Iperf3Output.parse(Outputs.read("iperf3-cut.json")))
        .isInstanceOf(UnparsableOutputException.class)
        .hasMessageStartingWith(
            "iperf3 output is not JSON (was -J given? was the run cut short?); it ended with: ");
  }

  @Test
  void textModeOutputIsNotJson() {
    assertThatThrownBy(() -> Iperf3Output.parse("Connecting to host 10.77.0.12, port 5201\n"))
        .hasMessage(
            "iperf3 output is not JSON (was -J given? was the run cut short?); it ended with: Connecting to"
                + " host 10.77.0.12, port 5201");
  }

  @Test
  void aReportWithoutTotalsDidNotFinish() {
    assertThatThrownBy(() -> Iperf3Output.parse("{\"start\": {}, \"intervals\": [], \"end\": {}}"))
        .hasMessage("iperf3 output has no end.sum_sent/end.sum_received (the test did not finish)");
  }

  @Test
  void aSliverOfAnIntervalDoesNotReadAsAHugeRate() {
    // 10 MiB in the first 100 ms; then iperf3's timer fired late and reported 1 MiB over half a
    // millisecond (16.8 Gb/s by its own bits_per_second), and the rest of the second bin idle
    Iperf3Output.Report report =
        new Iperf3Output.Report(
            11 << 20,
            11 << 20,
            0.2,
            0,
            List.of(
                new Iperf3Output.Interval(0, 0.1, 10 << 20, 838_860_800),
                new Iperf3Output.Interval(0.1, 0.1005, 1 << 20, 16_777_216_000.0),
                new Iperf3Output.Interval(0.1005, 0.2, 0, 0)));

    assertThat(report.bitsPerSecondEvery(0.1)).containsExactly(838_860_800L, 83_886_080L);
  }

  @Test
  void anIntervalAcrossTwoBinsIsSharedByOverlap() {
    // 1 MB over 50..150 ms: half in each 100 ms bin
    Iperf3Output.Report report =
        new Iperf3Output.Report(
            1_000_000,
            1_000_000,
            0.15,
            0,
            List.of(
                new Iperf3Output.Interval(0, 0.05, 0, 0),
                new Iperf3Output.Interval(0.05, 0.15, 1_000_000, 80_000_000)));

    assertThat(report.bitsPerSecondEvery(0.1)).containsExactly(40_000_000L, 40_000_000L);
  }
}
