package dev.rocelab.calibration;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.calibration.internal.LogScale;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.SimpleBounds;
import org.apache.commons.math3.optim.SimpleValueChecker;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.CMAESOptimizer;
import org.apache.commons.math3.optim.univariate.BrentOptimizer;
import org.apache.commons.math3.optim.univariate.SearchInterval;
import org.apache.commons.math3.optim.univariate.UnivariateObjectiveFunction;
import org.apache.commons.math3.random.MersenneTwister;

/**
 * Fits the model to a lab's measurements, step by step in suite order: the parameters a step
 * informs are fitted to that step's measurements, the others held at their current values (fitted
 * by an earlier step, else the fabric file's). A single parameter is fitted by a scan, then Brent's
 * method; two or more by CMA-ES (both methods from Apache Commons Math), from several starts of the
 * DCQCN α gain where it is among them; each parameter on its logarithmic position within its
 * bounds. The cost is the sum of squared log ratios of model to lab values. Every model run is
 * deterministic (the calibration's seed) and remembered, so no point is simulated twice.
 */
final class ModelFit {

  /** Evaluations of one group's fit, at most. */
  static final int MAX_EVALUATIONS = 400;

  /** The relative change of a parameter by which its elasticities are measured. */
  static final double ELASTICITY_STEP = Math.log(1.1);

  /**
   * How many times the change is doubled where a measurement does not move: up to a factor of 2.1.
   */
  static final int ELASTICITY_WIDENINGS = 3;

  private static final double BRENT_TOLERANCE = 1e-3;

  /** The log ratio of a value the model did not produce (a flow that did not complete). */
  private static final double MISSING = 10;

  /**
   * The least fall of a CMA-ES run's best cost that counts as progress: one unit of the weighted
   * sum of squares, a single measurement moving by its noise. Less is the fit chasing the model's
   * noise, which moves no value by more than its error.
   */
  static final double PROGRESS = 1;

  /**
   * The generations of its population a CMA-ES run goes on without {@link #PROGRESS} once its best
   * cost is at the noise floor, before it is called converged.
   */
  static final int STALLED_GENERATIONS = 10;

  /**
   * How much more than the fitted point's cost the file's value of a parameter may cost and be
   * kept.
   */
  static final double AS_GOOD_AS_FITTED = 1;

  /** The α gain's starts of a group that fits it, as factors of its current value. */
  static final List<Double> GAIN_STARTS = List.of(1.0, 4.0, 0.25, 16.0);

  /** Intervals of the scan before Brent's method: each a factor of 1.9 to 2.9, by the bounds. */
  static final int GRID = 8;

  private final FabricSpec fabric;
  private final FabricBackend model;
  private final LabMeasurements lab;
  private final long seed;
  private final List<CalibratedParameter> parameters;
  private final Map<CalibratedParameter, Double> positions =
      new EnumMap<>(CalibratedParameter.class);
  private final Map<String, Map<Metric, Double>> memo = new HashMap<>();
  private final Map<Observable, Double> sigma = new TreeMap<>();
  private int runs;

  /**
   * @param fabric the fabric file's fabric
   * @param model the model backend
   * @param lab what the lab measured
   * @param seed the seed of every model run
   * @param parameters the parameters to fit
   */
  ModelFit(
      FabricSpec fabric,
      FabricBackend model,
      LabMeasurements lab,
      long seed,
      List<CalibratedParameter> parameters) {
    this.fabric = fabric;
    this.model = model;
    this.lab = lab;
    this.seed = seed;
    this.parameters = List.copyOf(parameters);
    for (CalibratedParameter p : parameters) {
      positions.put(p, p.position(p.in(fabric).orElseThrow()));
    }
  }

  /**
   * Fits the parameters group by group: steps that inform a common parameter are fitted together
   * (the incasts and the DCQCN recovery share the CNP interval), each group's parameters against
   * all its steps' measurements, each measurement's log ratio weighed by its noise (a weighted
   * least-squares fit: ECN marks that swing by a quarter from seed to seed count for less than a
   * completion time that moves by a percent).
   *
   * @param noise each measurement's noise, {@link #noise(List, int, double)}
   */
  void fit(Map<Observable, Double> noise) {
    fit(noise, false);
  }

