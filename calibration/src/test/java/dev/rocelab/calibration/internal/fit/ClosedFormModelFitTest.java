package dev.rocelab.calibration.internal.fit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.calibration.Calibrator;
import dev.rocelab.calibration.CalibratorTest;
import dev.rocelab.calibration.ClosedFormModel;
import dev.rocelab.calibration.HiddenModelLab;
import dev.rocelab.calibration.LabMeasurements;
import dev.rocelab.calibration.Observable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fit's local arithmetic against the closed-form twin ({@link ClosedFormModel}), whose answers
 * are known exactly: the elasticities are its exponents, and the errors are those of the
 * information matrix. The twin has no noise, so every measurement's noise is the floor, 3 %. (What
 * the whole calibration makes of them is {@code ClosedFormCalibrationTest}'s.)
 */
class ClosedFormModelFitTest {

  private static final FabricSpec FILE = CalibratorTest.fabric();
  private static final ClosedFormModel TWIN = new ClosedFormModel(FILE);

  /** Every measurement's noise: the floor, for the twin's runs and the lab's repeat exactly. */
  private static final double NOISE = Calibrator.DEFAULT_NOISE;

  @Test
  void theElasticitiesAreTheTwinsExponentsAndTheErrorsTheInformationMatrixs() {
    LabMeasurements lab =
        new Calibrator(FILE)
            .steps(ClosedFormModel.STEPS)
            .measure(
                new HiddenModelLab(TWIN, CalibratorTest.hidden(ClosedFormModel.hiddenSet()), 7));
    ModelFit fit = new ModelFit(FILE, TWIN, lab, 1, ClosedFormModel.GROUP);
    List<Observable> observables = ClosedFormModel.DCQCN_MEASUREMENTS;

    double[][] elasticities = fit.elasticities(observables);
    for (int r = 0; r < observables.size(); r++) {
      for (int c = 0; c < ClosedFormModel.GROUP.size(); c++) {
        assertThat(elasticities[r][c])
            .as("elasticity of %s to %s", observables.get(r), ClosedFormModel.GROUP.get(c))
            .isCloseTo(ClosedFormModel.DCQCN[r][c], within(1e-4));
      }
    }
    Map<Observable, Double> noise = fit.noise(observables, 8, NOISE);
    assertThat(noise.values()).allSatisfy(n -> assertThat(n).isCloseTo(NOISE, within(1e-3)));
    double[] errors =
        LeastSquares.standardErrors(
            elasticities, observables.stream().mapToDouble(noise::get).toArray());
    assertThat(errors).containsExactly(ClosedFormModel.localErrors(NOISE), within(1e-4));
  }
}
