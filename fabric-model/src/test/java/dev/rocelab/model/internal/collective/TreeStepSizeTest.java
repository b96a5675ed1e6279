package dev.rocelab.model.internal.collective;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.model.ModelFixtures;
import org.junit.jupiter.api.Test;

/**
 * A tree with LL128 cuts a channel's data into steps as NCCL's {@code calcCollChunking} does:
 * halved from LL128's 576,000 bytes while the data fills too few of them for the tree's depth, then
 * aligned to LL128's 1,920-byte grain. Other algorithms and protocols keep one buffer slot per
 * step.
 */
class TreeStepSizeTest {

  private static final long LL128_STEP = 576_000;

  @Test
  void aDeepTreeOfSingleGpuHostsHalvesItsStepsUntilItsPipelineIsDeepEnough() {
    // 16 nodes × 1 rank: depth 1 + 4 + 0.1 steps; 8 MiB over 2 channels halves to 36,000 B → 34,560
    assertThat(NcclConstants.chunkBytes(Algorithm.TREE, Protocol.LL128, 8L << 20, 2, 16, 16))
        .isEqualTo(34_560);
    // 256 KiB: past the second loop's 32 KiB floor, 18,000 B → 17,280
    assertThat(NcclConstants.chunkBytes(Algorithm.TREE, Protocol.LL128, 256L << 10, 2, 16, 16))
        .isEqualTo(17_280);
  }

  @Test
  void eightGpusPerHostNeedFewerStepsPerChannel() {
    // 2 nodes × 8 ranks over 16 channels: the thresholds fall by ppn, 72,000 B → 71,040
    assertThat(NcclConstants.chunkBytes(Algorithm.TREE, Protocol.LL128, 8L << 20, 16, 2, 16))
        .isEqualTo(71_040);
  }

  @Test
  void largeMessagesAndOtherAlgorithmsKeepOneBufferSlotPerStep() {
    assertThat(NcclConstants.chunkBytes(Algorithm.TREE, Protocol.LL128, 1L << 30, 2, 16, 16))
        .isEqualTo(LL128_STEP);
    assertThat(NcclConstants.chunkBytes(Algorithm.RING, Protocol.LL128, 8L << 20, 2, 16, 16))
        .isEqualTo(LL128_STEP);
    assertThat(NcclConstants.chunkBytes(Algorithm.TREE, Protocol.SIMPLE, 8L << 20, 2, 16, 16))
        .isEqualTo(NcclConstants.sliceBytes(Protocol.SIMPLE));
  }

  /**
   * Sixteen single-NIC 100G hosts under one leaf, PFC alone (DCQCN off, so the figure is the
   * pipeline's, not DCQCN's): an 8 MiB tree all-reduce with LL128 reaches 10.1 GB/s, 0.81 of line
   * rate. In full 576,000-byte steps each channel's data made 8 steps, too few to keep the tree's
   * five levels busy at once: 8.4 GB/s, 0.67.
   */
  @Test
  void anEightMebibyteTreeOverSixteenHostsPipelinesNearLineRate() {
    CollectiveRow row =
        ModelFixtures.collective(
                ModelFixtures.corpus(
                    "leafspine-100g-256",
                    "dcqcn:\n      enabled: true",
                    "dcqcn:\n      enabled: false"),
                Scenario.collective(CollectiveOperation.ALL_REDUCE)
                    .size("8MiB")
                    .ranks(16)
                    .algorithm(Algorithm.TREE)
                    .protocol(Protocol.LL128)
                    .build())
            .largest();

    assertThat(row.outOfPlace().busGigabytesPerSecond() / 12.5)
        .as("busbw as a fraction of 100G line rate")
        .isGreaterThan(0.75);
  }
}
