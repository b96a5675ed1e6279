package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PerftestOutputTest {

  @Test
  void readsTheBandwidthRowOfIbWriteBw() {
    PerftestOutput.Bandwidth bw = PerftestOutput.bandwidth(Outputs.read("ib_write_bw.txt"));

    assertThat(bw).isEqualTo(new PerftestOutput.Bandwidth(1_048_576, 5000, 391.84, 391.77));
  }

  @Test
  void readsTheLatencyRowOfIbWriteLatWhoseHeaderNamesAreOneSpaceApart() {
    PerftestOutput.Latency lat = PerftestOutput.latency(Outputs.read("ib_write_lat.txt"));

    assertThat(lat)
        .isEqualTo(new PerftestOutput.Latency(2, 1000, 1.61, 1.65, 4.82, 1.67, 1.98, 4.82));
  }

  @Test
  void takesTheLastRowOfAnIbSendLatSweep() {
    PerftestOutput.Latency lat = PerftestOutput.latency(Outputs.read("ib_send_lat.txt"));

    assertThat(lat.bytes()).isEqualTo(4096);
    assertThat(lat.typical()).isEqualTo(2.70);
    assertThat(lat.p999()).isEqualTo(7.31);
  }

  @Test
  void bandwidthInMegabytesIsRejectedWithTheOptionToUse() {
    assertThatThrownBy(() -> PerftestOutput.bandwidth(Outputs.read("ib_write_bw-mbytes.txt")))
        .isInstanceOf(UnparsableOutputException.class)
        .hasMessage("bandwidth is not in Gb/sec; run perftest with --report_gbits");
  }

  @Test
  void aConnectionErrorIsReportedWithTheToolsLastWords() {
    assertThatThrownBy(
            () -> PerftestOutput.bandwidth(Outputs.read("ib_write_bw-connect-error.txt")))
        .isInstanceOf(UnparsableOutputException.class)
        .hasMessage(
            "no perftest result table (a line with #bytes and BW average[); it ended with: Unable to open"
                + " file descriptor for socket connection Unable to init the socket connection");
  }

  @Test
  void aTableWithoutRowsMeansTheTestDidNotFinish() {
    assertThatThrownBy(() -> PerftestOutput.bandwidth(Outputs.read("ib_write_bw-partial.txt")))
        .isInstanceOf(UnparsableOutputException.class)
        .hasMessage("the perftest result table has no row (the test did not finish)");
  }

  @Test
  void emptyOutputSaysSo() {
    assertThatThrownBy(() -> PerftestOutput.latency(""))
        .hasMessage(
            "no perftest result table (a line with #bytes and t_typical[usec]); the output was empty");
  }
}
