package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
