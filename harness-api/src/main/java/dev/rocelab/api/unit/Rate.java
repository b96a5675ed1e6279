package dev.rocelab.api.unit;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.QuantityFormat.Unit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * {@code Rate} is an immutable data rate, such as a link speed or a flow's sending rate, held as a
 * whole number of bits per second.
 *
 * <p>Prefixes are SI (1000-based): {@code Rate.gbps(400)} is 400&nbsp;000&nbsp;000&nbsp;000 bits
 * per second. A zero rate is valid, for example for a paused link; a negative rate is not.
 *
 * <p>Rates are compared and considered equal by their number of bits per second.
 *
 * @param bitsPerSecond the rate in bits per second; must be {@code >= 0}
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Rate(long bitsPerSecond) implements Comparable<Rate> {

  private static final long KILO = 1_000L;
  private static final long MEGA = 1_000_000L;
  private static final long GIGA = 1_000_000_000L;
  private static final long TERA = 1_000_000_000_000L;

  private static final long BITS_PER_BYTE = 8;
  private static final long PICOS_PER_SECOND = 1_000_000_000_000L;

  // bit-picoseconds per byte-second: bytes * this / bps = picoseconds
  private static final long PICO_BITS_PER_BYTE = BITS_PER_BYTE * PICOS_PER_SECOND;

  private static final QuantityFormat FORMAT =
      new QuantityFormat(
          "a rate",
          "bits per second",
          "use bps, Kbps, Mbps, Gbps, Tbps, or bytes per second: B/s, KB/s, MB/s, GB/s, TB/s"
              + " (e.g. \"400Gbps\", \"48GB/s\")",
          parseUnits(),
          List.of(
              new Unit("Tbps", TERA),
              new Unit("Gbps", GIGA),
              new Unit("Mbps", MEGA),
              new Unit("Kbps", KILO),
              new Unit("bps", 1)),
          Integer.MAX_VALUE);

  /**
   * Create a new {@code Rate}.
   *
   * @param bitsPerSecond the rate in bits per second; must be {@code >= 0}
   * @throws IllegalArgumentException if {@code bitsPerSecond} is negative
   * @since 0.1
   */
  public Rate {
    QuantityFormat.requireNonNegative(bitsPerSecond, "bitsPerSecond");
  }

  /**
   * Create a rate of the given number of bits per second.
   *
   * @param bitsPerSecond the rate; must be {@code >= 0}
   * @return the rate; never {@code null}
   * @throws IllegalArgumentException if {@code bitsPerSecond} is negative
   * @since 0.1
   */
  public static Rate bps(long bitsPerSecond) {
    return new Rate(bitsPerSecond);
  }

  /**
   * Create a rate of the given number of kilobits (1000 bits) per second.
   *
   * @param kilobitsPerSecond the rate; must be {@code >= 0}
   * @return the rate; never {@code null}
   * @throws IllegalArgumentException if the argument is negative
   * @throws ArithmeticException if the rate overflows a {@code long} number of bits per second
   * @since 0.1
   */
  public static Rate kbps(long kilobitsPerSecond) {
    return new Rate(Math.multiplyExact(kilobitsPerSecond, KILO));
  }

  /**
   * Create a rate of the given number of megabits (10<sup>6</sup> bits) per second.
   *
   * @param megabitsPerSecond the rate; must be {@code >= 0}
   * @return the rate; never {@code null}
   * @throws IllegalArgumentException if the argument is negative
   * @throws ArithmeticException if the rate overflows a {@code long} number of bits per second
   * @since 0.1
   */
  public static Rate mbps(long megabitsPerSecond) {
    return new Rate(Math.multiplyExact(megabitsPerSecond, MEGA));
  }

  /**
   * Create a rate of the given number of gigabits (10<sup>9</sup> bits) per second.
   *
   * @param gigabitsPerSecond the rate; must be {@code >= 0}
   * @return the rate; never {@code null}
   * @throws IllegalArgumentException if the argument is negative
   * @throws ArithmeticException if the rate overflows a {@code long} number of bits per second
   * @since 0.1
   */
  public static Rate gbps(long gigabitsPerSecond) {
    return new Rate(Math.multiplyExact(gigabitsPerSecond, GIGA));
  }

  /**
   * Create a rate of the given number of terabits (10<sup>12</sup> bits) per second.
   *
   * @param terabitsPerSecond the rate; must be {@code >= 0}
   * @return the rate; never {@code null}
   * @throws IllegalArgumentException if the argument is negative
   * @throws ArithmeticException if the rate overflows a {@code long} number of bits per second
   * @since 0.1
   */
  public static Rate tbps(long terabitsPerSecond) {
    return new Rate(Math.multiplyExact(terabitsPerSecond, TERA));
  }

  /**
   * Parse a rate such as {@code "400Gbps"}, {@code "400G"}, {@code "25Gb/s"}, {@code "100 Mbps"},
   * {@code "1.6Tbps"} or {@code "800bps"}.
   *
   * <p>The unit is one of {@code bps}, {@code Kbps} (or {@code kbps}), {@code Mbps}, {@code Gbps}
   * and {@code Tbps}; after a prefix letter the suffix may also be written {@code b/s} or left out
   * ({@code "400G"}). Units are case-sensitive: {@code "400GBps"} is rejected rather than guessed.
   * A decimal number is accepted if it denotes a whole number of bits per second. Surrounding
   * whitespace and a single space between number and unit are allowed.
   *
   * <p>{@code Rate.parse(rate.toString())} equals {@code rate} for every rate.
   *
   * @param text the text to parse; never {@code null}
   * @return the rate; never {@code null}
   * @throws IllegalArgumentException if {@code text} is not a rate, not a whole number of bits per
   *     second, or too large
   * @since 0.1
   */
  public static Rate parse(String text) {
    return new Rate(FORMAT.parse(text));
  }

  /**
   * Get the time to serialize one byte at this rate, in whole picoseconds, rounded down.
   *
   * <p>The result is exact for the usual link speeds: 80 for 100&nbsp;Gbps, 20 for 400&nbsp;Gbps
   * and 10 for 800&nbsp;Gbps. Where it is not, use {@link #picosPerByteExact()} or {@link
   * #timeToSend(DataSize)}.
   *
   * @return {@code 8e12 / bitsPerSecond}, rounded down; {@code 0} for rates above 8&nbsp;Tbps
   * @throws ArithmeticException if this rate is zero
   * @since 0.1
   */
  public long picosPerByte() {
    if (bitsPerSecond == 0) {
      throw new ArithmeticException("a zero rate never sends a byte; picosPerByte() is undefined");
    }
    return PICO_BITS_PER_BYTE / bitsPerSecond;
  }

  /**
   * Get the time to serialize one byte at this rate, in picoseconds, as a {@code double}.
   *
   * @return {@code 8e12 / bitsPerSecond}; {@link Double#POSITIVE_INFINITY} if this rate is zero
   * @since 0.1
   */
  public double picosPerByteExact() {
    return (double) PICO_BITS_PER_BYTE / bitsPerSecond;
  }

  /**
   * Get the time to serialize {@code size} at this rate, rounded up to a whole picosecond.
   *
   * <p>Rounding up means the last bit has left the wire by the returned time.
   *
   * @param size the amount of data; never {@code null}
   * @return the serialization time; {@link SimTime#ZERO} for an empty size; never {@code null}
   * @throws ArithmeticException if this rate is zero and {@code size} is not, or if the time
   *     exceeds {@link SimTime#MAX}
   * @since 0.1
   */
  public SimTime timeToSend(DataSize size) {
    Objects.requireNonNull(size, "size must not be null");
    if (size.bytes() == 0) {
      return SimTime.ZERO;
    }
    if (bitsPerSecond == 0) {
      throw new ArithmeticException("a zero rate never sends " + size);
    }
    BigInteger[] quotientAndRemainder =
        BigInteger.valueOf(size.bytes())
            .multiply(BigInteger.valueOf(PICO_BITS_PER_BYTE))
            .divideAndRemainder(BigInteger.valueOf(bitsPerSecond));
    BigInteger picos =
        quotientAndRemainder[1].signum() == 0
            ? quotientAndRemainder[0]
            : quotientAndRemainder[0].add(BigInteger.ONE);
    if (picos.bitLength() >= Long.SIZE) {
      throw new ArithmeticException(
          "time to send " + size + " at " + this + " exceeds SimTime.MAX");
    }
    return SimTime.picos(picos.longValue());
  }

  /**
   * Get the number of whole bytes this rate serializes in {@code time}, rounded down.
   *
   * @param time the time available; never {@code null}
   * @return the number of complete bytes sent in {@code time}
   * @throws ArithmeticException if the result overflows a {@code long}
   * @since 0.1
   */
  public long bytesIn(SimTime time) {
    Objects.requireNonNull(time, "time must not be null");
    BigInteger bytes =
        BigInteger.valueOf(bitsPerSecond)
            .multiply(BigInteger.valueOf(time.picos()))
            .divide(BigInteger.valueOf(PICO_BITS_PER_BYTE));
    if (bytes.bitLength() >= Long.SIZE) {
      throw new ArithmeticException("bytes sent in " + time + " at " + this + " overflow a long");
    }
    return bytes.longValue();
  }

  /**
   * Get the average rate that carries {@code size} in {@code time}, for example a flow's throughput
   * over a sampling interval, rounded down to a whole bit per second.
   *
   * <p>Computed exactly, whatever the size: a lone 100&nbsp;Gbps flow sampled every millisecond
   * carries 12.5&nbsp;MB per sample, whose {@code bytes × 8 × 10}<sup>12</sup> picobits overflow a
   * {@code long}.
   *
   * @param size the data carried; never {@code null}
   * @param time the time it took; never {@code null}, {@code > 0}
   * @return the average rate; never {@code null}
   * @throws IllegalArgumentException if {@code time} is zero
   * @throws ArithmeticException if the rate overflows a {@code long} number of bits per second
   * @since 0.1
   */
  public static Rate average(DataSize size, SimTime time) {
    Objects.requireNonNull(size, "size must not be null");
    Objects.requireNonNull(time, "time must not be null");
    if (time.picos() == 0) {
      throw new IllegalArgumentException("time must be > 0 to average " + size + " over it");
    }
    BigInteger bps =
        BigInteger.valueOf(size.bytes())
            .multiply(BigInteger.valueOf(PICO_BITS_PER_BYTE))
            .divide(BigInteger.valueOf(time.picos()));
    if (bps.bitLength() >= Long.SIZE) {
      throw new ArithmeticException(
          size + " in " + time + " overflows a long number of bits per second");
    }
    return new Rate(bps.longValue());
  }

  /**
   * Scale this rate by {@code factor}, rounding half up to a whole bit per second.
   *
   * <p>The factor is taken as its shortest decimal form, so {@code Rate.gbps(100).times(0.9)} is
   * exactly {@code 90Gbps}.
   *
   * @param factor the factor; must be finite and {@code >= 0}
   * @return the scaled rate; never {@code null}
   * @throws IllegalArgumentException if {@code factor} is negative, infinite or NaN
   * @throws ArithmeticException if the result overflows a {@code long} number of bits per second
   * @since 0.1
   */
  public Rate times(double factor) {
    if (!(factor >= 0) || Double.isInfinite(factor)) {
      throw new IllegalArgumentException("factor must be finite and >= 0 but was " + factor);
    }
    BigInteger scaled =
        BigDecimal.valueOf(factor)
            .multiply(BigDecimal.valueOf(bitsPerSecond))
            .setScale(0, RoundingMode.HALF_UP)
            .toBigIntegerExact();
    if (scaled.bitLength() >= Long.SIZE) {
      throw new ArithmeticException(this + " times " + factor + " overflows a long");
    }
    return new Rate(scaled.longValue());
  }

  /**
   * Add {@code other} to this rate.
   *
   * @param other the rate to add; never {@code null}
   * @return the sum; never {@code null}
   * @throws ArithmeticException if the sum overflows a {@code long} number of bits per second
   * @since 0.1
   */
  public Rate plus(Rate other) {
    Objects.requireNonNull(other, "other must not be null");
    return new Rate(Math.addExact(bitsPerSecond, other.bitsPerSecond));
  }

  /**
   * Get this rate as a fraction of {@code whole}, for example a flow's share of its link: {@code
   * Rate.gbps(100).fractionOf(Rate.gbps(400))} is {@code 0.25}.
   *
   * @param whole the reference rate; never {@code null}
   * @return {@code this / whole}; may exceed {@code 1}
   * @throws ArithmeticException if {@code whole} is zero
   * @since 0.1
   */
  public double fractionOf(Rate whole) {
    Objects.requireNonNull(whole, "whole must not be null");
    if (whole.bitsPerSecond == 0) {
      throw new ArithmeticException("cannot compute a fraction of a zero rate");
    }
    return (double) bitsPerSecond / whole.bitsPerSecond;
  }

  /**
   * Get this rate in gigabits per second.
   *
   * @return the rate in units of 10<sup>9</sup> bits per second
   * @since 0.1
   */
  public double gigabitsPerSecond() {
    return bitsPerSecond / (double) GIGA;
  }

  /**
   * Get this rate in bytes per second.
   *
   * @return the rate in bytes per second
   * @since 0.1
   */
  public double bytesPerSecond() {
    return bitsPerSecond / (double) BITS_PER_BYTE;
  }

  /**
   * Compare this rate with {@code other} by bits per second.
   *
   * @param other the rate to compare with; never {@code null}
   * @return a negative number, zero or a positive number as this rate is slower than, equal to or
   *     faster than {@code other}
   * @since 0.1
   */
  @Override
  public int compareTo(Rate other) {
    return Long.compare(bitsPerSecond, other.bitsPerSecond);
  }

  /**
   * Print this rate exactly in the largest unit in which it is at least one, without trailing
   * zeros: {@code "400Gbps"}, {@code "1.6Tbps"}, {@code "5Mbps"}, {@code "1bps"}, {@code "0bps"}.
   *
   * @return the text form, accepted by {@link #parse(String)}; never {@code null}
   * @since 0.1
   */
  @Override
  public String toString() {
    return FORMAT.format(bitsPerSecond);
  }

  private static List<Unit> parseUnits() {
    List<Unit> units = new ArrayList<>(List.of(new Unit("bps", 1), new Unit("b/s", 1)));
    List<Unit> prefixes =
        List.of(
            new Unit("K", KILO),
            new Unit("k", KILO),
            new Unit("M", MEGA),
            new Unit("G", GIGA),
            new Unit("T", TERA));
    for (Unit prefix : prefixes) {
      for (String suffix : List.of("bps", "b/s", "")) {
        units.add(new Unit(prefix.symbol() + suffix, prefix.factor()));
      }
    }
    // bytes per second, decimal as nccl-tests reports bus bandwidth (GB/s = 10^9 bytes per second)
    units.add(new Unit("B/s", 8));
    for (Unit prefix : prefixes) {
      units.add(new Unit(prefix.symbol() + "B/s", 8 * prefix.factor()));
    }
    return units;
  }
}
