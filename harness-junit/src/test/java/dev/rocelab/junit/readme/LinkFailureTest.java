package dev.rocelab.junit.readme;

// tag::link-failure-test[]
import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.assertj.FabricAwait;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.LinkFailure;
import java.time.Duration;
import org.junit.jupiter.api.Test;

@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.FAILURES)
class LinkFailureTest {

  // leaf1's first spine uplink fails 500us into a permutation of 64 MiB flows
  @LinkFailure(
      port = "leaf1:eth9",
      at = "500us",
      downFor = {"200us", "2ms"},
      flowSize = "64MiB",
      duration = "40ms")
  void trafficRecoversWithinBudget(RunResult run) {
    // only what the failed link itself lost: link-down drops at its two ends, nothing elsewhere
    assertThat(run).isLosslessApartFromFaults();
    // what was on, or hashed onto, the failed link until routes reconverged: a bounded loss
    assertThat(run).priority(3).lostBytes(DropReason.LINK_DOWN).isAtMost("1MiB");
    assertThat(run).hasNoDeadlock();
    assertThat(run).recovery().isFasterThan("1ms");
    // a queue pair whose NAK was lost with the link waits for its retransmission timeout
    assertThat(run).flows().allCompleted().completionTimes().max().isLessThan("25ms");
  }

  @Test
  void throughputIsBackSoonAfterTheLinkGoesDown(FabricSession fabric) {
    Scenario spineLinkLoss =
        Scenario.permutation()
            .flowSize("64MiB")
            .duration("40ms")
            .with(Fault.linkDown("leaf1:eth9").at("500us"))
            .named("spine link loss")
            .build();
    try (ScenarioRun run = fabric.start(spineLinkLoss)) {
      // simulated time on the model, wall-clock time on a lab
      FabricAwait.await("throughput back after leaf1:eth9 went down")
          .on(run)
          .atMost(Duration.ofMillis(2))
          .untilAsserted(now -> assertThat(now).recovery().isFasterThan("1ms"));

      RunResult result = run.finish();
      assertThat(result).isLosslessApartFromFaults();
      assertThat(result).flows().allCompleted();
    }
  }
}
// end::link-failure-test[]
