package dev.rocelab.api.scenario;

import static dev.rocelab.api.scenario.Workload.CollectiveOperation.ALL_REDUCE;
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

class ScenarioBuildersTest {

  @Test
  void incastBuilderMakesTheSameScenarioAsTheRecords() {
    Scenario built = Scenario.incast().senders(32).message("4MiB").dscp(26).build();

    assertThat(built)
        .isEqualTo(
            Scenario.of(
                "incast",
                new Workload.Incast(
                    32, Optional.empty(), DataSize.mib(4), OptionalInt.of(26), SimTime.ZERO)));
    assertThat(built.describe()).isEqualTo("incast 32:1 · 4MiB · dscp 26");
  }

  @Test
  void buildersAreImmutableSoABaseCanBeShared() {
    IncastBuilder base = Scenario.incast().message("4MiB");

    Scenario small = base.senders(8).build();
    Scenario large = base.senders(63).with(Fault.linkDown("leaf1:eth9").at("2ms")).build();

    assertThat(base.workload().senders()).isEqualTo(8);
    assertThat(base.build().faults()).isEmpty();
    assertThat(small.workloads()).singleElement().extracting("senders").isEqualTo(8);
    assertThat(large.workloads()).singleElement().extracting("senders").isEqualTo(63);
    assertThat(large.faults()).containsExactly(Fault.linkDown("leaf1:eth9").at("2ms"));
  }

  @Test
  void settingsApplyToEveryKindOfScenario() {
    Scenario scenario =
        Scenario.permutation()
            .flowSize("8MiB")
            .qps(2)
            .named("spine link loss")
            .completion(Completion.WINDOW)
            .duration("5ms")
            .seed(42)
            .sampleInterval("1us")
            .with(Fault.linkDown("leaf1:eth9").at("1ms"), Fault.linkUp("leaf1:eth9").at("2ms"))
            .build();

    assertThat(scenario.name()).isEqualTo("spine link loss");
    assertThat(scenario.duration()).isEqualTo(SimTime.millis(5));
    assertThat(scenario.seed()).isEqualTo(42);
    assertThat(scenario.sampleInterval()).isEqualTo(SimTime.micros(1));
    assertThat(scenario.completion()).isEqualTo(Completion.WINDOW);
    assertThat(Scenario.incast().build().completion()).isEqualTo(Completion.REQUIRED);
    assertThat(scenario.requires())
        .containsExactlyInAnyOrder(Capability.RDMA_TRAFFIC, Capability.LINK_FAULTS);
    assertThat(scenario.describe())
        .isEqualTo(
            "permutation · 8MiB per flow + link down leaf1:eth9 at 1ms + link up leaf1:eth9 at 2ms");
  }

  @Test
  void eachFactoryNamesItsKind() {
    assertThat(
            List.of(
                Scenario.incast(),
                Scenario.microburst(),
                Scenario.mixedTraffic(),
                Scenario.permutation(),
                Scenario.baseline(),
                Scenario.allToAll(),
                Scenario.collective(ALL_REDUCE),
                Scenario.flow("host1:nic0", "host2:nic0")))
        .extracting(b -> b.build().name())
        .containsExactly(
            "incast",
            "microburst",
            "mixed traffic",
            "permutation",
            "baseline",
            "all-to-all",
            "collective",
            "rdma flow");
    assertThat(Scenario.baseline().workload().flowSize()).isEqualTo(DataSize.kib(64));
  }

  @Test
  void compositeBuildersTakeOtherBuildersAsParts() {
    Workload.MixedTraffic mixed =
        Scenario.mixedTraffic()
            .lossless(Scenario.incast().senders(16).message("4MiB"))
            .lossy(Scenario.permutation().flowSize("8MiB").dscp(0))
            .workload();

    assertThat(mixed.lossless())
        .isEqualTo(Scenario.incast().senders(16).message("4MiB").workload());
    assertThat(mixed.lossy()).isEqualTo(Scenario.permutation().flowSize("8MiB").dscp(0).workload());
  }