  /**
   * Fits the parameters as {@link #fit(Map)} does, but from values already near the fit: a group of
   * several parameters gets CMA-ES's narrower second run alone, from the current values, half the
   * model runs of a whole fit. It follows where a nearby valley has moved to after a setting the
   * fit does not change did (another α gain); a valley far from the current values it does not look
   * for.
   *
   * @param noise each measurement's noise, {@link #noise(List, int, double)}
   */
  void fitNearby(Map<Observable, Double> noise) {
    fit(noise, true);
  }

  private void fit(Map<Observable, Double> noise, boolean nearby) {
    sigma.putAll(noise);
    for (List<CalibrationStep> group : groups()) {
      List<CalibratedParameter> own =
          parameters.stream()
              .filter(p -> group.stream().anyMatch(s -> fittedBy(s).contains(p)))
              .toList();
      if (own.size() == 1) {
        brent(group, own.get(0));
      } else if (own.contains(CalibratedParameter.ALPHA_GAIN)) {
        cmaesOverGains(group, own);
      } else if (nearby) {
        cmaesRun(group, own, true);
      } else {
        cmaes(group, own);
      }
    }
  }

  /** The measured steps that inform a fitted parameter, joined where they share one. */
  private List<List<CalibrationStep>> groups() {
    List<List<CalibrationStep>> groups = new ArrayList<>();
    for (CalibrationStep step : CalibrationStep.values()) {
      boolean measured = step.observables().stream().anyMatch(o -> lab.value(o).isPresent());
      if (fittedBy(step).isEmpty() || !measured) {
        continue;
      }
      List<CalibrationStep> joined = new ArrayList<>();
      for (Iterator<List<CalibrationStep>> it = groups.iterator(); it.hasNext(); ) {
        List<CalibrationStep> group = it.next();
        if (group.stream().anyMatch(s -> !Collections.disjoint(fittedBy(s), fittedBy(step)))) {
          joined.addAll(group);
          it.remove();
        }
      }
      joined.add(step);
      groups.add(joined);
    }
    return groups;
  }

  /** The parameters being fitted that a step informs. */
  private Set<CalibratedParameter> fittedBy(CalibrationStep step) {
    Set<CalibratedParameter> fitted = EnumSet.noneOf(CalibratedParameter.class);
    parameters.stream().filter(step.informs()::contains).forEach(fitted::add);
    return fitted;
  }

  /**
   * @return the fitted value of each parameter
   */
  Map<CalibratedParameter, Double> values() {
    Map<CalibratedParameter, Double> values = new EnumMap<>(CalibratedParameter.class);
    positions.forEach((p, x) -> values.put(p, p.value(x)));
    return values;
  }

  /**
   * Leaves a parameter that no measurement depends on near its fitted value at the fabric file's
   * value from now on, where the model reproduces the lab there as well: within {@value
   * #AS_GOOD_AS_FITTED} of the fitted point's cost, one noise-weighted squared log ratio (the
   * file's value lies within a standard deviation of the fit). A fitted value would look like a
   * measurement of the lab. A parameter the fit took to a flat far from the file's value (a byte
   * counter so large that it never fires, where the file's fires every few microseconds) keeps its
   * fitted value: at the file's, the model no longer reproduces the lab.
   *
   * @param p the parameter
   * @param steps the steps whose measurements judge
   * @return whether it now has the file's value
   */
  boolean keepFileValueIfAsGood(CalibratedParameter p, List<CalibrationStep> steps) {
    Map<CalibratedParameter, Double> file = new EnumMap<>(positions);
    file.remove(p);
    if (cost(steps, file) > cost(steps, positions) + AS_GOOD_AS_FITTED) {
      return false;
    }
    positions.remove(p);
    return true;
  }

  /**
   * @return the fabric with the fitted values
   */
  FabricSpec fitted() {
    return applied(positions);
  }

  /**
   * @return model runs made so far
   */
  int runs() {
    return runs;
  }

  /**
   * Counts model runs made on this fit's behalf.
   *
   * @param more how many
   */
  void count(int more) {
    runs += more;
  }

  /**
   * The model's value of every measurement at the fitted values.
   *
   * @param steps the steps to run
   * @return the values
   */
  Map<Observable, Double> modelValues(List<CalibrationStep> steps) {
    Map<Observable, Double> values = new TreeMap<>();
    for (CalibrationStep step : steps) {
      measure(step, positions).forEach((m, v) -> values.put(new Observable(step, m), v));
    }
    return values;
  }

