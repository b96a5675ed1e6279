package dev.rocelab.calibration.internal.fit;

import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.LabMeasurements;
import dev.rocelab.calibration.Metric;
import dev.rocelab.calibration.Observable;
import dev.rocelab.calibration.internal.FabricSettings;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How far the model's line reaches: the single flow's throughput on the model with host interfaces
 * that keep up with their NICs, and what the lab's single flow says beside it — that the hosts'
 * PCIe keeps up, or that the lab lies beyond the model's reach.
 */
final class LineRateReach {

  private LineRateReach() {}

  /** The single flow's throughput on the lab. */
  static final Observable LINE_RATE = new Observable(CalibrationStep.LINE_RATE, Metric.THROUGHPUT);

  /**
   * The single flow's throughput on the model with host interfaces that keep up with their NICs:
   * what the fabric file's links carry, the most any fit can reach. Empty if the lab did not
   * measure the single flow.
   */
  static OptionalDouble keepingUp(FitSettings settings, LabMeasurements lab) {
    if (!lab.complete(CalibrationStep.LINE_RATE)) {
      return OptionalDouble.empty();
    }
    ModelFit probe =
        new ModelFit(settings.fabric(), settings.model(), lab, settings.seed(), List.of());
    return Metric.THROUGHPUT.of(
        probe.run(
            CalibrationStep.LINE_RATE, FabricSettings.hostInterfacesKeepingUp(settings.fabric())));
  }

  /**
   * Why the PCIe bandwidth is not fitted when the lab's single flow reaches what the model's line
   * carries (within its tolerance): the hosts' interfaces keep up, and no value below the line's
   * would be a measurement.
   */
  static Optional<String> hostsKeepUp(LabMeasurements lab, OptionalDouble reach) {
    if (reach.isEmpty() || lab.value(LINE_RATE).isEmpty()) {
      return Optional.empty();
    }
    double labRate = lab.value(LINE_RATE).getAsDouble();
    if (labRate < reach.getAsDouble() * (1 - Metric.THROUGHPUT.tolerance())) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.ROOT,
            "the hosts' PCIe keeps up: a single flow on the lab reaches %.1f Gb/s of the %.1f"
                + " the model's line carries",
            labRate,
            reach.getAsDouble()));
  }

  /** A single flow on the lab faster than the model's links carry it. */
  static Optional<String> beyondReach(LabMeasurements lab, OptionalDouble reach) {
    if (reach.isEmpty() || lab.value(LINE_RATE).isEmpty()) {
      return Optional.empty();
    }
    double modelRate = reach.getAsDouble();
    double labRate = lab.value(LINE_RATE).getAsDouble();
    if (labRate > modelRate * (1 + Metric.THROUGHPUT.tolerance())) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "beyond the model's reach: a single flow on the lab reaches %.1f Gb/s, the model of"
                  + " the fabric file %.1f Gb/s; the file's link or NIC speeds are below the lab's",
              labRate,
              modelRate));
    }
    return Optional.empty();
  }
}
