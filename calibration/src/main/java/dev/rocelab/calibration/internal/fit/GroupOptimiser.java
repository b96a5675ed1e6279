package dev.rocelab.calibration.internal.fit;

import dev.rocelab.calibration.CalibratedParameter;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.Metric;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
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
 * Moves one group's parameters to the lowest {@link Cost cost} of the group's steps: a single
 * parameter by a scan, then Brent's method; two or more by CMA-ES (both methods from Apache Commons
 * Math), from several starts of the DCQCN α gain where it is among them; each parameter on its
 * {@link Positions logarithmic position} within its bounds. It moves the fit's current positions,
 * and leaves the best point seen there.
 */
final class GroupOptimiser {

  /** Evaluations of one group's fit, at most. */
  static final int MAX_EVALUATIONS = 400;

  private static final double BRENT_TOLERANCE = 1e-3;

  /**
   * The generations of its population a CMA-ES run goes on without {@link Convergence#PROGRESS}
   * once its best cost is at the noise floor, before it is called converged.
   */
  static final int STALLED_GENERATIONS = 10;

  /** The α gain's starts of a group that fits it, as factors of its current value. */
  static final List<Double> GAIN_STARTS = List.of(1.0, 4.0, 0.25, 16.0);

  /** Intervals of the scan before Brent's method: each a factor of 1.9 to 2.9, by the bounds. */
  static final int GRID = 8;

  private final Map<CalibratedParameter, Double> positions;
  private final Cost fitCost;
  private final long seed;

  /**
   * @param positions the fit's current positions, which it moves
   * @param fitCost the cost it minimises
   * @param seed the seed of CMA-ES's runs
   */
  GroupOptimiser(Map<CalibratedParameter, Double> positions, Cost fitCost, long seed) {
    this.positions = positions;
    this.fitCost = fitCost;
    this.seed = seed;
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
  void brent(List<CalibrationStep> steps, CalibratedParameter p) {
    Map<CalibratedParameter, Double> trial = new EnumMap<>(positions);
    double start = positions.get(p);
    double[] best = {start, Double.POSITIVE_INFINITY};
    UnivariateFunction cost =
        x -> {
          trial.put(p, x);
          double c = fitCost.of(steps, trial);
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
  void cmaesOverGains(List<CalibrationStep> steps, List<CalibratedParameter> own) {
    Map<CalibratedParameter, Double> start = new EnumMap<>(positions);
    Map<CalibratedParameter, Double> best = start;
    double bestCost = Double.POSITIVE_INFINITY;
    boolean bestConverged = false;
    CalibratedParameter gain = CalibratedParameter.ALPHA_GAIN;
    for (double factor : GAIN_STARTS) {
      positions.putAll(start);
      positions.put(
          gain, Positions.position(gain, Positions.value(gain, start.get(gain)) * factor));
      boolean converged = cmaesRun(steps, own, false);
      double c = fitCost.of(steps, positions);
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
  void cmaes(List<CalibrationStep> steps, List<CalibratedParameter> own) {
    if (!settled(steps, cmaesRun(steps, own, false))) {
      cmaesRun(steps, own, true);
    }
  }

  /**
   * Whether a first CMA-ES run leaves nothing for a second to settle: it converged, and the model
   * reproduces every measurement of its steps within its tolerance ({@link
   * LogScale#tolerance(Metric, double)}). Then what a second run could still find is a fall of less
   * than {@value Convergence#PROGRESS}, the noise. A run converged at the noise floor may still
   * miss a measurement (the floor bounds the sum over them, and one may lie beyond twice its
   * noise): it is settled further.
   */
  private boolean settled(List<CalibrationStep> steps, boolean converged) {
    return converged && fitCost.withinTolerance(steps, positions);
  }

  /**
   * One CMA-ES run from the current values, seeded by the calibration's seed (and whether it is a
   * second, narrower run); the best point seen becomes the current values. A run ends after {@value
   * #MAX_EVALUATIONS} evaluations, or sooner where it has converged: its best cost is at the noise
   * floor — no more than the group's measurements, each within its noise on average — and it has
   * not fallen by {@value Convergence#PROGRESS} more in the last {@value #STALLED_GENERATIONS}
   * generations. A run still descending, or stuck above the floor, goes on.
   *
   * @param narrower whether it is the second run, with a third of the first's spread
   * @return whether it ended converged
   */
  boolean cmaesRun(List<CalibrationStep> steps, List<CalibratedParameter> own, boolean narrower) {
    double[] start = own.stream().mapToDouble(positions::get).toArray();
    Map<CalibratedParameter, Double> trial = new EnumMap<>(positions);
    double[] bestPoint = start.clone();
    double[] bestCost = {fitCost.of(steps, trial)};
    int population = 4 + (int) (3 * Math.log(own.size())) + 2;
    Convergence convergence =
        new Convergence(fitCost.measuredCount(steps), STALLED_GENERATIONS * population);
    ObjectiveFunction cost =
        new ObjectiveFunction(
            x -> {
              for (int i = 0; i < own.size(); i++) {
                trial.put(own.get(i), x[i]);
              }
              double c = fitCost.of(steps, trial);
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
    } catch (Convergence.Converged e) {
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
   * {@link Cost penalty} is gone, and the value reported is the one the model ran, not a point on
   * the flat above Kmax where every Kmin looks alike.
   */
  private void orderThresholds() {
    Double kmin = positions.get(CalibratedParameter.ECN_KMIN);
    Double kmax = positions.get(CalibratedParameter.ECN_KMAX);
    if (kmin != null
        && kmax != null
        && Positions.value(CalibratedParameter.ECN_KMIN, kmin)
            > Positions.value(CalibratedParameter.ECN_KMAX, kmax)) {
      positions.put(
          CalibratedParameter.ECN_KMIN,
          Positions.position(
              CalibratedParameter.ECN_KMIN, Positions.value(CalibratedParameter.ECN_KMAX, kmax)));
    }
  }

  private static double[] filled(int n, double value) {
    double[] a = new double[n];
    Arrays.fill(a, value);
    return a;
  }
}
