package dev.rocelab.suites.synthetic;

import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Purpose;
import dev.rocelab.suites.Criteria;
import dev.rocelab.suites.DerivedLimits;
import org.junit.jupiter.api.Test;

/**
 * Synthetic load: sustained throughput. Every NIC sends to a NIC of another host at once, most of
 * them on another rail and so through the spines: the fabric carries it losslessly and the typical
 * flow completes within a small multiple of its time on a balanced fabric (at line rate where the
 * leaves' uplinks carry every flow that crosses them; on oversubscribed leaves at their share).
 * With one flow per NIC, ECMP hashing puts several flows on some uplinks (balls in bins; up to four
 * of a leaf's eight on the reference fabric), DCQCN cuts their rate and recovers it only slowly, so
 * the tail is long and not a criterion; the median is what a healthy fabric keeps.
 */
@Purpose(
    "Synthetic load: sustained throughput. Every NIC sends to a NIC of another host at once, most through the spines: the fabric carries it losslessly and the median flow completes within a small multiple of its time on a balanced fabric (line rate, or its share of an oversubscribed leaf's uplinks). ECMP hashing puts several flows on some uplinks, so the tail is long and not a criterion; the median is what a healthy fabric keeps.")
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
class SustainedThroughputTest {

  private final Criteria criteria = Criteria.of(Phase.SYNTHETIC_LOAD);

  @Test
  void aFullPermutationRunsNearLineRateLosslessly(FabricSession fabric) {
    DataSize flowSize = DataSize.mib(8);
    RunResult run =
        fabric.run(
            Scenario.permutation()
                .flowSize(flowSize.toString())
                .dscp(26)
                .named("sustained permutation"));
    assertThat(run).isLossless();
    assertThat(run).hasNoDeadlock();
    SimTime limit =
        DerivedLimits.permutationMedianCompletion(
            fabric.fabric(),
            run,
            criteria.number("permutationMedianSlowdown"),
            criteria.origin("permutationMedianSlowdown") + " permutationMedianSlowdown");
    assertThat(run).flows().allCompleted().completionTimes().p50().isAtMost(limit);
  }
}
