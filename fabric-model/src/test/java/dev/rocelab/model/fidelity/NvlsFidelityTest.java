package dev.rocelab.model.fidelity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.model.ModelFixtures;
import org.junit.jupiter.api.Test;

/**
 * NVLink SHARP (NVLS) against what nccl-tests users and NCCL's maintainers report for H100 servers
 * with NVSwitch. Nothing here is tuned to a figure: NVLink carries data at NCCL's 20.6 GB/s per
 * link, NVLS traffic at NCCL's published Hopper NVLS efficiency (0.85) of that, and the choice
 * follows NCCL's tuning model; the bus bandwidth is what the simulated transfers take.
 */
class NvlsFidelityTest {

  private static final FabricSpec NVSWITCH = ModelFixtures.nvswitchReference();

  /**
   * nccl-tests issue #212 (NCCL's maintainer): on eight H100s NVLS peaks at about 480 GB/s busbw
   * (algbw about 275) where the ring reaches 370. Each GPU's NVLink carries its data once to the
   * NVSwitch and its eighth once more as the multicast, 9/8 of the data against a ring's 14/8.
   */
  @Test
  void onOneHostNvlsReachesWhatNcclTestsMeasures() {
    CollectiveRow row = allReduce(NVSWITCH, 8, Algorithm.AUTO, "1GiB").largest();
    System.out.printf(
        "one host, 1 GiB: %s/%s, algbw %.1f GB/s, busbw %.1f%n",
        row.algorithm(),
        row.protocol(),
        row.outOfPlace().algGigabytesPerSecond(),
        row.outOfPlace().busGigabytesPerSecond());

    assertThat(row.algorithm()).isEqualTo(Algorithm.NVLS);
    assertThat(row.outOfPlace().busGigabytesPerSecond())
        .as("busbw, GB/s")
        .isBetween(480 * 0.95, 480 * 1.05);
    assertThat(row.outOfPlace().algGigabytesPerSecond())
        .as("algbw, GB/s")
        .isBetween(275 * 0.95, 275 * 1.05);
  }

  /**
   * nccl-tests issue #309: with NVLS on, one node of eight H100s runs NVLS Simple from 2 MB; below,
   * the low-latency protocols win. NCCL's model here (speeds not rounded to NCCL's search steps)
   * switches between 512 KiB and 1 MiB. Without NVSwitch the same sizes never run NVLS.
   */
  @Test
  void onOneHostNcclTakesNvlsFromAboutTwoMegabytes() {
    CollectiveResult sweep =
        ModelFixtures.collective(
            NVSWITCH,
            Scenario.collective(CollectiveOperation.ALL_REDUCE)
                .sizes("256KiB", "8MiB", 2)
                .ranks(8)
                .build());

    assertThat(sweep.rows())
        .extracting(CollectiveRow::size, CollectiveRow::algorithm)
        .containsExactly(
            tuple(DataSize.kib(256), Algorithm.RING),
            tuple(DataSize.kib(512), Algorithm.RING),
            tuple(DataSize.mib(1), Algorithm.NVLS),
            tuple(DataSize.mib(2), Algorithm.NVLS),
            tuple(DataSize.mib(4), Algorithm.NVLS),
            tuple(DataSize.mib(8), Algorithm.NVLS));
    assertThat(
            allReduce(ModelFixtures.reference(), 8, Algorithm.AUTO, "8MiB").largest().algorithm())
        .as("no NVSwitch")
        .isEqualTo(Algorithm.RING);
  }

  /**
   * NVIDIA/nccl issue #1221: 8 × H100 and 8 × 400G RoCE per server, NCCL 2.19.3, 4–8 GiB
   * all-reduce: on two nodes NVLS lifts busbw from 330 to 430 GB/s (×1.30); beyond two nodes it
   * brings nothing (320 either way). The NVLS tree's heads each send their eighth through their own
   * NIC, once per direction on two hosts; beyond two, a host inside the tree sends it up and down
   * to two children and receives from both at once: the network caps it at best where it caps a
   * ring (flow level), and DCQCN, backing the two senders off, below. The reporter's ring sits
   * below the 46–48 GB/s per NIC NVIDIA quotes (and this model's 48.7), so the ratio is compared,
   * within 10%.
   */
  @Test
  void acrossTwoHostsNvlsTreeGainsWhatRoceUsersReportAndBeyondTwoNothing() {
    CollectiveRow twoHosts = allReduce(NVSWITCH, 16, Algorithm.AUTO, "1GiB").largest();
    CollectiveRow twoHostsRing = allReduce(NVSWITCH, 16, Algorithm.RING, "1GiB").largest();
    CollectiveRow fourHostsTree = allReduce(NVSWITCH, 32, Algorithm.NVLS_TREE, "1GiB").largest();
    CollectiveRow fourHostsRing = allReduce(NVSWITCH, 32, Algorithm.RING, "1GiB").largest();
    double gain = busbw(twoHosts) / busbw(twoHostsRing);
    System.out.printf(
        "two hosts, 1 GiB: %s %.1f GB/s busbw, ring %.1f (×%.2f); four hosts: NVLS tree %.1f,"
            + " ring %.1f%n",
        twoHosts.algorithm(),
        busbw(twoHosts),
        busbw(twoHostsRing),
        gain,
        busbw(fourHostsTree),
        busbw(fourHostsRing));

    assertThat(twoHosts.algorithm()).isEqualTo(Algorithm.NVLS_TREE);
    assertThat(gain).as("NVLS tree over ring, two hosts").isBetween(1.30 * 0.9, 1.30 * 1.1);
    assertThat(busbw(fourHostsTree))
        .as("NVLS tree on four hosts vs the ring")
        .isLessThan(busbw(fourHostsRing) * 1.05);
  }

  private static double busbw(CollectiveRow row) {
    return row.outOfPlace().busGigabytesPerSecond();
  }

  private static CollectiveResult allReduce(
      FabricSpec fabric, int ranks, Algorithm algorithm, String size) {
    return ModelFixtures.collective(
        fabric,
        Scenario.collective(CollectiveOperation.ALL_REDUCE)
            .size(size)
            .ranks(ranks)
            .algorithm(algorithm)
            .build());
  }
}
