package dev.rocelab.model.internal.collective;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.scenario.CollectiveBuilder;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.model.ModelFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A sweep left to NCCL runs every size with the algorithm and protocol NCCL's model picks for it,
 * at packet and flow fidelity alike, and says so in every row; what is forced runs every size.
 */
class TunedSweepTest {

  private static final FabricSpec REFERENCE = ModelFixtures.reference();

  private static final CollectiveBuilder SWEEP =
      Scenario.collective(CollectiveOperation.ALL_REDUCE).sizes("8B", "1GiB", 8).ranks(16);

  @Test
  void everySizeRunsWithNcclsChoiceForItAndItsRowSaysWhich() {
    CollectiveResult packet = sweep(SWEEP.fidelity(Fidelity.PACKET));
    CollectiveResult flow = sweep(SWEEP.fidelity(Fidelity.FLOW));
    Workload.Collective asked = SWEEP.workload();
    CollectiveLayout layout = CollectiveLayout.of(FabricGraph.of(REFERENCE), asked);

    assertThat(packet.tuned()).isTrue();
    assertThat(packet.describe()).isEqualTo("all_reduce · 16 ranks · auto");
    for (CollectiveRow row : packet.rows()) {
      Workload.Collective nccl = NcclTuner.resolve(asked, layout, row.size().bytes());
      assertThat(choice(row))
          .as("%s", row.size())
          .isEqualTo(nccl.algorithm() + "/" + nccl.protocol());
    }
    assertThat(packet.rows().stream().map(TunedSweepTest::choice).distinct())
        .as("LL for the smallest sizes, LL128 in between, Simple for the largest")
        .hasSizeGreaterThanOrEqualTo(3);
    assertThat(flow.rows().stream().map(TunedSweepTest::choice).toList())
        .isEqualTo(packet.rows().stream().map(TunedSweepTest::choice).toList());
  }

  @Test
  void whatIsForcedRunsEverySize() {
    CollectiveResult forced = sweep(SWEEP.algorithm(Algorithm.RING).protocol(Protocol.SIMPLE));
    CollectiveResult ring = sweep(SWEEP.algorithm(Algorithm.RING));

    assertThat(forced.tuned()).isFalse();
    assertThat(forced.rows()).extracting(TunedSweepTest::choice).containsOnly("RING/SIMPLE");
    assertThat(ring.rows()).extracting(CollectiveRow::algorithm).containsOnly(Algorithm.RING);
    assertThat(ring.rows().stream().map(CollectiveRow::protocol).distinct().toList())
        .as("NCCL still picks the ring's protocol")
        .containsExactly(Protocol.LL, Protocol.LL128, Protocol.SIMPLE);
  }

  @Test
  void aTunedSweepIsDeterministic() {
    List<Long> first = times(sweep(SWEEP));
    assertThat(times(sweep(SWEEP))).isEqualTo(first);
  }

  private static List<Long> times(CollectiveResult result) {
    return result.rows().stream().map(r -> r.outOfPlace().time().picos()).toList();
  }

  private static CollectiveResult sweep(CollectiveBuilder collective) {
    return ModelFixtures.run(REFERENCE, collective.build()).result().collectives().get(0);
  }

  private static String choice(CollectiveRow row) {
    return row.algorithm() + "/" + row.protocol();
  }
}
