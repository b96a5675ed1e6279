package dev.rocelab.model.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.model.ModelFixtures;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Links going down and up on the reference fabric while a permutation runs. */
class LinkFaultTest {

  private static final FabricSpec REFERENCE =
      FabricFiles.load(Path.of("../fabrics/reference.yaml"));
  private static final Scenario PERMUTATION =
      Scenario.of(
              "permutation",
              new Workload.Permutation(DataSize.mib(4), 1, OptionalInt.empty(), SimTime.ZERO))
          .withDuration(SimTime.millis(60));

  /** A message of whole MiB is packets of the 4 KiB MTU: every data frame is 4096 + 62 bytes. */
  private static final long FULL_FRAME = 4096 + Framing.ROCE_HEADERS;

  @Test
  void spineUplinkDownAndUpLosesOnlyWhatWasOnItAndEveryFlowCompletes() {
    // 16 MiB flows, so that the run lasts past the second reconvergence (link up + 210 us)
    Scenario longer =
        Scenario.of(
                "permutation",
                new Workload.Permutation(DataSize.mib(16), 1, OptionalInt.empty(), SimTime.ZERO))
            .withDuration(SimTime.millis(60));
    RunResult run =
        ModelFixtures.run(
                REFERENCE,
                longer.with(
                    Fault.linkDown("leaf1:eth9").at("40us"),
                    Fault.linkUp("leaf1:eth9").at("400us")))
            .result();

    assertThat(run.stopReason()).isEqualTo(StopReason.COMPLETED);
    assertThat(run.flows()).allMatch(FlowResult::completed);
    assertThat(run.totalDrops()).isPositive();
    assertThat(run.ports())
        .allSatisfy(p -> assertThat(p.drops().keySet()).isSubsetOf(DropReason.LINK_DOWN));
    // the loss is on lossless priority 3, which carries only data (ACKs and CNPs travel on 6): each
    // frame lost, on either end of the failed link, was a full one
    assertThat(run.drops(3)).isEqualTo(run.totalDrops());
    assertThat(run.droppedBytes(3)).contains(DataSize.bytes(run.drops(3) * FULL_FRAME));
    for (String end : new String[] {"leaf1:eth9", "spine1:eth1"}) {
      PortStats stats =
          run.port(end).stream().filter(p -> p.priority() == 3).findFirst().orElseThrow();
      assertThat(stats.drops().get(DropReason.LINK_DOWN)).as("frames lost at %s", end).isPositive();
      assertThat(stats.droppedBytes().orElseThrow().get(DropReason.LINK_DOWN))
          .as("bytes lost at %s", end)
          .isEqualTo(stats.drops().get(DropReason.LINK_DOWN) * FULL_FRAME);
    }
    assertThat(run.firstDrops())
        .allSatisfy(
            d -> {
              assertThat(d.reason()).isEqualTo(DropReason.LINK_DOWN);
              assertThat(d.time()).isBetween(SimTime.micros(40), SimTime.micros(40 + 200));
            });
    assertThat(run.flows().stream().mapToLong(FlowResult::retransmissions).sum())
        .as("losses are recovered by go-back-N")
        .isPositive();
    assertThat(run.events())
        .extracting(FabricEvent::kind)
        .containsExactly(
            FabricEvent.Kind.FAULT,
            FabricEvent.Kind.RECONVERGENCE,
            FabricEvent.Kind.RECOVERY,
            FabricEvent.Kind.RECONVERGENCE);
    assertThat(run.events().get(0).time()).isEqualTo(SimTime.micros(40));
    // the reference switches keep the defaults: detected after 10 us, learnt everywhere 200 us
    // later
    assertThat(run.events().get(1).time()).isEqualTo(SimTime.micros(40 + 10 + 200));
  }

