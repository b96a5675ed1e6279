package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One series of the operational timeline: a metric, its labels and one value per scrape. A gauge
 * may have no sample at some scrapes ({@link Double#NaN}): a collective's busbw before its first
 * measurement completed; OpenMetrics leaves those scrapes out and promtool's input marks them
 * {@code _}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ProjectedSeries {

  private final Metric metric;
  private final Map<MetricLabel, String> labels;
  private final double[] values;

  /**
   * @param metric the metric
   * @param labels its labels, in {@link MetricLabel} order
   * @param values one value per scrape, copied; {@link Double#NaN} for no sample (gauges only)
   * @throws IllegalArgumentException if a counter decreases or lacks a sample
   */
  public ProjectedSeries(Metric metric, Map<MetricLabel, String> labels, double[] values) {
    this.metric = Objects.requireNonNull(metric, "metric must not be null");
    this.labels =
        Collections.unmodifiableMap(
            new EnumMap<>(Objects.requireNonNull(labels, "labels must not be null")));
    this.values = Objects.requireNonNull(values, "values must not be null").clone();
    if (metric.type() == Metric.Type.COUNTER) {
      for (int i = 0; i < values.length; i++) {
        if (Double.isNaN(values[i])) {
          throw new IllegalArgumentException(
              metric
                  + " "
                  + labels
                  + ": a counter must have a sample at every scrape"
                  + " but has none at scrape "
                  + i);
        }
      }
      for (int i = 1; i < values.length; i++) {
        if (values[i] < values[i - 1]) {
          throw new IllegalArgumentException(
              metric
                  + " "
                  + labels
                  + ": a counter must not decrease but went from "
                  + values[i - 1]
                  + " to "
                  + values[i]
                  + " at scrape "
                  + i);
        }
      }
    }
  }

  /**
   * @return the metric
   */
  public Metric metric() {
    return metric;
  }

  /**
   * @return the labels, in {@link MetricLabel} order
   */
  public Map<MetricLabel, String> labels() {
    return labels;
  }

  /**
   * @return the number of scrapes
   */
  public int size() {
    return values.length;
  }

  /**
   * @param scrape 0..size−1
   * @return the value at that scrape, {@link Double#NaN} where there is no sample
   */
  public double value(int scrape) {
    return values[scrape];
  }

  @Override
  public String toString() {
    return metric + labels.toString();
  }
}
