package dev.rocelab.calibration.internal.fit;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.calibration.CalibratedParameter;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.LabMeasurements;
import dev.rocelab.calibration.Observable;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * How far refits land from the fit, and at which other α gains the model reproduced the lab.
 *
 * @param spread the largest log ratio of a refit's value to the fit's, per parameter
 * @param reproducing the α gains, in 1024ths, at which a refit reproduced the lab
 * @param missing those at which a refit missed it
 */
record Refits(
    Map<CalibratedParameter, Double> spread, List<Double> reproducing, List<Double> missing) {

  /** How many times the fit is repeated with other seeds to see how far it wanders. */
  static final int REFITS = 2;

  /**
   * The fabric file's α gain times these in the further refits of a fit that holds it: twice, then
   * half. A lab's NICs may run another gain than the file says, and the fit makes up for it with
   * the values that move the same measurements (a lab at g 2/1024 fitted with the file's 5/1024 put
   * the CNP interval at 9.6 µs, hidden 20); where the model reproduces the lab at another gain too,
   * the steps cannot tell the gains apart, and the values fitted there count in the errors.
   */
  static final List<Double> REFIT_GAINS = List.of(2.0, 0.5);

  /** What the refits at other gains found, to follow {@link AlphaGain#GAIN_HELD}. */
  String atOtherGains() {
    if (reproducing.isEmpty() && missing.isEmpty()) {
      return "";
    }
    if (missing.isEmpty()) {
      return String.format(
          Locale.ROOT,
          "; refitted at g %s too, the model reproduced the lab's DCQCN steps as well there:"
              + " they do not tell those gains from the file's, and the errors of the values"
              + " fitted with it count how far the refits landed",
          gains(reproducing));
    }
    if (reproducing.isEmpty()) {
      return String.format(
          Locale.ROOT,
          "; refitted at g %s, the model missed the lab's DCQCN steps: they tell the file's"
              + " gain from those",
          gains(missing));
    }
    return String.format(
        Locale.ROOT,
        "; refitted at g %s, the model reproduced the lab's DCQCN steps as well there (the"
            + " errors of the values fitted with the file's gain count how far that refit"
            + " landed); at g %s it missed them",
        gains(reproducing),
        gains(missing));
  }

  private static String gains(List<Double> gains) {
    return gains.stream()
        .map(g -> AlphaGain.in1024ths(g) + "/1024")
        .collect(Collectors.joining(" and g "));
  }

  /**
   * Refits with other seeds, each fitted from the file's values again: where several values
   * reproduce the lab equally well (a valley in the cost), refits find different ones, which a
   * local error estimate cannot see. Where the fit holds the α gain and reproduces the DCQCN steps,
   * further refits hold it at {@link #REFIT_GAINS} times the file's: each fits the parameters the
   * gain trades with again near the fitted values ({@link ModelFit#fitNearby}) and with the fit's
   * seed, the others kept at their fitted values (the gain shapes none of their steps). A refit
   * that reproduces the DCQCN steps there is a twin as good as the fit, and its values count in the
   * errors too; one that misses them does not.
   *
   * @param settings the fit's settings
   * @param fit the fit, which counts the refits' model runs
   * @param n where the refits start from
   * @param refitting the parameters the refits with other seeds fit again
   * @param tolerances how far apart lab and model may lie
   */
  static Refits of(
      FitSettings settings,
      ModelFit fit,
      Neighbourhood n,
      LabMeasurements lab,
      List<CalibratedParameter> refitting,
      Map<Observable, Double> tolerances) {
    Map<Observable, Double> sigma = n.sigma();
    List<CalibrationStep> dcqcn = n.dcqcn();
    List<Callable<ModelFit>> tasks = new ArrayList<>();
    for (int k = 1; k <= REFITS; k++) {
      long refitSeed = settings.seed() + 1000L * k;
      tasks.add(() -> refit(settings, settings.fabric(), lab, refitSeed, refitting, sigma, false));
    }
    List<CalibratedParameter> trading =
        fit.parameters().stream().filter(AlphaGain::tradesWithGain).toList();
    List<Double> gains =
        n.testGain() && !trading.isEmpty()
            ? REFIT_GAINS.stream()
                .flatMapToDouble(f -> AlphaGain.otherGain(settings.fabric(), f).stream())
                .boxed()
                .toList()
            : List.of();
    for (double gain : gains) {
      FabricSpec atGain = CalibratedParameter.ALPHA_GAIN.applyTo(n.fitted(), gain);
      tasks.add(() -> refit(settings, atGain, lab, settings.seed(), trading, sigma, true));
    }
    List<ModelFit> done = ParallelRefits.run(tasks);
    Map<CalibratedParameter, Double> values = n.values();
    Map<CalibratedParameter, Double> spread = new EnumMap<>(CalibratedParameter.class);
    List<Double> reproducing = new ArrayList<>();
    List<Double> missing = new ArrayList<>();
    for (int k = 0; k < done.size(); k++) {
      ModelFit refit = done.get(k);
      fit.count(refit.runs());
      if (k < REFITS) {
        widen(refit, values, spread);
        continue;
      }
      double gain = gains.get(k - REFITS);
      if (Reproduction.missesDcqcn(lab, refit.modelValues(dcqcn), tolerances).isEmpty()) {
        widen(refit, values, spread);
        reproducing.add(gain);
      } else {
        missing.add(gain);
      }
    }
    return new Refits(spread, reproducing, missing);
  }

  /** Widens each parameter's spread to how far a refit landed from the fit's values. */
  private static void widen(
      ModelFit refit,
      Map<CalibratedParameter, Double> values,
      Map<CalibratedParameter, Double> spread) {
    refit
        .values()
        .forEach((p, v) -> spread.merge(p, Math.abs(Math.log(v / values.get(p))), Math::max));
  }

  /**
   * A refit of these parameters from a fabric's values.
   *
   * @param nearby whether to fit near those values ({@link ModelFit#fitNearby}) rather than afresh
   */
  private static ModelFit refit(
      FitSettings settings,
      FabricSpec base,
      LabMeasurements lab,
      long refitSeed,
      List<CalibratedParameter> parameters,
      Map<Observable, Double> sigma,
      boolean nearby) {
    ModelFit refit = new ModelFit(base, settings.model(), lab, refitSeed, parameters);
    if (nearby) {
      refit.fitNearby(sigma);
    } else {
      refit.fit(sigma);
    }
    return refit;
  }
}
