package dev.rocelab.fabricfile.readme;

// tag::first-test[]
import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.BufferBudget;
import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.fabricfile.FabricFileReport;
import dev.rocelab.fabricfile.FabricFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class OurFabricTest {

  private final FabricFileReport report = FabricFiles.check(Path.of("../fabrics/reference.yaml"));

  @Test
  void fabricFileHasNoErrorsAndNoDrift() {
    assertThat(report.problems()).isEmpty();
  }

  @Test
  void everySwitchKeepsAtLeastHalfItsBufferForSharing() {
    FabricSpec spec = report.orElseThrow();
    FabricGraph graph = FabricGraph.of(spec);
    for (Device sw : graph.switches()) {
      BufferBudget budget = BufferBudget.of(graph, sw.name());
      assertThat(budget.sharedBytes())
          .as("shared buffer left on %s", sw.name())
          .isGreaterThanOrEqualTo(budget.buffer().bytes() / 2);
    }
  }
}
// end::first-test[]