  /**
   * Each measurement's elasticity to each parameter, {@code d ln(value) / d ln(parameter)}, by
   * central differences of {@link #ELASTICITY_STEP} around the fitted values. Where a measurement
   * does not move over that change, the change is doubled, up to {@value #ELASTICITY_WIDENINGS}
   * times: a measurement that moves in whole frames (the headroom a short pause reaction takes) is
   * flat over a small change and still pins the parameter to a frame's worth.
   *
   * @param observables the measurements
   * @return one row per measurement, one column per parameter
   */
  double[][] elasticities(List<Observable> observables) {
    double[][] j = new double[observables.size()][parameters.size()];
    for (int c = 0; c < parameters.size(); c++) {
      for (int r = 0; r < observables.size(); r++) {
        for (int widening = 0; widening <= ELASTICITY_WIDENINGS && j[r][c] == 0; widening++) {
          j[r][c] = elasticity(observables.get(r), c, ELASTICITY_STEP * (1 << widening));
        }
      }
    }
    return j;
  }

  /** One measurement's elasticity to one parameter by a central difference of {@code logStep}. */
  private double elasticity(Observable o, int c, double logStep) {
    CalibratedParameter p = parameters.get(c);
    double step = logStep / Math.log(p.upper() / p.lower());
    double x = positions.get(p);
    double up = Math.min(1, x + step);
    double down = Math.max(0, x - step);
    // the thresholds stay in order: past the other, the model runs a Kmin other than the probe's,
    // and the change measured would be that one's
    Double kmin = positions.get(CalibratedParameter.ECN_KMIN);
    Double kmax = positions.get(CalibratedParameter.ECN_KMAX);
    if (p == CalibratedParameter.ECN_KMIN && kmax != null) {
      up = Math.min(up, Math.max(x, p.position(CalibratedParameter.ECN_KMAX.value(kmax))));
    } else if (p == CalibratedParameter.ECN_KMAX && kmin != null) {
      down = Math.max(down, Math.min(x, p.position(CalibratedParameter.ECN_KMIN.value(kmin))));
    }
    double span = (up - down) * Math.log(p.upper() / p.lower());
    Map<CalibratedParameter, Double> high = new EnumMap<>(positions);
    high.put(p, up);
    Map<CalibratedParameter, Double> low = new EnumMap<>(positions);
    low.put(p, down);
    double vHigh = measure(o.step(), high).getOrDefault(o.metric(), Double.NaN);
    double vLow = measure(o.step(), low).getOrDefault(o.metric(), Double.NaN);
    return span == 0 ? 0 : LogScale.residual(o.metric(), vHigh, vLow) / span;
  }

  /**
   * Each measurement's noise: the spread of the log ratio the fit weighs, of the model's value (one
   * run, with the calibration's seed) to the lab's (the mean of its runs). The model's run varies
   * as its runs at the current values with other seeds do (ECMP hashes, jitter, the order of
   * simultaneous events), by at least its resolution ({@link #resolution}); the lab's mean varies
   * as one lab run does over the square root of the number of runs, a lab run varying at least as
   * much as the model's, as much as the lab's own runs did, and at least {@code floor}. A
   * measurement the lab repeated four times is so known to half a run's spread, one it measured
   * once to one run's; none to better than {@code floor}, the model not trusted to come closer to a
   * lab than a lab run repeats.
   *
   * @param observables the measurements
   * @param seeds how many other seeds
   * @param floor the smallest spread of a lab run and of a measurement
   * @return one standard deviation per measurement
   */
  Map<Observable, Double> noise(List<Observable> observables, int seeds, double floor) {
    FabricSpec spec = fitted();
    Map<CalibrationStep, List<RunResult>> runsBySeed = new EnumMap<>(CalibrationStep.class);
    Map<Observable, Double> spread = new TreeMap<>();
    for (Observable o : observables) {
      List<RunResult> others =
          runsBySeed.computeIfAbsent(
              o.step(),
              step -> {
                List<RunResult> list = new ArrayList<>();
                for (int i = 1; i <= seeds; i++) {
                  runs++;
                  list.add(run(step, spec, seed + i));
                }
                return list;
              });
      List<Double> values =
          others.stream()
              .map(run -> o.metric().of(run))
              .filter(OptionalDouble::isPresent)
              .map(OptionalDouble::getAsDouble)
              .toList();
      double resolution =
          others.stream().mapToDouble(run -> resolution(o.metric(), run)).max().orElse(0);
      double modelRun = Math.max(LogScale.spread(o.metric(), values), resolution);
      List<Double> labRuns = lab.samples().getOrDefault(o, List.of());
      double labRun = Math.max(floor, Math.max(modelRun, LogScale.spread(o.metric(), labRuns)));
      double labMean = labRun / Math.sqrt(Math.max(1, labRuns.size()));
      spread.put(o, Math.max(floor, Math.hypot(modelRun, labMean)));
    }
    return spread;
  }

