package dev.rocelab.assertj;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.analysis.FaultEffects;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * The one rule for expected losses ({@link FaultEffects}): a fault explains its own drops only
 * where and for the reason it acts, so a link failure's losses are not congestion losses and a
 * congestion loss is not excused by a link failure elsewhere.
 */
class FaultLossesAssertionsTest {

  private static final long G = 1_000_000_000L;
  private static final Scenario LINK_DOWN =
      Scenario.permutation().with(Fault.linkDown("leaf1:eth5").at("450us")).build();
  private static final String PEER =
      Runs.TINY
          .linkAt(Endpoint.parse("leaf1:eth5"))
          .orElseThrow()
          .peerOf(Endpoint.parse("leaf1:eth5"))
          .toString();

  private static Runs linkDown() {
    return Runs.run()
        .scenario(LINK_DOWN)
        .event("450us", FabricEvent.Kind.FAULT, "leaf1:eth5", "link leaf1:eth5 down")
        .event("460us", FabricEvent.Kind.RECONVERGENCE, "leaf1:eth5", "routes moved")
        .series(
            "throughput",
            "f1",
            "100us",
            0,
            200 * G,
            200 * G,
            200 * G,
            200 * G,
            50 * G,
            190 * G,
            200 * G,
            200 * G,
            200 * G);
  }

  @Test
  void aLinksOwnLinkDownDropsAtEitherEndAreExplainedAndCountedWithIt() {
    RunResult run =
        linkDown()
            .port("leaf1:eth5", 3, p -> p.drops(DropReason.LINK_DOWN, 100, 409_600))
            .port(PEER, 3, p -> p.drops(DropReason.LINK_DOWN, 50, 204_800))
            .build();

    assertThatCode(() -> assertThat(run).isLosslessApartFromFaults()).doesNotThrowAnyException();
    FaultEffects.Effect effect = FaultEffects.of(run).effects().get(0);
    Assertions.assertThat(effect.packetsLost()).isEqualTo(150);
    Assertions.assertThat(effect.bytesLost()).contains(DataSize.bytes(614_400));
    Assertions.assertThat(effect.reroute().map(FabricEvent::subject)).contains("leaf1:eth5");
    Assertions.assertThat(effect.describe())
        .isEqualTo(
            "link down leaf1:eth5 at 450us: 150 packets lost with it (600KiB); routes reconverged"
                + " at 460us; traffic recovered in 150us (throughput at its lowest 25% of what the"
                + " flows still running carried before, 200Gbps at the fault; recovered means back"
                + " within 10% of it for 3 samples)");
    Assertions.assertThat(FaultEffects.of(run).unexplainedLosslessDrops()).isZero();
  }

  @Test
  void linkDownDropsOnALinkNoFaultTookDownAreNotExplained() {
    RunResult run =
        linkDown()
            .port("leaf1:eth5", 3, p -> p.drops(DropReason.LINK_DOWN, 100, 409_600))
            .port("leaf2:eth5", 3, p -> p.drops(DropReason.LINK_DOWN, 7, 28_672))
            .build();

    // a reason excused anywhere lets them through; the fault's own rule does not
    assertThatCode(() -> assertThat(run).isLosslessExcept(DropReason.LINK_DOWN))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> assertThat(run).isLosslessApartFromFaults())
        .hasMessageContaining(
            "where:      lossless priority 3, not counting what link down leaf1:eth5 at 450us"
                + " explain")
        .hasMessageContaining("actual:     7 dropped packets (priority 3: LINK_DOWN 7)")
        .hasMessageContaining("lost bytes: 28KiB");
    Assertions.assertThat(FaultEffects.of(run).unexplainedLosslessDrops()).isEqualTo(7);
  }

  @Test
  void congestionDropsAtTheFaultedPortAreNotExplained() {
    RunResult run =
        linkDown()
            .port(
                "leaf1:eth5",
                3,
                p ->
                    p.drops(DropReason.LINK_DOWN, 100, 409_600)
                        .drops(DropReason.LOSSLESS_HEADROOM_EXCEEDED, 3, 12_288))
            .build();

    assertThatThrownBy(() -> assertThat(run).isLosslessApartFromFaults())
        .hasMessageContaining(
            "actual:     3 dropped packets (priority 3: LOSSLESS_HEADROOM_EXCEEDED 3)");
    Assertions.assertThat(FaultEffects.of(run).effects().get(0).packetsLost()).isEqualTo(100);
  }

  @Test
  void aFaultTheRunEndedBeforeHasNoEffectAndExplainsNothing() {
    RunResult run =
        Runs.run()
            .scenario(Scenario.permutation().with(Fault.linkDown("leaf1:eth5").at("2ms")).build())
            .elapsed("1ms")
            .port("leaf1:eth5", 3, p -> p.drops(DropReason.LINK_DOWN, 1, 4096))
            .build();

    Assertions.assertThat(FaultEffects.of(run).effects()).isEmpty();
    Assertions.assertThat(FaultEffects.of(run).unexplainedLosslessDrops()).isEqualTo(1);
  }

  @Test
  void aPfcStormExplainsTheWatchdogsDropsAndCountsItsPauses() {
    RunResult run =
        Runs.run()
            .scenario(
                Scenario.permutation()
                    .with(Fault.pfcStorm("host2:nic0", 3, "300us").at("400us"))
                    .build())
            .event("400us", FabricEvent.Kind.FAULT, "host2:nic0", "storm")
            .port("host2:nic0", 3, p -> p.pauses(900, 0, "300us"))
            .port("leaf1:eth2", 3, p -> p.drops(DropReason.PFC_WATCHDOG, 40, 163_840))
            .build();

    assertThatCode(() -> assertThat(run).isLosslessApartFromFaults()).doesNotThrowAnyException();
    FaultEffects.Effect effect = FaultEffects.of(run).effects().get(0);
    Assertions.assertThat(effect.pausesSent()).isEqualTo(900);
    Assertions.assertThat(effect.packetsLost()).isEqualTo(40);
    Assertions.assertThat(effect.reroute()).isEmpty();
    // no throughput series: the recovery is said to be unmeasured, never taken as recovered
    Assertions.assertThat(effect.recoveryText())
        .hasValueSatisfying(
            text -> Assertions.assertThat(text).startsWith("recovery not measured"));
    Assertions.assertThat(effect.notRecovered()).isFalse();
  }

  @Test
  void trafficThatStaysDownIsNotRecovered() {
    RunResult run = RecoveryAndEcmpAssertionsTest.STAYS_DOWN;

    FaultEffects effects = FaultEffects.of(run);
    Assertions.assertThat(effects.notRecovered()).hasSize(1);
    Assertions.assertThat(effects.effects().get(0).recoveryText())
        .contains(
            "traffic did not recover by the last sample at 900us (throughput 100Gbps then, at its"
                + " lowest 25% of what the flows still running carried before, 400Gbps at the"
                + " fault; recovered means back within 10% of it for 3 samples)");
    Assertions.assertThat(effects.effects().get(0).lossesText())
        .isEqualTo("no packets lost with it");
  }
}
