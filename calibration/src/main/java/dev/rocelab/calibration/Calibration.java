package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Agreement;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.calibration.internal.LogScale;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The outcome of a calibration: each parameter's fitted value and confidence, each measurement of
 * the lab beside the model's before and after the fit, and the problems that keep it from being a
 * fit. Only a calibration without problems {@link #fitted() is a fit}; only a fit has a {@link
 * #calibratedFabric() calibrated fabric}.
 *
 * @param fabric the fabric file's fabric
 * @param seed the seed of every run
 * @param noise the least relative spread of a lab run's measurement the confidences assume
 * @param lab what the lab measured
 * @param parameters every parameter, fitted or not, in order
 * @param before the model's values with the fabric file's parameters
 * @param after the model's values with the fitted parameters
 * @param tolerances how far apart each measurement of the lab and the fitted model may lie: its
 *     metric's tolerance, or twice the spread of their difference where that is wider (one model
 *     run against the mean of the lab's runs)
 * @param modelRuns the fitted model's run of each step the lab ran, for side-by-side comparison
 * @param problems why this is not a fit: measurements beyond the model's reach, a fitted model that
 *     does not reproduce the lab, nothing to fit
 * @param notes what a reader of a fit must know beyond each parameter's confidence: e.g. that the
 *     fit had to free the DCQCN α gain, and which parameters that leaves unidentified
 * @param simulations model runs the fit made
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record Calibration(
    FabricSpec fabric,
    long seed,
    double noise,
    LabMeasurements lab,
    List<FittedParameter> parameters,
    Map<Observable, Double> before,
    Map<Observable, Double> after,
    Map<Observable, Double> tolerances,
    Map<CalibrationStep, RunResult> modelRuns,
    List<String> problems,
    List<String> notes,
    int simulations) {

  /** Copies the collections. */
  public Calibration {
    Objects.requireNonNull(fabric, "fabric must not be null");
    Objects.requireNonNull(lab, "lab must not be null");
    parameters = List.copyOf(parameters);
    before = Collections.unmodifiableMap(new TreeMap<>(before));
    after = Collections.unmodifiableMap(new TreeMap<>(after));
    tolerances = Collections.unmodifiableMap(new TreeMap<>(tolerances));
    Map<CalibrationStep, RunResult> runs = new EnumMap<>(CalibrationStep.class);
    runs.putAll(modelRuns);
    modelRuns = Collections.unmodifiableMap(runs);
    problems = List.copyOf(problems);
    notes = List.copyOf(notes);
  }

  /**
   * @return whether this is a fit: no problems, and at least one parameter fitted
   */
  public boolean fitted() {
    return problems.isEmpty() && parameters.stream().anyMatch(FittedParameter::isFitted);
  }

  /**
   * @param observable a measurement
   * @return how far apart the lab and the fitted model may lie on it
   */
  public double tolerance(Observable observable) {
    return tolerances.getOrDefault(observable, observable.metric().tolerance());
  }

  /**
   * @param observable a measurement
   * @return whether the lab measured it and the fitted model lies within its tolerance
   */
  public boolean reproduces(Observable observable) {
    Double model = after.get(observable);
    return lab.value(observable).isPresent()
        && model != null
        && LogScale.difference(observable.metric(), model, lab.value(observable).getAsDouble())
            <= tolerance(observable);
  }

  /**
   * @param parameter a parameter
   * @return its outcome, if the fabric has it
   */
  public Optional<FittedParameter> parameter(CalibratedParameter parameter) {
    return parameters.stream().filter(p -> p.parameter() == parameter).findFirst();
  }

  /**
   * The fabric with every fitted parameter's value: the lab's twin.
   *
   * @return the calibrated fabric, or empty if this is not a fit
   */
  public Optional<FabricSpec> calibratedFabric() {
    if (!fitted()) {
      return Optional.empty();
    }
    FabricSpec spec = fabric;
    for (FittedParameter p : parameters) {
      if (p.isFitted()) {
        spec = p.parameter().applyTo(spec, p.fitted());
      }
    }
    return Optional.of(spec);
  }

  /**
   * A step's lab run beside the fitted model's run, every metric the two share. Of a step the lab
   * ran more than once ({@link CalibrationStep#shapedByDcqcn()}), its first run: the fit compares
   * the runs' mean ({@link LabMeasurements#value(Observable)}).
   *
   * @param step a step that ran on the lab
   * @return the comparison, or empty if the step did not run
   */
  public Optional<Agreement> sideBySide(CalibrationStep step) {
    RunResult labRun = lab.runs().get(step);
    RunResult modelRun = modelRuns.get(step);
    if (labRun == null || modelRun == null) {
      return Optional.empty();
    }
    return Optional.of(Agreement.of(labRun, modelRun, Agreement.Tolerances.defaults()));
  }
}
