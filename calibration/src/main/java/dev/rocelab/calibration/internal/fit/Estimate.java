package dev.rocelab.calibration.internal.fit;

import dev.rocelab.calibration.CalibratedParameter;
import dev.rocelab.calibration.Confidence;
import dev.rocelab.calibration.Observable;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How well the measurements pin a fitted parameter down.
 *
 * @param relativeError the larger of the local standard error and the refits' spread
 * @param confidence what that means
 * @param sensitivity the elasticity of the measurement that tells most about it
 * @param mostSensitive that measurement (the largest elasticity over noise), if any depends on it
 * @param widenedBy the held DCQCN setting whose trade set the error, where it is the widest term
 */
record Estimate(
    double relativeError,
    Confidence confidence,
    double sensitivity,
    Optional<Observable> mostSensitive,
    Optional<HeldSetting> widenedBy) {

  /**
   * Each fitted parameter's estimate: the local standard error, widened to how far the refits land
   * and to how far the held DCQCN settings would move it.
   *
   * @param parameters the fitted parameters, one per column of the local elasticities
   * @param n the neighbourhood of the fit
   * @param spread how far the refits land from the fit, the largest log ratio per parameter
   */
  static Map<CalibratedParameter, Estimate> of(
      List<CalibratedParameter> parameters,
      Neighbourhood n,
      Map<CalibratedParameter, Double> spread) {
    double[][] j = n.local().elasticities();
    double[] errors = n.local().errors();
    HeldTrades held = n.local().held();
    List<Observable> observables = n.observables();
    Map<Observable, Double> sigma = n.sigma();
    Map<CalibratedParameter, Estimate> estimates = new EnumMap<>(CalibratedParameter.class);
    for (int c = 0; c < parameters.size(); c++) {
      CalibratedParameter p = parameters.get(c);
      // the measurement that tells most about it: the largest elasticity over its noise (a
      // chaotic count jumps with any parameter and says little)
      int strongest = -1;
      for (int r = 0; r < observables.size(); r++) {
        if (strongest < 0
            || information(j, sigma, observables, r, c)
                > information(j, sigma, observables, strongest, c)) {
          strongest = r;
        }
      }
      boolean informative = strongest >= 0 && Math.abs(j[strongest][c]) >= 1e-3;
      double own = Math.max(errors[c], spread.getOrDefault(p, 0.0));
      double trade = held.spread()[c];
      double relative = Math.expm1(Math.max(own, trade));
      estimates.put(
          p,
          new Estimate(
              relative,
              confidence(relative),
              informative ? Math.abs(j[strongest][c]) : 0,
              informative ? Optional.of(observables.get(strongest)) : Optional.empty(),
              trade > own ? Optional.of(held.most()[c]) : Optional.empty()));
    }
    return estimates;
  }

  /**
   * @param relativeError the standard error as a fraction of the value
   * @return its confidence
   */
  static Confidence confidence(double relativeError) {
    if (relativeError <= 0.10) {
      return Confidence.HIGH;
    }
    if (relativeError <= 0.30) {
      return Confidence.MEDIUM;
    }
    return relativeError <= 1 ? Confidence.LOW : Confidence.NOT_IDENTIFIABLE;
  }

  private static double information(
      double[][] j, Map<Observable, Double> sigma, List<Observable> observables, int r, int c) {
    return Math.abs(j[r][c]) / sigma.get(observables.get(r));
  }
}
