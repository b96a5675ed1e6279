package dev.rocelab.api.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ScenarioTest {

  private static final Workload.Incast INCAST =
      new Workload.Incast(32, Optional.empty(), DataSize.mib(4), OptionalInt.of(26), SimTime.ZERO);

  @Test
  void faultsAreScheduledWithTheFluentAt() {
    Fault fault = Fault.linkDown("spine1:eth3").at("2ms");
    assertThat(fault).isEqualTo(new Fault.LinkDown(new Endpoint("spine1", "eth3"), SimTime.millis(2)));
    assertThat(fault.describe()).isEqualTo("link down spine1:eth3 at 2ms");
  }

  @Test
  void scenarioCollectsTheCapabilitiesOfItsParts() {
    Scenario scenario = Scenario.of("incast", INCAST)
        .with(Fault.pfcStorm("host3:nic1", 3, "1ms").at("500us"), Fault.switchReset("leaf2", "50ms"));
    assertThat(scenario.requires())
        .containsExactlyInAnyOrder(Capability.RDMA_TRAFFIC, Capability.PFC_STORM, Capability.SWITCH_RESET);
    assertThat(scenario.describe()).isEqualTo("incast 32:1 · 4MiB · dscp 26 + PFC storm from host3:nic1 on priority 3"
        + " at 500us for 1ms + switch reset leaf2 at 0ps · down 50ms");
  }

  @Test
  void withMethodsReturnChangedCopies() {
    Scenario base = Scenario.of("incast", INCAST);
    Scenario changed = base.withSeed(7).withDuration(SimTime.millis(3)).withSampleInterval(SimTime.micros(1));
    assertThat(base.seed()).isEqualTo(Scenario.DEFAULT_SEED);
    assertThat(changed.seed()).isEqualTo(7);
    assertThat(changed.duration()).isEqualTo(SimTime.millis(3));
    assertThat(changed.sampleInterval()).isEqualTo(SimTime.micros(1));
  }

  @Test
  void mixedTrafficNeedsLossyTrafficAndItsParts() {
    Workload lossy = new Workload.Permutation(DataSize.mib(1), 1, OptionalInt.of(0), SimTime.ZERO);
    Workload mixed = new Workload.MixedTraffic(INCAST, lossy);
    assertThat(mixed.requires()).containsExactlyInAnyOrder(Capability.RDMA_TRAFFIC, Capability.LOSSY_TRAFFIC);
  }

  @Test
  void rejectsInvalidScenariosNamingTheField() {
    assertThatIllegalArgumentException().isThrownBy(() -> Scenario.of("empty"))
        .withMessage("a scenario needs at least one workload");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Scenario("x", List.of(INCAST), List.of(), SimTime.ZERO, 1, SimTime.micros(1)))
        .withMessage("duration must be > 0 but was 0ps");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Workload.Incast(0, Optional.empty(), DataSize.mib(1), OptionalInt.empty(), SimTime.ZERO))
        .withMessage("senders must be > 0 but was 0");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Workload.Incast(2, Optional.empty(), DataSize.mib(1), OptionalInt.of(64), SimTime.ZERO))
        .withMessage("dscp must be a DSCP 0..63 but was 64");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Fault.bitErrors("leaf1:eth1", 1.5))
        .withMessage("bitErrorRate must be in (0, 1) but was 1.5");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new Workload.Collective(Workload.CollectiveOperation.ALL_REDUCE, DataSize.mib(1),
            Workload.Algorithm.RING, Workload.Protocol.SIMPLE, 1, SimTime.ZERO))
        .withMessage("ranks must be 0 (all) or >= 2 but was 1");
  }

  @Test
  void collectiveDescribesItselfWithTheNcclName() {
    Workload allReduce = new Workload.Collective(Workload.CollectiveOperation.ALL_REDUCE, DataSize.gib(1),
        Workload.Algorithm.RING, Workload.Protocol.SIMPLE, 16, SimTime.ZERO);
    assertThat(allReduce.describe()).isEqualTo("all_reduce · 1GiB · ring · SIMPLE · 16 ranks");
  }
}
