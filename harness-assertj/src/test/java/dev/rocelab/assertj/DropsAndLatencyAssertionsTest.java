package dev.rocelab.assertj;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import org.junit.jupiter.api.Test;

class DropsAndLatencyAssertionsTest {

  static final String RUN =
      "  run:        incast 4:1 · 1MiB · dscp 26, seed 1, fabric tiny, backend scripted";

  private final RunResult dropped =
      Runs.run()
          // full 4 KiB frames (4158 B) on priority 3, 1 KiB ones (1086 B) on priority 0
          .port(
              "leaf1:eth1",
              3,
              p ->
                  p.drops(DropReason.LOSSLESS_HEADROOM_EXCEEDED, 120, 498_960)
                      .drops(DropReason.LINK_DOWN, 8, 33_264))
          .port("leaf1:eth2", 0, p -> p.drops(DropReason.BUFFER_OVERFLOW, 50, 54_300))
          .drop("500ns", "leaf1:eth2", 0, DropReason.BUFFER_OVERFLOW, "f9", false)
          .drop("1us", "leaf1:eth1", 3, DropReason.LINK_DOWN, "f2", true)
          .drop("1.5us", "leaf1:eth1", 3, DropReason.LOSSLESS_HEADROOM_EXCEEDED, "f3", true)
          .build();

  static String lines(String... lines) {
    return String.join("\n", lines);
  }

  @Test
  void losslessFailureNamesTheFirstDropOnALosslessPriority() {
    assertThatThrownBy(() -> assertThat(dropped).isLossless())
        .hasMessage(
            lines(
                "lossless traffic",
                RUN,
                "  where:      lossless priority 3",
                "  expected:   no drops",
                "  actual:     128 dropped packets (priority 3: LOSSLESS_HEADROOM_EXCEEDED 120, LINK_DOWN 8)",
                "  lost bytes: 519.8KiB",
                "  first drop: switch leaf1, port eth1, priority 3, at 1us simulated time, reason LINK_DOWN, flow f2"));
  }

  @Test
  void aPriorityTheBackendRecordedAsLosslessCountsAsLosslessBeyondTheFabricsOwn() {
    // priority 4 is not lossless in the tiny fabric's QoS, but the backend says the drop was on a
    // lossless class
    RunResult run =
        Runs.run()
            .port("leaf1:eth1", 4, p -> p.drops(DropReason.LINK_DOWN, 2, 8_316))
            .drop("2us", "leaf1:eth1", 4, DropReason.LINK_DOWN, "f5", true)
            .build();

    assertThatThrownBy(() -> assertThat(run).isLossless())
        .hasMessageContaining("  actual:     2 dropped packets (priority 4: LINK_DOWN 2)")
        .hasMessageContaining(
            "  first drop: switch leaf1, port eth1, priority 4, at 2us simulated time, reason"
                + " LINK_DOWN, flow f5");
  }

  @Test
  void losslessExceptIgnoresTheAllowedReasons() {
    assertThatThrownBy(() -> assertThat(dropped).isLosslessExcept(DropReason.LINK_DOWN))
        .hasMessage(
            lines(
                "lossless traffic",
                RUN,
                "  where:      lossless priority 3, not counting [LINK_DOWN]",
                "  expected:   no drops",
                "  actual:     120 dropped packets (priority 3: LOSSLESS_HEADROOM_EXCEEDED 120)",
                "  lost bytes: 487.3KiB",
                "  first drop: switch leaf1, port eth1, priority 3, at 1.5us simulated time, reason"
                    + " LOSSLESS_HEADROOM_EXCEEDED, flow f3"));
    assertThatCode(
            () ->
                assertThat(dropped)
                    .isLosslessExcept(DropReason.LINK_DOWN, DropReason.LOSSLESS_HEADROOM_EXCEEDED))
        .doesNotThrowAnyException();
  }

