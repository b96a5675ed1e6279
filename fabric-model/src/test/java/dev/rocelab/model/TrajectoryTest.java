package dev.rocelab.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.model.internal.engine.Simulator;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The engine's trajectories, pinned: the number of events and the fingerprint of every event's time
 * and component ({@link Simulator#fingerprint()}) of runs that exercise ECMP, DCQCN and ECN
 * marking, PFC, a link failure, a PFC storm and a ring all-reduce, on two topologies. A change
 * meant only to make the engine faster must leave every event where it was; a change of the model's
 * behaviour changes them, and its author updates the figures here with the reason in the commit.
 */
class TrajectoryTest {

  private static final FabricSpec REFERENCE = fabric("reference.yaml");

  private static final FabricSpec THREE_TIER = fabric("corpus/three-tier-200g.yaml");

  private static FabricSpec fabric(String file) {
    return FabricFiles.load(Path.of("../fabrics").resolve(file));
  }

  static Stream<Arguments> runs() {
    return Stream.of(
        Arguments.of(
            "a permutation across the leaves",
            REFERENCE,
            Scenario.permutation().acrossLeaves().flowSize("16MiB").duration("1ms").build(),
            2_147_206L,
            4_884_542_121_679_302_316L),
        Arguments.of(
            "a 15:1 incast under DCQCN",
            REFERENCE,
            Scenario.incast().senders(15).message("4MiB").build(),
            115_097L,
            8_141_389_650_559_291_291L),
        Arguments.of(
            "a permutation through a link failure and a PFC storm",
            REFERENCE,
            Scenario.permutation()
                .flowSize("32MiB")
                .with(
                    Fault.linkDown("leaf1:eth9").at("200us"),
                    Fault.pfcStorm("host3:nic2", 3, "300us").at("100us"))
                .duration("1ms")
                .build(),
            2_874_090L,
            1_770_514_721_252_368_862L),
        Arguments.of(
            "a ring all-reduce of 16 ranks",
            REFERENCE,
            Scenario.collective(CollectiveOperation.ALL_REDUCE)
                .size("16MiB")
                .ranks(16)
                .algorithm(Algorithm.RING)
                .build(),
            250_231L,
            5_278_286_924_237_654_314L),
        Arguments.of(
            "a permutation on a three-tier fabric",
            THREE_TIER,
            Scenario.permutation().flowSize("8MiB").duration("1ms").build(),
            221_338L,
            6_303_614_995_843_856_443L));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("runs")
  void theEngineRunsEveryEventWhereItRanBefore(
      String name, FabricSpec fabric, Scenario scenario, long events, long fingerprint) {
    Simulator simulator = ModelFixtures.run(fabric, scenario).network().simulator();

    assertThat(simulator.events()).as("events of %s", name).isEqualTo(events);
    assertThat(simulator.fingerprint()).as("fingerprint of %s", name).isEqualTo(fingerprint);
  }
}
