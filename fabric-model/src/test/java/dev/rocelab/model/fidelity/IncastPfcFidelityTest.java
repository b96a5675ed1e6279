package dev.rocelab.model.fidelity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Fidelity case 1: a 16:1 incast at 100G with PFC and no congestion control loses nothing, keeps
 * the receiver's link busy, shares it fairly, and pauses each sender about 15/16 of the time.
 * Shares and pauses are measured in the steady state, between 1 ms and 3 ms, while every sender is
 * backlogged (the flows need ~5.3 ms): as the difference of a run cut at 3 ms and one cut at 1 ms,
 * which agree exactly on their first millisecond since the model is deterministic. Loss and
 * completion are checked on the full run.
 */
class IncastPfcFidelityTest {

  private static final double LINE_BPS = 100e9;
  private static final Scenario INCAST =
      Scenario.of(
          "incast 16:1",
          new Workload.Incast(
              16, Optional.empty(), DataSize.mb(4), OptionalInt.empty(), SimTime.ZERO));

  private static RunResult run(SimTime duration) {
    return ModelFixtures.run(
            ModelFixtures.fabric("star100g", "buffer: 32MiB", "buffer: 8MiB"),
            INCAST.withDuration(duration))
        .result();
  }

  @Test
  void losesNothingAndCompletesWithTheReceiverLinkBusy() {
    RunResult run = run(SimTime.millis(20));
    assertThat(run.stopReason()).isEqualTo(StopReason.COMPLETED);
    assertThat(run.totalDrops()).isZero();
    assertThat(run.flows()).allMatch(FlowResult::completed);
    assertThat(busyFraction(stats(run, "leaf1:eth1"), run.elapsed())).isGreaterThanOrEqualTo(0.99);
    // every packet's one-way latency is recorded for its flow and its priority: 4 MB at a 1024 B
    // MTU is 3907 packets; none is faster than two serializations (1106 B at 80 ps/B), two 2 m
    // cables and the 1 us pipeline, less the per-flow histograms' 1% resolution
    SimTime floor = SimTime.nanos((2 * 88 + 2 * 10 + 1000) * 99 / 100);
    assertThat(run.flows())
        .allSatisfy(
            flow -> {
              assertThat(flow.latency())
                  .hasValueSatisfying(
                      l -> {
                        assertThat(l.count()).isEqualTo(3907);
                        assertThat(l.min()).isGreaterThanOrEqualTo(floor);
                      });
            });
    assertThat(run.latency().get(3).count()).isEqualTo(16 * 3907);
  }

  @Test
  void backloggedSendersShareTheLineAndArePausedFifteenSixteenthsOfTheTime() {
    RunResult early = run(SimTime.millis(1));
    RunResult late = run(SimTime.millis(3));
    assertThat(late.stopReason()).isEqualTo(StopReason.DURATION_REACHED);
    SimTime window = SimTime.millis(2);
    assertThat(busyFraction(stats(late, "leaf1:eth1"), stats(early, "leaf1:eth1"), window))
        .isGreaterThanOrEqualTo(0.99);
    for (FlowResult flow : late.flows()) {
      PortStats after = stats(late, flow.source().toString());
      PortStats before = stats(early, flow.source().toString());
      assertThat(busyFraction(after, before, window))
          .as("share of the line of %s", flow.source())
          .isCloseTo(1.0 / 16, within(0.002));
      double paused = after.pausedTime().minus(before.pausedTime()).ratioTo(window);
      assertThat(paused)
          .as("paused fraction of %s", flow.source())
          .isCloseTo(15.0 / 16, within(0.01));
    }
  }

  private static double busyFraction(PortStats port, SimTime span) {
    return wireBits(port) / (LINE_BPS * span.toSeconds());
  }

  private static double busyFraction(PortStats after, PortStats before, SimTime window) {
    return (wireBits(after) - wireBits(before)) / (LINE_BPS * window.toSeconds());
  }

  private static double wireBits(PortStats port) {
    return (port.txBytes() + (double) Framing.WIRE_OVERHEAD * port.txPackets()) * 8;
  }

  private static PortStats stats(RunResult run, String port) {
    return run.port(port).stream().filter(p -> p.priority() == 3).findFirst().orElseThrow();
  }
}
