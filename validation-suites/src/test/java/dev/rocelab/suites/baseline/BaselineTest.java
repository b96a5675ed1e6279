package dev.rocelab.suites.baseline;

import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.junit.Baseline;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Purpose;
import dev.rocelab.suites.Criteria;
import org.junit.jupiter.api.Test;

@Purpose(
    "Baseline: without real load the fabric drops nothing, sends no pause, keeps latency low, and one flow alone runs near line rate — the comparison point for the later phases.")
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.BASELINE)
class BaselineTest {

  private final Criteria criteria = Criteria.of(Phase.BASELINE);

  @Baseline(flowSize = "64KiB", priority = 3)
  void lightTrafficIsLosslessUnpausedAndFast(RunResult run) {
    assertThat(run).hasNoDrops();
    assertThat(run).hasNoDeadlock();
    assertThat(run).pfc().pauseFrames().isZero();
    assertThat(run).flows().allCompleted();
    assertThat(run).latency(3).p99().isLessThan(criteria.time("p99Latency"));
  }

  @Test
  void oneFlowAloneSustainsNearLineRate(FabricSession fabric) {
    // host1:nic0 and host2:nic0 share rail leaf 1: one switch hop, nothing else on the wire
    RunResult run =
        fabric.run(
            Scenario.flow("host1:nic0", "host2:nic0")
                .message("32MiB")
                .dscp(26)
                .named("one flow alone"));
    assertThat(run).hasNoDrops();
    assertThat(run).pfc().pauseFrames().isZero();
    assertThat(run)
        .flows()
        .allCompleted()
        .goodput()
        .fractionOfLineRate()
        .isAtLeast(criteria.number("singleFlowLineRateFraction"));
  }
}
