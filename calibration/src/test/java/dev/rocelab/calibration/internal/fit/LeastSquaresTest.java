package dev.rocelab.calibration.internal.fit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LeastSquaresTest {

  /**
   * Two measurements of one parameter, the second twice as noisy, and a third of another: where the
   * first moves by 0.3, the fit moves the first parameter by the noise-weighted mean of the shifts,
   * 0.3 / (1 + 1/4), and not the second; a parameter no measurement depends on stays.
   */
  @Test
  void theFitsResponseToShiftedMeasurementsIsTheWeightedLeastSquaresOne() {
    double[][] elasticities = {{1, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    double[] noise = {1, 2, 1};

    assertThat(LeastSquares.response(elasticities, noise, new double[] {0.3, 0, 0}))
        .containsExactly(new double[] {0.24, 0, 0}, within(1e-12));
    // the ratio of two parameters shifted, another measurement pinning the second: the first moves
    double[][] ratio = {{1, -1}, {0, 1}};
    assertThat(LeastSquares.response(ratio, new double[] {1, 1}, new double[] {Math.log(2), 0}))
        .containsExactly(new double[] {Math.log(2), 0}, within(1e-12));
    assertThat(LeastSquares.response(new double[][] {{1, -1}}, new double[] {1}, new double[] {1}))
        .as("the measurements cannot tell the two apart")
        .containsExactly(0, 0);
  }
}