  /**
   * The noise a measurement has however repeatable the run: the steps it moves in, as the standard
   * deviation of rounding to them ({@code ln(1 + step/value)/√12}). A buffer's peak moves in whole
   * frames, the fabric's largest NIC MTU: a headroom of four frames cannot tell a fifth of a frame.
   * Other metrics have none beyond their counts' offset.
   *
   * @param metric the metric
   * @param run a run of the step that measures it
   * @return the noise of its logarithm, 0 if none
   */
  private static double resolution(Metric metric, RunResult run) {
    if (metric != Metric.PEAK_HEADROOM && metric != Metric.PEAK_QUEUE) {
      return 0;
    }
    OptionalDouble value = metric.of(run);
    double frame =
        run.fabric().spec().nicProfiles().values().stream()
                .mapToLong(n -> n.mtu().bytes())
                .max()
                .orElse(0)
            / 1024.0;
    return value.isPresent() && value.getAsDouble() > 0
        ? Math.log1p(frame / value.getAsDouble()) / Math.sqrt(12)
        : 0;
  }

  /**
   * The standard error of each parameter's logarithm: the square roots of the diagonal of {@code
   * (JᵀWJ)⁻¹}, with {@code W} the inverse variance of each measurement. A parameter no measurement
   * depends on has an infinite error.
   *
   * @param elasticities {@link #elasticities(List)}
   * @param noise the noise of each measurement (each row), {@link #noise(List, int, double)}
   * @return one error per parameter
   */
  static double[] standardErrors(double[][] elasticities, double[] noise) {
    double[] errors = new double[columns(elasticities)];
    Arrays.fill(errors, Double.POSITIVE_INFINITY);
    List<Integer> informative = informative(elasticities);
    inverseInformation(elasticities, noise, informative)
        .ifPresent(
            inverse -> {
              for (int a = 0; a < informative.size(); a++) {
                double variance = inverse.getEntry(a, a);
                errors[informative.get(a)] =
                    variance > 0 ? Math.sqrt(variance) : Double.POSITIVE_INFINITY;
              }
            });
    return errors;
  }

  /**
   * How far the fit would move each parameter's logarithm where the lab's measurements moved by a
   * shift: the weighted least-squares response {@code (JᵀWJ)⁻¹JᵀW·shift}, to first order. A
   * parameter no measurement depends on does not move (its error is infinite already).
   *
   * @param elasticities {@link #elasticities(List)}
   * @param noise the noise of each measurement (each row)
   * @param shift each measurement's shift, as {@link Metric#residual}
   * @return one change per parameter
   */
  static double[] response(double[][] elasticities, double[] noise, double[] shift) {
    double[] change = new double[columns(elasticities)];
    List<Integer> informative = informative(elasticities);
    inverseInformation(elasticities, noise, informative)
        .ifPresent(
            inverse -> {
              double[] projected = new double[informative.size()];
              for (int a = 0; a < informative.size(); a++) {
                for (int r = 0; r < elasticities.length; r++) {
                  projected[a] +=
                      elasticities[r][informative.get(a)] * shift[r] / (noise[r] * noise[r]);
                }
              }
              double[] moved = inverse.operate(projected);
              for (int a = 0; a < informative.size(); a++) {
                change[informative.get(a)] = moved[a];
              }
            });
    return change;
  }

