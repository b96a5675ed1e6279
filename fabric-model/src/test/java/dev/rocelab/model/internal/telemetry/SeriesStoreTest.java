package dev.rocelab.model.internal.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.internal.telemetry.SeriesStore.Kind;
import dev.rocelab.model.internal.telemetry.SeriesStore.Scale;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The store holds each series within its budget whatever the run's length, and what it keeps is
 * what the samples say: a level's last sample, an amount's sum, and the least and greatest sample
 * of each bucket, compared here with the same samples aggregated by hand.
 */
class SeriesStoreTest {

  private static final long INTERVAL_PS = 10_000_000; // 10 us
  private static final Kind[] LEVEL_AND_AMOUNT = {Kind.LEVEL, Kind.AMOUNT};

  @Test
  void aRunWithinTheBudgetKeepsEverySample() {
    SeriesStore store = new SeriesStore(LEVEL_AND_AMOUNT, INTERVAL_PS, 1 << 20);
    long[] samples = LongStream.range(0, 100).map(i -> i * 7 % 13).toArray();
    feed(store, 2, samples);

    TimeSeries level = store.series(0, "queue_depth", "p", "bytes", Scale.SAME);
    assertThat(level.isDownsampled()).isFalse();
    assertThat(level.values()).containsExactly(samples);
    assertThat(level.interval()).isEqualTo(SimTime.micros(10));
    assertThat(level.start()).isEqualTo(SimTime.ZERO);
  }

  @Test
  void aLongRunIsDownsampledWithinItsBudgetAndEachBucketSaysWhatItsSamplesSaid() {
    int capacity = 8;
    SeriesStore store =
        new SeriesStore(
            LEVEL_AND_AMOUNT, INTERVAL_PS, (long) capacity * 2 * SeriesStore.BUCKET_BYTES);
    assertThat(store.capacity()).isEqualTo(capacity);
    SplittableRandom random = new SplittableRandom(7);
    long[] samples = random.longs(1_003, 0, 1_000).toArray();
    feed(store, 2, samples);

    // 1,003 samples in at most 8 buckets: 128 samples a bucket, the last one partly filled
    assertThat(store.samplesPerBucket()).isEqualTo(128L);
    TimeSeries level = store.series(0, "queue_depth", "p", "bytes", Scale.SAME);
    TimeSeries amount = store.series(1, "paused_time", "p", "ps", Scale.SAME);
    assertThat(level.size()).isEqualTo(8);
    assertThat(level.isDownsampled()).isTrue();
    assertThat(level.sampleInterval()).isEqualTo(SimTime.micros(10));
    assertThat(level.interval()).isEqualTo(SimTime.micros(1280));
    // bucket b ends at its last sample, taken at (128 b + 127) × 10 us
    assertThat(level.timeOf(0)).isEqualTo(SimTime.micros(1270));
    assertThat(level.timeOf(3)).isEqualTo(SimTime.micros(1270 + 3 * 1280));
    for (int b = 0; b < 8; b++) {
      int from = b * 128;
      int to = Math.min(samples.length, from + 128);
      long[] bucket = java.util.Arrays.copyOfRange(samples, from, to);
      assertThat(level.value(b))
          .as("last level in bucket %d", b)
          .isEqualTo(bucket[bucket.length - 1]);
      assertThat(amount.value(b))
          .as("amount in bucket %d", b)
          .isEqualTo(LongStream.of(bucket).sum());
      assertThat(level.bucketMin(b))
          .isEqualTo(LongStream.of(bucket).min().orElseThrow())
          .isEqualTo(amount.bucketMin(b));
      assertThat(level.bucketMax(b))
          .isEqualTo(LongStream.of(bucket).max().orElseThrow())
          .isEqualTo(amount.bucketMax(b));
    }
    // nothing is lost: the amounts add up, and the peak survives
    assertThat(LongStream.of(amount.values()).sum()).isEqualTo(LongStream.of(samples).sum());
    assertThat(level.max()).isEqualTo(LongStream.of(samples).max().orElseThrow());
  }

  @Test
  void aLoneSpikeSurvivesAnyLengthOfRun() {
    SeriesStore store =
        new SeriesStore(new Kind[] {Kind.LEVEL}, INTERVAL_PS, 64L * SeriesStore.BUCKET_BYTES);
    long[] samples = new long[200_000];
    samples[123_457] = 9_000;
    feed(store, 1, samples);

    TimeSeries level = store.series(0, "queue_depth", "p", "bytes", Scale.SAME);
    assertThat(level.size()).isLessThanOrEqualTo(64);
    assertThat(level.max()).isEqualTo(9_000);
    int spike = (int) (123_457 / store.samplesPerBucket());
    assertThat(level.bucketMax(spike)).isEqualTo(9_000);
    assertThat(level.timeOf(spike).picos() - level.interval().picos())
        .isLessThan(123_457 * INTERVAL_PS);
    assertThat(level.timeOf(spike).picos()).isGreaterThanOrEqualTo(123_457 * INTERVAL_PS);
    assertThat(store.anyNonZero(0)).isTrue();
  }

  @Test
  void aScaleTurnsAmountsIntoRatesOverTheSamplesTheyGather() {
    SeriesStore store =
        new SeriesStore(new Kind[] {Kind.AMOUNT}, INTERVAL_PS, 2L * SeriesStore.BUCKET_BYTES);
    feed(store, 1, new long[] {10, 20, 30, 40});
    // 4 samples in 2 buckets of 2: each bucket's value is its sum, scaled with the 2 samples it
    // gathers
    TimeSeries perSample =
        store.series(0, "x", "s", "per sample", (value, samples) -> value / samples);

    assertThat(perSample.values()).containsExactly(15, 35);
    assertThat(perSample.bucketMin(0)).isEqualTo(10);
    assertThat(perSample.bucketMax(1)).isEqualTo(40);
  }

  @Test
  void aSeriesOfZerosIsSeenAsSuchAfterDownsampling() {
    SeriesStore store =
        new SeriesStore(LEVEL_AND_AMOUNT, INTERVAL_PS, 4L * SeriesStore.BUCKET_BYTES);
    long[] samples = new long[50];
    samples[3] = 1; // one non-zero level, then zeros: its last-sample values are all zero
    for (long sample : samples) {
      store.put(0, sample);
      store.put(1, 0);
      store.endSample();
    }

    assertThat(store.anyNonZero(0)).isTrue();
    assertThat(store.anyNonZero(1)).isFalse();
  }

  @Test
  void theBudgetIsSharedAmongSeriesAndNeverLeavesFewerThanTwoBuckets() {
    assertThat(SeriesStore.capacity(4, 4L * 100 * SeriesStore.BUCKET_BYTES)).isEqualTo(100);
    assertThat(SeriesStore.capacity(3, 3L * 101 * SeriesStore.BUCKET_BYTES)).isEqualTo(100);
    assertThat(SeriesStore.capacity(1_000_000, 1)).isEqualTo(2);
    assertThat(SeriesStore.capacity(1, Long.MAX_VALUE)).isEqualTo(1 << 30);
  }

  /** Gives every series of the store the same samples. */
  private static void feed(SeriesStore store, int series, long[] samples) {
    for (long sample : samples) {
      for (int s = 0; s < series; s++) {
        store.put(s, sample);
      }
      store.endSample();
    }
  }
}
