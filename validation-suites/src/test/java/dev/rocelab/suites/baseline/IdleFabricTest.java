package dev.rocelab.suites.baseline;

import static dev.rocelab.junit.FabricAssertions.assertThat;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.junit.Baseline;
import dev.rocelab.junit.FabricTest;

/** Baseline: light traffic on the lossless class crosses the fabric without loss, pauses or deadlock. */
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.BASELINE)
class IdleFabricTest {

  @Baseline(flowSize = "64KiB", priority = 3)
  void lightTrafficIsLosslessAndUnpaused(RunResult run) {
    assertThat(run).isLossless();
    assertThat(run).hasNoDeadlock();
    assertThat(run).flows().allCompleted();
  }
}
