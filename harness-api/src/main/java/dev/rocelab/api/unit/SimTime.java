package dev.rocelab.api.unit;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.QuantityFormat.Unit;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * {@code SimTime} is an immutable point in simulated time, measured from the start of a simulation,
 * or a duration between two such points, held as a whole number of picoseconds.
 *
 * <p>Picosecond resolution makes per-byte serialization times exact at today's link speeds
 * (80&nbsp;ps per byte at 100&nbsp;Gbps, 10&nbsp;ps at 800&nbsp;Gbps); a {@code long} of
 * picoseconds spans about 106 days.
 *
 * <p>Times are compared and considered equal by their number of picoseconds.
 *
 * @param picos the time in picoseconds; must be {@code >= 0}
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record SimTime(long picos) implements Comparable<SimTime> {

  private static final long PICOS_PER_NANO = 1_000L;
  private static final long PICOS_PER_MICRO = 1_000_000L;
  private static final long PICOS_PER_MILLI = 1_000_000_000L;
  private static final long PICOS_PER_SECOND = 1_000_000_000_000L;

  private static final int MAX_DECIMALS = 6;

  private static final QuantityFormat FORMAT =
      new QuantityFormat(
          "a duration",
          "picoseconds",
          "use ps, ns, us, ms, s (e.g. \"1.5ms\")",
          List.of(
              new Unit("ps", 1),
              new Unit("ns", PICOS_PER_NANO),
              new Unit("us", PICOS_PER_MICRO),
              new Unit("\u00B5s", PICOS_PER_MICRO), // MICRO SIGN, as on most keyboards
              new Unit("\u03BCs", PICOS_PER_MICRO), // GREEK SMALL LETTER MU, its look-alike
              new Unit("ms", PICOS_PER_MILLI),
              new Unit("s", PICOS_PER_SECOND)),
          List.of(
              new Unit("s", PICOS_PER_SECOND),
              new Unit("ms", PICOS_PER_MILLI),
              new Unit("us", PICOS_PER_MICRO),
              new Unit("ns", PICOS_PER_NANO),
              new Unit("ps", 1)),
          MAX_DECIMALS);

  /**
   * The start of simulated time, and the empty duration.
   *
   * @since 0.1
   */
  public static final SimTime ZERO = new SimTime(0);

  /**
   * The largest representable time, {@link Long#MAX_VALUE} picoseconds (about 106 days); useful as
   * "never".
   *
   * @since 0.1
   */
  public static final SimTime MAX = new SimTime(Long.MAX_VALUE);

  /**
   * Create a new {@code SimTime}.
   *
   * @param picos the time in picoseconds; must be {@code >= 0}
   * @throws IllegalArgumentException if {@code picos} is negative
   * @since 0.1
   */
  public SimTime {
    QuantityFormat.requireNonNegative(picos, "picos");
  }

  /**
   * Create a time of the given number of picoseconds.
   *
   * @param picos the time; must be {@code >= 0}
   * @return the time; never {@code null}
   * @throws IllegalArgumentException if {@code picos} is negative
   * @since 0.1
   */
  public static SimTime picos(long picos) {
    return new SimTime(picos);
  }

  /**
   * Create a time of the given number of nanoseconds.
   *
   * @param nanos the time; must be {@code >= 0}
   * @return the time; never {@code null}
   * @throws IllegalArgumentException if {@code nanos} is negative
   * @throws ArithmeticException if the time overflows a {@code long} number of picoseconds
   * @since 0.1
   */
  public static SimTime nanos(long nanos) {
    return new SimTime(Math.multiplyExact(nanos, PICOS_PER_NANO));
  }

  /**
   * Create a time of the given number of microseconds.
   *
   * @param micros the time; must be {@code >= 0}
   * @return the time; never {@code null}
   * @throws IllegalArgumentException if {@code micros} is negative
   * @throws ArithmeticException if the time overflows a {@code long} number of picoseconds
   * @since 0.1
   */
  public static SimTime micros(long micros) {
    return new SimTime(Math.multiplyExact(micros, PICOS_PER_MICRO));
  }

  /**
   * Create a time of the given number of milliseconds.
   *
   * @param millis the time; must be {@code >= 0}
   * @return the time; never {@code null}
   * @throws IllegalArgumentException if {@code millis} is negative
   * @throws ArithmeticException if the time overflows a {@code long} number of picoseconds
   * @since 0.1
   */
  public static SimTime millis(long millis) {
    return new SimTime(Math.multiplyExact(millis, PICOS_PER_MILLI));
  }

  /**
   * Create a time of the given number of seconds.
   *
   * @param seconds the time; must be {@code >= 0}
   * @return the time; never {@code null}
   * @throws IllegalArgumentException if {@code seconds} is negative
   * @throws ArithmeticException if the time overflows a {@code long} number of picoseconds (more
   *     than about 106 days)
   * @since 0.1
   */
  public static SimTime seconds(long seconds) {
    return new SimTime(Math.multiplyExact(seconds, PICOS_PER_SECOND));
  }

  /**
   * Parse a duration such as {@code "2us"}, {@code "2µs"}, {@code "1.5ms"}, {@code "300ns"}, {@code
   * "20ps"}, {@code "1s"} or {@code "0.5 s"}.
   *
   * <p>The unit is one of {@code ps}, {@code ns}, {@code us} (also written {@code µs}), {@code ms}
   * and {@code s}; units are case-sensitive. A decimal number is accepted if it denotes a whole
   * number of picoseconds. Surrounding whitespace and a single space between number and unit are
   * allowed.
   *
   * <p>{@code SimTime.parse(time.toString())} equals {@code time} for every time.
   *
   * @param text the text to parse; never {@code null}
   * @return the time; never {@code null}
   * @throws IllegalArgumentException if {@code text} is not a duration, not a whole number of
   *     picoseconds, or too large
   * @since 0.1
   */
  public static SimTime parse(String text) {
    return new SimTime(FORMAT.parse(text));
  }

  /**
   * Get the earlier of two times.
   *
   * @param a a time; never {@code null}
   * @param b another time; never {@code null}
   * @return the earlier time, or {@code a} if they are equal; never {@code null}
   * @since 0.1
   */
  public static SimTime min(SimTime a, SimTime b) {
    Objects.requireNonNull(a, "a must not be null");
    Objects.requireNonNull(b, "b must not be null");
    return b.picos < a.picos ? b : a;
  }

  /**
   * Get the later of two times.
   *
   * @param a a time; never {@code null}
   * @param b another time; never {@code null}
   * @return the later time, or {@code a} if they are equal; never {@code null}
   * @since 0.1
   */
  public static SimTime max(SimTime a, SimTime b) {
    Objects.requireNonNull(a, "a must not be null");
    Objects.requireNonNull(b, "b must not be null");
    return b.picos > a.picos ? b : a;
  }

  /**
   * Add {@code other} to this time.
   *
   * @param other the duration to add; never {@code null}
   * @return the sum; never {@code null}
   * @throws ArithmeticException if the sum exceeds {@link #MAX}
   * @since 0.1
   */
  public SimTime plus(SimTime other) {
    Objects.requireNonNull(other, "other must not be null");
    return new SimTime(Math.addExact(picos, other.picos));
  }

  /**
   * Subtract {@code other} from this time, for example to get the duration between two points in
   * time.
   *
   * @param other the time to subtract; never {@code null}; not after this time
   * @return the difference; never {@code null}
   * @throws IllegalArgumentException if {@code other} is after this time
   * @since 0.1
   */
  public SimTime minus(SimTime other) {
    Objects.requireNonNull(other, "other must not be null");
    if (other.picos > picos) {
      throw new IllegalArgumentException(
          "cannot subtract " + other + " from " + this + "; the result would be negative");
    }
    return new SimTime(picos - other.picos);
  }

  /**
   * Multiply this duration by {@code factor}.
   *
   * @param factor the factor; must be {@code >= 0}
   * @return the product; never {@code null}
   * @throws IllegalArgumentException if {@code factor} is negative
   * @throws ArithmeticException if the product exceeds {@link #MAX}
   * @since 0.1
   */
  public SimTime times(long factor) {
    QuantityFormat.requireNonNegative(factor, "factor");
    return new SimTime(Math.multiplyExact(picos, factor));
  }

  /**
   * Divide this duration by {@code divisor}, rounding down to a whole picosecond.
   *
   * @param divisor the divisor; must be {@code > 0}
   * @return the quotient; never {@code null}
   * @throws IllegalArgumentException if {@code divisor} is not positive
   * @since 0.1
   */
  public SimTime dividedBy(long divisor) {
    QuantityFormat.requirePositive(divisor, "divisor");
    return new SimTime(picos / divisor);
  }

  /**
   * Determine whether this time is strictly before {@code other}.
   *
   * @param other the time to compare with; never {@code null}
   * @return {@code true} if this time is earlier than {@code other}
   * @since 0.1
   */
  public boolean isBefore(SimTime other) {
    Objects.requireNonNull(other, "other must not be null");
    return picos < other.picos;
  }

  /**
   * Determine whether this time is strictly after {@code other}.
   *
   * @param other the time to compare with; never {@code null}
   * @return {@code true} if this time is later than {@code other}
   * @since 0.1
   */
  public boolean isAfter(SimTime other) {
    Objects.requireNonNull(other, "other must not be null");
    return picos > other.picos;
  }

  /**
   * Get this time in nanoseconds.
   *
   * @return the number of picoseconds divided by 10<sup>3</sup>
   * @since 0.1
   */
  public double toNanos() {
    return picos / (double) PICOS_PER_NANO;
  }

  /**
   * Get this time in microseconds.
   *
   * @return the number of picoseconds divided by 10<sup>6</sup>
   * @since 0.1
   */
  public double toMicros() {
    return picos / (double) PICOS_PER_MICRO;
  }

  /**
   * Get this time in seconds.
   *
   * @return the number of picoseconds divided by 10<sup>12</sup>
   * @since 0.1
   */
  public double toSeconds() {
    return picos / (double) PICOS_PER_SECOND;
  }

  /**
   * Get the ratio of this duration to {@code other}, for example a measured flow completion time
   * relative to its ideal.
   *
   * @param other the reference duration; never {@code null}; not zero
   * @return {@code this / other}
   * @throws ArithmeticException if {@code other} is zero
   * @since 0.1
   */
  public double ratioTo(SimTime other) {
    Objects.requireNonNull(other, "other must not be null");
    if (other.picos == 0) {
      throw new ArithmeticException("cannot compute the ratio of " + this + " to a zero duration");
    }
    return (double) picos / other.picos;
  }

  /**
   * Compare this time with {@code other} by picoseconds.
   *
   * @param other the time to compare with; never {@code null}
   * @return a negative number, zero or a positive number as this time is before, equal to or after
   *     {@code other}
   * @since 0.1
   */
  @Override
  public int compareTo(SimTime other) {
    return Long.compare(picos, other.picos);
  }

  /**
   * Print this time exactly in the largest unit in which it is at least one and needs at most six
   * decimals, without trailing zeros: {@code "1.5ms"}, {@code "2us"}, {@code "83.886us"}, {@code
   * "80ps"}, {@code "0ps"}.
   *
   * <p>A value that needs more than six decimals in its largest unit is printed in the next smaller
   * unit that suffices, for example {@code "1000000.000001us"} for one second and one picosecond.
   *
   * @return the text form, accepted by {@link #parse(String)}; never {@code null}
   * @since 0.1
   */
  @Override
  public String toString() {
    return FORMAT.format(picos);
  }
}
