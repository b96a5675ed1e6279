package dev.rocelab.junit.readme;

// tag::all-to-all-test[]
import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.junit.FabricTest;

@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
class AllToAllTest {

  @AllToAll(
      perPair = {"64KiB", "256KiB"},
      priority = 3) // two invocations, as with rocelab's own
  void allToAllIsLosslessAndCompletes(RunResult run) {
    assertThat(run).isLossless();
    assertThat(run).flows().allCompleted();
  }
}
// end::all-to-all-test[]
