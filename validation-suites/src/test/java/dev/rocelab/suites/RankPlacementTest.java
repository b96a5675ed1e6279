package dev.rocelab.suites;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.fabricfile.FabricFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A collective the suites place crosses the uplinks on every fabric whose shape allows it. */
class RankPlacementTest {

  private static FabricGraph fabric(String file) {
    return FabricGraph.of(FabricFiles.load(Path.of("../fabrics/" + file)));
  }

  @Test
  void ranksThatWouldShareOneLeafTakeTheFirstHostOfEachLeafInTurn() {
    // 16 one-GPU hosts a leaf: the first 16 GPUs all hang from leaf1
    FabricGraph leafSpine = fabric("corpus/leafspine-100g-256.yaml");

    assertThat(RankPlacement.acrossLeaves(leafSpine, 16))
        .containsExactly(
            "host1", "host17", "host33", "host49", "host65", "host81", "host97", "host113",
            "host129", "host145", "host161", "host177", "host193", "host209", "host225", "host241");
    // 17 ranks: the first 17 hosts reach leaf2 already, and keep their order
    assertThat(RankPlacement.acrossLeaves(leafSpine, 17)).isEmpty();
  }

  @Test
  void ranksThatAlreadyCrossTheLeavesKeepTheFabricsOrder() {
    // the reference's hosts each have a NIC under every rail's leaf; a leaf-spine of four hosts a
    // leaf reaches a second leaf within 16 ranks
    assertThat(RankPlacement.acrossLeaves(fabric("reference.yaml"), 16)).isEmpty();
    assertThat(RankPlacement.acrossLeaves(fabric("corpus/leafspine-200g-2to1.yaml"), 16)).isEmpty();
  }
}
