package dev.rocelab.calibration.internal.fit;

import dev.rocelab.calibration.CalibratedParameter;

/**
 * A parameter's position within its bounds, logarithmically (they span orders of magnitude): what
 * the optimisers move, 0 at {@link CalibratedParameter#lower()}, 1 at {@link
 * CalibratedParameter#upper()}.
 */
final class Positions {

  private Positions() {}

  /**
   * A value from its position in the bounds.
   *
   * @param p the parameter
   * @param position in [0, 1]
   * @return the value
   */
  static double value(CalibratedParameter p, double position) {
    return p.lower() * Math.pow(p.upper() / p.lower(), Math.min(1, Math.max(0, position)));
  }

  /**
   * @param p the parameter
   * @param value a value within the bounds
   * @return its position in [0, 1]
   */
  static double position(CalibratedParameter p, double value) {
    double clamped = Math.min(p.upper(), Math.max(p.lower(), value));
    return Math.log(clamped / p.lower()) / Math.log(p.upper() / p.lower());
  }
}
