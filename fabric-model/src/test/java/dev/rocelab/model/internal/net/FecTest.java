package dev.rocelab.model.internal.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

/**
 * The FEC's codeword probabilities are the binomial distribution's, computed independently here.
 */
class FecTest {

  /** P(X &gt; t) for X ~ Binomial(n, p), by the pmf's recurrence from P(X = 0). */
  private static double tail(int n, int t, double p) {
    double term = Math.pow(1 - p, n);
    double tail = 0;
    for (int k = 1; k <= n; k++) {
      term *= (double) (n - k + 1) / k * p / (1 - p);
      if (k > t) {
        tail += term;
      }
    }
    return tail;
  }

  @Test
  void kp4FecLosesACodewordOnlyInTheBinomialsFarTail() {
    Fec kp4 = Fec.forSpeed(400_000_000_000L);
    // IEEE 802.3's design point for RS(544,514): a pre-FEC BER of 2.4e-4, 1.3 errored symbols per
    // codeword on average, 15 correctable
    double symbolError = 1 - Math.pow(1 - 2.4e-4, 10);

    assertThat(kp4).isEqualTo(new Fec(544, 15));
    assertThat(kp4.uncorrectable(2.4e-4))
        .isCloseTo(tail(544, 15, symbolError), Percentage.withPercentage(1e-6))
        .isBetween(1e-13, 1e-11);
    assertThat(kp4.errored(2.4e-4))
        .isCloseTo(1 - Math.pow(1 - 2.4e-4, 5440), Percentage.withPercentage(1e-9));
    assertThat(kp4.uncorrectable(1e-3))
        .isCloseTo(tail(544, 15, 1 - Math.pow(1 - 1e-3, 10)), Percentage.withPercentage(1e-6));
  }

  @Test
  void slowerLinksUseTheWeakerKr4FecAndAFrameSpansTheCodewordsItFills() {
    Fec kr4 = Fec.forSpeed(100_000_000_000L);

    assertThat(kr4).isEqualTo(new Fec(528, 7));
    assertThat(kr4.uncorrectable(1e-4))
        .isCloseTo(tail(528, 7, 1 - Math.pow(1 - 1e-4, 10)), Percentage.withPercentage(1e-6));
    assertThat(kr4.codewords(4096 + 62 + 20)).isEqualTo(7);
    assertThat(kr4.codewords(64)).isEqualTo(1);
  }
}
