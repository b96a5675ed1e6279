package dev.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The benchmark's heap figure: read from the JVM's own collections, and one at the end. */
class HeapAfterCollectionsTest {

  private static final int RETAINED_BYTES = 64 << 20;

  @Test
  void thePeakCountsWhatIsStillReferencedAtTheEnd() {
    try (HeapAfterCollections heap = new HeapAfterCollections()) {
      byte[] retained = new byte[RETAINED_BYTES];

      long peak = heap.peakBytes();

      assertThat(retained).hasSize(RETAINED_BYTES);
      assertThat(peak).isGreaterThanOrEqualTo(RETAINED_BYTES);
    }
  }

  @Test
  void theJvmsOwnCollectionsAreHeard() {
    try (HeapAfterCollections heap = new HeapAfterCollections()) {
      long allocated = 0;
      // garbage until the JVM collects on its own and says so (notifications come on another
      // thread); 64 GB of it would be far more than any young generation holds
      while (heap.collections() == 0 && allocated < (64L << 30)) {
        allocated += new byte[1 << 20].length;
      }

      assertThat(heap.collections()).isPositive();
    }
  }
}
