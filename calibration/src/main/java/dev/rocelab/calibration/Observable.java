package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One measurement of the calibration suite: a metric of a step.
 *
 * @param step the step
 * @param metric what it measures
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record Observable(CalibrationStep step, Metric metric) implements Comparable<Observable> {

  /** Validates the fields. */
  public Observable {
    Objects.requireNonNull(step, "step must not be null");
    Objects.requireNonNull(metric, "metric must not be null");
  }

  @Override
  public int compareTo(Observable o) {
    int byStep = step.compareTo(o.step);
    return byStep != 0 ? byStep : metric.compareTo(o.metric);
  }

  @Override
  public String toString() {
    return step.title() + " · " + metric.title();
  }
}
