package dev.rocelab.model.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Fidelity case 7: a NIC whose receive path is stuck fills its receive buffer and storms pauses,
 * which stop the switch port facing it; the congestion spreads to senders that also talk to others
 * (victims), and the PFC watchdog detects the storm within its detection time plus one poll,
 * switches the queue to drop, and restores it once pauses stop.
 */
class PfcStormFidelityTest {

  private static final SimTime STORM_AT = SimTime.micros(100);
  private static final SimTime STORM_FOR = SimTime.millis(3);
  private static final SimTime DETECTION = SimTime.micros(500);
  private static final SimTime RESTORATION = SimTime.micros(500);
  private static final SimTime POLL = SimTime.micros(100);

  private static Workload flow(String from, String to) {
    return new Workload.RdmaFlow(
        Endpoint.parse(from),
        Endpoint.parse(to),
        DataSize.mib(4),
        1,
        1,
        OptionalInt.empty(),
        SimTime.ZERO,
        Workload.Verb.WRITE);
  }

  private static RunResult run(boolean watchdog) {
    String config =
        watchdog
            ? "forwardingLatency: 1us\n    watchdog: {enabled: true, detection: 500us, restoration: 500us,"
                + " pollInterval: 100us, action: drop}"
            : "forwardingLatency: 1us\n    watchdog: {enabled: false}";
    Scenario storm =
        new Scenario(
            "storm",
            List.of(
                flow("host2:nic0", "host1:nic0"),
                flow("host3:nic0", "host1:nic0"),
                flow("host2:nic0", "host10:nic0"),
                flow("host4:nic0", "host11:nic0")),
            List.of(Fault.pfcStorm("host1:nic0", 3, "3ms").at(STORM_AT)),
            SimTime.millis(40),
            1,
            SimTime.micros(10));
    return ModelFixtures.run(
            ModelFixtures.fabric("star100g", "forwardingLatency: 1us", config), storm)
        .result();
  }

  @Test
  void theWatchdogDetectsTheStormDropsItsQueueAndRestoresItAfterwards() {
    RunResult run = run(true);

    // The stuck NIC pauses once half its 256 KiB receive buffer is held: two senders at 100G
    // into one 100G link fill that within 11 us of the storm's start (+1 us for the wire).
    SimTime firstPauseBy = STORM_AT.plus(SimTime.micros(12));
    FabricEvent triggered = event(run, FabricEvent.Kind.WATCHDOG_TRIGGERED);
    assertThat(triggered.subject()).isEqualTo("leaf1:eth1/3");
    assertThat(triggered.time())
        .isBetween(STORM_AT.plus(DETECTION), firstPauseBy.plus(DETECTION).plus(POLL));
    // the stormer refreshes its pauses every half pause (65535 quanta × 512 bit times at 100G / 2);
    // the queue is restored on the first poll that finds none for the restoration time
    SimTime refresh = SimTime.picos(65535L * 512 * 10 / 2);
    SimTime stormEnd = STORM_AT.plus(STORM_FOR);
    FabricEvent restored = event(run, FabricEvent.Kind.WATCHDOG_RESTORED);
    assertThat(restored.subject()).isEqualTo("leaf1:eth1/3");
    assertThat(restored.time())
        .isBetween(
            stormEnd.minus(refresh).plus(RESTORATION), stormEnd.plus(RESTORATION).plus(POLL));
    assertThat(port(run, "leaf1:eth1").drops()).containsOnlyKeys(DropReason.PFC_WATCHDOG);
    assertThat(run.flows()).allMatch(FlowResult::completed);
  }

  @Test
  void withoutTheWatchdogTheStormSpreadsToVictims() {
    RunResult stormed = run(false);
    RunResult guarded = run(true);

    // host2 also sends to host10; while the storm backs up into host2's NIC, that flow stalls too
    assertThat(port(stormed, "host2:nic0").pausedTime()).isGreaterThan(SimTime.millis(2));
    assertThat(completion(stormed, "host2:nic0", "host10:nic0"))
        .isGreaterThan(completion(guarded, "host2:nic0", "host10:nic0"));
    // a sender with no part in it is untouched
    assertThat(completion(stormed, "host4:nic0", "host11:nic0"))
        .isEqualTo(completion(guarded, "host4:nic0", "host11:nic0"));
    assertThat(stormed.totalDrops()).isZero();
  }

  private static FabricEvent event(RunResult run, FabricEvent.Kind kind) {
    return run.events().stream().filter(e -> e.kind() == kind).findFirst().orElseThrow();
  }

  private static PortStats port(RunResult run, String name) {
    return run.port(name).stream().filter(p -> p.priority() == 3).findFirst().orElseThrow();
  }

  private static SimTime completion(RunResult run, String from, String to) {
    return run.flows().stream()
        .filter(f -> f.source().toString().equals(from) && f.destination().toString().equals(to))
        .findFirst()
        .orElseThrow()
        .completionTime()
        .orElse(SimTime.MAX);
  }
}