  @Test
  void losslessOnChecksTheNamedPriorities() {
    assertThatThrownBy(() -> assertThat(dropped).isLosslessOn(0))
        .hasMessage(
            lines(
                "lossless traffic",
                RUN,
                "  where:      lossless priority 0",
                "  expected:   no drops",
                "  actual:     50 dropped packets (priority 0: BUFFER_OVERFLOW 50)",
                "  lost bytes: 53.03KiB",
                "  first drop: switch leaf1, port eth2, priority 0, at 500ns simulated time, reason BUFFER_OVERFLOW, flow f9"));
    assertThatCode(() -> assertThat(dropped).isLosslessOn(6, 7)).doesNotThrowAnyException();
  }

  @Test
  void noDropsCountsEveryPriorityAndPort() {
    assertThatThrownBy(() -> assertThat(dropped).hasNoDrops())
        .hasMessage(
            lines(
                "drops",
                RUN,
                "  where:      all ports and priorities",
                "  expected:   no drops",
                "  actual:     178 dropped packets (priority 0: BUFFER_OVERFLOW 50; priority 3: LOSSLESS_HEADROOM_EXCEEDED 120,"
                    + " LINK_DOWN 8)",
                "  lost bytes: 572.8KiB",
                "  first drop: switch leaf1, port eth2, priority 0, at 500ns simulated time, reason BUFFER_OVERFLOW, flow f9"));
    assertThatThrownBy(() -> assertThat(dropped).port("leaf1:eth2").hasNoDrops())
        .hasMessage(
            lines(
                "drops",
                RUN,
                "  where:      leaf1:eth2",
                "  expected:   no drops",
                "  actual:     50 dropped packets (priority 0: BUFFER_OVERFLOW 50)",
                "  lost bytes: 53.03KiB",
                "  first drop: switch leaf1, port eth2, priority 0, at 500ns simulated time, reason BUFFER_OVERFLOW, flow f9"));
    assertThatCode(() -> assertThat(dropped).port("leaf1:eth1").priority(0).hasNoDrops())
        .doesNotThrowAnyException();
  }

  @Test
  void aDropWithoutRecordOrBytesSaysSo() {
    RunResult unrecorded =
        Runs.run()
            .port("leaf2:eth1", 3, p -> p.drops(DropReason.CRC_ERROR, 2).droppedBytesNotMeasured())
            .build();

    assertThatThrownBy(() -> assertThat(unrecorded).hasNoDrops())
        .hasMessage(
            lines(
                "drops",
                RUN,
                "  where:      all ports and priorities",
                "  expected:   no drops",
                "  actual:     2 dropped packets (priority 3: CRC_ERROR 2)",
                "  lost bytes: not measured by the backend",
                "  first drop: not recorded by the backend"));
  }

  @Test
  void losslessRunsPass() {
    RunResult clean = Runs.run().port("leaf1:eth1", 3, p -> p.tx(1000, 1)).build();

    assertThatCode(
            () ->
                assertThat(clean)
                    .isLossless()
                    .hasNoDrops()
                    .isLosslessOn(3)
                    .hasNoDeadlock()
                    .hasStopReason(StopReason.COMPLETED))
        .doesNotThrowAnyException();
  }

