package dev.rocelab.api.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.unit.DataSize;
import org.junit.jupiter.api.Test;

/** RED-style marking: 0 up to kmin, linear to pmax at kmax, 1 above kmax. */
class EcnProfileTest {

  private static final long KMIN = DataSize.kib(100).bytes();
  private static final long KMAX = DataSize.kib(200).bytes();

  private final EcnProfile ecn = new EcnProfile(DataSize.kib(100), DataSize.kib(200), 0.2);

  @Test
  void marksNothingUpToKmin() {
    assertThat(ecn.markingProbability(0)).isZero();
    assertThat(ecn.markingProbability(KMIN - 1)).isZero();
    assertThat(ecn.markingProbability(KMIN)).isZero();
  }

  @Test
  void marksHalfOfPmaxMidwayBetweenKminAndKmax() {
    assertThat(ecn.markingProbability((KMIN + KMAX) / 2)).isCloseTo(0.1, within(1e-12));
  }

  @Test
  void risesLinearlyJustAboveKmin() {
    // pmax · (q − kmin) / (kmax − kmin) = 0.2 · 1024 / 102400
    assertThat(ecn.markingProbability(KMIN + 1024)).isCloseTo(0.002, within(1e-12));
  }

  @Test
  void marksWithPmaxAtKmax() {
    assertThat(ecn.markingProbability(KMAX)).isCloseTo(0.2, within(1e-12));
  }

  @Test
  void marksEverythingAboveKmax() {
    assertThat(ecn.markingProbability(KMAX + 1)).isEqualTo(1.0);
    assertThat(ecn.markingProbability(10 * KMAX)).isEqualTo(1.0);
  }

  @Test
  void stepProfileWithKminEqualToKmaxJumpsFromZeroToOne() {
    EcnProfile step = new EcnProfile(DataSize.kib(100), DataSize.kib(100), 1.0);

    assertThat(step.markingProbability(KMIN)).isZero();
    assertThat(step.markingProbability(KMIN + 1)).isEqualTo(1.0);
  }
}
