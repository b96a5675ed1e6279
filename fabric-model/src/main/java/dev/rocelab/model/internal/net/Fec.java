package dev.rocelab.model.internal.net;

import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.unit.Rate;

/**
 * A link's Reed-Solomon FEC over 10-bit symbols (IEEE 802.3 clause 91 and 119): RS(544,514),
 * correcting 15 symbols per codeword, on links of 200G and more (PAM4 lanes); RS(528,514),
 * correcting 7, below. For a pre-FEC bit-error rate it gives the probability that a codeword
 * arrives with errors FEC corrects, and with more than it can correct. A frame spans the codewords
 * its bits fill (codeword boundaries are taken to start with the frame).
 *
 * @param symbols symbols per codeword, n
 * @param correctable symbols FEC corrects per codeword, t
 */
record Fec(int symbols, int correctable) {

  private static final int SYMBOL_BITS = 10;
  private static final int DATA_SYMBOLS = 514;

  /** RS(544,514), correcting 15 symbols: 200G and faster (PAM4 lanes). */
  private static final Fec KP4 = new Fec(544, 15);

  /** RS(528,514), correcting 7 symbols: slower links. */
  private static final Fec KR4 = new Fec(528, 7);

  /**
   * @param bitsPerSecond the link's speed
   * @return its FEC
   */
  static Fec forSpeed(long bitsPerSecond) {
    // one rule for the model and for what backends report: FecStats names each speed's codeword
    return FecStats.codewordBits(Rate.bps(bitsPerSecond)) == KP4.bits() ? KP4 : KR4;
  }

  /**
   * @return the bits of one codeword
   */
  int bits() {
    return symbols * SYMBOL_BITS;
  }

  /**
   * @param frameBytes a frame's bytes on the wire
   * @return the codewords it spans
   */
  int codewords(long frameBytes) {
    long dataBits = (long) DATA_SYMBOLS * SYMBOL_BITS;
    return (int) ((frameBytes * 8 + dataBits - 1) / dataBits);
  }

  /**
   * @param preFecBer the bit-error rate before FEC
   * @return the probability that a codeword has at least one errored symbol
   */
  double errored(double preFecBer) {
    return -Math.expm1(symbols * SYMBOL_BITS * Math.log1p(-preFecBer));
  }

  /**
   * The binomial tail P(X &gt; t), X the errored symbols of a codeword, summed from t + 1 up (the
   * terms fall fast) in log space, so tails far below a double's precision next to 1 stay exact.
   *
   * @param preFecBer the bit-error rate before FEC
   * @return the probability that a codeword has more errored symbols than FEC corrects
   */
  double uncorrectable(double preFecBer) {
    double symbolError = -Math.expm1(SYMBOL_BITS * Math.log1p(-preFecBer));
    double logP = Math.log(symbolError);
    double logQ = Math.log1p(-symbolError);
    double tail = 0;
    for (int k = correctable + 1; k <= symbols; k++) {
      double term = Math.exp(logChoose(symbols, k) + k * logP + (symbols - k) * logQ);
      tail += term;
      if (term < tail * 1e-17) {
        break;
      }
    }
    return Math.min(1, tail);
  }

  private static double logChoose(int n, int k) {
    double sum = 0;
    for (int i = 1; i <= k; i++) {
      sum += Math.log(n - k + i) - Math.log(i);
    }
    return sum;
  }
}
