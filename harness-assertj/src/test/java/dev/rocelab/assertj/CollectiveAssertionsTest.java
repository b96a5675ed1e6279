package dev.rocelab.assertj;

import static dev.rocelab.assertj.DropsAndLatencyAssertionsTest.RUN;
import static dev.rocelab.assertj.DropsAndLatencyAssertionsTest.lines;
import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.result.CollectiveTiming;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.DataType;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Bus and algorithm bandwidth of a collective, absolute and against what a host can inject. */
class CollectiveAssertionsTest {

  private static final CollectiveOperation OP = CollectiveOperation.ALL_REDUCE;

  private final RunResult run =
      Runs.run()
          .collective(
              new CollectiveResult(
                  OP,
                  DataType.FLOAT,
                  4,
                  0,
                  Algorithm.RING,
                  Protocol.SIMPLE,
                  List.of(row("1MiB", "100us"), row("1GiB", "20ms"))))
          .build();

  @Test
  void busBandwidthAtTheLargestSize() {
    assertThatThrownBy(() -> assertThat(run).collective().busBandwidth().isAtLeast("700Gbps"))
        .hasMessage(
            lines(
                "bus bandwidth",
                RUN,
                "  where:      all_reduce · 4 ranks · ring · SIMPLE · 1GiB",
                "  expected:   at least 700Gbps",
                "  actual:     644.2Gbps"));
    assertThatCode(
            () ->
                assertThat(run)
                    .collective()
                    .busBandwidth()
                    .isAtLeast("640Gbps")
                    .isAtMost("650Gbps"))
        .doesNotThrowAnyException();
    assertThatCode(
            () -> assertThat(run).collective().algBandwidth().isBetween("429Gbps", "430Gbps"))
        .doesNotThrowAnyException();
  }

  @Test
  void busBandwidthAgainstTheNicsOfAHost() {
    assertThatThrownBy(
            () -> assertThat(run).collective().busBandwidth().fractionOfLineRate().isAtLeast(0.9))
        .hasMessage(
            lines(
                "bus bandwidth as a fraction of line rate",
                RUN,
                "  where:      all_reduce · 4 ranks · ring · SIMPLE · 1GiB",
                "  expected:   at least 0.9",
                "  actual:     0.8053 (644.2Gbps of 800Gbps)"));
  }

  @Test
  void aChosenSizeAndTheAverage() {
    assertThatThrownBy(() -> assertThat(run).collective().atSize("1MiB").time().isAtMost("50us"))
        .hasMessage(
            lines(
                "collective time",
                RUN,
                "  where:      all_reduce · 4 ranks · ring · SIMPLE · 1MiB",
                "  expected:   at most 50us",
                "  actual:     100us"));
    assertThatThrownBy(() -> assertThat(run).collective().atSize("2MiB"))
        .hasMessage(
            lines(
                "collective size",
                RUN,
                "  where:      all_reduce · 4 ranks · ring · SIMPLE",
                "  expected:   a row of 2MiB",
                "  actual:     sizes 1MiB, 1GiB"));
    assertThatCode(
            () ->
                assertThat(run).collective().averageBusBandwidth().isBetween("380Gbps", "390Gbps"))
        .doesNotThrowAnyException();
  }

  @Test
  void aRunWithoutACollectiveSaysSo() {
    assertThatThrownBy(
            () -> assertThat(Runs.run().build()).collective().busBandwidth().isAtLeast("1Gbps"))
        .hasMessage(
            lines(
                "collective",
                RUN,
                "  expected:   exactly one collective result",
                "  actual:     0 (run stopped: COMPLETED)"));
  }

  @Test
  void whichAlgorithmAndProtocolASizeRanWith() {
    CollectiveRow small = row("1MiB", "100us");
    CollectiveRow large = row("1GiB", "20ms");
    RunResult tuned =
        Runs.run()
            .collective(
                new CollectiveResult(
                    OP,
                    DataType.FLOAT,
                    4,
                    0,
                    Algorithm.AUTO,
                    Protocol.AUTO,
                    List.of(
                        new CollectiveRow(
                            small.size(),
                            small.count(),
                            small.outOfPlace(),
                            small.inPlace(),
                            Algorithm.TREE,
                            Protocol.LL128),
                        new CollectiveRow(
                            large.size(),
                            large.count(),
                            large.outOfPlace(),
                            large.inPlace(),
                            Algorithm.RING,
                            Protocol.SIMPLE))))
            .build();

    assertThatCode(
            () -> {
              assertThat(tuned).collective().ranWith(Algorithm.RING, Protocol.SIMPLE);
              assertThat(tuned).collective().atSize("1MiB").ranWith(Algorithm.TREE);
            })
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> assertThat(tuned).collective().atSize("1MiB").ranWith(Algorithm.RING))
        .hasMessage(
            lines(
                "algorithm and protocol",
                RUN,
                "  where:      all_reduce · 4 ranks · auto · 1MiB",
                "  expected:   ring",
                "  actual:     tree/LL128"));
    assertThatThrownBy(() -> assertThat(run).collective().ranWith(Algorithm.TREE))
        .hasMessageContaining(
            "  actual:     not reported (the backend does not say what NCCL chose)");
  }

  private static CollectiveRow row(String size, String time) {
    DataSize bytes = DataSize.parse(size);
    CollectiveTiming timing =
        CollectiveTiming.measured(OP, 4, bytes, SimTime.parse(time), OptionalLong.empty());
    return new CollectiveRow(bytes, bytes.bytes() / 4, timing, timing);
  }
}
