package dev.rocelab.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.CollectiveBuilder;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.model.internal.session.Simulation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Jobs placed on chosen hosts, several at once: where a job sits decides what it shares. Meta
 * reports fragmented placement across its fabric's tiers costing training jobs more than 30%
 * (Gangidi et al., SIGCOMM 2024); on a fabric whose spines are oversubscribed the model shows why,
 * and on a non-blocking rail-optimized one that a job kept on its hosts' rail leaves does not
 * notice its neighbours.
 */
class PlacementTest {

  /**
   * Two scalable units of four reference servers; each rail leaf has one 400G uplink for four 400G
   * hosts (4:1 at the spine).
   */
  private static final FabricSpec TWO_UNITS =
      ModelFixtures.reference(
          "scalableUnits: 1\n  hostsPerUnit: 8\n  spines: 4\n  uplinksPerSpine: 2",
          "scalableUnits: 2\n  hostsPerUnit: 4\n  spines: 1\n  uplinksPerSpine: 1");

  private static CollectiveBuilder allReduce(String... hosts) {
    return Scenario.collective(CollectiveOperation.ALL_REDUCE)
        .size("256MiB")
        .fidelity(Fidelity.FLOW)
        .hosts(hosts);
  }

  private static double busbw(CollectiveResult result) {
    return result.largest().outOfPlace().busGigabytesPerSecond();
  }

  @Test
  void aJobPlacedOnChosenHostsRunsOnTheirGpusInThatOrder() {
    Workload.Collective placed = allReduce("host6", "host2").ranks(12).workload();
    RunResult run = ModelFixtures.run(TWO_UNITS, Scenario.of("placed", placed)).result();

    assertThat(run.collectives().get(0).ranks()).isEqualTo(12);
    assertThat(placed.describe()).endsWith(" · on host6, host2");
    assertThat(allReduce("host1", "host2", "host3", "host4").workload().describe())
        .endsWith(" · on host1, host2, host3 and 1 more");
  }

  @Test
  void aPlacementTheFabricCannotHoldIsRefusedNamingWhy() {
    FabricGraph fabric = FabricGraph.of(TWO_UNITS);
    assertThatThrownBy(
            () -> new Simulation(fabric, Scenario.of("x", allReduce("host1", "leaf1").workload())))
        .hasMessageEndingWith("is placed on leaf1, which is not a host of fabric reference");
    assertThatThrownBy(
            () -> new Simulation(fabric, Scenario.of("x", allReduce("host1", "host9").workload())))
        .hasMessageEndingWith("is placed on host9, which is not a host of fabric reference");
    assertThatThrownBy(
            () -> new Simulation(fabric, Scenario.of("x", allReduce("host1").ranks(16).workload())))
        .hasMessageContaining("needs 16 GPUs but its hosts host1 have 8");
    assertThatThrownBy(() -> allReduce("host1", "host1"))
        .hasMessage("hosts must not repeat a host but was [host1, host1]");
  }

  /**
   * Two jobs of four hosts each. Kept in their scalable units, their rings never leave the rail
   * leaves; split across both units, every ring crosses the 4:1 spine twice per lap and the two
   * jobs share the uplinks.
   */
  @Test
  void fragmentedPlacementAcrossAnOversubscribedSpineCostsBothJobs() {
    RunResult contiguous =
        ModelFixtures.run(
                TWO_UNITS,
                Scenario.of(
                    "contiguous",
                    allReduce("host1", "host2", "host3", "host4").workload(),
                    allReduce("host5", "host6", "host7", "host8").workload()))
            .result();
    RunResult fragmented =
        ModelFixtures.run(
                TWO_UNITS,
                Scenario.of(
                    "fragmented",
                    allReduce("host1", "host2", "host5", "host6").workload(),
                    allReduce("host3", "host4", "host7", "host8").workload()))
            .result();

    for (int job = 0; job < 2; job++) {
      double kept = busbw(contiguous.collectives().get(job));
      double split = busbw(fragmented.collectives().get(job));
      System.out.printf("job %d: busbw %.1f GB/s kept in its unit, %.1f split%n", job, kept, split);
      assertThat(kept).as("job %d kept in its unit, GB/s", job).isGreaterThan(0.9 * 8 * 49);
      assertThat(split)
          .as("job %d split over both units vs %.1f GB/s kept", job, kept)
          .isLessThan(0.7 * kept);
    }
  }

  /**
   * A victim all-reduce on four reference hosts, at packet level, alone and beside a 24:1 incast
   * among the other four (every NIC of three hosts sending 4 MiB to host8:nic0): PFC and the shared
   * buffers hold the incast on its receiver's leaf, and the victim's rail traffic never crosses it.
   */
  @Test
  void onTheRailOptimizedReferenceANeighboursIncastLeavesTheVictimAlone() {
    FabricSpec reference = ModelFixtures.reference();
    Workload.Collective victim =
        Scenario.collective(CollectiveOperation.ALL_REDUCE)
            .size("64MiB")
            .hosts("host1", "host2", "host3", "host4")
            .workload();
    List<Workload> workloads = new ArrayList<>(List.of(victim));
    for (String host : new String[] {"host5", "host6", "host7"}) {
      for (int nic = 0; nic < 8; nic++) {
        workloads.add(Scenario.flow(host + ":nic" + nic, "host8:nic0").message("4MiB").workload());
      }
    }
    RunResult alone = ModelFixtures.run(reference, Scenario.of("alone", victim)).result();
    RunResult shared =
        ModelFixtures.run(reference, Scenario.of("shared", workloads.toArray(Workload[]::new)))
            .result();

    System.out.printf(
        "victim busbw %.1f GB/s beside the incast (%d pauses), %.1f alone%n",
        busbw(shared.collectives().get(0)),
        shared.ports().stream().mapToLong(PortStats::pausesSent).sum(),
        busbw(alone.collectives().get(0)));
    assertThat(shared.ports().stream().mapToLong(PortStats::pausesSent).sum())
        .as("the incast pauses its senders")
        .isPositive();
    assertThat(shared.losslessDrops()).isZero();
    assertThat(busbw(shared.collectives().get(0)))
        .as("victim busbw beside the incast vs alone %.1f GB/s", busbw(alone.collectives().get(0)))
        .isGreaterThan(0.95 * busbw(alone.collectives().get(0)));
  }
}
