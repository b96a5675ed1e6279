package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.backend.UnsupportedScenarioException;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.fabricfile.FabricFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What the lab can run of a scenario's collectives, decided before anything is contacted. */
class CollectivePlannerTest {

  private static final FabricGraph LAB =
      FabricGraph.of(FabricFiles.load(Path.of("src/test/resources/valid/lab.yaml")));

  @Test
  void aCollectiveOnTheLabsHostsBecomesOneJobPerCollective() {
    assertThat(
            CollectivePlanner.plan(
                LAB,
                Scenario.of(
                    "two",
                    Scenario.collective(CollectiveOperation.ALL_REDUCE).ranks(2).workload(),
                    Scenario.collective(CollectiveOperation.ALL_GATHER).ranks(2).workload())))
        .extracting(CollectiveJob::id, CollectiveJob::ranks)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("collective0", 2),
            org.assertj.core.groups.Tuple.tuple("collective1", 2));
  }

  @Test
  void aCollectivePlacedOnChosenHostsIsUnsupportedNotBroken() {
    assertThatThrownBy(
            () ->
                CollectivePlanner.plan(
                    LAB,
                    Scenario.collective(CollectiveOperation.ALL_REDUCE)
                        .hosts("host2", "host1")
                        .build()))
        .isInstanceOf(UnsupportedScenarioException.class)
        .hasMessageContaining("cannot place all_reduce")
        .hasMessageContaining("on host2, host1")
        .hasMessageEndingWith("on chosen hosts: it runs collectives on its launcher's host file");
  }
}
