package dev.rocelab.calibration.internal.fit;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.calibration.CalibratedParameter;
import dev.rocelab.calibration.Calibration;
import dev.rocelab.calibration.CalibrationListener;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.FittedParameter;
import dev.rocelab.calibration.LabMeasurements;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * The strategy of a calibration's fit (what the public {@code Calibrator.fit} does): which
 * parameters the lab's measurements can fit, the fit with the DCQCN α gain held and, where that
 * misses a DCQCN step, the one that frees it; the refits that widen the errors; and the calibration
 * it makes of them, with its problems and notes.
 */
@API(status = INTERNAL, since = "0.3")
public final class FitStrategy {

  private final FitSettings settings;
  private final CalibrationListener listener;

  /**
   * @param fabric the lab's fabric file: its topology, profiles and the datasheet values the fit
   *     starts from
   * @param model the backend the fit runs the steps on
   * @param seed the seed of every model run
   * @param noise the least relative spread of a lab run's measurement
   * @param dcqcnKnown whether the lab's NICs are known to run the fabric file's DCQCN settings
   * @param listener told when the fit begins
   */
  public FitStrategy(
      FabricSpec fabric,
      FabricBackend model,
      long seed,
      double noise,
      boolean dcqcnKnown,
      CalibrationListener listener) {
    this.settings = new FitSettings(fabric, model, seed, noise, dcqcnKnown);
    this.listener = listener;
  }

  /**
   * Fits the model to a lab's measurements.
   *
   * @param lab what the lab measured
   * @return the calibration
   */
  public Calibration fit(LabMeasurements lab) {
    Map<CalibratedParameter, String> notFitted = new EnumMap<>(CalibratedParameter.class);
    List<CalibratedParameter> fitting = new ArrayList<>();
    OptionalDouble reach = LineRateReach.keepingUp(settings, lab);
    for (CalibratedParameter p : CalibratedParameter.values()) {
      List<CalibrationStep> informedBy = informing(p);
      if (p.in(settings.fabric()).isEmpty()) {
        continue;
      }
      Optional<String> keepsUp =
          p == CalibratedParameter.PCIE_BANDWIDTH
              ? LineRateReach.hostsKeepUp(lab, reach)
              : Optional.empty();
      if (keepsUp.isPresent()) {
        notFitted.put(p, keepsUp.get());
      } else if (informedBy.stream().anyMatch(lab::complete)) {
        fitting.add(p);
      } else {
        notFitted.put(
            p,
            informedBy.stream()
                .map(s -> s.title() + ": " + lab.unmeasuredReason(s).orElse("did not run"))
                .collect(Collectors.joining("; ")));
      }
    }
    boolean gainInformed = fitting.remove(CalibratedParameter.ALPHA_GAIN);
    boolean gainFittable = gainInformed && !settings.dcqcnKnown();
    if (gainInformed) {
      notFitted.put(
          CalibratedParameter.ALPHA_GAIN,
          settings.dcqcnKnown() ? AlphaGain.DCQCN_KNOWN : AlphaGain.GAIN_HELD);
    }
    List<String> reachProblems = new ArrayList<>();
    LineRateReach.beyondReach(lab, reach).ifPresent(reachProblems::add);
    if (fitting.isEmpty() && reachProblems.isEmpty()) {
      reachProblems.add("nothing to fit: no step that informs a parameter measured everything");
    }
    if (reachProblems.isEmpty()) {
      listener.fitting();
    }
    Attempt unrefitted = Attempt.of(settings, lab, fitting, notFitted, reachProblems, gainFittable);
    boolean freeing = gainFittable && !unrefitted.missedDcqcn().isEmpty();
    Optional<Attempt> freed = Optional.empty();
    if (freeing) {
      List<CalibratedParameter> withGain = new ArrayList<>(fitting);
      withGain.add(CalibratedParameter.ALPHA_GAIN);
      Map<CalibratedParameter, String> others = new EnumMap<>(notFitted);
      others.remove(CalibratedParameter.ALPHA_GAIN);
      // no refits: they would only widen errors the gain's trade-off makes unbounded anyway
      freed = Optional.of(Attempt.of(settings, lab, withGain, others, reachProblems, false));
    }
    boolean gainFreed = freed.isPresent() && freed.get().missedDcqcn().isEmpty();
    // where the freed gain takes over, the parameters it trades with are not identified whatever
    // the refits say: the held fit's refits refit the others alone
    Attempt held =
        unrefitted.refitted(
            settings,
            lab,
            gainFreed
                ? fitting.stream().filter(p -> !AlphaGain.tradesWithGain(p)).toList()
                : fitting);
    if (!reachProblems.isEmpty()) {
      Stream.concat(
              fitting.stream(),
              gainInformed ? Stream.of(CalibratedParameter.ALPHA_GAIN) : Stream.empty())
          .forEach(p -> held.notFitted().put(p, reachProblems.get(0)));
    }
    Attempt chosen = held;
    List<String> notes = new ArrayList<>();
    if (freeing) {
      if (gainFreed) {
        chosen = freed.get().gainTradingOff(held);
        notes.add(FitNotes.gainFreed(settings.fabric(), lab, held, chosen));
      } else {
        held.notFitted()
            .put(
                CalibratedParameter.ALPHA_GAIN,
                "freed, it did not reproduce the DCQCN steps either (see the problems)");
      }
    }
    if (chosen.missedDcqcn().isEmpty()) { // else the problems name the settings held
      FitNotes.heldSettings(settings.fabric(), chosen).ifPresent(notes::add);
    }
    List<String> problems = new ArrayList<>(reachProblems);
    problems.addAll(chosen.missed().values());
    if (!chosen.missedDcqcn().isEmpty()
        && (freed.isPresent() || gainInformed && settings.dcqcnKnown())) {
      problems.add(
          FitNotes.heldDcqcnSettings(
              settings.fabric(), settings.dcqcnKnown(), lab, freed.orElse(held)));
    }
    List<FittedParameter> parameters = parameters(chosen);
    Map<CalibrationStep, RunResult> modelRuns = new EnumMap<>(CalibrationStep.class);
    FabricSpec fitted = chosen.fit().fitted();
    for (CalibrationStep step : lab.runs().keySet()) {
      modelRuns.put(step, chosen.fit().run(step, fitted));
    }
    return new Calibration(
        settings.fabric(),
        settings.seed(),
        settings.noise(),
        lab,
        parameters,
        held.before(),
        chosen.after(),
        chosen.tolerances(),
        modelRuns,
        problems,
        notes,
        (reach.isPresent() ? 1 : 0) + held.fit().runs() + freed.map(a -> a.fit().runs()).orElse(0));
  }

