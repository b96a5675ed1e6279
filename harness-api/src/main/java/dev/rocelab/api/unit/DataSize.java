package dev.rocelab.api.unit;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.QuantityFormat.Unit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * {@code DataSize} is an immutable amount of data, such as a message, an MTU or a buffer, held as a
 * whole number of bytes.
 *
 * <p>Both binary units ({@code KiB} = 1024 bytes, {@code MiB}, {@code GiB}, {@code TiB}) and
 * decimal units ({@code KB} = 1000 bytes, {@code MB}, {@code GB}, {@code TB}) are supported; switch
 * buffers are usually quoted in the former and link payloads in the latter.
 *
 * <p>Sizes are compared and considered equal by their number of bytes.
 *
 * @param bytes the size in bytes; must be {@code >= 0}
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record DataSize(long bytes) implements Comparable<DataSize> {

  private static final long KIB = 1L << 10;
  private static final long MIB = 1L << 20;
  private static final long GIB = 1L << 30;
  private static final long TIB = 1L << 40;
  private static final long KB = 1_000L;
  private static final long MB = 1_000_000L;
  private static final long GB = 1_000_000_000L;
  private static final long TB = 1_000_000_000_000L;

  private static final List<Unit> BINARY_UNITS =
      List.of(
          new Unit("TiB", TIB), new Unit("GiB", GIB), new Unit("MiB", MIB), new Unit("KiB", KIB));
  private static final List<Unit> DECIMAL_UNITS =
      List.of(new Unit("TB", TB), new Unit("GB", GB), new Unit("MB", MB), new Unit("KB", KB));
  private static final List<Unit> DISPLAY_UNITS =
      List.of(
          BINARY_UNITS.get(0),
          DECIMAL_UNITS.get(0),
          BINARY_UNITS.get(1),
          DECIMAL_UNITS.get(1),
          BINARY_UNITS.get(2),
          DECIMAL_UNITS.get(2),
          BINARY_UNITS.get(3),
          DECIMAL_UNITS.get(3));
  private static final Unit BYTE = new Unit("B", 1);
  private static final int MAX_BINARY_DECIMALS = 3;

  private static final QuantityFormat FORMAT =
      new QuantityFormat(
          "a size",
          "bytes",
          "use B, KiB, MiB, GiB, KB, MB, GB (e.g. \"16MiB\")",
          List.of(
              BYTE,
              new Unit("KiB", KIB),
              new Unit("MiB", MIB),
              new Unit("GiB", GIB),
              new Unit("TiB", TIB),
              new Unit("KB", KB),
              new Unit("MB", MB),
              new Unit("GB", GB),
              new Unit("TB", TB)),
          List.of(BYTE),
          0);

  /**
   * The empty size, zero bytes.
   *
   * @since 0.1
   */
  public static final DataSize ZERO = new DataSize(0);

  /**
   * Create a new {@code DataSize}.
   *
   * @param bytes the size in bytes; must be {@code >= 0}
   * @throws IllegalArgumentException if {@code bytes} is negative
   * @since 0.1
   */
  public DataSize {
    QuantityFormat.requireNonNegative(bytes, "bytes");
  }

  /**
   * Create a size of the given number of bytes.
   *
   * @param bytes the size; must be {@code >= 0}
   * @return the size; never {@code null}
   * @throws IllegalArgumentException if {@code bytes} is negative
   * @since 0.1
   */
  public static DataSize bytes(long bytes) {
    return new DataSize(bytes);
  }

  /**
   * Create a size of the given number of kibibytes (1024 bytes).
   *
   * @param kibibytes the size; must be {@code >= 0}
   * @return the size; never {@code null}
   * @throws IllegalArgumentException if the argument is negative
   * @throws ArithmeticException if the size overflows a {@code long} number of bytes
   * @since 0.1
   */
  public static DataSize kib(long kibibytes) {
    return new DataSize(Math.multiplyExact(kibibytes, KIB));
  }

  /**
   * Create a size of the given number of mebibytes (2<sup>20</sup> bytes).
   *
   * @param mebibytes the size; must be {@code >= 0}
   * @return the size; never {@code null}
   * @throws IllegalArgumentException if the argument is negative
   * @throws ArithmeticException if the size overflows a {@code long} number of bytes
   * @since 0.1
   */
  public static DataSize mib(long mebibytes) {
    return new DataSize(Math.multiplyExact(mebibytes, MIB));
  }

  /**
   * Create a size of the given number of gibibytes (2<sup>30</sup> bytes).
   *
   * @param gibibytes the size; must be {@code >= 0}
   * @return the size; never {@code null}
   * @throws IllegalArgumentException if the argument is negative
   * @throws ArithmeticException if the size overflows a {@code long} number of bytes
   * @since 0.1
   */
  public static DataSize gib(long gibibytes) {
    return new DataSize(Math.multiplyExact(gibibytes, GIB));
  }

  /**
   * Create a size of the given number of kilobytes (1000 bytes).
   *
   * @param kilobytes the size; must be {@code >= 0}
   * @return the size; never {@code null}
   * @throws IllegalArgumentException if the argument is negative
   * @throws ArithmeticException if the size overflows a {@code long} number of bytes
   * @since 0.1
   */
  public static DataSize kb(long kilobytes) {
    return new DataSize(Math.multiplyExact(kilobytes, KB));
  }

  /**
   * Create a size of the given number of megabytes (10<sup>6</sup> bytes).
   *
   * @param megabytes the size; must be {@code >= 0}
   * @return the size; never {@code null}
   * @throws IllegalArgumentException if the argument is negative
   * @throws ArithmeticException if the size overflows a {@code long} number of bytes
   * @since 0.1
   */
  public static DataSize mb(long megabytes) {
    return new DataSize(Math.multiplyExact(megabytes, MB));
  }

  /**
   * Create a size of the given number of gigabytes (10<sup>9</sup> bytes).
   *
   * @param gigabytes the size; must be {@code >= 0}
   * @return the size; never {@code null}
   * @throws IllegalArgumentException if the argument is negative
   * @throws ArithmeticException if the size overflows a {@code long} number of bytes
   * @since 0.1
   */
  public static DataSize gb(long gigabytes) {
    return new DataSize(Math.multiplyExact(gigabytes, GB));
  }

  /**
   * Parse a size such as {@code "16MiB"}, {@code "9216B"}, {@code "160KB"} or {@code "1.5MiB"}.
   *
   * <p>The unit is one of {@code B}, {@code KiB}, {@code MiB}, {@code GiB}, {@code TiB} (binary) or
   * {@code KB}, {@code MB}, {@code GB}, {@code TB} (decimal); units are case-sensitive. A decimal
   * number is accepted if it denotes a whole number of bytes. Surrounding whitespace and a single
   * space between number and unit are allowed.
   *
   * <p>{@code DataSize.parse(size.toString())} equals {@code size} for every size.
   *
   * @param text the text to parse; never {@code null}
   * @return the size; never {@code null}
   * @throws IllegalArgumentException if {@code text} is not a size, not a whole number of bytes, or
   *     too large
   * @since 0.1
   */
  public static DataSize parse(String text) {
    return new DataSize(FORMAT.parse(text));
  }

  /**
   * Add {@code other} to this size.
   *
   * @param other the size to add; never {@code null}
   * @return the sum; never {@code null}
   * @throws ArithmeticException if the sum overflows a {@code long} number of bytes
   * @since 0.1
   */
  public DataSize plus(DataSize other) {
    Objects.requireNonNull(other, "other must not be null");
    return new DataSize(Math.addExact(bytes, other.bytes));
  }

  /**
   * Subtract {@code other} from this size.
   *
   * @param other the size to subtract; never {@code null}; not larger than this size
   * @return the difference; never {@code null}
   * @throws IllegalArgumentException if {@code other} is larger than this size
   * @since 0.1
   */
  public DataSize minus(DataSize other) {
    Objects.requireNonNull(other, "other must not be null");
    if (other.bytes > bytes) {
      throw new IllegalArgumentException(
          "cannot subtract " + other + " from " + this + "; the result would be negative");
    }
    return new DataSize(bytes - other.bytes);
  }

  /**
   * Multiply this size by {@code factor}.
   *
   * @param factor the factor; must be {@code >= 0}
   * @return the product; never {@code null}
   * @throws IllegalArgumentException if {@code factor} is negative
   * @throws ArithmeticException if the product overflows a {@code long} number of bytes
   * @since 0.1
   */
  public DataSize times(long factor) {
    QuantityFormat.requireNonNegative(factor, "factor");
    return new DataSize(Math.multiplyExact(bytes, factor));
  }

  /**
   * Divide this size by {@code divisor}, rounding down to a whole byte.
   *
   * @param divisor the divisor; must be {@code > 0}
   * @return the quotient; never {@code null}
   * @throws IllegalArgumentException if {@code divisor} is not positive
   * @since 0.1
   */
  public DataSize dividedBy(long divisor) {
    QuantityFormat.requirePositive(divisor, "divisor");
    return new DataSize(bytes / divisor);
  }

  /**
   * Get this size in bits.
   *
   * @return eight times the number of bytes
   * @throws ArithmeticException if the number of bits overflows a {@code long} (sizes of 1&nbsp;EiB
   *     and more)
   * @since 0.1
   */
  public long bits() {
    return Math.multiplyExact(bytes, 8L);
  }

  /**
   * Get this size in kibibytes.
   *
   * @return the number of bytes divided by 1024
   * @since 0.1
   */
  public double kibibytes() {
    return bytes / (double) KIB;
  }

  /**
   * Determine whether this size is strictly greater than {@code other}.
   *
   * @param other the size to compare with; never {@code null}
   * @return {@code true} if this size has more bytes than {@code other}
   * @since 0.1
   */
  public boolean isGreaterThan(DataSize other) {
    Objects.requireNonNull(other, "other must not be null");
    return bytes > other.bytes;
  }

  /**
   * Compare this size with {@code other} by bytes.
   *
   * @param other the size to compare with; never {@code null}
   * @return a negative number, zero or a positive number as this size is smaller than, equal to or
   *     larger than {@code other}
   * @since 0.1
   */
  @Override
  public int compareTo(DataSize other) {
    return Long.compare(bytes, other.bytes);
  }

  /**
   * Print this size exactly in the largest fitting unit, preferring binary units.
   *
   * <p>In order of preference:
   *
   * <ol>
   *   <li>the largest unit, taking each binary unit as larger than its decimal counterpart ({@code
   *       TiB, TB, GiB, GB, MiB, MB, KiB, KB}), in which the value is at least one and either a
   *       whole number of the decimal unit or, for a whole number of KiB, needs at most three
   *       decimals of the binary unit: {@code "16MiB"}, {@code "9KiB"}, {@code "1.5MiB"}, {@code
   *       "160KB"}, {@code "2TB"};
   *   <li>otherwise a binary unit with at most three decimals: {@code "1.5KiB"};
   *   <li>otherwise the number of bytes: {@code "1500B"}, {@code "0B"}.
   * </ol>
   *
   * @return the text form, accepted by {@link #parse(String)}; never {@code null}
   * @since 0.1
   */
  @Override
  public String toString() {
    boolean wholeKibibytes = bytes % KIB == 0;
    for (Unit unit : DISPLAY_UNITS) {
      boolean binary = BINARY_UNITS.contains(unit);
      if (binary && !wholeKibibytes) {
        // 160000 is 156.25KiB but reads better as 160KB
        continue;
      }
      Optional<String> formatted =
          QuantityFormat.formatIn(bytes, unit, binary ? MAX_BINARY_DECIMALS : 0);
      if (formatted.isPresent()) {
        return formatted.get();
      }
    }
    return largestBinary().orElseGet(() -> FORMAT.format(bytes));
  }

  private Optional<String> largestBinary() {
    for (Unit unit : BINARY_UNITS) {
      Optional<String> formatted = QuantityFormat.formatIn(bytes, unit, MAX_BINARY_DECIMALS);
      if (formatted.isPresent()) {
        return formatted;
      }
    }
    return Optional.empty();
  }
}
