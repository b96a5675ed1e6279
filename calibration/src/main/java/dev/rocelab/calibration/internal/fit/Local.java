package dev.rocelab.calibration.internal.fit;

import dev.rocelab.calibration.Observable;
import java.util.List;
import java.util.Map;

/**
 * Around a fit, before any parameter is kept at the file's value: each measurement's elasticity to
 * each parameter, the local standard errors and how far the held DCQCN settings would move each
 * value.
 *
 * @param elasticities {@link ModelFit#elasticities}, one row per measurement
 * @param errors each parameter's standard error from them and the noise ({@link
 *     LeastSquares#standardErrors})
 * @param held how far the held DCQCN settings would move each value ({@link HeldTrades#of})
 */
record Local(double[][] elasticities, double[] errors, HeldTrades held) {

  /**
   * @param fit the fit, before any parameter is kept at the file's value
   * @param observables the measurements, one per row
   * @param sigma each measurement's noise
   * @param dcqcnKnown whether the lab's NICs are known to run the file's DCQCN settings: then the
   *     held settings move nothing
   * @return the local errors and trades around the fit
   */
  static Local around(
      ModelFit fit,
      List<Observable> observables,
      Map<Observable, Double> sigma,
      boolean dcqcnKnown) {
    double[][] j = fit.elasticities(observables);
    double[] noise = observables.stream().mapToDouble(sigma::get).toArray();
    return new Local(
        j,
        LeastSquares.standardErrors(j, noise),
        dcqcnKnown
            ? HeldTrades.none(fit.parameters().size())
            : HeldTrades.of(fit, observables, j, noise));
  }
}
