package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * RED-style ECN marking on one egress queue: nothing is marked below {@code kmin}, the marking
 * probability rises linearly to {@code pmax} at {@code kmax}, and everything above {@code kmax} is
 * marked.
 *
 * @param kmin the queue depth where marking starts, never null
 * @param kmax the queue depth where the marking probability reaches {@code pmax}; at least {@code
 *     kmin}
 * @param pmax the marking probability at {@code kmax}, 0..1
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record EcnProfile(DataSize kmin, DataSize kmax, double pmax) {

  /** Validates the thresholds: {@code kmin <= kmax} and {@code 0 <= pmax <= 1}. */
  public EcnProfile {
    Checks.notNull(kmin, "kmin");
    Checks.notNull(kmax, "kmax");
    Checks.fraction(pmax, "pmax");
    if (kmax.bytes() < kmin.bytes()) {
      throw new IllegalArgumentException("kmax must be >= kmin (" + kmin + ") but was " + kmax);
    }
  }

  /**
   * The marking probability at a queue depth: 0 below {@code kmin}, {@code
   * pmax·(q−kmin)/(kmax−kmin)} between, 1 above {@code kmax}.
   *
   * @param queueBytes the egress queue depth in bytes
   * @return the probability that a packet leaving at this depth is CE-marked
   */
  public double markingProbability(long queueBytes) {
    if (queueBytes <= kmin.bytes()) {
      return 0.0;
    }
    if (queueBytes > kmax.bytes()) {
      return 1.0;
    }
    return pmax * (queueBytes - kmin.bytes()) / (double) (kmax.bytes() - kmin.bytes());
  }
}
