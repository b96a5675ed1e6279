package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.calibration.internal.fit.FitStrategy;
import dev.rocelab.calibration.internal.survey.LabSurvey;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
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

  /** The least relative spread of a lab run's measurement unless told otherwise: 3%. */
  public static final double DEFAULT_NOISE = 0.03;

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
   *     the α gain and tests no other — no refits at twice and half the file's gain, and it is not
   *     freed where the model misses a DCQCN step — and the errors do not count the other settings
   *     it holds (R_AI, R_HAI, F, the rate-decrease and α update periods), which makes the
   *     calibration quicker, and the errors of the DCQCN steps' parameters count only the lab's
   *     noise and the refits with other seeds. By default they are not known.
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
   * hold it at twice and at half the file's value, refitting the parameters it trades with: where
   * the model reproduces the DCQCN steps there too, the values it lands on there count in the
   * errors of those fitted with the file's gain, and the gain's reason for not being fitted says at
   * which gains the model reproduced the steps and at which it missed them. Where the calibration
   * was told the lab's NICs run the file's DCQCN settings ({@link #dcqcnKnown(boolean)}), the gain
   * is held and that is all: no fit frees it, no refit holds another, and a DCQCN step the model
   * misses is a problem that names the settings the fit holds.
   *
   * <p>The DCQCN settings the suite does not pin down apart from the fitted ones (R_AI, R_HAI, F,
   * the rate-decrease and α update periods) are held at the file's values, yet a lab's NICs may run
   * others. Unless the calibration was told they run the file's ({@link #dcqcnKnown(boolean)}),
   * each fitted value's error counts, to first order, how far a lab running one at twice or half
   * the file's value would move it; where that is the widest term of an error, a note names the
   * settings held and the values whose errors they set.
   *
   * @param lab what the lab measured
   * @return the calibration
   */
  public Calibration fit(LabMeasurements lab) {
    Objects.requireNonNull(lab, "lab must not be null");
    return new FitStrategy(fabric, model, seed, noise, dcqcnKnown, listener).fit(lab);
  }
}
