package dev.rocelab.junit.readme;

// tag::incast-test[]
import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.IncastBuilder;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.assertj.FabricSoftAssertions;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Incast;
import org.junit.jupiter.api.Test;

@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
class IncastTest {

  // 6 invocations, from "incast 8:1 · 1 MiB · prio 3" to "incast 32:1 · 4 MiB · prio 3"
  @Incast(
      senders = {8, 16, 32},
      message = {"1MiB", "4MiB"},
      priority = 3)
  void incastIsLosslessFairAndKeepsTheReceiverBusy(RunResult run) {
    assertThat(run).isLossless();
    assertThat(run).pfc().pausedFraction().isLessThan(0.98);
    assertThat(run).buffer().peakHeadroom().isAtMost("160KiB");
    // senders behind the spines share an ingress port at the receiver's leaf: PFC is fair per
    // port, not per flow
    assertThat(run).flows().allCompleted().fairness().isAtLeast(0.85);
    assertThat(run).flows().goodput().fractionOfLineRate().isAtLeast(0.9);
  }

  @Test
  void receiverLinkStaysBusyUnderDeeperIncasts(FabricSession fabric) {
    IncastBuilder incast = Scenario.incast().message("4MiB").dscp(26).receiver("host1:nic0");
    FabricSoftAssertions.assertSoftly(
        softly -> {
          for (int senders : new int[] {12, 24}) {
            RunResult run = fabric.run(incast.senders(senders));
            softly.assertThat(run).isLossless();
            softly
                .assertThat(run)
                .port("leaf1:eth1")
                .throughput()
                .fractionOfLineRate()
                .isAtLeast(0.95);
            softly.assertThat(run).flows().allCompleted().fairness().isAtLeast(0.95);
          }
        });
  }
}
// end::incast-test[]
