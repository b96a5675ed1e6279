package dev.rocelab.model.internal.telemetry;

import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.unit.SimTime;
import java.util.Arrays;
import java.util.function.LongUnaryOperator;

/**
 * The samples of a run's series, held within a fixed budget of buckets per series. Every series
 * takes one sample per sampling instant. While there is room, a bucket is one sample; when the
 * buckets are full, neighbouring pairs merge, and from then on a bucket gathers twice as many
 * samples (they merge when a sample finds no room, so a run that ends just as the buckets fill
 * keeps them all). A bucket keeps its least and greatest sample, and a value that follows from the
 * series' {@link Kind}: the last sample of a level, the sum of an amount. All series share one
 * grid, so a run's series stay aligned.
 */
public final class SeriesStore {

  /** How the samples in a bucket combine into its value. */
  public enum Kind {
    /** A level, e.g. a queue depth: the bucket's value is its last sample. */
    LEVEL,
    /** An amount per sampling interval, e.g. paused time: the bucket's value is their sum. */
    AMOUNT
  }

  /** Bytes a bucket takes: its value, least and greatest sample. */
  public static final int BUCKET_BYTES = 3 * Long.BYTES;

  private static final int INITIAL_BUCKETS = 16;

  private final long sampleIntervalPs;
  private final int capacity;
  private final Kind[] kinds;
  private final long[][] values;
  private long[][] min;
  private long[][] max;
  private long samplesPerBucket = 1;
  private long samples;

  /**
   * @param kinds the kind of each series, by index
   * @param sampleIntervalPs the time between two samples
   * @param budgetBytes the memory the buckets of all series may take
   */
  public SeriesStore(Kind[] kinds, long sampleIntervalPs, long budgetBytes) {
    this.kinds = kinds.clone();
    this.sampleIntervalPs = sampleIntervalPs;
    this.capacity = capacity(kinds.length, budgetBytes);
    int initial = Math.min(INITIAL_BUCKETS, capacity);
    this.values = new long[kinds.length][initial];
  }

  /**
   * @param series how many series share the budget
   * @param budgetBytes the budget
   * @return the buckets each series may hold: an even number, at least 2
   */
  static int capacity(int series, long budgetBytes) {
    long perSeries = budgetBytes / Math.max(1, series) / BUCKET_BYTES;
    return (int) Math.max(2, Math.min(1 << 30, perSeries) & ~1L);
  }

  /**
   * @return the buckets each series may hold
   */
  public int capacity() {
    return capacity;
  }

  /**
   * Records one sample of one series; every series gets one sample per instant, then {@link
   * #endSample()}.
   *
   * @param series the series
   * @param value its sample
   */
  public void put(int series, long value) {
    if (samples == capacity * samplesPerBucket) {
      merge(); // the first put of a sample that finds every bucket full
    }
    int bucket = (int) (samples / samplesPerBucket);
    long[] v = values[series];
    if (bucket == v.length) {
      grow();
      v = values[series];
    }
    if (samplesPerBucket == 1) {
      v[bucket] = value;
      return;
    }
    if (samples % samplesPerBucket == 0) {
      v[bucket] = value;
      min[series][bucket] = value;
      max[series][bucket] = value;
    } else {
      v[bucket] = kinds[series] == Kind.LEVEL ? value : v[bucket] + value;
      min[series][bucket] = Math.min(min[series][bucket], value);
      max[series][bucket] = Math.max(max[series][bucket], value);
    }
  }

  /** Ends a sampling instant. */
  public void endSample() {
    samples++;
  }

  /**
   * @return how many samples a bucket gathers now
   */
  public long samplesPerBucket() {
    return samplesPerBucket;
  }

  private void grow() {
    int length = Math.min(capacity, values[0].length * 2);
    for (int s = 0; s < values.length; s++) {
      values[s] = Arrays.copyOf(values[s], length);
      if (min != null) {
        min[s] = Arrays.copyOf(min[s], length);
        max[s] = Arrays.copyOf(max[s], length);
      }
    }
  }

  private void merge() {
    if (min == null) {
      min = new long[values.length][];
      max = new long[values.length][];
      for (int s = 0; s < values.length; s++) {
        min[s] = values[s].clone();
        max[s] = values[s].clone();
      }
    }
    int half = capacity / 2;
    for (int s = 0; s < values.length; s++) {
      long[] v = values[s];
      long[] lo = min[s];
      long[] hi = max[s];
      boolean level = kinds[s] == Kind.LEVEL;
      for (int b = 0; b < half; b++) {
        v[b] = level ? v[2 * b + 1] : v[2 * b] + v[2 * b + 1];
        lo[b] = Math.min(lo[2 * b], lo[2 * b + 1]);
        hi[b] = Math.max(hi[2 * b], hi[2 * b + 1]);
      }
    }
    samplesPerBucket *= 2;
  }

  /**
   * @param series a series
   * @return whether any of its samples was not zero
   */
  public boolean anyNonZero(int series) {
    for (int b = 0; b < buckets(); b++) {
      if (values[series][b] != 0 || (min != null && (min[series][b] != 0 || max[series][b] != 0))) {
        return true;
      }
    }
    return false;
  }

  /**
   * One series as the result shows it.
   *
   * @param series the series
   * @param metric what is measured
   * @param subject what it is measured on
   * @param unit the unit of the result's values
   * @param toUnit turns a sample, or the value of a bucket, into the result's unit, given the
   *     samples it gathers (e.g. an amount into a rate)
   * @return the series, downsampled if its buckets gather several samples
   */
  public TimeSeries series(int series, String metric, String subject, String unit, Scale toUnit) {
    int buckets = buckets();
    long[] v = new long[buckets];
    for (int b = 0; b < buckets; b++) {
      v[b] = toUnit.apply(values[series][b], samplesPerBucket);
    }
    SimTime interval = SimTime.picos(sampleIntervalPs * samplesPerBucket);
    SimTime sampleInterval = SimTime.picos(sampleIntervalPs);
    if (samplesPerBucket == 1) {
      return new TimeSeries(metric, subject, unit, SimTime.ZERO, interval, v);
    }
    LongUnaryOperator sample = x -> toUnit.apply(x, 1);
    long[] lo = Arrays.stream(min[series], 0, buckets).map(sample).toArray();
    long[] hi = Arrays.stream(max[series], 0, buckets).map(sample).toArray();
    // a bucket ends at its last sample
    SimTime start = SimTime.picos(sampleIntervalPs * (samplesPerBucket - 1));
    return TimeSeries.downsampled(
        metric, subject, unit, start, interval, sampleInterval, v, lo, hi);
  }

  private int buckets() {
    return (int) ((samples + samplesPerBucket - 1) / samplesPerBucket);
  }

  /** Turns a stored figure into the result's unit. */
  @FunctionalInterface
  public interface Scale {
    /** Stores figures in the result's unit. */
    Scale SAME = (value, samples) -> value;

    /**
     * @param value a sample or the value of a bucket
     * @param samples how many samples it gathers
     * @return the figure in the result's unit
     */
    long apply(long value, long samples);
  }
}
