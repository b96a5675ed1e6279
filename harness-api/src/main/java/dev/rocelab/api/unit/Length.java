package dev.rocelab.api.unit;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.QuantityFormat.Unit;
import java.util.List;
import org.apiguardian.api.API;

/**
 * {@code Length} is an immutable physical length, such as a cable or fibre run between two ports,
 * held as a whole number of millimeters.
 *
 * <p>Lengths are compared and considered equal by their number of millimeters.
 *
 * @param millimeters the length in millimeters; must be {@code >= 0}
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Length(long millimeters) implements Comparable<Length> {

  private static final long MILLIMETERS_PER_CENTIMETER = 10L;
  private static final long MILLIMETERS_PER_METER = 1_000L;
  private static final long MILLIMETERS_PER_KILOMETER = 1_000_000L;

  // Signals travel through fibre and copper at about 2e8 m/s, two thirds of c:
  // 5 ns per metre, 5 ps per millimeter.
  private static final long PROPAGATION_PICOS_PER_MILLIMETER = 5L;

  private static final int MAX_DECIMALS = 3;

  private static final QuantityFormat FORMAT =
      new QuantityFormat(
          "a length",
          "millimeters",
          "use mm, cm, m, km (e.g. \"5m\")",
          List.of(
              new Unit("mm", 1), new Unit("cm", MILLIMETERS_PER_CENTIMETER),
              new Unit("m", MILLIMETERS_PER_METER), new Unit("km", MILLIMETERS_PER_KILOMETER)),
          List.of(
              new Unit("km", MILLIMETERS_PER_KILOMETER), new Unit("m", MILLIMETERS_PER_METER),
              new Unit("cm", MILLIMETERS_PER_CENTIMETER), new Unit("mm", 1)),
          MAX_DECIMALS);

  /**
   * Create a new {@code Length}.
   *
   * @param millimeters the length in millimeters; must be {@code >= 0}
   * @throws IllegalArgumentException if {@code millimeters} is negative
   * @since 0.1
   */
  public Length {
    QuantityFormat.requireNonNegative(millimeters, "millimeters");
  }

  /**
   * Create a length of the given number of millimeters.
   *
   * @param millimeters the length; must be {@code >= 0}
   * @return the length; never {@code null}
   * @throws IllegalArgumentException if {@code millimeters} is negative
   * @since 0.1
   */
  public static Length millimeters(long millimeters) {
    return new Length(millimeters);
  }

  /**
   * Create a length of the given number of centimeters.
   *
   * @param centimeters the length; must be {@code >= 0}
   * @return the length; never {@code null}
   * @throws IllegalArgumentException if {@code centimeters} is negative
   * @throws ArithmeticException if the length overflows a {@code long} number of millimeters
   * @since 0.1
   */
  public static Length centimeters(long centimeters) {
    return new Length(Math.multiplyExact(centimeters, MILLIMETERS_PER_CENTIMETER));
  }

  /**
   * Create a length of the given number of meters.
   *
   * @param meters the length; must be {@code >= 0}
   * @return the length; never {@code null}
   * @throws IllegalArgumentException if {@code meters} is negative
   * @throws ArithmeticException if the length overflows a {@code long} number of millimeters
   * @since 0.1
   */
  public static Length meters(long meters) {
    return new Length(Math.multiplyExact(meters, MILLIMETERS_PER_METER));
  }

  /**
   * Create a length of the given number of kilometers.
   *
   * @param kilometers the length; must be {@code >= 0}
   * @return the length; never {@code null}
   * @throws IllegalArgumentException if {@code kilometers} is negative
   * @throws ArithmeticException if the length overflows a {@code long} number of millimeters
   * @since 0.1
   */
  public static Length kilometers(long kilometers) {
    return new Length(Math.multiplyExact(kilometers, MILLIMETERS_PER_KILOMETER));
  }

  /**
   * Parse a length such as {@code "5m"}, {@code "30cm"}, {@code "1.5m"}, {@code "2km"} or {@code
   * "500mm"}.
   *
   * <p>The unit is one of {@code mm}, {@code cm}, {@code m} and {@code km}; units are
   * case-sensitive. A decimal number is accepted if it denotes a whole number of millimeters.
   * Surrounding whitespace and a single space between number and unit are allowed.
   *
   * <p>{@code Length.parse(length.toString())} equals {@code length} for every length.
   *
   * @param text the text to parse; never {@code null}
   * @return the length; never {@code null}
   * @throws IllegalArgumentException if {@code text} is not a length, not a whole number of
   *     millimeters, or too large
   * @since 0.1
   */
  public static Length parse(String text) {
    return new Length(FORMAT.parse(text));
  }

  /**
   * Get the time a signal takes to travel this length.
   *
   * <p>Signals travel through fibre and copper at roughly 2&times;10<sup>8</sup>&nbsp;m/s, so the
   * delay is 5&nbsp;ns per meter (5&nbsp;ps per millimeter): 5&nbsp;m of cable adds 25&nbsp;ns.
   *
   * @return the propagation delay; never {@code null}
   * @throws ArithmeticException if the delay exceeds {@link SimTime#MAX}
   * @since 0.1
   */
  public SimTime propagationDelay() {
    return SimTime.picos(Math.multiplyExact(millimeters, PROPAGATION_PICOS_PER_MILLIMETER));
  }

  /**
   * Get this length in meters.
   *
   * @return the number of millimeters divided by 1000
   * @since 0.1
   */
  public double meters() {
    return millimeters / (double) MILLIMETERS_PER_METER;
  }

  /**
   * Compare this length with {@code other} by millimeters.
   *
   * @param other the length to compare with; never {@code null}
   * @return a negative number, zero or a positive number as this length is shorter than, equal to
   *     or longer than {@code other}
   * @since 0.1
   */
  @Override
  public int compareTo(Length other) {
    return Long.compare(millimeters, other.millimeters);
  }

  /**
   * Print this length exactly in the largest unit in which it is at least one and needs at most
   * three decimals: {@code "5m"}, {@code "1.5m"}, {@code "30cm"}, {@code "2km"}, {@code "0mm"}.
   *
   * @return the text form, accepted by {@link #parse(String)}; never {@code null}
   * @since 0.1
   */
  @Override
  public String toString() {
    return FORMAT.format(millimeters);
  }
}
