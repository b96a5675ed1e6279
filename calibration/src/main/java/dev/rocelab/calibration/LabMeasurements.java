package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.RunResult;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What the calibration suite measured on a lab: each step's run and values, or why the step did not
 * run (the lab could not run it, or broke while it ran). What was measured is kept whatever
 * happened to the other steps.
 *
 * @param runs the run of each step that ran
 * @param values each measured value
 * @param broken why each step that did not run did not
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record LabMeasurements(
    Map<CalibrationStep, RunResult> runs,
    Map<Observable, Double> values,
    Map<CalibrationStep, String> broken) {

  /** Copies the maps in step order. */
  public LabMeasurements {
    runs = Collections.unmodifiableMap(new EnumMap<>(copy(runs)));
    values = Collections.unmodifiableMap(new TreeMap<>(values));
    broken = Collections.unmodifiableMap(new EnumMap<>(copy(broken)));
  }

  private static <V> Map<CalibrationStep, V> copy(Map<CalibrationStep, V> map) {
    Map<CalibrationStep, V> copy = new EnumMap<>(CalibrationStep.class);
    copy.putAll(map);
    return copy;
  }

  /**
   * @param observable a measurement
   * @return its value, if the lab measured it
   */
  public OptionalDouble value(Observable observable) {
    Double v = values.get(observable);
    return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
  }

  /**
   * @param step a step
   * @return whether the step ran and measured every one of its metrics
   */
  public boolean complete(CalibrationStep step) {
    return runs.containsKey(step) && step.observables().stream().allMatch(values::containsKey);
  }

  /**
   * @param step a step
   * @return why it did not run, if it did not
   */
  public Optional<String> brokenReason(CalibrationStep step) {
    return Optional.ofNullable(broken.get(step));
  }
}
