package dev.rocelab.suites.synthetic;

import static dev.rocelab.junit.FabricAssertions.assertThat;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Incast;

/** Synthetic load: an RDMA incast on the lossless class loses nothing and every flow completes. */
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
class IncastTest {

  @Incast(senders = 8, message = "1MiB", priority = 3)
  void incastIsLossless(RunResult run) {
    assertThat(run).isLossless();
    assertThat(run).flows().allCompleted();
  }
}