  /**
   * How far the fit would move each parameter, to first order, where the lab's measurements moved
   * by a shift: each group's parameters respond to the shift of its own steps' measurements alone,
   * as the fit fits them ({@link #fit(Map)}, {@link #response}).
   *
   * @param observables the measurements, one per row of the elasticities
   * @param elasticities {@link #elasticities(List)}
   * @param noise the noise of each measurement
   * @param shift each measurement's shift, {@link #shift}
   * @return one change per parameter, in {@link #parameters()} order
   */
  double[] groupResponse(
      List<Observable> observables, double[][] elasticities, double[] noise, double[] shift) {
    double[] change = new double[parameters.size()];
    for (List<CalibrationStep> group : groups()) {
      int[] rows =
          IntStream.range(0, observables.size())
              .filter(r -> group.contains(observables.get(r).step()))
              .toArray();
      int[] columns =
          IntStream.range(0, parameters.size())
              .filter(c -> group.stream().anyMatch(s -> fittedBy(s).contains(parameters.get(c))))
              .toArray();
      double[][] j = new double[rows.length][columns.length];
      for (int r = 0; r < rows.length; r++) {
        for (int c = 0; c < columns.length; c++) {
          j[r][c] = elasticities[rows[r]][columns[c]];
        }
      }
      double[] moved =
          response(
              j,
              IntStream.of(rows).mapToDouble(r -> noise[r]).toArray(),
              IntStream.of(rows).mapToDouble(r -> shift[r]).toArray());
      for (int c = 0; c < columns.length; c++) {
        change[columns[c]] = moved[c];
      }
    }
    return change;
  }

  private static int columns(double[][] elasticities) {
    return elasticities.length == 0 ? 0 : elasticities[0].length;
  }

  /** The parameters some measurement depends on. */
  private static List<Integer> informative(double[][] elasticities) {
    List<Integer> informative = new ArrayList<>();
    for (int c = 0; c < columns(elasticities); c++) {
      double norm = 0;
      for (double[] row : elasticities) {
        norm += row[c] * row[c];
      }
      if (Math.sqrt(norm) >= 1e-3) {
        informative.add(c);
      }
    }
    return informative;
  }

  /**
   * {@code (JᵀWJ)⁻¹} over the informative parameters, {@code W} the inverse variance of each
   * measurement; empty where there are none or the measurements cannot tell them apart.
   */
  private static Optional<RealMatrix> inverseInformation(
      double[][] elasticities, double[] noise, List<Integer> informative) {
    if (informative.isEmpty()) {
      return Optional.empty();
    }
    RealMatrix jtj = new Array2DRowRealMatrix(informative.size(), informative.size());
    for (int a = 0; a < informative.size(); a++) {
      for (int b = 0; b < informative.size(); b++) {
        double sum = 0;
        for (int r = 0; r < elasticities.length; r++) {
          double[] row = elasticities[r];
          sum += row[informative.get(a)] * row[informative.get(b)] / (noise[r] * noise[r]);
        }
        jtj.setEntry(a, b, sum);
      }
    }
    LUDecomposition lu = new LUDecomposition(jtj, 1e-12);
    if (!lu.getSolver().isNonSingular()) {
      return Optional.empty();
    }
    return Optional.of(lu.getSolver().getInverse());
  }

  /**
   * Each measurement's shift where the lab's NICs ran a held setting otherwise: the residual of the
   * model's value on the changed fabric to the fitted model's. Only the steps DCQCN shapes run; the
   * others do not move.
   *
   * @param observables the measurements
   * @param changed the fitted fabric with a held setting changed
   * @return one shift per measurement
   */
  double[] shift(List<Observable> observables, FabricSpec changed) {
    Map<CalibrationStep, RunResult> changedRuns = new EnumMap<>(CalibrationStep.class);
    double[] shift = new double[observables.size()];
    for (int r = 0; r < observables.size(); r++) {
      Observable o = observables.get(r);
      if (!o.step().shapedByDcqcn()) {
        continue;
      }
      RunResult run =
          changedRuns.computeIfAbsent(
              o.step(),
              step -> {
                runs++;
                return run(step, changed);
              });
      OptionalDouble moved = o.metric().of(run);
      Double fitted = measure(o.step(), positions).get(o.metric());
      if (fitted != null) {
        // a value the changed model did not produce (a flow that did not complete): as in the cost
        double residual =
            moved.isPresent()
                ? LogScale.residual(o.metric(), moved.getAsDouble(), fitted)
                : MISSING;
        shift[r] = Double.isFinite(residual) ? residual : MISSING;
      }
    }
    return shift;
  }

  /**
   * @return the parameters fitted, in order
   */
  List<CalibratedParameter> parameters() {
    return parameters;
  }

  /**
   * @param p a parameter
   * @return whether its fitted value lies at one of its bounds
   */
  boolean atBound(CalibratedParameter p) {
    Double x = positions.get(p);
    if (x == null) {
      return false;
    }
    return x <= 0.01 || x >= 0.99;
  }

