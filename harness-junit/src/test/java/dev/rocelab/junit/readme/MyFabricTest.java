package dev.rocelab.junit.readme;

// tag::my-fabric-test[]
import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Incast;

@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
class MyFabricTest {

  // two tests: "incast 8:1 · 4 MiB · prio 3" and "incast 16:1 · 4 MiB · prio 3"
  @Incast(
      senders = {8, 16},
      message = "4MiB",
      priority = 3)
  void incastIsLosslessAndKeepsTheReceiverBusy(RunResult run) {
    assertThat(run).isLossless();
    assertThat(run).flows().allCompleted();
    assertThat(run).flows().goodput().fractionOfLineRate().isAtLeast(0.9);
  }
}
// end::my-fabric-test[]