  @Test
  void latencyPercentilesAreLabelledWithTheirPriority() {
    RunResult run =
        Runs.run().latency(3, 120000, "4us", "9us", "112.5us", "150us", "201us").build();

    assertThatThrownBy(() -> assertThat(run).latency(3).p99().isLessThan("80us"))
        .hasMessage(
            lines(
                "p99 latency",
                RUN,
                "  where:      priority 3, 120000 packets",
                "  expected:   less than 80us",
                "  actual:     112.5us"));
    assertThatThrownBy(() -> assertThat(run).latency(3).p50().isAtLeast("5us"))
        .hasMessage(
            lines(
                "p50 latency",
                RUN,
                "  where:      priority 3, 120000 packets",
                "  expected:   at least 5us",
                "  actual:     4us"));
    assertThatThrownBy(() -> assertThat(run).latency().p999().isAtMost("100us"))
        .hasMessage(
            lines(
                "p99.9 latency",
                RUN,
                "  where:      priority 3, 120000 packets",
                "  expected:   at most 100us",
                "  actual:     150us"));
    assertThatThrownBy(() -> assertThat(run).latency(3).max().isBetween("1us", "200us"))
        .hasMessage(
            lines(
                "max latency",
                RUN,
                "  where:      priority 3, 120000 packets",
                "  expected:   between 1us and 200us",
                "  actual:     201us"));
    assertThatThrownBy(() -> assertThat(run).latency(3).p90().isGreaterThan("9us"))
        .hasMessage(
            lines(
                "p90 latency",
                RUN,
                "  where:      priority 3, 120000 packets",
                "  expected:   more than 9us",
                "  actual:     9us"));
    assertThatThrownBy(() -> assertThat(run).latency(3).mean().isLessThan("4us"))
        .hasMessage(
            lines(
                "mean latency",
                RUN,
                "  where:      priority 3, 120000 packets",
                "  expected:   less than 4us",
                "  actual:     4us"));
    assertThatCode(
            () -> assertThat(run).latency(3).p99().isLessThan("120us").isGreaterThan("100us"))
        .doesNotThrowAnyException();
  }

  @Test
  void latencyOfAPriorityWithoutMeasurementsFails() {
    RunResult run =
        Runs.run()
            .latency(3, 1, "1us", "1us", "1us", "1us", "1us")
            .latency(6, 1, "1us", "1us", "1us", "1us", "1us")
            .build();

    assertThatThrownBy(() -> assertThat(run).latency(5))
        .hasMessage(
            lines(
                "latency of priority 5",
                RUN,
                "  expected:   measured latency",
                "  actual:     no latency measured for priority 5; measured: [3, 6]"));
    assertThatThrownBy(() -> assertThat(run).latency())
        .hasMessage(
            lines(
                "latency",
                RUN,
                "  expected:   latency measured on exactly one priority",
                "  actual:     measured on [3, 6]; use latency(priority)"));
  }

  @Test
  void asReplacesTheLabel() {
    RunResult run =
        Runs.run().latency(3, 120000, "4us", "9us", "112.5us", "150us", "201us").build();

    assertThatThrownBy(
            () -> assertThat(run).latency(3).p99().as("tail latency of RDMA").isLessThan("80us"))
        .hasMessage(
            lines(
                "tail latency of RDMA",
                RUN,
                "  where:      priority 3, 120000 packets",
                "  expected:   less than 80us",
                "  actual:     112.5us"));
  }

  @Test
  void deadlocksAndStopReasonsAreNamed() {
    RunResult run =
        Runs.run()
            .stop(StopReason.DURATION_REACHED)
            .event(
                "800us",
                FabricEvent.Kind.DEADLOCK,
                "leaf1:eth5/3",
                "cycle leaf1 → spine1 → leaf2 → spine2 → leaf1")
            .build();

    assertThatThrownBy(() -> assertThat(run).hasNoDeadlock())
        .hasMessage(
            lines(
                "PFC deadlock",
                RUN,
                "  unfinished: traffic still in flight at 1ms (duration reached)",
                "  where:      leaf1:eth5/3",
                "  expected:   none",
                "  actual:     detected at 800us: cycle leaf1 → spine1 → leaf2 → spine2 → leaf1"));
    assertThatThrownBy(() -> assertThat(run).hasStopReason(StopReason.COMPLETED))
        .hasMessage(
            lines(
                "stop reason",
                RUN,
                "  unfinished: traffic still in flight at 1ms (duration reached)",
                "  expected:   COMPLETED",
                "  actual:     DURATION_REACHED at 1ms"));
  }
}
