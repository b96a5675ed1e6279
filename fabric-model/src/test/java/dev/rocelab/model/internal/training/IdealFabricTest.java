package dev.rocelab.model.internal.training;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.BufferBudget;
import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FabricValidator;
import dev.rocelab.fabricfile.FabricFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ideal network a training step is compared with is a fabric the model can run: valid, with the
 * pool of shared buffer a leaf of the real fabric has, however many hosts the job spans.
 */
class IdealFabricTest {

  private static FabricGraph corpus(String name) {
    return FabricGraph.of(FabricFiles.load(Path.of("../fabrics/corpus/" + name + ".yaml")));
  }

  private static List<String> hosts(FabricGraph fabric) {
    return fabric.hosts().stream().map(Device::name).toList();
  }

  @Test
  void aJobOfMoreHostsThanALeafGetsASwitchThatSharesWhatTheLeafShares() {
    // 256 hosts: the leaf's 32 MiB cannot hold the headroom of 256 ports, 40 MiB
    FabricGraph fabric = corpus("leafspine-100g-256");
    FabricSpec ideal = IdealFabric.of(fabric, hosts(fabric));
    FabricGraph graph = FabricGraph.of(ideal);

    assertThat(FabricValidator.validate(ideal)).isEmpty();
    long leafShares = BufferBudget.of(fabric, "leaf1").sharedBytes();
    assertThat(BufferBudget.of(graph, IdealFabric.SWITCH).sharedBytes())
        .isBetween(
            leafShares, leafShares + graph.switchProfileOf(IdealFabric.SWITCH).cellSize().bytes());
    assertThat(graph.switchProfileOf(IdealFabric.SWITCH).name()).endsWith("-ideal");
  }

  @Test
  void aJobThatFitsALeafKeepsTheLeafsProfileAsItIs() {
    FabricGraph fabric = corpus("leafspine-100g-small");
    FabricGraph ideal = FabricGraph.of(IdealFabric.of(fabric, hosts(fabric)));

    assertThat(ideal.switchProfileOf(IdealFabric.SWITCH))
        .isEqualTo(fabric.switchProfileOf("leaf1"));
  }
}