  @Test
  void everyOptionOfTheOtherBuildersReachesItsWorkload() {
    assertThat(
            Scenario.microburst()
                .senders(16)
                .receiver("host2:nic0")
                .burst("32KiB")
                .period("5us")
                .bursts(3)
                .dscp(26)
                .start("1us")
                .workload())
        .isEqualTo(
            new Workload.Microburst(
                16,
                Optional.of(Endpoint.parse("host2:nic0")),
                DataSize.kib(32),
                SimTime.micros(5),
                3,
                OptionalInt.of(26),
                SimTime.micros(1)));
    assertThat(
            Scenario.collective(ALL_REDUCE)
                .size("1GiB")
                .algorithm(Workload.Algorithm.TREE)
                .protocol(Workload.Protocol.LL128)
                .ranks(16)
                .start("2us")
                .workload())
        .isEqualTo(
            new Workload.Collective(
                ALL_REDUCE,
                SizeSweep.of(DataSize.gib(1)),
                DataType.FLOAT,
                Workload.Algorithm.TREE,
                Workload.Protocol.LL128,
                16,
                0,
                0,
                1,
                false,
                Fidelity.PACKET,
                SimTime.micros(2)));
    assertThat(
            Scenario.collective(Workload.CollectiveOperation.BROADCAST)
                .sizes("8B", "1GiB", 4)
                .dataType(DataType.BFLOAT16)
                .ranks(8)
                .root(3)
                .channels(4)
                .qpsPerConnection(2)
                .splitDataOnQps(true)
                .fidelity(Fidelity.FLOW)
                .workload())
        .isEqualTo(
            new Workload.Collective(
                Workload.CollectiveOperation.BROADCAST,
                new SizeSweep(DataSize.bytes(8), DataSize.gib(1), 4),
                DataType.BFLOAT16,
                Workload.Algorithm.AUTO,
                Workload.Protocol.AUTO,
                8,
                3,
                4,
                2,
                true,
                Fidelity.FLOW,
                SimTime.ZERO));
    assertThat(Scenario.collective(ALL_REDUCE).build().duration())
        .isEqualTo(CollectiveBuilder.DEFAULT_DURATION);
    assertThat(
            Scenario.flow("host1:nic0", "host2:nic0")
                .message("64KiB")
                .messages(10)
                .qps(4)
                .dscp(26)
                .start("1us")
                .verb(Workload.Verb.SEND)
                .workload())
        .isEqualTo(
            new Workload.RdmaFlow(
                Endpoint.parse("host1:nic0"),
                Endpoint.parse("host2:nic0"),
                DataSize.kib(64),
                10,
                4,
                OptionalInt.of(26),
                SimTime.micros(1),
                Workload.Verb.SEND));
    assertThat(Scenario.allToAll().perPair("2MiB").dscp(26).start("1us").workload())
        .isEqualTo(new Workload.AllToAll(DataSize.mib(2), OptionalInt.of(26), SimTime.micros(1)));
    assertThat(Scenario.incast().receiver("host3:nic1").start("5us").workload())
        .isEqualTo(
            new Workload.Incast(
                8,
                Optional.of(Endpoint.parse("host3:nic1")),
                DataSize.mib(1),
                OptionalInt.empty(),
                SimTime.micros(5)));
  }

  @Test
  void invalidValuesFailWhereTheyAreSetNamingTheField() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Scenario.incast().senders(0))
        .withMessage("senders must be > 0 but was 0");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Scenario.incast().dscp(64))
        .withMessage("dscp must be a DSCP 0..63 but was 64");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Scenario.collective(ALL_REDUCE).ranks(1))
        .withMessage("ranks must be 0 (all) or >= 2 but was 1");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Scenario.incast().named(" "))
        .withMessage("name must not be blank");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Scenario.incast().duration("0ms"))
        .withMessage("duration must be > 0 but was 0ps");
  }
}
