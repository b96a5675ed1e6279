package dev.rocelab.api.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.Arrays;
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
    assertThat(fault)
        .isEqualTo(new Fault.LinkDown(new Endpoint("spine1", "eth3"), SimTime.millis(2)));
    assertThat(fault.describe()).isEqualTo("link down spine1:eth3 at 2ms");
  }

  @Test
  void scenarioCollectsTheCapabilitiesOfItsParts() {
    Scenario scenario =
        Scenario.of("incast", INCAST)
            .with(
                Fault.pfcStorm("host3:nic1", 3, "1ms").at("500us"),
                Fault.switchReset("leaf2", "50ms"));
    assertThat(scenario.requires())
        .containsExactlyInAnyOrder(
            Capability.RDMA_TRAFFIC, Capability.PFC_STORM, Capability.SWITCH_RESET);
    assertThat(scenario.describe())
        .isEqualTo(
            "incast 32:1 · 4MiB · dscp 26 + PFC storm from host3:nic1 on priority 3"
                + " at 500us for 1ms + switch reset leaf2 at 0ps · down 50ms");
  }

  @Test
  void withMethodsReturnChangedCopies() {
    Scenario base = Scenario.of("incast", INCAST);
    Scenario changed =
        base.withCompletion(Completion.WINDOW)
            .withSeed(7)
            .withDuration(SimTime.millis(3))
            .withSampleInterval(SimTime.micros(1))
            .with(Fault.linkDown("leaf1:eth1").at("1ms"));
    assertThat(base.seed()).isEqualTo(Scenario.DEFAULT_SEED);
    assertThat(base.completion())
        .as("completion is required unless declared otherwise")
        .isEqualTo(Completion.REQUIRED);
    assertThat(changed.seed()).isEqualTo(7);
    assertThat(changed.duration()).isEqualTo(SimTime.millis(3));
    assertThat(changed.sampleInterval()).isEqualTo(SimTime.micros(1));
    assertThat(changed.completion())
        .as("kept through every other change")
        .isEqualTo(Completion.WINDOW);
  }

  @Test
  void mixedTrafficNeedsLossyTrafficAndItsParts() {
    Workload lossy = new Workload.Permutation(DataSize.mib(1), 1, OptionalInt.of(0), SimTime.ZERO);
    Workload mixed = new Workload.MixedTraffic(INCAST, lossy);
    assertThat(mixed.requires())
        .containsExactlyInAnyOrder(Capability.RDMA_TRAFFIC, Capability.LOSSY_TRAFFIC);
  }

  @Test
  void rejectsInvalidScenariosNamingTheField() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Scenario.of("empty"))
        .withMessage("a scenario needs at least one workload");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> new Scenario("x", List.of(INCAST), List.of(), SimTime.ZERO, 1, SimTime.micros(1)))
        .withMessage("duration must be > 0 but was 0ps");
    assertThat(
            new Scenario("x", List.of(INCAST), List.of(), SimTime.millis(1), 1, SimTime.micros(1))
                .completion())
        .isEqualTo(Completion.REQUIRED);
    assertThatNullPointerException()
        .isThrownBy(() -> Scenario.of("x", INCAST).withCompletion(null))
        .withMessage("completion must not be null");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                new Workload.Incast(
                    0, Optional.empty(), DataSize.mib(1), OptionalInt.empty(), SimTime.ZERO))
        .withMessage("senders must be > 0 but was 0");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                new Workload.Incast(
                    2, Optional.empty(), DataSize.mib(1), OptionalInt.of(64), SimTime.ZERO))
        .withMessage("dscp must be a DSCP 0..63 but was 64");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Fault.bitErrors("leaf1:eth1", 1.5))
        .withMessage("bitErrorRate must be in (0, 1) but was 1.5");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                collective(Workload.CollectiveOperation.ALL_REDUCE, Workload.Algorithm.RING, 1, 0))
        .withMessage("ranks must be 0 (all) or >= 2 but was 1");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> collective(Workload.CollectiveOperation.BROADCAST, Workload.Algorithm.RING, 4, 4))
        .withMessage("root must be a rank 0..3 but was 4");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                collective(Workload.CollectiveOperation.ALL_GATHER, Workload.Algorithm.TREE, 0, 0))
        .withMessage("NCCL does not run all_gather with the Tree algorithm");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> collective(Workload.CollectiveOperation.BROADCAST, Workload.Algorithm.NVLS, 0, 0))
        .withMessage("NCCL does not run broadcast with the NVLS algorithm");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                collective(
                    Workload.CollectiveOperation.REDUCE_SCATTER,
                    Workload.Algorithm.NVLS_TREE,
                    0,
                    0))
        .withMessage("NCCL does not run reduce_scatter with the NVLSTree algorithm");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new SizeSweep(DataSize.mib(2), DataSize.mib(1), 2))
        .withMessage("max (1MiB) must not be below min (2MiB)");
  }

  @Test
  void collectiveDescribesItselfWithTheNcclName() {
    Workload allReduce =
        collective(Workload.CollectiveOperation.ALL_REDUCE, Workload.Algorithm.RING, 16, 0);
    assertThat(allReduce.describe()).isEqualTo("all_reduce · 1GiB · ring · SIMPLE · 16 ranks");
    assertThat(Workload.Algorithm.NVLS_TREE.describe(Workload.Protocol.SIMPLE))
        .isEqualTo("nvlstree · SIMPLE");
    assertThat(Arrays.stream(Workload.Algorithm.values()).map(Workload.Algorithm::ncclName))
        .as("as NCCL_ALGO spells them")
        .containsExactly("Ring", "Tree", "NVLS", "NVLSTree", "auto");
  }

  @Test
  void aSweepListsItsSizesLikeNcclTests() {
    assertThat(new SizeSweep(DataSize.bytes(8), DataSize.bytes(128), 2).sizes())
        .extracting(DataSize::bytes)
        .containsExactly(8L, 16L, 32L, 64L, 128L);
    assertThat(new SizeSweep(DataSize.bytes(8), DataSize.bytes(100), 4).sizes())
        .extracting(DataSize::bytes)
        .containsExactly(8L, 32L);
    assertThat(SizeSweep.of(DataSize.gib(1)).sizes()).containsExactly(DataSize.gib(1));
  }

  @Test
  void busBandwidthFactorsAreNcclTestsOwn() {
    assertThat(Workload.CollectiveOperation.ALL_REDUCE.busBandwidthFactor(16))
        .isEqualTo(2.0 * 15 / 16);
    assertThat(Workload.CollectiveOperation.ALL_GATHER.busBandwidthFactor(16)).isEqualTo(15.0 / 16);
    assertThat(Workload.CollectiveOperation.REDUCE_SCATTER.busBandwidthFactor(16))
        .isEqualTo(15.0 / 16);
    assertThat(Workload.CollectiveOperation.ALL_TO_ALL.busBandwidthFactor(16)).isEqualTo(15.0 / 16);
    assertThat(Workload.CollectiveOperation.BROADCAST.busBandwidthFactor(16)).isEqualTo(1.0);
    assertThat(Workload.CollectiveOperation.REDUCE.busBandwidthFactor(16)).isEqualTo(1.0);
  }

  private static Workload.Collective collective(
      Workload.CollectiveOperation operation, Workload.Algorithm algorithm, int ranks, int root) {
    return new Workload.Collective(
        operation,
        SizeSweep.of(DataSize.gib(1)),
        DataType.FLOAT,
        algorithm,
        Workload.Protocol.SIMPLE,
        ranks,
        root,
        0,
        1,
        false,
        Fidelity.PACKET,
        SimTime.ZERO);
  }
}
