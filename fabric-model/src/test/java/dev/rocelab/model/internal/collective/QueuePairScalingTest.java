package dev.rocelab.model.internal.collective;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.CollectiveBuilder;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.model.ModelFixtures;
import org.junit.jupiter.api.Test;

/**
 * More queue pairs per connection on a low-entropy Clos, with and without DCQCN: Meta reports up to
 * 40% more all-reduce bandwidth from QP scaling with QP-aware ECMP (Gangidi et al., SIGCOMM 2024),
 * and NCCL spreads a connection's messages over its queue pairs in one of two ways ({@code
 * NCCL_IB_SPLIT_DATA_ON_QPS}): whole messages in turn (the default since NCCL 2.20.3) or every
 * message split over all of them.
 *
 * <p>The fabric is clos2tier made 2:1 (one uplink per spine): each leaf's 4 rings share 2 uplinks,
 * and with one QP per connection some uplink carries 3 of them. DCQCN runs the mlx5 firmware
 * defaults with NVIDIA's ECN thresholds for RoCE. When written, all-reduce busbw at 64 MiB (GB/s):
 * PFC only 16.3 with 1 QP, 21.5 with 4 in turn, 21.6 with 4 split; with DCQCN 14.7, 17.3 and 16.5 —
 * DCQCN costs throughput (its slow recovery, mlx5's 5 Mb/s per 300 µs), QP scaling still gains.
 * With DCQCN the gain depends on where marks and rate cuts fall, which small timing changes move
 * (+26% in turn and +20% split before NVLink carried data at its payload share, +18% and +12%
 * after), so the test asks a tenth there and 15% without DCQCN.
 */
class QueuePairScalingTest {

  private static final FabricSpec PFC_ONLY =
      ModelFixtures.fabric("clos2tier", "uplinksPerSpine: 2", "uplinksPerSpine: 1");
  private static final FabricSpec DCQCN =
      ModelFixtures.fabric(
          "clos2tier",
          "uplinksPerSpine: 2",
          "uplinksPerSpine: 1",
          "    scheduler: {strict: [6]}",
          "    ecn: {3: {kmin: 150KB, kmax: 1500KB, pmax: 1.0}}\n    scheduler: {strict: [6]}");
  private static final CollectiveBuilder ALL_REDUCE =
      Scenario.collective(CollectiveOperation.ALL_REDUCE).size("64MiB");

  @Test
  void fourQueuePairsBeatOneWithPfcOnlyAndWithDcqcn() {
    for (FabricSpec fabric : new FabricSpec[] {PFC_ONLY, DCQCN}) {
      String name = fabric == PFC_ONLY ? "PFC only" : "DCQCN";
      RunResult one = run(fabric, ALL_REDUCE);
      RunResult inTurn = run(fabric, ALL_REDUCE.qpsPerConnection(4));
      RunResult split = run(fabric, ALL_REDUCE.qpsPerConnection(4).splitDataOnQps(true));
      System.out.printf(
          "%s: busbw %.2f GB/s with 1 QP, %.2f with 4 in turn, %.2f with 4 split%n",
          name, busbw(one), busbw(inTurn), busbw(split));

      double gain = fabric == PFC_ONLY ? 1.15 : 1.10;
      assertThat(busbw(inTurn))
          .as("%s: 4 QPs, messages in turn, over 1 QP", name)
          .isGreaterThan(gain * busbw(one));
      assertThat(busbw(split))
          .as("%s: 4 QPs, messages split, over 1 QP", name)
          .isGreaterThan(gain * busbw(one));
      assertThat(busbw(inTurn))
          .as("%s: busbw within two 100G NICs", name)
          .isLessThanOrEqualTo(25.0);
    }
    assertThat(cnps(run(DCQCN, ALL_REDUCE))).as("DCQCN acts").isPositive();
  }

  @Test
  void splittingCarriesTheSameBytes() {
    RunResult inTurn = run(PFC_ONLY, ALL_REDUCE.qpsPerConnection(4));
    RunResult split = run(PFC_ONLY, ALL_REDUCE.qpsPerConnection(4).splitDataOnQps(true));

    long bytesInTurn =
        inTurn.ports().stream().filter(p -> p.priority() == 3).mapToLong(PortStats::txBytes).sum();
    long bytesSplit =
        split.ports().stream().filter(p -> p.priority() == 3).mapToLong(PortStats::txBytes).sum();
    // the same payload; split parts are smaller messages, so a few more packets and headers
    assertThat(bytesSplit).isBetween(bytesInTurn, bytesInTurn + bytesInTurn / 100);
  }

  private static RunResult run(FabricSpec fabric, CollectiveBuilder collective) {
    return ModelFixtures.run(fabric, collective.build()).result();
  }

  private static double busbw(RunResult run) {
    return run.collectives().get(0).largest().outOfPlace().busGigabytesPerSecond();
  }

  private static long cnps(RunResult run) {
    return run.ports().stream().mapToLong(PortStats::cnpsSent).sum();
  }
}
