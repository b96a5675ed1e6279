package dev.rocelab.calibration.internal.fit;

import dev.rocelab.calibration.CalibratedParameter;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.LabMeasurements;
import dev.rocelab.calibration.Metric;
import dev.rocelab.calibration.Observable;
import dev.rocelab.calibration.internal.LogScale;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The cost a fit minimises over the lab's measurements — the noise-weighted sum of squared log
 * ratios of the model's values to the lab's — and how the measurements of some steps stand at a
 * point. Each point is simulated once ({@link ModelRuns}).
 */
final class Cost {

  private final ModelRuns runs;
  private final LabMeasurements lab;
  private final Map<Observable, Double> sigma;

  /**
   * @param runs the model's runs
   * @param lab what the lab measured
   * @param sigma each measurement's noise, as the fit sets it ({@link ModelFit#fit(Map)})
   */
  Cost(ModelRuns runs, LabMeasurements lab, Map<Observable, Double> sigma) {
    this.runs = runs;
    this.lab = lab;
    this.sigma = sigma;
  }

  /** The log ratio of a value the model did not produce (a flow that did not complete). */
  static final double MISSING = 10;

  /**
   * The sum of squared log ratios of the model's values to the lab's, each over its noise, over the
   * steps' measured metrics; a metric the model did not produce (a flow that did not complete)
   * costs as much as a factor of e<sup>10</sup>.
   */
  double of(List<CalibrationStep> steps, Map<CalibratedParameter, Double> at) {
    double sum = misorderedThresholds(at);
    for (CalibrationStep step : steps) {
      Map<Metric, Double> model = runs.measure(step, at);
      for (Metric m : step.metrics()) {
        OptionalDouble measured = lab.value(new Observable(step, m));
        Double value = model.get(m);
        if (measured.isPresent()) {
          double r = value == null ? MISSING : LogScale.residual(m, value, measured.getAsDouble());
          double noise = sigma.getOrDefault(new Observable(step, m), 1.0);
          sum += r * r / (noise * noise);
        }
      }
    }
    return sum;
  }

  /**
   * A penalty where Kmax lies below Kmin: the model then marks from Kmax on, and every Kmin above
   * it looks alike — a flat region the optimiser would wander in. The penalty leads it back.
   */
  private static double misorderedThresholds(Map<CalibratedParameter, Double> at) {
    Double kmin = at.get(CalibratedParameter.ECN_KMIN);
    Double kmax = at.get(CalibratedParameter.ECN_KMAX);
    if (kmin == null || kmax == null) {
      return 0;
    }
    double excess =
        Math.log(
            Positions.value(CalibratedParameter.ECN_KMIN, kmin)
                / Positions.value(CalibratedParameter.ECN_KMAX, kmax));
    return excess > 0 ? 10 * excess * excess : 0;
  }

  /**
   * Whether the model reproduces every measurement of the steps within its tolerance ({@link
   * LogScale#tolerance(Metric, double)}) at these positions.
   */
  boolean withinTolerance(List<CalibrationStep> steps, Map<CalibratedParameter, Double> at) {
    for (CalibrationStep step : steps) {
      Map<Metric, Double> model = runs.measure(step, at);
      for (Metric m : step.metrics()) {
        Observable o = new Observable(step, m);
        OptionalDouble measured = lab.value(o);
        Double value = model.get(m);
        if (measured.isPresent()
            && (value == null
                || LogScale.difference(m, value, measured.getAsDouble())
                    > LogScale.tolerance(m, sigma.getOrDefault(o, 0.0)))) {
          return false;
        }
      }
    }
    return true;
  }

  /** How many of the steps' measurements the lab made: the noise floor of their cost. */
  int measuredCount(List<CalibrationStep> steps) {
    return (int)
        steps.stream()
            .flatMap(s -> s.observables().stream())
            .filter(o -> lab.value(o).isPresent())
            .count();
  }
}
