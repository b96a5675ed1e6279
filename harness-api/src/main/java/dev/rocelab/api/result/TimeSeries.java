package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.SimTime;
import java.util.Arrays;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A metric sampled at a fixed interval over simulated (or real) time: sample i is the value at
 * {@code start + i × interval}.
 *
 * <p>A long run's series are <em>downsampled</em> so that they fit a fixed memory budget: the
 * metric is still sampled every {@link #sampleInterval()}, but each value of the series then stands
 * for a bucket of consecutive samples, one {@link #interval()} long and ending at {@link
 * #timeOf(int)}, and {@link #bucketMin(int)} and {@link #bucketMax(int)} keep the least and
 * greatest sample in it, so peaks survive. What the value of a bucket is follows from the metric: a
 * level (a queue depth, buffer in use) is its last sample; an amount per interval (paused time,
 * marks, notifications) is the amount over the whole bucket; a rate (throughput) is the amount over
 * the bucket divided by its length. The last bucket counts what happened until the run ended, which
 * may be inside it. A series that was not downsampled has {@code interval() == sampleInterval()}
 * and min, max and value equal.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class TimeSeries {

  private final String metric;
  private final String subject;
  private final String unit;
  private final SimTime start;
  private final SimTime interval;
  private final SimTime sampleInterval;
  private final long[] values;
  private final long[] min;
  private final long[] max;

  /**
   * Creates a series.
   *
   * @param metric what is measured, e.g. {@code queue_depth}
   * @param subject what it is measured on, e.g. {@code leaf1:eth3/3} (port and priority) or a flow
   *     id
   * @param unit the unit of the values, e.g. {@code bytes}, {@code bps}
   * @param start the time of the first sample
   * @param interval the time between samples, > 0
   * @param values the samples, copied
   */
  public TimeSeries(
      String metric, String subject, String unit, SimTime start, SimTime interval, long[] values) {
    this(metric, subject, unit, start, interval, interval, values, values, values);
  }

  private TimeSeries(
      String metric,
      String subject,
      String unit,
      SimTime start,
      SimTime interval,
      SimTime sampleInterval,
      long[] values,
      long[] min,
      long[] max) {
    this.metric = Objects.requireNonNull(metric, "metric must not be null");
    this.subject = Objects.requireNonNull(subject, "subject must not be null");
    this.unit = Objects.requireNonNull(unit, "unit must not be null");
    this.start = Objects.requireNonNull(start, "start must not be null");
    this.interval = Objects.requireNonNull(interval, "interval must not be null");
    this.sampleInterval = Objects.requireNonNull(sampleInterval, "sampleInterval must not be null");
    if (interval.picos() <= 0) {
      throw new IllegalArgumentException("interval must be > 0 but was " + interval);
    }
    if (sampleInterval.picos() <= 0) {
      throw new IllegalArgumentException("sampleInterval must be > 0 but was " + sampleInterval);
    }
    if (interval.picos() % sampleInterval.picos() != 0) {
      throw new IllegalArgumentException(
          "interval " + interval + " must be a whole number of sample intervals " + sampleInterval);
    }
    this.values = Objects.requireNonNull(values, "values must not be null").clone();
    if (min == values && max == values) {
      this.min = this.values;
      this.max = this.values;
    } else {
      this.min = Objects.requireNonNull(min, "min must not be null").clone();
      this.max = Objects.requireNonNull(max, "max must not be null").clone();
      if (min.length != values.length || max.length != values.length) {
        throw new IllegalArgumentException(
            "values, min and max must have one entry per bucket but had "
                + values.length
                + ", "
                + min.length
                + " and "
                + max.length);
      }
      for (int i = 0; i < values.length; i++) {
        if (min[i] > max[i]) {
          throw new IllegalArgumentException(
              "bucket " + i + " has min " + min[i] + " above max " + max[i]);
        }
      }
    }
  }

  /**
   * Creates a downsampled series: each value stands for a bucket of samples (see the class comment
   * for what the value of a bucket is).
   *
   * @param metric what is measured, e.g. {@code queue_depth}
   * @param subject what it is measured on
   * @param unit the unit of the values
   * @param start the end of the first bucket
   * @param interval the length of a bucket, a whole multiple of {@code sampleInterval}
   * @param sampleInterval how often the metric was sampled, > 0
   * @param values one value per bucket, copied
   * @param min the least sample in each bucket, copied
   * @param max the greatest sample in each bucket, copied
   * @return the series
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static TimeSeries downsampled(
      String metric,
      String subject,
      String unit,
      SimTime start,
      SimTime interval,
      SimTime sampleInterval,
      long[] values,
      long[] min,
      long[] max) {
    return new TimeSeries(metric, subject, unit, start, interval, sampleInterval, values, min, max);
  }

  /**
   * @return what is measured
   */
  public String metric() {
    return metric;
  }

  /**
   * @return what it is measured on
   */
  public String subject() {
    return subject;
  }

  /**
   * @return the unit of the values
   */
  public String unit() {
    return unit;
  }

  /**
   * @return the time of the first sample
   */
  public SimTime start() {
    return start;
  }

  /**
   * @return the time between two values of the series: its resolution
   */
  public SimTime interval() {
    return interval;
  }

  /**
   * @return how often the metric was sampled: {@link #interval()} unless the series was downsampled
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public SimTime sampleInterval() {
    return sampleInterval;
  }

  /**
   * @return whether each value stands for a bucket of several samples
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public boolean isDownsampled() {
    return !interval.equals(sampleInterval);
  }

  /**
   * @return the number of samples
   */
  public int size() {
    return values.length;
  }

  /**
   * One sample.
   *
   * @param index 0..size−1
   * @return its value
   */
  public long value(int index) {
    return values[index];
  }

  /**
   * The least sample behind one value.
   *
   * @param index 0..size−1
   * @return the least sample in its bucket; {@link #value(int)} unless downsampled
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public long bucketMin(int index) {
    return min[index];
  }

  /**
   * The greatest sample behind one value.
   *
   * @param index 0..size−1
   * @return the greatest sample in its bucket; {@link #value(int)} unless downsampled
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public long bucketMax(int index) {
    return max[index];
  }

  /**
   * The time of one sample.
   *
   * @param index 0..size−1
   * @return {@code start + index × interval}
   */
  public SimTime timeOf(int index) {
    return start.plus(interval.times(index));
  }

  /**
   * @return a copy of the samples
   */
  public long[] values() {
    return values.clone();
  }

  /**
   * @return the largest sample, also inside downsampled buckets; 0 for an empty series
   */
  public long max() {
    return Arrays.stream(max).max().orElse(0);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TimeSeries t
        && metric.equals(t.metric)
        && subject.equals(t.subject)
        && unit.equals(t.unit)
        && start.equals(t.start)
        && interval.equals(t.interval)
        && sampleInterval.equals(t.sampleInterval)
        && Arrays.equals(values, t.values)
        && Arrays.equals(min, t.min)
        && Arrays.equals(max, t.max);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        metric,
        subject,
        unit,
        start,
        interval,
        sampleInterval,
        Arrays.hashCode(values),
        Arrays.hashCode(min),
        Arrays.hashCode(max));
  }

  @Override
  public String toString() {
    return metric
        + "{"
        + subject
        + "} "
        + values.length
        + " samples every "
        + interval
        + " from "
        + start
        + (isDownsampled()
            ? " (each of the samples taken every " + sampleInterval + " in it, min and max kept)"
            : "");
  }
}
