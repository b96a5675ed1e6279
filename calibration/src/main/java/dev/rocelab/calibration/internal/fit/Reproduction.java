package dev.rocelab.calibration.internal.fit;

import dev.rocelab.calibration.LabMeasurements;
import dev.rocelab.calibration.Observable;
import dev.rocelab.calibration.internal.LogScale;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** Which of the lab's measurements a model's values miss by more than their tolerance. */
final class Reproduction {

  private Reproduction() {}

  /** What a lab's single flow slower than the fitted model's says. */
  private static final String SLOWER_THAN_THE_MODEL =
      "; something the model does not hold limits the lab's hosts (host memory or CPU, a NIC"
          + " running below its speed), or the file's link or NIC speeds are above the lab's";

  /** Every measurement the fitted model misses by more than its tolerance, with what it says. */
  static Map<Observable, String> notReproduced(
      LabMeasurements lab, Map<Observable, Double> model, Map<Observable, Double> tolerances) {
    Map<Observable, String> problems = new TreeMap<>();
    lab.values()
        .forEach(
            (o, measured) -> {
              Double value = model.get(o);
              double difference =
                  value == null ? 1 : LogScale.difference(o.metric(), value, measured);
              double tolerance = tolerances.getOrDefault(o, o.metric().tolerance());
              if (difference > tolerance) {
                problems.put(
                    o,
                    String.format(
                            Locale.ROOT,
                            "the fitted model does not reproduce the lab's %s: lab %.4g, model %s %s"
                                + " (%.0f%% apart, tolerance %.0f%%)",
                            o,
                            measured,
                            value == null ? "none" : String.format(Locale.ROOT, "%.4g", value),
                            o.metric().unit(),
                            difference * 100,
                            tolerance * 100)
                        + (o.equals(LineRateReach.LINE_RATE) && value != null && measured < value
                            ? SLOWER_THAN_THE_MODEL
                            : ""));
              }
            });
    return problems;
  }

  /** The measurements of steps DCQCN shapes that the model misses by more than their tolerance. */
  static Set<Observable> missesDcqcn(
      LabMeasurements lab, Map<Observable, Double> model, Map<Observable, Double> tolerances) {
    return dcqcnOnly(notReproduced(lab, model, tolerances).keySet());
  }

  /** The measurements among these of steps DCQCN shapes. */
  static Set<Observable> dcqcnOnly(Set<Observable> observables) {
    return observables.stream()
        .filter(o -> o.step().shapedByDcqcn())
        .collect(Collectors.toCollection(TreeSet::new));
  }
}