  private List<FittedParameter> parameters(Attempt attempt) {
    Map<CalibratedParameter, String> notFitted = attempt.notFitted();
    Map<CalibratedParameter, Estimate> estimates = attempt.estimates();
    Set<CalibratedParameter> kept = attempt.kept();
    ModelFit fit = attempt.fit();
    Map<CalibratedParameter, Double> values = fit.values();
    List<FittedParameter> out = new ArrayList<>();
    for (CalibratedParameter p : CalibratedParameter.values()) {
      Optional<Double> initial = p.in(settings.fabric());
      if (initial.isEmpty()) {
        continue;
      }
      Estimate e = estimates.get(p);
      Optional<String> reason =
          e == null
              ? Optional.of(notFitted.getOrDefault(p, "not fitted"))
              : kept.contains(p)
                  ? Optional.of(
                      "no measurement of the suite depends on it here; kept at the fabric file's"
                          + " value")
                  : Optional.empty();
      out.add(
          new FittedParameter(
              p,
              initial.get(),
              reason.isEmpty() ? values.get(p) : initial.get(),
              e == null ? Double.NaN : e.relativeError(),
              e == null ? Optional.empty() : Optional.of(e.confidence()),
              e == null ? 0 : e.sensitivity(),
              e == null ? Optional.empty() : e.mostSensitive(),
              reason.isEmpty() && fit.atBound(p),
              reason));
    }
    return out;
  }

  private static List<CalibrationStep> informing(CalibratedParameter p) {
    return Stream.of(CalibrationStep.values()).filter(s -> s.informs().contains(p)).toList();
  }
}
