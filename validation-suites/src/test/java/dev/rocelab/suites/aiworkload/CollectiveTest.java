package dev.rocelab.suites.aiworkload;

import static dev.rocelab.api.scenario.Workload.CollectiveOperation.ALL_GATHER;
import static dev.rocelab.api.scenario.Workload.CollectiveOperation.ALL_REDUCE;
import static dev.rocelab.api.scenario.Workload.CollectiveOperation.ALL_TO_ALL;
import static dev.rocelab.api.scenario.Workload.CollectiveOperation.REDUCE_SCATTER;
import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.junit.Collective;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Purpose;
import dev.rocelab.suites.Criteria;
import dev.rocelab.suites.DerivedLimits;

@Purpose(
    "AI workload: NCCL collectives on 16 ranks over two hosts, as nccl-tests would run them. Bus bandwidth is judged as a fraction of line rate (for all-to-all, of the bound the host NICs set); the nccl-tests table and the busbw-vs-size chart of each run are attached.")
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.AI_WORKLOAD)
class CollectiveTest {

  private final Criteria criteria = Criteria.of(Phase.AI_WORKLOAD);

  @Collective(
      operation = {ALL_REDUCE, ALL_GATHER, REDUCE_SCATTER},
      size = "32MiB at 400Gbps",
      ranks = 16,
      atMost = true)
  void collectiveReachesItsBusBandwidthLosslessly(RunResult run) {
    assertThat(run).isLossless();
    assertThat(run).hasNoDeadlock();
    assertThat(run)
        .collective()
        .busBandwidth()
        .fractionOfLineRate()
        .isAtLeast(criteria.number("ringBusBandwidthLineRateFraction"));
  }

  // every rank sends to every other: the share that must leave its host bounds the bus bandwidth
  @Collective(operation = ALL_TO_ALL, size = "32MiB at 400Gbps", ranks = 16, atMost = true)
  void allToAllReachesItsBusBandwidthLosslessly(RunResult run, FabricSpec fabric) {
    assertThat(run).isLossless();
    assertThat(run).hasNoDeadlock();
    double limit =
        DerivedLimits.allToAllBusBandwidthLimit(
            fabric,
            run.collectives().get(0).ranks(),
            criteria.number("allToAllBusBandwidthOfBound"),
            criteria.origin("allToAllBusBandwidthOfBound") + " allToAllBusBandwidthOfBound");
    assertThat(run).collective().busBandwidth().fractionOfLineRate().isAtLeast(limit);
  }

  @Collective(
      operation = ALL_REDUCE,
      size = "256KiB at 400Gbps",
      maxSize = "64MiB at 400Gbps",
      stepFactor = 4,
      ranks = 16,
      atMost = true)
  void allReduceSweepScalesToLineRate(RunResult run) {
    assertThat(run).isLossless();
    assertThat(run)
        .collective()
        .busBandwidth()
        .fractionOfLineRate()
        .isAtLeast(criteria.number("sweepLargestLineRateFraction"));
    assertThat(run)
        .collective()
        .atSize(run.collectives().get(0).rows().get(0).size().toString())
        .time()
        .isAtMost(criteria.time("sweepSmallestTime"));
  }
}
