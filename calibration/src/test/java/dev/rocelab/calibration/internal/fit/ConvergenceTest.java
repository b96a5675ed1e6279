package dev.rocelab.calibration.internal.fit;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ConvergenceTest {

  /**
   * A CMA-ES run is called converged once its best cost is at the noise floor (here 9, nine
   * measurements within their noise) and has not fallen by a unit in the window (here 20
   * evaluations); a run still descending, or stuck above the floor, goes on.
   */
  @Test
  void aRunConvergesAtTheNoiseFloorWithoutProgressOverAWindow() {
    Convergence convergence = new Convergence(9, 20);

    convergence.start(50);
    for (int i = 0; i < 100; i++) {
      convergence.evaluated(50); // stuck above the floor: no end
    }
    for (double best = 49; best > 8; best -= 1) {
      convergence.evaluated(best); // descending by a unit an evaluation, down to 9
    }
    for (int i = 1; i < 20; i++) {
      convergence.evaluated(9 - 0.04 * i); // at the floor, falling by less than a unit in all
    }
    assertThatThrownBy(() -> convergence.evaluated(8.2)).hasMessage("converged");

    // a new run from the best point starts its window afresh, from its own progress
    convergence.start(8.2);
    convergence.evaluated(7.0);
    for (int i = 1; i < 20; i++) {
      convergence.evaluated(6.5);
    }
    assertThatThrownBy(() -> convergence.evaluated(6.5)).hasMessage("converged");
  }
}
