package dev.rocelab.model.internal.net;

import static dev.rocelab.model.internal.net.SharedBuffer.Admission.ADMITTED;
import static dev.rocelab.model.internal.net.SharedBuffer.Admission.ADMITTED_XOFF;
import static dev.rocelab.model.internal.net.SharedBuffer.Admission.DROPPED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.model.internal.net.SharedBuffer.Admission;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The switch MMU: reserve, dynamic threshold ({@code alpha × free shared bytes}), PFC XOFF/XON per
 * ingress priority group with headroom, and lossy admission per egress queue. Buffers here have two
 * ports, a 100 000-byte shared pool and 1000-byte frames, so every threshold crossing can be worked
 * out by hand: a queue alone in the pool with {@code x} shared bytes is at its threshold when
 * {@code x ≥ alpha·(100 000 − x)}, i.e. at {@code alpha/(1 + alpha)} of the pool.
 */
class SharedBufferTest {

  private static final int PORTS = 2;
  private static final long POOL = 100_000;
  private static final long FRAME = 1000;

  /** Port 0, priority 3 (an ingress priority group, or an egress queue). */
  private static final int SLOT = 3;

  /** Port 1, priority 3. */
  private static final int OTHER_SLOT = 8 + 3;

  /** A buffer whose shared pool is exactly {@link #POOL}, with headroom for {@link #SLOT} only. */
  private static SharedBuffer buffer(double alpha, long reserve, long xonOffset, long headroom) {
    long[] headroomCap = new long[PORTS * 8];
    headroomCap[SLOT] = headroom;
    return new SharedBuffer(
        PORTS, POOL + headroom + reserve * 8 * PORTS, 256, reserve, alpha, xonOffset, headroomCap);
  }

  private static Admission[] admitLossless(SharedBuffer buffer, int slot, int frames) {
    Admission[] outcomes = new Admission[frames];
    for (int i = 0; i < frames; i++) {
      outcomes[i] = buffer.admitLossless(slot, FRAME);
    }
    return outcomes;
  }

  private static Admission[] repeat(Admission a, int n) {
    Admission[] all = new Admission[n];
    Arrays.fill(all, a);
    return all;
  }

  @Test
  void theSharedPoolIsTheBufferLessEveryHeadroomAndEveryReserve() {
    long[] headroom = new long[PORTS * 8];
    headroom[3] = 50_000;
    headroom[8 + 3] = 40_000;

    SharedBuffer buffer = new SharedBuffer(PORTS, 1_000_000, 256, 4096, 0.125, 0, headroom);

    // 1 000 000 − 90 000 headroom − 4096 × 8 priorities × 2 ports
    assertThat(buffer.pool()).isEqualTo(844_464);
  }

  @Test
  void framesOccupyWholeCells() {
    SharedBuffer buffer = buffer(0.25, 0, 0, 0);

    assertThat(buffer.cells(1)).isEqualTo(256);
    assertThat(buffer.cells(256)).isEqualTo(256);
    assertThat(buffer.cells(1086)).as("a 1024-byte RoCE payload with headers").isEqualTo(1280);
  }

  @Test
  void aGroupFillsItsReserveBeforeTakingFromTheSharedPool() {
    SharedBuffer buffer = buffer(0.25, 4000, 0, 0);

    assertThat(admitLossless(buffer, SLOT, 4)).containsOnly(ADMITTED);
    assertThat(buffer.sharedUsed()).as("shared bytes with the 4000-byte reserve full").isZero();
    buffer.admitLossless(SLOT, FRAME);
    assertThat(buffer.sharedUsed()).isEqualTo(FRAME);
  }

  @Test
  void aGroupTakesSharedBytesUpToAlphaTimesFreeAndGoesXoffOnReachingIt() {
    SharedBuffer buffer = buffer(0.25, 0, 0, 3000);

    // frame 20 brings x to 20 000 = 0.25 × (100 000 − 20 000): admitted, and the group is at its
    // threshold
    assertThat(admitLossless(buffer, SLOT, 19)).containsOnly(ADMITTED);
    assertThat(buffer.isXoff(SLOT)).isFalse();
    assertThat(buffer.admitLossless(SLOT, FRAME)).isEqualTo(ADMITTED_XOFF);
    assertThat(buffer.isXoff(SLOT)).isTrue();
    assertThat(buffer.sharedUsed()).as("alpha/(1 + alpha) of the pool").isEqualTo(20_000);
    assertThat(buffer.headroomUsed(SLOT)).isZero();
  }

  @Test
  void aFrameThatWouldCrossTheThresholdGoesToHeadroomAndTurnsTheGroupXoff() {
    SharedBuffer buffer = buffer(0.125, 0, 0, 3000);

    // after 11 frames x = 11 000 < 0.125 × 89 000 = 11 125, but a 12th would make 12 000 > 11 125
    assertThat(admitLossless(buffer, SLOT, 11)).containsOnly(ADMITTED);
    assertThat(buffer.admitLossless(SLOT, FRAME)).isEqualTo(ADMITTED_XOFF);
    assertThat(buffer.isXoff(SLOT)).isTrue();
    assertThat(buffer.sharedUsed()).isEqualTo(11_000);
    assertThat(buffer.headroomUsed(SLOT)).isEqualTo(FRAME);
  }

  @Test
  void afterXoffFramesLandInHeadroomUntilItIsFullAndThenAreDropped() {
    SharedBuffer buffer = buffer(0.25, 0, 0, 3000);
    admitLossless(buffer, SLOT, 20);

    assertThat(admitLossless(buffer, SLOT, 4))
        .containsExactly(ADMITTED, ADMITTED, ADMITTED, DROPPED);
    assertThat(buffer.headroomUsed(SLOT)).isEqualTo(3000);
    assertThat(buffer.sharedUsed()).as("shared bytes, unchanged since XOFF").isEqualTo(20_000);
    assertThat(buffer.admitLossless(SLOT, 1))
        .as("even a 1-byte frame past full headroom")
        .isEqualTo(DROPPED);
  }

