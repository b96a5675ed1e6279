package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.calibration.internal.LogScale;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What the calibration suite measured on a lab: each step's runs and values, or why the step did
 * not run or did not run to the end (the lab could not run it, or broke while it ran), or that the
 * calibration left it out ({@link Calibrator#steps(Set)}). A step whose counts swing from run to
 * run ({@link CalibrationStep#shapedByDcqcn()}) runs more than once, and its value is the mean of
 * its runs'. What was measured is kept whatever happened to the other steps and runs.
 *
 * @param runs the first run of each step that ran
 * @param samples each measurement's value on each run of its step, in run order
 * @param broken why each step that did not run, or did not run to the end, did not
 * @param leftOut the steps the calibration was told not to run
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record LabMeasurements(
    Map<CalibrationStep, RunResult> runs,
    Map<Observable, List<Double>> samples,
    Map<CalibrationStep, String> broken,
    Set<CalibrationStep> leftOut) {

  /** Why a step the calibration was told not to run measured nothing. */
  private static final String LEFT_OUT = "left out of this calibration";

  /**
   * What the suite measured where no step was left out.
   *
   * @param runs the first run of each step that ran
   * @param samples each measurement's value on each run of its step, in run order
   * @param broken why each step that did not run, or did not run to the end, did not
   */
  public LabMeasurements(
      Map<CalibrationStep, RunResult> runs,
      Map<Observable, List<Double>> samples,
      Map<CalibrationStep, String> broken) {
    this(runs, samples, broken, Set.of());
  }

  /**
   * Copies the maps in step order; every measurement has at least one value, and no step left out
   * ran or broke.
   */
  public LabMeasurements {
    runs = Collections.unmodifiableMap(new EnumMap<>(copy(runs)));
    Map<Observable, List<Double>> copied = new TreeMap<>();
    samples.forEach(
        (o, values) -> {
          if (values.isEmpty()) {
            throw new IllegalArgumentException(o + " has no value");
          }
          copied.put(o, List.copyOf(values));
        });
    samples = Collections.unmodifiableMap(copied);
    broken = Collections.unmodifiableMap(new EnumMap<>(copy(broken)));
    Set<CalibrationStep> left = EnumSet.noneOf(CalibrationStep.class);
    left.addAll(leftOut);
    for (CalibrationStep step : left) {
      if (runs.containsKey(step) || broken.containsKey(step)) {
        throw new IllegalArgumentException(step.title() + " was left out, yet it ran or broke");
      }
    }
    leftOut = Collections.unmodifiableSet(left);
  }

  private static <V> Map<CalibrationStep, V> copy(Map<CalibrationStep, V> map) {
    Map<CalibrationStep, V> copy = new EnumMap<>(CalibrationStep.class);
    copy.putAll(map);
    return copy;
  }

  /**
   * @return each measured value: the mean of its runs' values ({@link #value(Observable)})
   */
  public Map<Observable, Double> values() {
    Map<Observable, Double> values = new TreeMap<>();
    samples.forEach((o, v) -> values.put(o, LogScale.mean(o.metric(), v)));
    return values;
  }

  /**
   * @param observable a measurement
   * @return its value, if the lab measured it: the geometric mean of its runs' values (counts
   *     offset by one), the scale on which the fit compares them
   */
  public OptionalDouble value(Observable observable) {
    List<Double> v = samples.get(observable);
    return v == null
        ? OptionalDouble.empty()
        : OptionalDouble.of(LogScale.mean(observable.metric(), v));
  }

  /**
   * @param step a step
   * @return how many of its runs on the lab measured its values: more than one where it is repeated
   *     ({@link CalibrationStep#shapedByDcqcn()}), none where it did not run or measured nothing
   */
  public int measuredRuns(CalibrationStep step) {
    return step.observables().stream()
        .mapToInt(o -> samples.getOrDefault(o, List.of()).size())
        .max()
        .orElse(0);
  }

  /**
   * @param step a step
   * @return whether the step ran and measured every one of its metrics (a repeated step that broke
   *     on a later run keeps what the runs before measured)
   */
  public boolean complete(CalibrationStep step) {
    return runs.containsKey(step) && step.observables().stream().allMatch(samples::containsKey);
  }

  /**
   * @param step a step
   * @return why it did not run, or did not run to the end, if so
   */
  public Optional<String> brokenReason(CalibrationStep step) {
    return Optional.ofNullable(broken.get(step));
  }

  /**
   * @param step a step
   * @return why it measured nothing, if so: why it broke, or that it was left out
   */
  public Optional<String> unmeasuredReason(CalibrationStep step) {
    if (leftOut.contains(step)) {
      return Optional.of(LEFT_OUT);
    }
    return brokenReason(step);
  }
}
