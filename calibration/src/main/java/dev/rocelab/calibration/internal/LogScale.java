package dev.rocelab.calibration.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.calibration.Metric;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The scale on which a calibration compares a metric's values — a lab's with the model's, and a
 * lab's repeated runs with each other: the logarithm, counts offset by one so that none and a few
 * compare.
 */
@API(status = INTERNAL, since = "0.3")
public final class LogScale {

  private LogScale() {}

  /**
   * What a metric's values are offset by before their logarithm: one for the counts and the
   * buffers' peaks, none for times and rates.
   */
  private static double floor(Metric metric) {
    return switch (metric) {
      case ONE_WAY_LATENCY, THROUGHPUT, COMPLETION_TIME, BUS_BANDWIDTH -> 0;
      case ECN_MARKS, PAUSES, PEAK_QUEUE, PEAK_HEADROOM -> 1;
    };
  }

  /**
   * How far apart a fitted model and the lab may lie on a measurement of this metric with this
   * noise: the metric's {@link Metric#tolerance()}, or twice the noise where that is wider (a 2:1
   * incast's ECN marks swing by a quarter a run).
   *
   * @param metric the metric
   * @param noise the noise of the measurement's logarithm
   * @return the tolerance, a fraction
   */
  public static double tolerance(Metric metric, double noise) {
    return Math.max(metric.tolerance(), -Math.expm1(-2 * noise));
  }

  /**
   * How far a model value lies from a lab value: the logarithm of their ratio, counts offset by one
   * so that none and a few compare.
   *
   * @param metric the metric
   * @param model the model's value
   * @param lab the lab's value
   * @return the log ratio
   */
  public static double residual(Metric metric, double model, double lab) {
    return log(metric, model) - log(metric, lab);
  }

  /**
   * @param metric the metric
   * @param value a value
   * @return its logarithm, counts offset by one
   */
  public static double log(Metric metric, double value) {
    return Math.log(value + floor(metric));
  }

  /**
   * The mean of repeated measurements on the logarithmic scale a fit compares them on: their
   * geometric mean, counts offset by one. One measurement is its own mean, exactly as measured.
   *
   * @param metric the metric
   * @param values the measurements, at least one
   * @return the mean
   */
  public static double mean(Metric metric, List<Double> values) {
    if (values.size() == 1) {
      return values.get(0);
    }
    return Math.exp(logMean(metric, values)) - floor(metric);
  }

  /**
   * How far repeated measurements swing on the logarithmic scale a fit compares them on: the sample
   * standard deviation of their logarithms (counts offset by one).
   *
   * @param metric the metric
   * @param values the measurements
   * @return the spread, 0 for fewer than two
   */
  public static double spread(Metric metric, List<Double> values) {
    if (values.size() < 2) {
      return 0;
    }
    double mean = logMean(metric, values);
    double squares = 0;
    for (double v : values) {
      squares += (log(metric, v) - mean) * (log(metric, v) - mean);
    }
    return Math.sqrt(squares / (values.size() - 1));
  }

  /** The mean of the measurements' logarithms, counts offset by one. */
  private static double logMean(Metric metric, List<Double> values) {
    double sum = 0;
    for (double v : values) {
      sum += log(metric, v);
    }
    return sum / values.size();
  }

  /**
   * How far a model value lies from a lab value, as {@link dev.rocelab.api.analysis.Agreement}
   * compares: the difference over the larger of the two (counts offset by one).
   *
   * @param metric the metric
   * @param model the model's value
   * @param lab the lab's value
   * @return the symmetric relative difference, in [0, 1]
   */
  public static double difference(Metric metric, double model, double lab) {
    double a = model + floor(metric);
    double b = lab + floor(metric);
    return a == b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
  }
}
