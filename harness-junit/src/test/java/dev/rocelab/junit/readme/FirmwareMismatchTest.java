package dev.rocelab.junit.readme;

// tag::firmware-mismatch-test[]
import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.FirmwareMismatch;

@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.FAILURES)
class FirmwareMismatchTest {

  // A rolling upgrade half done: host2 and host3 still run an older firmware whose DCQCN follows
  // the
  // paper (every cut lowers the target rate), while the rest of the fleet runs mlx5's reaction
  // point.
  @FirmwareMismatch(
      devices = {"host2", "host3"},
      firmware = "dcqcn-paper",
      senders = 16,
      message = "8MiB")
  void aHalfUpgradedFleetStaysLosslessAndFairEnough(RunResult run) {
    assertThat(run).isLossless();
    assertThat(run).hasNoDeadlock();
    assertThat(run).flows().allCompleted();
    assertThat(run).flows().fairness().isAtLeast(0.9);
  }
}
// end::firmware-mismatch-test[]