  /**
   * A scan of {@value #GRID} + 1 evenly spaced positions, then Brent's method between the best
   * one's neighbours; the best point seen is kept, also when the evaluations run out (whether it
   * reproduces the lab is judged afterwards, for every fit alike). The scan keeps Brent off a
   * plateau: a measurement that saturates (headroom used up, NVLink faster than the network) is
   * flat on one side of the valley, and Brent's method, which settles ties towards its newest
   * point, may walk along the flat instead of into the valley. Brent's method starts from the
   * scan's best point, the lowest of equals (on a flat above the valley — the file's NVLink far
   * beyond a PCIe-bound ring — the one beside it), or from the current value if that is strictly
   * better; the current value stays unless a point strictly better is found, so where the lab's
   * measurement lies on the flat itself, nothing moves the parameter off the file's value.
   */
  private void brent(List<CalibrationStep> steps, CalibratedParameter p) {
    Map<CalibratedParameter, Double> trial = new EnumMap<>(positions);
    double start = positions.get(p);
    double[] best = {start, Double.POSITIVE_INFINITY};
    UnivariateFunction cost =
        x -> {
          trial.put(p, x);
          double c = cost(steps, trial);
          if (c < best[1]) {
            best[0] = x;
            best[1] = c;
          }
          return c;
        };
    for (int i = 0; i <= GRID; i++) {
      cost.value(i / (double) GRID);
    }
    double startCost = cost.value(start); // the search starts there only if it is strictly better
    double around = best[0];
    try {
      new BrentOptimizer(BRENT_TOLERANCE, BRENT_TOLERANCE / 10)
          .optimize(
              new MaxEval(MAX_EVALUATIONS),
              new UnivariateObjectiveFunction(cost),
              GoalType.MINIMIZE,
              new SearchInterval(
                  Math.max(0, around - 1.0 / GRID), Math.min(1, around + 1.0 / GRID), around));
    } catch (TooManyEvaluationsException e) {
      // the best point seen stands
    }
    positions.put(p, best[1] < startCost ? best[0] : start);
  }

  /**
   * CMA-ES's first run from each of {@link #GAIN_STARTS}: the α gain trades against the group's
   * other parameters, and one start finds the valley nearest it, not the lowest. The narrower
   * second run then settles the valley of the best start alone, where it is not {@link #settled}
   * already: the valleys the other starts found lie higher.
   */
  private void cmaesOverGains(List<CalibrationStep> steps, List<CalibratedParameter> own) {
    Map<CalibratedParameter, Double> start = new EnumMap<>(positions);
    Map<CalibratedParameter, Double> best = start;
    double bestCost = Double.POSITIVE_INFINITY;
    boolean bestConverged = false;
    CalibratedParameter gain = CalibratedParameter.ALPHA_GAIN;
    for (double factor : GAIN_STARTS) {
      positions.putAll(start);
      positions.put(gain, gain.position(gain.value(start.get(gain)) * factor));
      boolean converged = cmaesRun(steps, own, false);
      double c = cost(steps, positions);
      if (c < bestCost) {
        bestCost = c;
        best = new EnumMap<>(positions);
        bestConverged = converged;
      }
    }
    positions.putAll(best);
    if (!settled(steps, bestConverged)) {
      cmaesRun(steps, own, true);
    }
  }

  /**
   * CMA-ES's first run from the current values, then its narrower second from the best point seen,
   * which settles a first run stopped short of the valley's floor ({@link #settled}).
   */
  private void cmaes(List<CalibrationStep> steps, List<CalibratedParameter> own) {
    if (!settled(steps, cmaesRun(steps, own, false))) {
      cmaesRun(steps, own, true);
    }
  }

