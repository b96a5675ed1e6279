package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * How well the calibration suite pins a fitted parameter down, from its standard error: the spread
 * of values that reproduce the measurements about as well, at the stated measurement noise.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public enum Confidence {
  /** Standard error within 10%. */
  HIGH,
  /** Standard error within 30%. */
  MEDIUM,
  /** Standard error within 100%: the value is an indication. */
  LOW,
  /**
   * The measurements barely depend on it (standard error beyond 100%): any value in a wide range
   * reproduces them, and the fitted one means nothing — e.g. NVLink bandwidth where the network is
   * the all-reduce's bottleneck.
   */
  NOT_IDENTIFIABLE;

  /**
   * @return what reports call it: its name in lower case, words apart, e.g. {@code "not
   *     identifiable"}
   */
  public String title() {
    return name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }
}
