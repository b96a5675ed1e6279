package dev.rocelab.suites.baseline;

import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricRoles;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.junit.Baseline;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Purpose;
import dev.rocelab.suites.Criteria;
import dev.rocelab.suites.DerivedLimits;
import java.util.List;
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
    assertThat(run)
        .latency(3)
        .p99()
        .isLessThan(
            DerivedLimits.lightTrafficP99Latency(run, criteria.size("p99QueueingAllowance")));
  }

  @Test
  void oneFlowAloneSustainsNearLineRate(FabricSession fabric, FabricSpec spec) {
    // two NICs under one leaf (host1:nic0 and host2:nic0 on the reference's rail leaf 1): one
    // switch hop, nothing else on the wire
    List<Endpoint> pair = FabricRoles.of(FabricGraph.of(spec)).neighbours();
    RunResult run =
        fabric.run(
            Scenario.flow(pair.get(0).toString(), pair.get(1).toString())
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
        .isAtLeast(
            DerivedLimits.singleFlowLineRateFraction(
                spec, pair.get(0), criteria.number("singleFlowFramingShare")));
  }
}
