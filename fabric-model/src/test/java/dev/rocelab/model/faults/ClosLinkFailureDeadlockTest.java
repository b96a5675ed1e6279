package dev.rocelab.model.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
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
 * Issue 6: a link failure in a Clos that makes traffic bounce between tiers creates a cyclic buffer
 * dependency. With spine1–leaf1 and spine2–leaf2 down, routes recomputed on shortest paths send
 * host2→host1 through spine1, a third leaf and spine2, and host1→host2 the other way round; with
 * host3↔host4 crossing the spines up-down, leaf uplinks wait on spine downlinks that wait on leaf
 * uplinks. Each flow spreads over 4 queue pairs so that ECMP puts traffic on both bounce leaves
 * whatever the hash. The flows start after the reconvergence, so nothing is lost to the failure
 * itself and all that stops them is the cycle.
 */
class ClosLinkFailureDeadlockTest {

  private static Workload flow(int from, int to) {
    return new Workload.RdmaFlow(
        Endpoint.parse("host" + from + ":nic0"),
        Endpoint.parse("host" + to + ":nic0"),
        DataSize.mib(16),
        1,
        4,
        OptionalInt.empty(),
        SimTime.micros(100),
        Workload.Verb.WRITE);
  }

  private static Scenario bounce() {
    return new Scenario(
        "clos link failure bounce",
        List.of(flow(2, 1), flow(1, 2), flow(3, 4), flow(4, 3)),
        List.of(Fault.linkDown("leaf1:eth2"), Fault.linkDown("leaf2:eth3")),
        SimTime.millis(20),
        1,
        SimTime.micros(10));
  }

  @Test
  void theBounceDeadlocksAndIsReportedWithItsCycleInsteadOfHanging() {
    RunResult run = ModelFixtures.run(ModelFixtures.fabric("clos4x2"), bounce()).result();

    List<FabricEvent> reconverged =
        run.events().stream().filter(e -> e.kind() == FabricEvent.Kind.RECONVERGENCE).toList();
    assertThat(reconverged)
        .hasSize(2)
        .allSatisfy(e -> assertThat(e.time()).isLessThan(SimTime.micros(100)));
    assertThat(run.stopReason()).isEqualTo(StopReason.DEADLOCK);
    assertThat(run.elapsed()).isLessThan(SimTime.millis(20));
    FabricEvent deadlock =
        run.events().stream()
            .filter(e -> e.kind() == FabricEvent.Kind.DEADLOCK)
            .findFirst()
            .orElseThrow();
    // each leaf in the cycle forwards from one spine up to the other: the bounce
    assertThat(deadlock.detail())
        .isEqualTo(
            "PFC deadlock: leaf3:eth2/3 waits on spine1:eth4/3 waits on"
                + " leaf4:eth3/3 waits on spine2:eth3/3 waits on leaf3:eth2/3");
    assertThat(run.flows()).noneMatch(FlowResult::completed);
    assertThat(run.totalDrops()).isZero();
    // host1<->host2 traffic did bounce: leaf3 and leaf4 sent up to the spines more than their own
    // hosts gave them, so the rest came down from one spine and went back up to the other
    long up =
        bytes(run, "leaf3:eth2", true)
            + bytes(run, "leaf3:eth3", true)
            + bytes(run, "leaf4:eth2", true)
            + bytes(run, "leaf4:eth3", true);
    long fromHosts = bytes(run, "leaf3:eth1", false) + bytes(run, "leaf4:eth1", false);
    assertThat(up)
        .as("bytes leaf3 and leaf4 sent to the spines")
        .isGreaterThan(fromHosts + DataSize.mib(1).bytes());
  }

  @Test
  void withTheWatchdogOnTheRunGoesOnAndTrafficMovesAgain() {
    RunResult stuck = ModelFixtures.run(ModelFixtures.fabric("clos4x2"), bounce()).result();
    RunResult broken =
        ModelFixtures.run(
                ModelFixtures.fabric(
                    "clos4x2",
                    "watchdog: {enabled: false}",
                    "watchdog: {enabled: true, detection: 1ms, restoration: 1ms, pollInterval: 100us, action: drop}"),
                bounce())
            .result();

    assertThat(broken.events())
        .extracting(FabricEvent::kind)
        .contains(
            FabricEvent.Kind.DEADLOCK,
            FabricEvent.Kind.WATCHDOG_TRIGGERED,
            FabricEvent.Kind.WATCHDOG_RESTORED);
    assertThat(broken.stopReason()).isNotEqualTo(StopReason.DEADLOCK);
    assertThat(broken.elapsed()).isLessThanOrEqualTo(SimTime.millis(20));
    assertThat(broken.ports())
        .allSatisfy(p -> assertThat(p.drops().keySet()).isSubsetOf(DropReason.PFC_WATCHDOG));
    assertThat(delivered(broken))
        .as("bytes delivered once the watchdog broke the cycle")
        .isGreaterThan(2 * delivered(stuck));
  }

  private static long bytes(RunResult run, String port, boolean sent) {
    return run.ports().stream()
        .filter(p -> p.port().equals(Endpoint.parse(port)) && p.priority() == 3)
        .mapToLong(p -> sent ? p.txBytes() : p.rxBytes())
        .sum();
  }

  private static long delivered(RunResult run) {
    return run.flows().stream().mapToLong(f -> f.delivered().bytes()).sum();
  }
}
