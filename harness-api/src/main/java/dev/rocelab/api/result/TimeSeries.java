package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.SimTime;
import java.util.Arrays;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A metric sampled at a fixed interval over simulated (or real) time: sample i is the value at
 * {@code start + i × interval}.
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
  private final long[] values;

  /**
   * Creates a series.
   *
   * @param metric what is measured, e.g. {@code queue_depth}
   * @param subject what it is measured on, e.g. {@code leaf1:eth3/3} (port and priority) or a flow id
   * @param unit the unit of the values, e.g. {@code bytes}, {@code bps}
   * @param start the time of the first sample
   * @param interval the time between samples, > 0
   * @param values the samples, copied
   */
  public TimeSeries(String metric, String subject, String unit, SimTime start, SimTime interval, long[] values) {
    this.metric = Objects.requireNonNull(metric, "metric must not be null");
    this.subject = Objects.requireNonNull(subject, "subject must not be null");
    this.unit = Objects.requireNonNull(unit, "unit must not be null");
    this.start = Objects.requireNonNull(start, "start must not be null");
    this.interval = Objects.requireNonNull(interval, "interval must not be null");
    if (interval.picos() <= 0) {
      throw new IllegalArgumentException("interval must be > 0 but was " + interval);
    }
    this.values = Objects.requireNonNull(values, "values must not be null").clone();
  }

  /** @return what is measured */
  public String metric() {
    return metric;
  }

  /** @return what it is measured on */
  public String subject() {
    return subject;
  }

  /** @return the unit of the values */
  public String unit() {
    return unit;
  }

  /** @return the time of the first sample */
  public SimTime start() {
    return start;
  }

  /** @return the time between samples */
  public SimTime interval() {
    return interval;
  }

  /** @return the number of samples */
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
   * The time of one sample.
   *
   * @param index 0..size−1
   * @return {@code start + index × interval}
   */
  public SimTime timeOf(int index) {
    return start.plus(interval.times(index));
  }

  /** @return a copy of the samples */
  public long[] values() {
    return values.clone();
  }

  /** @return the largest sample, 0 for an empty series */
  public long max() {
    return Arrays.stream(values).max().orElse(0);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TimeSeries t && metric.equals(t.metric) && subject.equals(t.subject) && unit.equals(t.unit)
        && start.equals(t.start) && interval.equals(t.interval) && Arrays.equals(values, t.values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(metric, subject, unit, start, interval, Arrays.hashCode(values));
  }

  @Override
  public String toString() {
    return metric + "{" + subject + "} " + values.length + " samples every " + interval + " from " + start;
  }
}
