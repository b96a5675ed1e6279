package dev.rocelab.calibration.internal.fit;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.calibration.Observable;
import java.util.List;
import java.util.Optional;

/**
 * How far the held DCQCN settings would move each fitted value.
 *
 * @param spread per parameter, the root sum of squares over the settings (each may be off on its
 *     own) of the larger log change of the two factors
 * @param most per parameter, the setting that moves it most
 */
record HeldTrades(double[] spread, HeldSetting[] most) {

  /** Where the lab's NICs are known to run the file's settings: nothing moves. */
  static HeldTrades none(int parameters) {
    return new HeldTrades(new double[parameters], new HeldSetting[parameters]);
  }

  /**
   * How far a lab whose NICs ran a held DCQCN setting at {@link HeldSetting#FACTORS twice or half}
   * the file's value would move each fitted value, to first order: the fitted model runs the DCQCN
   * steps with the setting changed, and the fit's response to that shift of the measurements
   * ({@link ModelFit#groupResponse}) is how far the fit, holding the file's value, would land from
   * the lab's. The recovery's slope is R_AI per increase-timer period: a lab at twice the file's
   * R_AI looks like one at half its timer, unless the recovery's shape tells them apart.
   */
  static HeldTrades of(ModelFit fit, List<Observable> observables, double[][] j, double[] noise) {
    int n = fit.parameters().size();
    double[] sumOfSquares = new double[n];
    double[] largest = new double[n];
    HeldSetting[] most = new HeldSetting[n];
    FabricSpec fitted = fit.fitted();
    for (HeldSetting setting : HeldSetting.values()) {
      double[] moved = new double[n];
      for (double factor : HeldSetting.FACTORS) {
        Optional<FabricSpec> changed = setting.scaled(fitted, factor);
        if (changed.isEmpty()) {
          continue;
        }
        double[] change =
            fit.groupResponse(observables, j, noise, fit.shift(observables, changed.get()));
        for (int c = 0; c < n; c++) {
          moved[c] = Math.max(moved[c], Math.abs(change[c]));
        }
      }
      for (int c = 0; c < n; c++) {
        sumOfSquares[c] += moved[c] * moved[c];
        if (moved[c] > largest[c]) {
          largest[c] = moved[c];
          most[c] = setting;
        }
      }
    }
    double[] spread = new double[n];
    for (int c = 0; c < n; c++) {
      spread[c] = Math.sqrt(sumOfSquares[c]);
    }
    return new HeldTrades(spread, most);
  }
}