  /**
   * Whether a first CMA-ES run leaves nothing for a second to settle: it converged, and the model
   * reproduces every measurement of its steps within its tolerance ({@link
   * LogScale#tolerance(Metric, double)}). Then what a second run could still find is a fall of less
   * than {@value #PROGRESS}, the noise. A run converged at the noise floor may still miss a
   * measurement (the floor bounds the sum over them, and one may lie beyond twice its noise): it is
   * settled further.
   */
  private boolean settled(List<CalibrationStep> steps, boolean converged) {
    if (!converged) {
      return false;
    }
    for (CalibrationStep step : steps) {
      Map<Metric, Double> model = measure(step, positions);
      for (Metric m : step.metrics()) {
        Observable o = new Observable(step, m);
        OptionalDouble measured = lab.value(o);
        Double value = model.get(m);
        if (measured.isPresent()
            && (value == null
                || LogScale.difference(m, value, measured.getAsDouble())
                    > LogScale.tolerance(m, sigma.getOrDefault(o, 0.0)))) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * One CMA-ES run from the current values, seeded by the calibration's seed (and whether it is a
   * second, narrower run); the best point seen becomes the current values. A run ends after {@value
   * #MAX_EVALUATIONS} evaluations, or sooner where it has converged: its best cost is at the noise
   * floor — no more than the group's measurements, each within its noise on average — and it has
   * not fallen by {@value #PROGRESS} more in the last {@value #STALLED_GENERATIONS} generations. A
   * run still descending, or stuck above the floor, goes on.
   *
   * @param narrower whether it is the second run, with a third of the first's spread
   * @return whether it ended converged
   */
  private boolean cmaesRun(
      List<CalibrationStep> steps, List<CalibratedParameter> own, boolean narrower) {
    double[] start = own.stream().mapToDouble(positions::get).toArray();
    Map<CalibratedParameter, Double> trial = new EnumMap<>(positions);
    double[] bestPoint = start.clone();
    double[] bestCost = {cost(steps, trial)};
    int population = 4 + (int) (3 * Math.log(own.size())) + 2;
    Convergence convergence =
        new Convergence(measuredCount(steps), STALLED_GENERATIONS * population);
    ObjectiveFunction cost =
        new ObjectiveFunction(
            x -> {
              for (int i = 0; i < own.size(); i++) {
                trial.put(own.get(i), x[i]);
              }
              double c = cost(steps, trial);
              if (c < bestCost[0]) {
                bestCost[0] = c;
                System.arraycopy(x, 0, bestPoint, 0, x.length);
              }
              convergence.evaluated(bestCost[0]);
              return c;
            });
    CMAESOptimizer optimizer =
        new CMAESOptimizer(
            MAX_EVALUATIONS,
            0,
            true,
            0,
            0,
            new MersenneTwister(seed + (narrower ? 1 : 0)),
            false,
            new SimpleValueChecker(1e-4, 1e-6));
    convergence.start(bestCost[0]);
    boolean converged = false;
    try {
      optimizer.optimize(
          new MaxEval(MAX_EVALUATIONS),
          cost,
          GoalType.MINIMIZE,
          new InitialGuess(start),
          new SimpleBounds(new double[own.size()], filled(own.size(), 1)),
          new CMAESOptimizer.Sigma(filled(own.size(), narrower ? 0.1 : 0.3)),
          new CMAESOptimizer.PopulationSize(population));
    } catch (TooManyEvaluationsException e) {
      // the best point seen stands
    } catch (Converged e) {
      converged = true;
    }
    for (int i = 0; i < own.size(); i++) {
      positions.put(own.get(i), bestPoint[i]);
    }
    orderThresholds();
    return converged;
  }

  /**
   * Brings a Kmin fitted above Kmax down to Kmax: the model ran it so ({@link
   * CalibratedParameter#applyTo} keeps Kmin at most Kmax), so the measurements are the same and the
   * {@link #misorderedThresholds penalty} is gone, and the value reported is the one the model ran,
   * not a point on the flat above Kmax where every Kmin looks alike.
   */
  private void orderThresholds() {
    Double kmin = positions.get(CalibratedParameter.ECN_KMIN);
    Double kmax = positions.get(CalibratedParameter.ECN_KMAX);
    if (kmin != null
        && kmax != null
        && CalibratedParameter.ECN_KMIN.value(kmin) > CalibratedParameter.ECN_KMAX.value(kmax)) {
      positions.put(
          CalibratedParameter.ECN_KMIN,
          CalibratedParameter.ECN_KMIN.position(CalibratedParameter.ECN_KMAX.value(kmax)));
    }
  }

  /** How many of the steps' measurements the lab made: the noise floor of their cost. */
  private int measuredCount(List<CalibrationStep> steps) {
    return (int)
        steps.stream()
            .flatMap(s -> s.observables().stream())
            .filter(o -> lab.value(o).isPresent())
            .count();
  }

  /** Ends a CMA-ES run that has converged ({@link #cmaes}). */
  private static final class Converged extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Converged() {
      super("converged", null, false, false);
    }
  }

  /**
   * Whether a CMA-ES run has converged: its best cost at or below the noise floor and no {@link
   * #PROGRESS} over a window of evaluations.
   */
  static final class Convergence {

    private final double floor;
    private final int window;
    private double mark;
    private int evaluations;
    private int lastProgress;

    /**
     * @param floor the cost at which the measurements lie within their noise
     * @param window how many evaluations without progress end a run at the floor
     */
    Convergence(double floor, int window) {
      this.floor = floor;
      this.window = window;
    }

    /** A run starts from a point of this cost. */
    void start(double cost) {
      mark = cost;
      evaluations = 0;
      lastProgress = 0;
    }

    /**
     * One more evaluation.
     *
     * @param best the best cost seen so far
     * @throws Converged where the run has converged
     */
    void evaluated(double best) {
      evaluations++;
      if (best <= mark - PROGRESS) {
        mark = best;
        lastProgress = evaluations;
      }
      if (best <= floor && evaluations - lastProgress >= window) {
        throw new Converged();
      }
    }
  }

  private static double[] filled(int n, double value) {
    double[] a = new double[n];
    Arrays.fill(a, value);
    return a;
  }

  /**
   * The sum of squared log ratios of the model's values to the lab's, each over its noise, over the
   * steps' measured metrics; a metric the model did not produce (a flow that did not complete)
   * costs as much as a factor of e<sup>10</sup>.
   */
  private double cost(List<CalibrationStep> steps, Map<CalibratedParameter, Double> at) {
    double sum = misorderedThresholds(at);
    for (CalibrationStep step : steps) {
      Map<Metric, Double> model = measure(step, at);
      for (Metric m : step.metrics()) {
        OptionalDouble measured = lab.value(new Observable(step, m));
        Double value = model.get(m);
        if (measured.isPresent()) {
          double r = value == null ? MISSING : LogScale.residual(m, value, measured.getAsDouble());
          double noise = sigma.getOrDefault(new Observable(step, m), 1.0);
          sum += r * r / (noise * noise);
        }
      }
    }
    return sum;
  }

  /**
   * A penalty where Kmax lies below Kmin: the model then marks from Kmax on, and every Kmin above
   * it looks alike — a flat region the optimiser would wander in. The penalty leads it back.
   */
  private static double misorderedThresholds(Map<CalibratedParameter, Double> at) {
    Double kmin = at.get(CalibratedParameter.ECN_KMIN);
    Double kmax = at.get(CalibratedParameter.ECN_KMAX);
    if (kmin == null || kmax == null) {
      return 0;
    }
    double excess =
        Math.log(
            CalibratedParameter.ECN_KMIN.value(kmin) / CalibratedParameter.ECN_KMAX.value(kmax));
    return excess > 0 ? 10 * excess * excess : 0;
  }

  /** The step's metrics on the model at these positions; each point simulated once. */
  private Map<Metric, Double> measure(CalibrationStep step, Map<CalibratedParameter, Double> at) {
    StringBuilder key = new StringBuilder(step.name());
    at.forEach((p, x) -> key.append(':').append(p.ordinal()).append('=').append(x));
    return memo.computeIfAbsent(key.toString(), k -> simulate(step, at));
  }

  private Map<Metric, Double> simulate(CalibrationStep step, Map<CalibratedParameter, Double> at) {
    runs++;
    RunResult run = run(step, applied(at));
    Map<Metric, Double> values = new EnumMap<>(Metric.class);
    for (Metric m : step.metrics()) {
      m.of(run).ifPresent(v -> values.put(m, v));
    }
    return values;
  }

  /**
   * Runs a step on the model.
   *
   * @param step the step
   * @param spec the fabric to run it on
   * @return the run
   */
  RunResult run(CalibrationStep step, FabricSpec spec) {
    return run(step, spec, seed);
  }

  private RunResult run(CalibrationStep step, FabricSpec spec, long runSeed) {
    FabricSession session = model.open(spec);
    try {
      return session.run(step.scenario(FabricGraph.of(spec), runSeed));
    } finally {
      session.close();
    }
  }

  private FabricSpec applied(Map<CalibratedParameter, Double> at) {
    FabricSpec spec = fabric;
    for (Map.Entry<CalibratedParameter, Double> e : at.entrySet()) {
      spec = e.getKey().applyTo(spec, e.getKey().value(e.getValue()));
    }
    return spec;
  }
}
