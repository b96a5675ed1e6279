package dev.rocelab.calibration.internal.fit;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.calibration.CalibratedParameter;
import dev.rocelab.calibration.CalibrationStep;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.OptionalDouble;
import java.util.stream.Stream;

/**
 * The DCQCN α gain, which a fit holds at the fabric file's value unless that leaves a DCQCN step
 * unreproduced: the parameters it trades against, the other gains refits hold it at, and why it is
 * not fitted.
 */
final class AlphaGain {

  private AlphaGain() {}

  /** Why the α gain is not fitted where the calibration was told the lab runs the file's. */
  static final String DCQCN_KNOWN =
      "held at the fabric file's value, which the calibration was told the lab's NICs run";

  /** Why the α gain is not fitted where the fabric file's value serves. */
  static final String GAIN_HELD =
      "held at the fabric file's value: fitted only where that leaves a DCQCN step unreproduced"
          + " (then the steps' other parameters are no longer identified)";

  /** Whether a parameter is informed by a step DCQCN shapes: the α gain trades against it. */
  static boolean tradesWithGain(CalibratedParameter p) {
    return Stream.of(CalibrationStep.values())
        .anyMatch(s -> s.shapedByDcqcn() && s.informs().contains(p));
  }

  /** The fabric file's α gain, g, in 1024ths. */
  static double fileGain(FabricSpec fabric) {
    return CalibratedParameter.ALPHA_GAIN.in(fabric).orElseThrow();
  }

  /**
   * The file's α gain times a factor, within the gain's bounds; empty where that is the file's own
   * (a gain at its bound).
   */
  static OptionalDouble otherGain(FabricSpec fabric, double factor) {
    CalibratedParameter g = CalibratedParameter.ALPHA_GAIN;
    double gain = Positions.value(g, Positions.position(g, fileGain(fabric) * factor));
    return gain == fileGain(fabric) ? OptionalDouble.empty() : OptionalDouble.of(gain);
  }

  /** A gain in 1024ths, to 3 digits: {@code 5}, {@code 19.6}. */
  static String in1024ths(double gain) {
    return new BigDecimal(gain, new MathContext(3)).stripTrailingZeros().toPlainString();
  }
}
