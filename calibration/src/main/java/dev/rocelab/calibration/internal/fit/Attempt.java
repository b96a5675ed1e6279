package dev.rocelab.calibration.internal.fit;

import dev.rocelab.calibration.CalibratedParameter;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.Confidence;
import dev.rocelab.calibration.LabMeasurements;
import dev.rocelab.calibration.Observable;
import dev.rocelab.calibration.internal.LogScale;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * One fit of the model to the lab and how it came out.
 *
 * @param fit the fit
 * @param before the model's values with the fabric file's parameters
 * @param after the model's values with the fitted parameters
 * @param tolerances how far apart each measurement of lab and fitted model may lie
 * @param notFitted why each parameter not fitted was not
 * @param estimates how well the measurements pin each fitted parameter down
 * @param kept the fitted parameters left at the fabric file's value
 * @param missed each measurement the fitted model misses, with what it says
 * @param neighbourhood what refits start from; empty where nothing was fitted (a lab beyond reach)
 */
record Attempt(
    ModelFit fit,
    Map<Observable, Double> before,
    Map<Observable, Double> after,
    Map<Observable, Double> tolerances,
    Map<CalibratedParameter, String> notFitted,
    Map<CalibratedParameter, Estimate> estimates,
    Set<CalibratedParameter> kept,
    Map<Observable, String> missed,
    Optional<Neighbourhood> neighbourhood) {

  /**
   * How many other seeds the fitted model runs each step with to measure its noise. Incasts under
   * DCQCN can be bimodal (a sender whose target rate collapsed finishes an order of magnitude
   * later): three seeds often all land in one mode and understate the spread.
   */
  static final int NOISE_SEEDS = 8;

  /** The measurements of DCQCN steps the fitted model misses. */
  Set<Observable> missedDcqcn() {
    return Reproduction.dcqcnOnly(missed.keySet());
  }

  /**
   * This fit, which freed the α gain, with every parameter that the DCQCN steps inform, the gain
   * among them, not identified: its value is the twin's, and the spread of values that reproduce
   * the lab is not bounded by the local error (measured: with the gain free, labs of Kmin 150 KiB
   * were reproduced at 37 KiB, and at 489 KiB, which local errors and refits called medium, ±25 %).
   * The other parameters, fitted by steps the gain does not shape, keep the estimates of the fit
   * that held it, refits included.
   *
   * @param held the fit that held the gain at the fabric file's value
   */
  Attempt gainTradingOff(Attempt held) {
    Map<CalibratedParameter, Estimate> traded = new EnumMap<>(CalibratedParameter.class);
    estimates.forEach(
        (p, e) ->
            traded.put(
                p,
                AlphaGain.tradesWithGain(p)
                    ? new Estimate(
                        Double.POSITIVE_INFINITY,
                        Confidence.NOT_IDENTIFIABLE,
                        e.sensitivity(),
                        e.mostSensitive(),
                        Optional.empty())
                    : held.estimates().getOrDefault(p, e)));
    return new Attempt(
        fit, before, after, tolerances, notFitted, traded, kept, missed, neighbourhood);
  }

  /**
   * Fits the parameters, measures how well each is pinned down around the fit (before refits,
   * {@link #refitted}) and which measurements the fitted model misses. Nothing is fitted where
   * there are problems already (a lab beyond reach).
   *
   * @param gainHeld whether the fit holds the α gain, which refits then change ({@link
   *     Refits#REFIT_GAINS})
   */
  static Attempt of(
      FitSettings settings,
      LabMeasurements lab,
      List<CalibratedParameter> fitting,
      Map<CalibratedParameter, String> notFitted,
      List<String> problems,
      boolean gainHeld) {
    ModelFit fit = new ModelFit(settings.fabric(), settings.model(), lab, settings.seed(), fitting);
    List<CalibrationStep> ran = Stream.of(CalibrationStep.values()).filter(lab::complete).toList();
    Map<Observable, Double> before = fit.modelValues(ran);
    Map<CalibratedParameter, Estimate> estimates = new EnumMap<>(CalibratedParameter.class);
    List<Observable> observables = ran.stream().flatMap(s -> s.observables().stream()).toList();
    Map<Observable, Double> sigma = new TreeMap<>();
    Set<CalibratedParameter> kept = EnumSet.noneOf(CalibratedParameter.class);
    Map<CalibratedParameter, String> reasons = new EnumMap<>(notFitted);
    if (problems.isEmpty()) {
      fit.fit(fit.noise(observables, NOISE_SEEDS, settings.noise()));
      sigma = fit.noise(observables, NOISE_SEEDS, settings.noise());
    }
    Map<Observable, Double> tolerances = new TreeMap<>();
    for (Observable o : observables) {
      tolerances.put(o, LogScale.tolerance(o.metric(), sigma.getOrDefault(o, 0.0)));
    }
    Optional<Neighbourhood> neighbourhood = Optional.empty();
    if (problems.isEmpty()) {
      List<CalibrationStep> dcqcn = ran.stream().filter(CalibrationStep::shapedByDcqcn).toList();
      // where the fit misses a DCQCN step already, the fit with the gain freed takes over
      boolean testGain =
          gainHeld && Reproduction.missesDcqcn(lab, fit.modelValues(dcqcn), tolerances).isEmpty();
      Local local = Local.around(fit, observables, sigma, settings.dcqcnKnown());
      neighbourhood =
          Optional.of(
              new Neighbourhood(
                  fit.values(),
                  fit.fitted(),
                  observables,
                  sigma,
                  dcqcn,
                  local,
                  gainHeld,
                  testGain));
      estimates = Estimate.of(fit.parameters(), neighbourhood.get(), Map.of());
      estimates.forEach(
          (p, e) -> {
            if (e.mostSensitive().isEmpty() && fit.keepFileValueIfAsGood(p, ran)) {
              kept.add(p);
            }
          });
    }
    Map<Observable, Double> after = fit.modelValues(ran);
    Map<Observable, String> missed =
        problems.isEmpty() ? Reproduction.notReproduced(lab, after, tolerances) : Map.of();
    return new Attempt(
        fit, before, after, tolerances, reasons, estimates, kept, missed, neighbourhood);
  }

  /**
   * A fit's errors widened to how far refits land ({@link Refits#of}): {@link Refits#REFITS} with
   * other seeds, and, where it held the α gain and reproduced the DCQCN steps, those at other
   * gains.
   *
   * @param settings the fit's settings
   * @param lab what the lab measured
   * @param refitting the parameters the refits with other seeds fit again, the others held at the
   *     fabric file's values
   */
  Attempt refitted(FitSettings settings, LabMeasurements lab, List<CalibratedParameter> refitting) {
    if (neighbourhood.isEmpty()) {
      return this;
    }
    Neighbourhood n = neighbourhood.get();
    Refits refitted = Refits.of(settings, fit, n, lab, refitting, tolerances);
    Map<CalibratedParameter, String> reasons = new EnumMap<>(notFitted);
    if (n.gainHeld()) {
      reasons.put(CalibratedParameter.ALPHA_GAIN, AlphaGain.GAIN_HELD + refitted.atOtherGains());
    }
    return new Attempt(
        fit,
        before,
        after,
        tolerances,
        reasons,
        Estimate.of(fit.parameters(), n, refitted.spread()),
        kept,
        missed,
        neighbourhood);
  }
}