  @Test
  void drainingReleasesHeadroomThenSharedThenReserve() {
    SharedBuffer buffer = buffer(0.25, 2000, 0, 3000);
    // 2 frames of reserve, 20 of shared (XOFF at 20 000), 3 of headroom
    admitLossless(buffer, SLOT, 25);
    assertThat(buffer.headroomUsed(SLOT)).isEqualTo(3000);
    assertThat(buffer.sharedUsed()).isEqualTo(20_000);

    for (int i = 1; i <= 3; i++) {
      buffer.releaseLossless(SLOT, FRAME);
      assertThat(buffer.headroomUsed(SLOT))
          .as("headroom after %d releases", i)
          .isEqualTo(3000 - i * FRAME);
      assertThat(buffer.sharedUsed()).as("shared after %d releases", i).isEqualTo(20_000);
    }
    for (int i = 1; i <= 20; i++) {
      buffer.releaseLossless(SLOT, FRAME);
      assertThat(buffer.sharedUsed())
          .as("shared after %d more releases", i)
          .isEqualTo(20_000 - i * FRAME);
    }
    buffer.releaseLossless(SLOT, FRAME);
    buffer.releaseLossless(SLOT, FRAME);

    // the reserve is whole again: two frames fit in it, the third takes shared bytes
    admitLossless(buffer, SLOT, 2);
    assertThat(buffer.sharedUsed()).isZero();
    buffer.admitLossless(SLOT, FRAME);
    assertThat(buffer.sharedUsed()).isEqualTo(FRAME);
  }

  @ParameterizedTest(name = "xonOffset {0}: XON at release {1}")
  @CsvSource({"0, 3", "5000, 7", "10000, 11"})
  void xonComesWhenHeadroomIsEmptyAndSharedUseIsXonOffsetBelowTheThreshold(
      long xonOffset, int xonRelease) {
    SharedBuffer buffer = buffer(0.25, 0, xonOffset, 3000);
    admitLossless(buffer, SLOT, 23); // XOFF at 20 000 shared, then 3000 of headroom

    // after j shared releases: x = 20 000 − 1000j, threshold 0.25 × (80 000 + 1000j); XON once
    // x + xonOffset ≤ threshold and the headroom (released first, 3 frames) is empty
    for (int release = 1; release <= 15; release++) {
      assertThat(buffer.releaseLossless(SLOT, FRAME))
          .as("XON on release %d", release)
          .isEqualTo(release == xonRelease);
      assertThat(buffer.isXoff(SLOT))
          .as("XOFF after release %d", release)
          .isEqualTo(release < xonRelease);
    }
    assertThat(buffer.admitLossless(SLOT, FRAME))
        .as("the next frame after XON")
        .isEqualTo(ADMITTED);
    assertThat(buffer.headroomUsed(SLOT)).isZero();
  }

  @Test
  void otherQueuesUseOfThePoolLowersAGroupsThreshold() {
    SharedBuffer buffer = buffer(0.25, 0, 0, 3000);
    for (int i = 0; i < 20; i++) {
      assertThat(buffer.admitLossy(OTHER_SLOT, FRAME)).isTrue();
    }

    // with 20 000 taken elsewhere: x = 16 000 = 0.25 × (100 000 − 20 000 − 16 000) at frame 16
    assertThat(admitLossless(buffer, SLOT, 16))
        .containsExactly(concat(repeat(ADMITTED, 15), ADMITTED_XOFF));
  }

  private static Admission[] concat(Admission[] first, Admission last) {
    Admission[] all = Arrays.copyOf(first, first.length + 1);
    all[first.length] = last;
    return all;
  }

  @Test
  void aLossyQueueTakesSharedBytesUpToAlphaTimesFreeAndIsRefusedBeyond() {
    SharedBuffer buffer = buffer(0.25, 0, 0, 0);

    // frame k + 1 is admitted while 1000(k + 1) ≤ 0.25 × (100 000 − 1000k): k ≤ 19
    for (int i = 1; i <= 20; i++) {
      assertThat(buffer.admitLossy(SLOT, FRAME)).as("lossy frame %d", i).isTrue();
    }
    assertThat(buffer.admitLossy(SLOT, FRAME)).as("lossy frame 21").isFalse();
    assertThat(buffer.sharedUsed()).as("a refused frame takes nothing").isEqualTo(20_000);

    buffer.releaseLossy(SLOT, FRAME);
    assertThat(buffer.sharedUsed()).isEqualTo(19_000);
    assertThat(buffer.admitLossy(SLOT, FRAME)).as("after one frame left").isTrue();
  }

  @Test
  void aLossyQueueAlwaysGetsItsReserveEvenWithNoSharedPool() {
    SharedBuffer buffer =
        new SharedBuffer(PORTS, 4000 * 8 * PORTS, 256, 4000, 0.25, 0, new long[PORTS * 8]);
    assertThat(buffer.pool()).isZero();

    for (int i = 1; i <= 4; i++) {
      assertThat(buffer.admitLossy(SLOT, FRAME)).as("lossy frame %d", i).isTrue();
    }
    assertThat(buffer.admitLossy(SLOT, FRAME)).as("lossy frame 5").isFalse();
    assertThat(buffer.admitLossy(OTHER_SLOT, FRAME)).as("another queue's reserve").isTrue();
  }
}
