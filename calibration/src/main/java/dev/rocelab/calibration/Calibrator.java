package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.calibration.internal.FabricSettings;
import dev.rocelab.calibration.internal.LogScale;
import dev.rocelab.calibration.internal.survey.LabSurvey;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Makes the model a lab's twin. {@link #measure(FabricBackend)} runs the calibration suite ({@link
 * CalibrationStep}) on the lab; {@link #fit(LabMeasurements)} fits the model's {@link
 * CalibratedParameter parameters} to what it measured and says how well each is pinned down.
 *
 * <pre>{@code
 * Calibration calibration = new Calibrator(fabric).calibrate(FabricBackends.require("lab"));
 * if (calibration.fitted()) {
 *   FabricSpec twin = calibration.calibratedFabric().orElseThrow();
 * }
 * }</pre>
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class Calibrator {

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

  /**
   * How many other seeds the fitted model runs each step with to measure its noise. Incasts under
   * DCQCN can be bimodal (a sender whose target rate collapsed finishes an order of magnitude
   * later): three seeds often all land in one mode and understate the spread.
   */
  static final int NOISE_SEEDS = 8;

  /** The least relative spread of a lab run's measurement unless told otherwise: 3%. */
  public static final double DEFAULT_NOISE = 0.03;

  /** Why the α gain is not fitted where the calibration was told the lab runs the file's. */
  private static final String DCQCN_KNOWN =
      "held at the fabric file's value, which the calibration was told the lab's NICs run";

  /** Why the α gain is not fitted where the fabric file's value serves. */
  private static final String GAIN_HELD =
      "held at the fabric file's value: fitted only where that leaves a DCQCN step unreproduced"
          + " (then the steps' other parameters are no longer identified)";

  /** The single flow's throughput on the lab. */
  private static final Observable LINE_RATE =
      new Observable(CalibrationStep.LINE_RATE, Metric.THROUGHPUT);

  /** What a lab's single flow slower than the fitted model's says. */
  private static final String SLOWER_THAN_THE_MODEL =
      "; something the model does not hold limits the lab's hosts (host memory or CPU, a NIC"
          + " running below its speed), or the file's link or NIC speeds are above the lab's";

  /**
   * How many times the lab runs each step DCQCN shapes unless told otherwise: their mean is known
   * to half a run's spread. Measured on a lab simulated by the model with hidden values (lab A of
   * the README): fitted to one run of each step, its CNP interval came out at 20.0 µs (hidden 10)
   * and its increase timer at 544 µs (hidden 300); fitted to the mean of four, at 13.6 µs and 427
   * µs.
   */
  public static final int DEFAULT_REPEATS = 4;

  private final FabricSpec fabric;
  private final long seed;
  private final double noise;
  private final int repeats;
  private final Set<CalibrationStep> steps;
  private final boolean dcqcnKnown;
  private final CalibrationListener listener;

  /** The backend the fit runs the steps on: the built-in model. */
  private final FabricBackend model;

  /**
   * A calibrator of seed 1, {@link #DEFAULT_NOISE} and {@link #DEFAULT_REPEATS}.
   *
   * @param fabric the lab's fabric file: its topology, profiles and the datasheet values the fit
   *     starts from
   */
  public Calibrator(FabricSpec fabric) {
    this(
        fabric,
        1,
        DEFAULT_NOISE,
        DEFAULT_REPEATS,
        EnumSet.allOf(CalibrationStep.class),
        false,
        new CalibrationListener() {},
        FabricBackends.require("model"));
  }

  private Calibrator(
      FabricSpec fabric,
      long seed,
      double noise,
      int repeats,
      Set<CalibrationStep> steps,
      boolean dcqcnKnown,
      CalibrationListener listener,
      FabricBackend model) {
    this.fabric = Objects.requireNonNull(fabric, "fabric must not be null");
    this.seed = seed;
    this.noise = noise;
    this.repeats = repeats;
    this.steps = steps;
    this.dcqcnKnown = dcqcnKnown;
    this.listener = Objects.requireNonNull(listener, "listener must not be null");
    this.model = Objects.requireNonNull(model, "model must not be null");
  }

  /**
   * @param value the seed of every run, on the lab and on the model; a step's repeats on the lab
   *     take the next seeds
   * @return a changed copy
   */
  public Calibrator seed(long value) {
    return new Calibrator(fabric, value, noise, repeats, steps, dcqcnKnown, listener, model);
  }

  /**
   * @param runs how many times the lab runs each step DCQCN shapes ({@link
   *     CalibrationStep#shapedByDcqcn()}), at least 1: the fit compares the mean of the runs, so
   *     that one run's swing (a rate cut landing early or late) is not read as the lab's setting.
   *     The other steps run once: their values repeat to within the lab's noise.
   * @return a changed copy
   */
  public Calibrator repeats(int runs) {
    if (runs < 1) {
      throw new IllegalArgumentException("repeats must be at least 1 but was " + runs);
    }
    return new Calibrator(fabric, seed, noise, runs, steps, dcqcnKnown, listener, model);
  }

  /**
   * @param relative the least relative spread of a lab run's measurement, in (0, 1): how far runs
   *     of the same step swing at least, where the lab's own repeats and the model's seeds swing
   *     less, and the least spread of any measurement the fit compares; confidences scale with it
   * @return a changed copy
   */
  public Calibrator noise(double relative) {
    if (!(relative > 0 && relative < 1)) {
      throw new IllegalArgumentException("noise must be in (0, 1) but was " + relative);
    }
    return new Calibrator(fabric, seed, relative, repeats, steps, dcqcnKnown, listener, model);
  }

  /**
   * @param chosen the steps to run on the lab, at least one (every step unless told otherwise): a
   *     quicker calibration of some parameters, say the pause response again after a firmware
   *     update. The steps left out do not run; the parameters only they inform are not fitted and
   *     keep the fabric file's values, and the parameters fitted are fitted to the chosen steps
   *     alone.
   * @return a changed copy
   */
  public Calibrator steps(Set<CalibrationStep> chosen) {
    if (chosen.isEmpty()) {
      throw new IllegalArgumentException("a calibration runs at least one step");
    }
    return new Calibrator(
        fabric,
        seed,
        noise,
        repeats,
        Collections.unmodifiableSet(EnumSet.copyOf(chosen)),
        dcqcnKnown,
        listener,
        model);
  }

  /**
   * @param known whether the fabric file's DCQCN settings are the ones the lab's NICs run (read
   *     from their settings; mlx5: {@code mlxconfig}, or {@code
   *     /sys/class/net/<interface>/ecn/roce_rp}, g = (1024 − dce_tcp_g)/1024): then the fit holds
   *     the α gain and tests no other — no refits at other gains ({@link #REFIT_GAINS}), and it is
   *     not freed where the model misses a DCQCN step — and the errors do not count the other
   *     settings it holds ({@link HeldSetting}), which makes the calibration quicker, and the
   *     errors of the DCQCN steps' parameters count only the lab's noise and the refits with other
   *     seeds. By default they are not known.
   * @return a changed copy
   */
  public Calibrator dcqcnKnown(boolean known) {
    return new Calibrator(fabric, seed, noise, repeats, steps, known, listener, model);
  }

  /**
   * @param value told of each step and of the fit
   * @return a changed copy
   */
  public Calibrator listener(CalibrationListener value) {
    return new Calibrator(fabric, seed, noise, repeats, steps, dcqcnKnown, value, model);
  }

  /**
   * The fit against another backend than the built-in model: the tests' closed-form twin, whose
   * answers are known exactly.
   *
   * @param backend the backend the fit runs the steps on
   * @return a changed copy
   */
  Calibrator model(FabricBackend backend) {
    return new Calibrator(fabric, seed, noise, repeats, steps, dcqcnKnown, listener, backend);
  }

  /**
   * Measures the lab and fits the model to it.
   *
   * @param lab the lab's backend
   * @return the calibration
   */
  public Calibration calibrate(FabricBackend lab) {
    return fit(measure(lab));
  }

  /**
   * Runs the steps of the calibration suite on the lab, every one unless told otherwise ({@link
   * #steps(Set)}), in the suite's order, each step DCQCN shapes {@link #repeats(int)} times. A step
   * the lab cannot run, or that breaks, is recorded with its reason and the next step runs; a
   * repeat that breaks, or does not measure everything, ends the step's runs with its reason, and
   * what the runs before measured is kept. A lab that cannot be opened (unreachable, or the fabric
   * file has no inventory of it) breaks every step it was to run.
   *
   * @param lab the lab's backend
   * @return what it measured
   */
  public LabMeasurements measure(FabricBackend lab) {
    return new LabSurvey(fabric, seed, repeats, steps, listener).measure(lab);
  }

  /**
   * Fits the model to a lab's measurements. Parameters the fabric does not have, and those whose
   * step did not measure everything, are not fitted (with the reason); nor is the PCIe bandwidth
   * where the lab's single flow reaches what the model's line carries. A lab beyond the model's
   * reach (a single flow faster than the fabric file's links carry) is not fitted at all.
   *
   * <p>The DCQCN α gain is held at the fabric file's value unless the fitted model then misses a
   * DCQCN step (an incast or the recovery). Then the fit is made again with the gain free too, and
   * kept where it reproduces those steps; but the gain trades against the steps' other parameters
   * (ECN thresholds, CNP interval, increase timer and byte counter): several sets of them reproduce
   * a lab alike, so the fit calls none of them identified, and its notes say why; the refits with
   * other seeds that widen the errors of the parameters the gain does not trade with then refit
   * those alone. Where the gain is held and the fit reproduces the DCQCN steps, two more refits
   * hold it at twice and at half the file's value ({@link #REFIT_GAINS}), refitting the parameters
   * it trades with: where the model reproduces the DCQCN steps there too, the values it lands on
   * there count in the errors of those fitted with the file's gain, and the gain's reason for not
   * being fitted says at which gains the model reproduced the steps and at which it missed them.
   * Where the calibration was told the lab's NICs run the file's DCQCN settings ({@link
   * #dcqcnKnown(boolean)}), the gain is held and that is all: no fit frees it, no refit holds
   * another, and a DCQCN step the model misses is a problem that names the settings the fit holds.
   *
   * <p>The DCQCN settings the suite does not pin down apart from the fitted ones ({@link
   * HeldSetting}: R_AI, R_HAI, F, the rate-decrease and α update periods) are held at the file's
   * values, yet a lab's NICs may run others. Unless the calibration was told they run the file's
   * ({@link #dcqcnKnown(boolean)}), each fitted value's error counts, to first order, how far a lab
   * running one at twice or half the file's value would move it; where that is the widest term of
   * an error, a note names the settings held and the values whose errors they set.
   *
   * @param lab what the lab measured
   * @return the calibration
   */
  public Calibration fit(LabMeasurements lab) {
    Objects.requireNonNull(lab, "lab must not be null");
    Map<CalibratedParameter, String> notFitted = new EnumMap<>(CalibratedParameter.class);
    List<CalibratedParameter> fitting = new ArrayList<>();
    OptionalDouble reach = lineRateKeepingUp(lab);
    for (CalibratedParameter p : CalibratedParameter.values()) {
      List<CalibrationStep> informedBy = informing(p);
      if (p.in(fabric).isEmpty()) {
        continue;
      }
      Optional<String> keepsUp =
          p == CalibratedParameter.PCIE_BANDWIDTH ? hostsKeepUp(lab, reach) : Optional.empty();
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
    boolean gainFittable = gainInformed && !dcqcnKnown;
    if (gainInformed) {
      notFitted.put(CalibratedParameter.ALPHA_GAIN, dcqcnKnown ? DCQCN_KNOWN : GAIN_HELD);
    }
    List<String> reachProblems = new ArrayList<>();
    beyondReach(lab, reach).ifPresent(reachProblems::add);
    if (fitting.isEmpty() && reachProblems.isEmpty()) {
      reachProblems.add("nothing to fit: no step that informs a parameter measured everything");
    }
    if (reachProblems.isEmpty()) {
      listener.fitting();
    }
    Attempt unrefitted = attempt(lab, fitting, notFitted, reachProblems, gainFittable);
    boolean freeing = gainFittable && !unrefitted.missedDcqcn().isEmpty();
    Optional<Attempt> freed = Optional.empty();
    if (freeing) {
      List<CalibratedParameter> withGain = new ArrayList<>(fitting);
      withGain.add(CalibratedParameter.ALPHA_GAIN);
      Map<CalibratedParameter, String> others = new EnumMap<>(notFitted);
      others.remove(CalibratedParameter.ALPHA_GAIN);
      // no refits: they would only widen errors the gain's trade-off makes unbounded anyway
      freed = Optional.of(attempt(lab, withGain, others, reachProblems, false));
    }
    boolean gainFreed = freed.isPresent() && freed.get().missedDcqcn().isEmpty();
    // where the freed gain takes over, the parameters it trades with are not identified whatever
    // the refits say: the held fit's refits refit the others alone
    Attempt held =
        refitted(
            unrefitted,
            lab,
            gainFreed ? fitting.stream().filter(p -> !tradesWithGain(p)).toList() : fitting);
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
        notes.add(gainFreedNote(lab, held, chosen));
      } else {
        held.notFitted()
            .put(
                CalibratedParameter.ALPHA_GAIN,
                "freed, it did not reproduce the DCQCN steps either (see the problems)");
      }
    }
    if (chosen.missedDcqcn().isEmpty()) { // else the problems name the settings held
      heldSettingsNote(chosen).ifPresent(notes::add);
    }
    List<String> problems = new ArrayList<>(reachProblems);
    problems.addAll(chosen.missed().values());
    if (!chosen.missedDcqcn().isEmpty() && (freed.isPresent() || gainInformed && dcqcnKnown)) {
      problems.add(heldDcqcnSettings(lab, freed.orElse(held)));
    }
    List<FittedParameter> parameters = parameters(chosen);
    Map<CalibrationStep, RunResult> modelRuns = new EnumMap<>(CalibrationStep.class);
    FabricSpec fitted = chosen.fit().fitted();
    for (CalibrationStep step : lab.runs().keySet()) {
      modelRuns.put(step, chosen.fit().run(step, fitted));
    }
    return new Calibration(
        fabric,
        seed,
        noise,
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
   * @param neighbourhood what refits start from; empty where nothing was fitted (a lab beyond
   *     reach)
   */
  private record Attempt(
      ModelFit fit,
      Map<Observable, Double> before,
      Map<Observable, Double> after,
      Map<Observable, Double> tolerances,
      Map<CalibratedParameter, String> notFitted,
      Map<CalibratedParameter, Estimate> estimates,
      Set<CalibratedParameter> kept,
      Map<Observable, String> missed,
      Optional<Neighbourhood> neighbourhood) {

    /** The measurements of DCQCN steps the fitted model misses. */
    Set<Observable> missedDcqcn() {
      return dcqcnOnly(missed.keySet());
    }

    /**
     * This fit, which freed the α gain, with every parameter that the DCQCN steps inform, the gain
     * among them, not identified: its value is the twin's, and the spread of values that reproduce
     * the lab is not bounded by the local error (measured: with the gain free, labs of Kmin 150 KiB
     * were reproduced at 37 KiB, and at 489 KiB, which local errors and refits called medium, ±25
     * %). The other parameters, fitted by steps the gain does not shape, keep the estimates of the
     * fit that held it, refits included.
     *
     * @param held the fit that held the gain at the fabric file's value
     */
    Attempt gainTradingOff(Attempt held) {
      Map<CalibratedParameter, Estimate> traded = new EnumMap<>(CalibratedParameter.class);
      estimates.forEach(
          (p, e) ->
              traded.put(
                  p,
                  tradesWithGain(p)
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
  }

  /**
   * A fit as it stood before any parameter was kept at the fabric file's value: where refits start
   * from and what the errors they widen are.
   *
   * @param values the fitted values
   * @param fitted the fabric with them
   * @param observables the measurements, one per row of the local elasticities
   * @param sigma each measurement's noise
   * @param dcqcn the steps DCQCN shapes that the lab ran
   * @param local the local errors and trades
   * @param gainHeld whether the fit held the α gain
   * @param testGain whether it held the gain and reproduced the DCQCN steps: then refits at other
   *     gains put it to the test
   */
  private record Neighbourhood(
      Map<CalibratedParameter, Double> values,
      FabricSpec fitted,
      List<Observable> observables,
      Map<Observable, Double> sigma,
      List<CalibrationStep> dcqcn,
      Local local,
      boolean gainHeld,
      boolean testGain) {}

  /**
   * Fits the parameters, measures how well each is pinned down around the fit (before refits,
   * {@link #refitted}) and which measurements the fitted model misses. Nothing is fitted where
   * there are problems already (a lab beyond reach).
   *
   * @param gainHeld whether the fit holds the α gain, which refits then change ({@link
   *     #REFIT_GAINS})
   */
  private Attempt attempt(
      LabMeasurements lab,
      List<CalibratedParameter> fitting,
      Map<CalibratedParameter, String> notFitted,
      List<String> problems,
      boolean gainHeld) {
    ModelFit fit = new ModelFit(fabric, model, lab, seed, fitting);
    List<CalibrationStep> ran = Stream.of(CalibrationStep.values()).filter(lab::complete).toList();
    Map<Observable, Double> before = fit.modelValues(ran);
    Map<CalibratedParameter, Estimate> estimates = new EnumMap<>(CalibratedParameter.class);
    List<Observable> observables = ran.stream().flatMap(s -> s.observables().stream()).toList();
    Map<Observable, Double> sigma = new TreeMap<>();
    Set<CalibratedParameter> kept = EnumSet.noneOf(CalibratedParameter.class);
    Map<CalibratedParameter, String> reasons = new EnumMap<>(notFitted);
    if (problems.isEmpty()) {
      fit.fit(fit.noise(observables, NOISE_SEEDS, noise));
      sigma = fit.noise(observables, NOISE_SEEDS, noise);
    }
    Map<Observable, Double> tolerances = new TreeMap<>();
    for (Observable o : observables) {
      tolerances.put(o, LogScale.tolerance(o.metric(), sigma.getOrDefault(o, 0.0)));
    }
    Optional<Neighbourhood> neighbourhood = Optional.empty();
    if (problems.isEmpty()) {
      List<CalibrationStep> dcqcn = ran.stream().filter(CalibrationStep::shapedByDcqcn).toList();
      // where the fit misses a DCQCN step already, the fit with the gain freed takes over
      boolean testGain = gainHeld && missesDcqcn(lab, fit.modelValues(dcqcn), tolerances).isEmpty();
      Local local = local(fit, observables, sigma);
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
      estimates = estimates(fit.parameters(), neighbourhood.get(), Map.of());
      estimates.forEach(
          (p, e) -> {
            if (e.mostSensitive().isEmpty() && fit.keepFileValueIfAsGood(p, ran)) {
              kept.add(p);
            }
          });
    }
    Map<Observable, Double> after = fit.modelValues(ran);
    Map<Observable, String> missed =
        problems.isEmpty() ? notReproduced(lab, after, tolerances) : Map.of();
    return new Attempt(
        fit, before, after, tolerances, reasons, estimates, kept, missed, neighbourhood);
  }

  /**
   * A fit's errors widened to how far refits land ({@link #refits}): {@link #REFITS} with other
   * seeds, and, where it held the α gain and reproduced the DCQCN steps, those at other gains.
   *
   * @param refitting the parameters the refits with other seeds fit again, the others held at the
   *     fabric file's values
   */
  private Attempt refitted(
      Attempt attempt, LabMeasurements lab, List<CalibratedParameter> refitting) {
    if (attempt.neighbourhood().isEmpty()) {
      return attempt;
    }
    Neighbourhood n = attempt.neighbourhood().get();
    ModelFit fit = attempt.fit();
    Refits refitted = refits(fit, n, lab, refitting, attempt.tolerances());
    Map<CalibratedParameter, String> reasons = new EnumMap<>(attempt.notFitted());
    if (n.gainHeld()) {
      reasons.put(CalibratedParameter.ALPHA_GAIN, GAIN_HELD + refitted.atOtherGains());
    }
    return new Attempt(
        fit,
        attempt.before(),
        attempt.after(),
        attempt.tolerances(),
        reasons,
        estimates(fit.parameters(), n, refitted.spread()),
        attempt.kept(),
        attempt.missed(),
        attempt.neighbourhood());
  }

  /**
   * How well the measurements pin a fitted parameter down.
   *
   * @param relativeError the larger of the local standard error and the refits' spread
   * @param confidence what that means
   * @param sensitivity the elasticity of the measurement that tells most about it
   * @param mostSensitive that measurement (the largest elasticity over noise), if any depends on it
   * @param widenedBy the held DCQCN setting whose trade set the error, where it is the widest term
   */
  private record Estimate(
      double relativeError,
      Confidence confidence,
      double sensitivity,
      Optional<Observable> mostSensitive,
      Optional<HeldSetting> widenedBy) {}

  /**
   * Around a fit, before any parameter is kept at the file's value: each measurement's elasticity
   * to each parameter, the local standard errors and how far the held DCQCN settings would move
   * each value.
   *
   * @param elasticities {@link ModelFit#elasticities}, one row per measurement
   * @param errors each parameter's standard error from them and the noise ({@link
   *     LeastSquares#standardErrors})
   * @param held how far the held DCQCN settings would move each value ({@link #heldTrades})
   */
  private record Local(double[][] elasticities, double[] errors, HeldTrades held) {}

  private Local local(ModelFit fit, List<Observable> observables, Map<Observable, Double> sigma) {
    double[][] j = fit.elasticities(observables);
    double[] noise = observables.stream().mapToDouble(sigma::get).toArray();
    return new Local(
        j,
        LeastSquares.standardErrors(j, noise),
        dcqcnKnown
            ? HeldTrades.none(fit.parameters().size())
            : heldTrades(fit, observables, j, noise));
  }

  /**
   * Each fitted parameter's estimate: the local standard error, widened to how far the refits land
   * and to how far the held DCQCN settings would move it.
   *
   * @param parameters the fitted parameters, one per column of the local elasticities
   * @param spread how far the refits land from the fit, the largest log ratio per parameter
   */
  private static Map<CalibratedParameter, Estimate> estimates(
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
              Confidence.of(relative),
              informative ? Math.abs(j[strongest][c]) : 0,
              informative ? Optional.of(observables.get(strongest)) : Optional.empty(),
              trade > own ? Optional.of(held.most()[c]) : Optional.empty()));
    }
    return estimates;
  }

  /**
   * How far the held DCQCN settings would move each fitted value.
   *
   * @param spread per parameter, the root sum of squares over the settings (each may be off on its
   *     own) of the larger log change of the two factors
   * @param most per parameter, the setting that moves it most
   */
  private record HeldTrades(double[] spread, HeldSetting[] most) {

    /** Where the lab's NICs are known to run the file's settings: nothing moves. */
    static HeldTrades none(int parameters) {
      return new HeldTrades(new double[parameters], new HeldSetting[parameters]);
    }
  }

  /**
   * How far a lab whose NICs ran a held DCQCN setting at {@link HeldSetting#FACTORS twice or half}
   * the file's value would move each fitted value, to first order: the fitted model runs the DCQCN
   * steps with the setting changed, and the fit's response to that shift of the measurements
   * ({@link ModelFit#groupResponse}) is how far the fit, holding the file's value, would land from
   * the lab's. The recovery's slope is R_AI per increase-timer period: a lab at twice the file's
   * R_AI looks like one at half its timer, unless the recovery's shape tells them apart.
   */
  private HeldTrades heldTrades(
      ModelFit fit, List<Observable> observables, double[][] j, double[] noise) {
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

  private static double information(
      double[][] j, Map<Observable, Double> sigma, List<Observable> observables, int r, int c) {
    return Math.abs(j[r][c]) / sigma.get(observables.get(r));
  }

  /**
   * How far refits land from the fit, and at which other α gains the model reproduced the lab.
   *
   * @param spread the largest log ratio of a refit's value to the fit's, per parameter
   * @param reproducing the α gains, in 1024ths, at which a refit reproduced the lab
   * @param missing those at which a refit missed it
   */
  private record Refits(
      Map<CalibratedParameter, Double> spread, List<Double> reproducing, List<Double> missing) {

    /** What the refits at other gains found, to follow {@link #GAIN_HELD}. */
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
      return gains.stream().map(g -> in1024ths(g) + "/1024").collect(Collectors.joining(" and g "));
    }
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
   * @param fit the fit, which counts the refits' model runs
   * @param n where the refits start from
   * @param refitting the parameters the refits with other seeds fit again
   * @param tolerances how far apart lab and model may lie
   */
  private Refits refits(
      ModelFit fit,
      Neighbourhood n,
      LabMeasurements lab,
      List<CalibratedParameter> refitting,
      Map<Observable, Double> tolerances) {
    Map<Observable, Double> sigma = n.sigma();
    List<CalibrationStep> dcqcn = n.dcqcn();
    List<Callable<ModelFit>> tasks = new ArrayList<>();
    for (int k = 1; k <= REFITS; k++) {
      long refitSeed = seed + 1000L * k;
      tasks.add(() -> refit(fabric, lab, refitSeed, refitting, sigma, false));
    }
    List<CalibratedParameter> trading =
        fit.parameters().stream().filter(Calibrator::tradesWithGain).toList();
    List<Double> gains =
        n.testGain() && !trading.isEmpty()
            ? REFIT_GAINS.stream().flatMapToDouble(f -> otherGain(f).stream()).boxed().toList()
            : List.of();
    for (double gain : gains) {
      FabricSpec atGain = CalibratedParameter.ALPHA_GAIN.applyTo(n.fitted(), gain);
      tasks.add(() -> refit(atGain, lab, seed, trading, sigma, true));
    }
    List<ModelFit> done = inParallel(tasks);
    Map<CalibratedParameter, Double> values = n.values();
    Map<CalibratedParameter, Double> spread = new EnumMap<>(CalibratedParameter.class);
    List<Double> reproducing = new ArrayList<>();
    List<Double> missing = new ArrayList<>();
    for (int k = 0; k < done.size(); k++) {
      ModelFit refit = done.get(k);
      fit.count(refit.runs());
      if (k < REFITS) {
        spread(refit, values, spread);
        continue;
      }
      double gain = gains.get(k - REFITS);
      if (missesDcqcn(lab, refit.modelValues(dcqcn), tolerances).isEmpty()) {
        spread(refit, values, spread);
        reproducing.add(gain);
      } else {
        missing.add(gain);
      }
    }
    return new Refits(spread, reproducing, missing);
  }

  /**
   * Makes the refits on as many threads as there are processors, up to one each: each is
   * independent of the others and seeded, so the results do not depend on how they are scheduled.
   *
   * @return the refits, in the order of the tasks
   */
  private static List<ModelFit> inParallel(List<Callable<ModelFit>> tasks) {
    if (tasks.isEmpty()) {
      return List.of();
    }
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.min(tasks.size(), Runtime.getRuntime().availableProcessors()),
            task -> {
              Thread thread = new Thread(task, "rocelab-calibration-refit");
              thread.setDaemon(true);
              return thread;
            });
    try {
      List<ModelFit> fits = new ArrayList<>();
      for (Future<ModelFit> refit : pool.invokeAll(tasks)) {
        fits.add(refit.get());
      }
      return fits;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while refitting the model", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException unchecked) {
        throw unchecked;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException("a refit failed", e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  /** Widens each parameter's spread to how far a refit landed from the fit's values. */
  private static void spread(
      ModelFit refit,
      Map<CalibratedParameter, Double> values,
      Map<CalibratedParameter, Double> spread) {
    refit
        .values()
        .forEach((p, v) -> spread.merge(p, Math.abs(Math.log(v / values.get(p))), Math::max));
  }

  /**
   * The file's α gain times a factor, within the gain's bounds; empty where that is the file's own
   * (a gain at its bound).
   */
  private OptionalDouble otherGain(double factor) {
    CalibratedParameter g = CalibratedParameter.ALPHA_GAIN;
    double gain = Positions.value(g, Positions.position(g, fileGain() * factor));
    return gain == fileGain() ? OptionalDouble.empty() : OptionalDouble.of(gain);
  }

  /**
   * A refit of these parameters from a fabric's values.
   *
   * @param nearby whether to fit near those values ({@link ModelFit#fitNearby}) rather than afresh
   */
  private ModelFit refit(
      FabricSpec base,
      LabMeasurements lab,
      long refitSeed,
      List<CalibratedParameter> parameters,
      Map<Observable, Double> sigma,
      boolean nearby) {
    ModelFit refit = new ModelFit(base, model, lab, refitSeed, parameters);
    if (nearby) {
      refit.fitNearby(sigma);
    } else {
      refit.fit(sigma);
    }
    return refit;
  }

  private List<FittedParameter> parameters(Attempt attempt) {
    Map<CalibratedParameter, String> notFitted = attempt.notFitted();
    Map<CalibratedParameter, Estimate> estimates = attempt.estimates();
    Set<CalibratedParameter> kept = attempt.kept();
    ModelFit fit = attempt.fit();
    Map<CalibratedParameter, Double> values = fit.values();
    List<FittedParameter> out = new ArrayList<>();
    for (CalibratedParameter p : CalibratedParameter.values()) {
      Optional<Double> initial = p.in(fabric);
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

  /**
   * The single flow's throughput on the model with host interfaces that keep up with their NICs:
   * what the fabric file's links carry, the most any fit can reach. Empty if the lab did not
   * measure the single flow.
   */
  private OptionalDouble lineRateKeepingUp(LabMeasurements lab) {
    if (!lab.complete(CalibrationStep.LINE_RATE)) {
      return OptionalDouble.empty();
    }
    ModelFit probe = new ModelFit(fabric, model, lab, seed, List.of());
    return Metric.THROUGHPUT.of(
        probe.run(CalibrationStep.LINE_RATE, FabricSettings.hostInterfacesKeepingUp(fabric)));
  }

  /**
   * Why the PCIe bandwidth is not fitted when the lab's single flow reaches what the model's line
   * carries (within its tolerance): the hosts' interfaces keep up, and no value below the line's
   * would be a measurement.
   */
  private static Optional<String> hostsKeepUp(LabMeasurements lab, OptionalDouble reach) {
    if (reach.isEmpty() || lab.value(LINE_RATE).isEmpty()) {
      return Optional.empty();
    }
    double labRate = lab.value(LINE_RATE).getAsDouble();
    if (labRate < reach.getAsDouble() * (1 - Metric.THROUGHPUT.tolerance())) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.ROOT,
            "the hosts' PCIe keeps up: a single flow on the lab reaches %.1f Gb/s of the %.1f"
                + " the model's line carries",
            labRate,
            reach.getAsDouble()));
  }

  /** A single flow on the lab faster than the model's links carry it. */
  private static Optional<String> beyondReach(LabMeasurements lab, OptionalDouble reach) {
    if (reach.isEmpty() || lab.value(LINE_RATE).isEmpty()) {
      return Optional.empty();
    }
    double modelRate = reach.getAsDouble();
    double labRate = lab.value(LINE_RATE).getAsDouble();
    if (labRate > modelRate * (1 + Metric.THROUGHPUT.tolerance())) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "beyond the model's reach: a single flow on the lab reaches %.1f Gb/s, the model of"
                  + " the fabric file %.1f Gb/s; the file's link or NIC speeds are below the lab's",
              labRate,
              modelRate));
    }
    return Optional.empty();
  }

  /** Every measurement the fitted model misses by more than its tolerance, with what it says. */
  private static Map<Observable, String> notReproduced(
      LabMeasurements lab, Map<Observable, Double> model, Map<Observable, Double> tolerances) {
    Map<Observable, String> problems = new TreeMap<>();
    lab.values()
        .forEach(
            (o, measured) -> {
              Double value = model.get(o);
              double difference =
                  value == null ? 1 : LogScale.difference(o.metric(), value, measured);
              double tolerance = tolerances.getOrDefault(o, o.metric().tolerance());
              if (difference > tolerance) {
                problems.put(
                    o,
                    String.format(
                            Locale.ROOT,
                            "the fitted model does not reproduce the lab's %s: lab %.4g, model %s %s"
                                + " (%.0f%% apart, tolerance %.0f%%)",
                            o,
                            measured,
                            value == null ? "none" : String.format(Locale.ROOT, "%.4g", value),
                            o.metric().unit(),
                            difference * 100,
                            tolerance * 100)
                        + (o.equals(LINE_RATE) && value != null && measured < value
                            ? SLOWER_THAN_THE_MODEL
                            : ""));
              }
            });
    return problems;
  }

  /** The measurements of steps DCQCN shapes that the model misses by more than their tolerance. */
  private static Set<Observable> missesDcqcn(
      LabMeasurements lab, Map<Observable, Double> model, Map<Observable, Double> tolerances) {
    return dcqcnOnly(notReproduced(lab, model, tolerances).keySet());
  }

  /** The measurements among these of steps DCQCN shapes. */
  private static Set<Observable> dcqcnOnly(Set<Observable> observables) {
    return observables.stream()
        .filter(o -> o.step().shapedByDcqcn())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** Whether a parameter is informed by a step DCQCN shapes: the α gain trades against it. */
  private static boolean tradesWithGain(CalibratedParameter p) {
    return informing(p).stream().anyMatch(CalibrationStep::shapedByDcqcn);
  }

  /** The fabric file's α gain, g, in 1024ths. */
  private double fileGain() {
    return CalibratedParameter.ALPHA_GAIN.in(fabric).orElseThrow();
  }

  /** A gain in 1024ths, to 3 digits: {@code 5}, {@code 19.6}. */
  private static String in1024ths(double gain) {
    return new BigDecimal(gain, new MathContext(3)).stripTrailingZeros().toPlainString();
  }

  /** The α gain of a fit that freed it: the fitted value, or the file's where the fit kept it. */
  private double gain(Attempt attempt) {
    return attempt.fit().values().getOrDefault(CalibratedParameter.ALPHA_GAIN, fileGain());
  }

  /** Each measurement, how far the fit's model lies from the lab on it. */
  private static String apart(LabMeasurements lab, Attempt attempt, Set<Observable> observables) {
    return observables.stream()
        .map(
            o -> {
              Double model = attempt.after().get(o);
              return model == null
                  ? o + " (the model did not measure it)"
                  : String.format(
                      Locale.ROOT,
                      "%s %.0f%% apart",
                      o,
                      100 * LogScale.difference(o.metric(), model, lab.value(o).getAsDouble()));
            })
        .collect(Collectors.joining(", "));
  }

  /** What a fit that had to free the α gain means. */
  private String gainFreedNote(LabMeasurements lab, Attempt held, Attempt freed) {
    double file = fileGain();
    return String.format(
        Locale.ROOT,
        "with the fabric file's α gain, g %.4g (%s/1024), the fitted model missed the DCQCN"
            + " steps (%s; %s); fitted too, at g %s/1024, it reproduces them. The values of the"
            + " DCQCN group (%s) are then the twin's, not measurements of the lab: with the gain"
            + " free, several sets of them reproduce the same steps, so none is called identified,"
            + " and the gain can lie far from the lab's. Check the lab NICs' setting (mlx5: g ="
            + " (1024 − dce_tcp_g)/1024) before reading the gain as theirs",
        file / 1024,
        in1024ths(file),
        apart(lab, held, held.missedDcqcn()),
        labRuns(lab, held.missedDcqcn()),
        in1024ths(gain(freed)),
        freed.estimates().keySet().stream()
            .filter(Calibrator::tradesWithGain)
            .map(CalibratedParameter::title)
            .collect(Collectors.joining(", ")));
  }

  /** How many lab runs the measurements' values are the mean of. */
  private static String labRuns(LabMeasurements lab, Set<Observable> observables) {
    int runs = observables.stream().mapToInt(o -> lab.measuredRuns(o.step())).min().orElse(1);
    return runs == 1 ? "one lab run each" : "each the mean of " + runs + " lab runs";
  }

  /**
   * Where a held DCQCN setting's trade is the widest term of a fitted value's error: which settings
   * the fit holds, and whose errors they set.
   */
  private Optional<String> heldSettingsNote(Attempt attempt) {
    String widened =
        attempt.estimates().entrySet().stream()
            .filter(e -> e.getValue().widenedBy().isPresent())
            .map(e -> e.getKey().title() + " (" + e.getValue().widenedBy().get().title() + ")")
            .collect(Collectors.joining(", "));
    if (widened.isEmpty()) {
      return Optional.empty();
    }
    String held =
        Stream.of(HeldSetting.values())
            .flatMap(s -> s.in(fabric).map(v -> s.title() + " " + v).stream())
            .collect(Collectors.joining(", "));
    return Optional.of(
        "the fit holds the fabric file's "
            + held
            + ", which a lab's NICs may run otherwise: the errors count how far a lab running one"
            + " at twice or half of it would move the fitted values, and that sets the errors of "
            + widened
            + " (in brackets the setting that moves each most)");
  }

  /**
   * What else a DCQCN step the fitted model misses depends on: how close the fit came — the one
   * that freed the α gain, or the one that held it where the calibration was told the file's gain
   * is the lab's — and the settings that shape the step which the fit holds at the fabric file's
   * values (the DCQCN gains and stages, the ECN marking probability, the firmware's reaction
   * point). The gain is informed, so the first NIC profile runs DCQCN.
   *
   * @param last the fit that freed the gain, or the one that held it where it is known
   */
  private String heldDcqcnSettings(LabMeasurements lab, Attempt last) {
    NicProfile nic = fabric.nicProfiles().values().iterator().next();
    DcqcnParameters d = nic.dcqcn();
    String pmax =
        FabricSettings.firstEcn(fabric)
            .map(
                e -> String.format(Locale.ROOT, ", ECN marking probability at Kmax %.3g", e.pmax()))
            .orElse("");
    String gain =
        dcqcnKnown
            ? String.format(
                Locale.ROOT,
                "the fit held the α gain at the file's g %.4g (%s/1024), told the lab's NICs run it,"
                    + " and the model misses %s",
                d.g(),
                in1024ths(d.g() * 1024),
                apart(lab, last, last.missedDcqcn()))
            : String.format(
                Locale.ROOT,
                "the fit freed the α gain as well (the file's g %.4g, %s/1024), and at its best, g"
                    + " %s/1024, the model still misses %s",
                d.g(),
                in1024ths(d.g() * 1024),
                in1024ths(gain(last)),
                apart(lab, last, last.missedDcqcn()));
    return String.format(
        Locale.ROOT,
        "%s; it holds the fabric file's other settings that shape the DCQCN steps: α updated"
            + " every %s, fast recovery F %d, additive increase %s, hyper increase %s, a cut at"
            + " most every %s, minimum rate %s%s, the %s reaction point (firmware %s); a lab that"
            + " runs others is beyond the fit: compare them with the lab's NIC and switch settings",
        gain,
        d.alphaUpdatePeriod(),
        d.fastRecoverySteps(),
        d.additiveIncrease(),
        d.hyperIncrease(),
        d.rateDecreasePeriod(),
        d.minRate(),
        pmax,
        FabricSettings.firmware(fabric, nic).dcqcnVariant().name().toLowerCase(Locale.ROOT),
        nic.firmware());
  }
}
