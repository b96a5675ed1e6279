package dev.rocelab.calibration.internal.fit;

import dev.rocelab.calibration.Metric;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;

/**
 * The weighted least squares around a fit, from the measurements' elasticities to the parameters
 * (one row per measurement, one column per parameter, {@link ModelFit#elasticities(List)}) and
 * their noise: each parameter's standard error, and how far the fit would move each parameter where
 * the measurements moved. Only the parameters some measurement depends on take part.
 */
final class LeastSquares {

  private LeastSquares() {}

  /**
   * The standard error of each parameter's logarithm: the square roots of the diagonal of {@code
   * (JᵀWJ)⁻¹}, with {@code W} the inverse variance of each measurement. A parameter no measurement
   * depends on has an infinite error.
   *
   * @param elasticities {@link ModelFit#elasticities(List)}
   * @param noise the noise of each measurement (each row), {@link ModelFit#noise(List, int,
   *     double)}
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
   * @param elasticities {@link ModelFit#elasticities(List)}
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
}