  @Test
  void reconvergenceFollowsTheSwitchProfilesTimers() throws Exception {
    String slow =
        java.nio.file.Files.readString(Path.of("../fabrics/reference.yaml"))
            .replace(
                "    watchdog: {enabled: true",
                "    convergence: {failureDetection: 50us, routeConvergence: 2ms}\n    watchdog: {enabled: true");
    Scenario longer =
        Scenario.of(
                "permutation",
                new Workload.Permutation(DataSize.mib(64), 1, OptionalInt.empty(), SimTime.ZERO))
            .withDuration(SimTime.millis(60))
            .with(Fault.linkDown("leaf1:eth9").at("40us"));
    RunResult run = ModelFixtures.run(FabricFiles.load(slow, "slow.yaml"), longer).result();

    assertThat(run.events())
        .filteredOn(e -> e.kind() == FabricEvent.Kind.RECONVERGENCE)
        .extracting(FabricEvent::time)
        .containsExactly(SimTime.micros(40 + 50 + 2000));
    assertThat(run.flows()).allMatch(FlowResult::completed);
  }

  @Test
  void aDownLinkCarriesNothingOnceRoutesHaveConverged() {
    RunResult early =
        ModelFixtures.run(
                REFERENCE,
                PERMUTATION
                    .withDuration(SimTime.micros(250))
                    .with(Fault.linkDown("leaf1:eth9").at("40us")))
            .result();
    RunResult late =
        ModelFixtures.run(
                REFERENCE,
                PERMUTATION
                    .withDuration(SimTime.micros(400))
                    .with(Fault.linkDown("leaf1:eth9").at("40us")))
            .result();

    assertThat(txBytes(late, "leaf1:eth9")).isEqualTo(txBytes(early, "leaf1:eth9"));
    assertThat(txBytes(late, "spine1:eth1")).isEqualTo(txBytes(early, "spine1:eth1"));
    assertThat(late.drops(3)).as("no loss after reconvergence").isEqualTo(early.drops(3));
  }

  @Test
  void aHostLinkDownStallsThatNicsFlowsUntilItIsBack() {
    RunResult run =
        ModelFixtures.run(
                REFERENCE,
                PERMUTATION.with(
                    Fault.linkDown("host1:nic0").at("20us"), Fault.linkUp("host1:nic0").at("1ms")))
            .result();

    assertThat(run.flows()).allMatch(FlowResult::completed);
    FlowResult fromHost1 =
        run.flows().stream()
            .filter(f -> f.source().toString().equals("host1:nic0"))
            .findFirst()
            .orElseThrow();
    assertThat(fromHost1.completionTime().orElseThrow()).isGreaterThan(SimTime.millis(1));
  }

  private static long txBytes(RunResult run, String port) {
    return run.port(port).stream().mapToLong(PortStats::txBytes).sum();
  }

  @Test
  void aWithdrawnRouteDrainsWithoutLossAndCarriesNothingNew() {
    Scenario drain = PERMUTATION.with(Fault.withdrawRoute("leaf1:eth9").at("40us"));
    RunResult early =
        ModelFixtures.run(REFERENCE, drain.withDuration(SimTime.micros(300))).result();
    RunResult late = ModelFixtures.run(REFERENCE, drain.withDuration(SimTime.micros(600))).result();
    RunResult whole = ModelFixtures.run(REFERENCE, drain).result();

    assertThat(whole.totalDrops()).as("a drained link loses nothing").isZero();
    assertThat(whole.flows()).allMatch(FlowResult::completed);
    // packets of a flow moved to a less loaded path overtake those still queued on the old one:
    // the receiver sees a gap, NACKs, and go-back-N resends without any loss, as on hardware
    assertThat(whole.flows().stream().mapToLong(FlowResult::retransmissions).sum()).isPositive();
    // once every switch has reconverged (40 us + 200 us), nothing new is sent over it
    assertThat(txBytes(late, "leaf1:eth9")).isEqualTo(txBytes(early, "leaf1:eth9"));
    assertThat(txBytes(late, "spine1:eth1")).isEqualTo(txBytes(early, "spine1:eth1"));
    assertThat(whole.events())
        .extracting(FabricEvent::kind)
        .containsExactly(FabricEvent.Kind.FAULT, FabricEvent.Kind.RECONVERGENCE);
  }
}
