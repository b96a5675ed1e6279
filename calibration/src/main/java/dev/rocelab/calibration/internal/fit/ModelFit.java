package dev.rocelab.calibration.internal.fit;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.calibration.CalibratedParameter;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.LabMeasurements;
import dev.rocelab.calibration.Observable;
import dev.rocelab.calibration.internal.LogScale;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * Fits the model to a lab's measurements, step by step in suite order: the parameters a step
 * informs are fitted to that step's measurements, the others held at their current values (fitted
 * by an earlier step, else the fabric file's), each group of steps by its {@link GroupOptimiser}.
 * The cost is the sum of squared log ratios of model to lab values ({@link Cost}). Every model run
 * is deterministic (the calibration's seed) and remembered, so no point is simulated twice ({@link
 * ModelRuns}). Around the fit it measures the elasticities the least squares ({@link LeastSquares})
 * and the errors rest on.
 */
final class ModelFit {

  /** The relative change of a parameter by which its elasticities are measured. */
  static final double ELASTICITY_STEP = Math.log(1.1);

  /**
   * How many times the change is doubled where a measurement does not move: up to a factor of 2.1.
   */
  static final int ELASTICITY_WIDENINGS = 3;

  /**
   * How much more than the fitted point's cost the file's value of a parameter may cost and be
   * kept.
   */
  static final double AS_GOOD_AS_FITTED = 1;

  private final LabMeasurements lab;
  private final List<CalibratedParameter> parameters;
  private final Map<CalibratedParameter, Double> positions =
      new EnumMap<>(CalibratedParameter.class);
  private final Map<Observable, Double> sigma = new TreeMap<>();
  private final ModelRuns modelRuns;
  private final Cost cost;
  private final GroupOptimiser optimiser;

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
    this.lab = lab;
    this.parameters = List.copyOf(parameters);
    for (CalibratedParameter p : parameters) {
      positions.put(p, Positions.position(p, p.in(fabric).orElseThrow()));
    }
    this.modelRuns = new ModelRuns(fabric, model, seed);
    this.cost = new Cost(modelRuns, lab, sigma);
    this.optimiser = new GroupOptimiser(positions, cost, seed);
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
        optimiser.brent(group, own.get(0));
      } else if (own.contains(CalibratedParameter.ALPHA_GAIN)) {
        optimiser.cmaesOverGains(group, own);
      } else if (nearby) {
        optimiser.cmaesRun(group, own, true);
      } else {
        optimiser.cmaes(group, own);
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
    positions.forEach((p, x) -> values.put(p, Positions.value(p, x)));
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
    if (cost.of(steps, file) > cost.of(steps, positions) + AS_GOOD_AS_FITTED) {
      return false;
    }
    positions.remove(p);
    return true;
  }

  /**
   * @return the fabric with the fitted values
   */
  FabricSpec fitted() {
    return modelRuns.applied(positions);
  }

  /**
   * @return model runs made so far
   */
  int runs() {
    return modelRuns.runs();
  }

  /**
   * Counts model runs made on this fit's behalf.
   *
   * @param more how many
   */
  void count(int more) {
    modelRuns.count(more);
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
      modelRuns.measure(step, positions).forEach((m, v) -> values.put(new Observable(step, m), v));
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
      up =
          Math.min(
              up,
              Math.max(
                  x, Positions.position(p, Positions.value(CalibratedParameter.ECN_KMAX, kmax))));
    } else if (p == CalibratedParameter.ECN_KMAX && kmin != null) {
      down =
          Math.max(
              down,
              Math.min(
                  x, Positions.position(p, Positions.value(CalibratedParameter.ECN_KMIN, kmin))));
    }
    double span = (up - down) * Math.log(p.upper() / p.lower());
    Map<CalibratedParameter, Double> high = new EnumMap<>(positions);
    high.put(p, up);
    Map<CalibratedParameter, Double> low = new EnumMap<>(positions);
    low.put(p, down);
    double vHigh = modelRuns.measure(o.step(), high).getOrDefault(o.metric(), Double.NaN);
    double vLow = modelRuns.measure(o.step(), low).getOrDefault(o.metric(), Double.NaN);
    return span == 0 ? 0 : LogScale.residual(o.metric(), vHigh, vLow) / span;
  }

  /**
   * Each measurement's noise at the current values ({@link ModelRuns#noise}).
   *
   * @param observables the measurements
   * @param seeds how many other seeds
   * @param floor the smallest spread of a lab run and of a measurement
   * @return one standard deviation per measurement
   */
  Map<Observable, Double> noise(List<Observable> observables, int seeds, double floor) {
    return modelRuns.noise(fitted(), lab, observables, seeds, floor);
  }

  /**
   * How far the fit would move each parameter, to first order, where the lab's measurements moved
   * by a shift: each group's parameters respond to the shift of its own steps' measurements alone,
   * as the fit fits them ({@link #fit(Map)}, {@link LeastSquares#response}).
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
          LeastSquares.response(
              j,
              IntStream.of(rows).mapToDouble(r -> noise[r]).toArray(),
              IntStream.of(rows).mapToDouble(r -> shift[r]).toArray());
      for (int c = 0; c < columns.length; c++) {
        change[columns[c]] = moved[c];
      }
    }
    return change;
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
          changedRuns.computeIfAbsent(o.step(), step -> modelRuns.counted(step, changed));
      OptionalDouble moved = o.metric().of(run);
      Double fitted = modelRuns.measure(o.step(), positions).get(o.metric());
      if (fitted != null) {
        // a value the changed model did not produce (a flow that did not complete): as in the cost
        double residual =
            moved.isPresent()
                ? LogScale.residual(o.metric(), moved.getAsDouble(), fitted)
                : Cost.MISSING;
        shift[r] = Double.isFinite(residual) ? residual : Cost.MISSING;
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
   * Runs a step on the model.
   *
   * @param step the step
   * @param spec the fabric to run it on
   * @return the run
   */
  RunResult run(CalibrationStep step, FabricSpec spec) {
    return modelRuns.run(step, spec);
  }
}
