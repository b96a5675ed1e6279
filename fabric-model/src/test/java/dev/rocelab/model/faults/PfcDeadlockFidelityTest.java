package dev.rocelab.model.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Fidelity case 8: a cyclic buffer dependency (clockwise traffic around a ring, each link carrying
 * two line-rate flows) stops all traffic in the cycle; the model reports the PFC deadlock with the
 * queues that wait on each other instead of idling, and the PFC watchdog breaks it. (The traffic
 * pattern stays deadlock-prone: after a restore the cycle forms again, and the watchdog breaks it
 * again.)
 */
class PfcDeadlockFidelityTest {

  /** host i sends to host i+2, two hops clockwise. */
  private static Scenario clockwise() {
    List<Workload> flows = new ArrayList<>();
    for (int i = 1; i <= 6; i++) {
      int to = (i + 1) % 6 + 1;
      flows.add(
          new Workload.RdmaFlow(
              Endpoint.parse("host" + i + ":nic0"),
              Endpoint.parse("host" + to + ":nic0"),
              DataSize.mib(16),
              1,
              1,
              OptionalInt.empty(),
              SimTime.ZERO,
              Workload.Verb.WRITE));
    }
    return new Scenario(
        "clockwise ring", flows, List.of(), SimTime.millis(20), 1, SimTime.micros(10));
  }

  @Test
  void theDeadlockIsReportedWithItsCycleAndStopsTheRunWhenNoWatchdogCanBreakIt() {
    RunResult run = ModelFixtures.run(ModelFixtures.fabric("ring6"), clockwise()).result();

    assertThat(run.stopReason()).isEqualTo(StopReason.DEADLOCK);
    assertThat(run.elapsed()).isLessThan(SimTime.millis(20));
    FabricEvent deadlock =
        run.events().stream()
            .filter(e -> e.kind() == FabricEvent.Kind.DEADLOCK)
            .findFirst()
            .orElseThrow();
    assertThat(deadlock.detail())
        .isEqualTo(
            "PFC deadlock: sw1:eth2/3 waits on sw2:eth2/3 waits on sw3:eth2/3"
                + " waits on sw4:eth2/3 waits on sw5:eth2/3 waits on sw6:eth2/3 waits on sw1:eth2/3");
    assertThat(run.flows()).noneMatch(FlowResult::completed);
    assertThat(run.totalDrops()).isZero();
    // nothing moves in the cycle any more: the clockwise links carry nothing in the last samples
    for (TimeSeries paused : run.series("paused_time")) {
      if (paused.subject().endsWith(":eth2/3")) {
        long last = paused.value(paused.size() - 1);
        assertThat(last)
            .as("paused time of %s in the last interval", paused.subject())
            .isEqualTo(paused.interval().picos());
      }
    }
  }

  @Test
  void theWatchdogBreaksTheDeadlockSoTrafficMovesAgain() {
    RunResult stuck = ModelFixtures.run(ModelFixtures.fabric("ring6"), clockwise()).result();
    RunResult broken =
        ModelFixtures.run(
                ModelFixtures.fabric(
                    "ring6",
                    "watchdog: {enabled: false}",
                    "watchdog: {enabled: true, detection: 1ms, restoration: 1ms, pollInterval: 100us, action: drop}"),
                clockwise())
            .result();

    List<FabricEvent.Kind> kinds = broken.events().stream().map(FabricEvent::kind).toList();
    assertThat(kinds.get(0)).isEqualTo(FabricEvent.Kind.DEADLOCK);
    assertThat(broken.events())
        .filteredOn(e -> e.kind() == FabricEvent.Kind.WATCHDOG_TRIGGERED)
        .extracting(FabricEvent::subject)
        .contains(
            "sw1:eth2/3", "sw2:eth2/3", "sw3:eth2/3", "sw4:eth2/3", "sw5:eth2/3", "sw6:eth2/3");
    assertThat(kinds).contains(FabricEvent.Kind.WATCHDOG_RESTORED);
    // the run goes on instead of stopping, and the cycle drains: by dropping what the stormed
    // queues hold, as the watchdog's action says
    assertThat(broken.stopReason()).isNotEqualTo(StopReason.DEADLOCK);
    assertThat(broken.ports())
        .allSatisfy(p -> assertThat(p.drops().keySet()).isSubsetOf(DropReason.PFC_WATCHDOG));
    assertThat(broken.drops(3)).isPositive();
    assertThat(delivered(broken))
        .as("bytes delivered once the watchdog broke the cycle")
        .isGreaterThan(2 * delivered(stuck));
  }

  private static long delivered(RunResult run) {
    return run.flows().stream().mapToLong(f -> f.delivered().bytes()).sum();
  }
}
