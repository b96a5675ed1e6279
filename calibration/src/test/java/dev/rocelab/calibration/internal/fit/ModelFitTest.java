package dev.rocelab.calibration.internal.fit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.calibration.CalibratedParameter;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.Calibrator;
import dev.rocelab.calibration.CalibratorTest;
import dev.rocelab.calibration.HiddenModelLab;
import dev.rocelab.calibration.LabMeasurements;
import dev.rocelab.calibration.Metric;
import dev.rocelab.calibration.Observable;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ModelFitTest {

  /**
   * The DCQCN recovery of a lab whose byte counter is 64 MiB, fitted from the file's 2 MiB: at the
   * file's value the victim climbs back faster than on the lab, so the fitted value stays.
   */
  @Test
  void aFittedValueStaysWhereTheModelDoesNotReproduceTheLabAtTheFilesValue() {
    ModelFit fit = fit(CalibratedParameter.BYTE_COUNTER, 65_536, CalibrationStep.RATE_RECOVERY);

    assertThat(
            fit.keepFileValueIfAsGood(
                CalibratedParameter.BYTE_COUNTER, List.of(CalibrationStep.RATE_RECOVERY)))
        .isFalse();
    assertThat(fit.values()).containsKey(CalibratedParameter.BYTE_COUNTER);
  }

  /**
   * Four GPUs share one NIC: the all-reduce is the network's, at the lab's NVLink as at the file's.
   */
  @Test
  void theFilesValueIsKeptWhereTheModelReproducesTheLabAsWellThere() {
    ModelFit fit = fit(CalibratedParameter.NVLINK_BANDWIDTH, 900, CalibrationStep.ALL_REDUCE);

    assertThat(
            fit.keepFileValueIfAsGood(
                CalibratedParameter.NVLINK_BANDWIDTH, List.of(CalibrationStep.ALL_REDUCE)))
        .isTrue();
    assertThat(fit.values()).doesNotContainKey(CalibratedParameter.NVLINK_BANDWIDTH);
  }

  /**
   * The fit weighs the log ratio of one model run to the lab's mean: a latency the model measures
   * alike on every seed is known to the lab's spread of one run where it ran once, at least the
   * floor, and to half its runs' spread where it ran four times and they swung.
   */
  @Test
  void aMeasurementsNoiseIsTheModelRunsSpreadBesideTheLabMeans() {
    Observable latency = new Observable(CalibrationStep.PING_PONG, Metric.ONE_WAY_LATENCY);
    double swing = 0.4;
    List<Double> swinging =
        List.of(2.0, 2.0 * Math.exp(swing), 2.0 * Math.exp(-swing), 2.0); // spread 0.327

    assertThat(noiseOf(latency, List.of(2.0))).isCloseTo(Calibrator.DEFAULT_NOISE, within(1e-3));
    assertThat(noiseOf(latency, swinging))
        .isCloseTo(Math.sqrt(2 * swing * swing / 3) / 2, within(1e-3));
  }

  private static double noiseOf(Observable o, List<Double> labRuns) {
    LabMeasurements lab = new LabMeasurements(Map.of(), Map.of(o, labRuns), Map.of());
    ModelFit fit =
        new ModelFit(
            CalibratorTest.fabric(),
            FabricBackends.require("model"),
            lab,
            1,
            List.of(CalibratedParameter.SWITCH_LATENCY));
    return fit.noise(List.of(o), 8, Calibrator.DEFAULT_NOISE).get(o);
  }

  /** A parameter fitted alone to one step of a lab whose value of it is another than the file's. */
  private static ModelFit fit(CalibratedParameter p, double labValue, CalibrationStep step) {
    LabMeasurements lab =
        new Calibrator(CalibratorTest.fabric())
            .measure(
                new HiddenModelLab(CalibratorTest.hidden(CalibratorTest.values(p, labValue)), 7)
                    .breaking(
                        Stream.of(CalibrationStep.values())
                            .filter(s -> s != step)
                            .toArray(CalibrationStep[]::new)));
    ModelFit fit =
        new ModelFit(CalibratorTest.fabric(), FabricBackends.require("model"), lab, 1, List.of(p));
    fit.fit(fit.noise(step.observables(), 8, Calibrator.DEFAULT_NOISE));
    return fit;
  }
}
