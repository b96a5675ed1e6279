package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One parameter after calibration.
 *
 * @param parameter the parameter
 * @param initial the fabric file's value, where the fit started
 * @param fitted the fitted value; the initial one where it was not fitted
 * @param relativeError its standard error as a fraction of the value (infinite where the
 *     measurements do not depend on it); NaN where its steps did not measure
 * @param confidence what the standard error means; empty where its steps did not measure
 * @param sensitivity the elasticity to it, {@code d ln(measurement) / d ln(parameter)}, of the
 *     measurement that tells most about it (the largest elasticity over that measurement's noise)
 * @param mostSensitive that measurement, if any was computed
 * @param atBound whether the fit ended at one of the parameter's bounds: the measurements ask for a
 *     value beyond the range the model considers
 * @param notFitted why it was not fitted, if it was not: its steps did not measure, the lab was
 *     beyond the model's reach, or no measurement depends on it (it keeps the fabric file's value,
 *     its confidence {@link Confidence#NOT_IDENTIFIABLE})
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record FittedParameter(
    CalibratedParameter parameter,
    double initial,
    double fitted,
    double relativeError,
    Optional<Confidence> confidence,
    double sensitivity,
    Optional<Observable> mostSensitive,
    boolean atBound,
    Optional<String> notFitted) {

  /** Validates the fields. */
  public FittedParameter {
    Objects.requireNonNull(parameter, "parameter must not be null");
    Objects.requireNonNull(confidence, "confidence must not be null");
    Objects.requireNonNull(mostSensitive, "mostSensitive must not be null");
    Objects.requireNonNull(notFitted, "notFitted must not be null");
  }

  /**
   * @return whether the fit set it
   */
  public boolean isFitted() {
    return notFitted.isEmpty();
  }

  /**
   * A fitted parameter may still not be identified: where several values reproduce the lab equally
   * well together with the other parameters' (a valley in the fit's cost), its value is the twin's
   * but no measurement of the lab's.
   *
   * @return whether it was fitted inside its bounds and the measurements pin it down at least
   *     loosely ({@link Confidence#LOW} or better)
   */
  public boolean identified() {
    return isFitted() && !atBound && confidence.orElseThrow() != Confidence.NOT_IDENTIFIABLE;
  }
}
