package dev.rocelab.api.report;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One criterion checked on a run, passed or failed: what was measured, where, what was expected,
 * the value found (as messages show it and, where it is a quantity, as a number with its unit),
 * where the limit came from and the line of the test that checked it. The assertions hand every
 * check of a recording to its listener ({@code dev.rocelab.assertj.Checks#record}), and the JUnit
 * extension hands each to the {@link TestReporter}s, so a report can show the numbers behind a pass
 * as well as a failure and a later sign-off can compare them without reading them back from text.
 *
 * @param quantity what was measured, e.g. {@code p99 latency}
 * @param where where it was measured, e.g. {@code priority 3 (120000 packets)}; empty if the run as
 *     a whole
 * @param expected the criterion, e.g. {@code at most 10µs}
 * @param actual the measured value as the messages show it, e.g. {@code 4.2µs}
 * @param magnitude the measured value as a number with its unit, if it is a quantity (empty for a
 *     finding, an algorithm's name, or a value that could not be measured)
 * @param passed whether the value met the criterion
 * @param limitSource where the limit was defined, e.g. {@code criteria/baseline.yaml:3
 *     (p99Latency)}, if it came from a named source
 * @param checkedAt the test's source line that made the check, e.g. {@code BaselineTest.java:41},
 *     if known
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record Check(
    String quantity,
    String where,
    String expected,
    String actual,
    Optional<Magnitude> magnitude,
    boolean passed,
    Optional<String> limitSource,
    Optional<String> checkedAt) {

  /** Checks that no component is null. */
  public Check {
    Objects.requireNonNull(quantity, "quantity");
    Objects.requireNonNull(where, "where");
    Objects.requireNonNull(expected, "expected");
    Objects.requireNonNull(actual, "actual");
    Objects.requireNonNull(magnitude, "magnitude");
    Objects.requireNonNull(limitSource, "limitSource");
    Objects.requireNonNull(checkedAt, "checkedAt");
  }

  /**
   * The check in one line, as a report's step shows it: {@code p99 latency, priority 3, 1000
   * packets): 4.2µs, expected at most 10µs (criteria/baseline.yaml:3 p99Latency)}.
   *
   * @return the summary
   */
  public String summary() {
    return quantity
        + (where.isEmpty() ? "" : ", " + where)
        + ": "
        + actual
        + ", expected "
        + expected
        + limitSource.map(source -> " (" + source + ")").orElse("");
  }

  /**
   * A measured quantity as a number in its unit's base: bits per second, picoseconds, bytes, or a
   * plain number (a count, a ratio).
   *
   * @param value the number, finite
   * @param unit its unit
   */
  public record Magnitude(double value, Unit unit) {

    /** Checks that the value is finite and the unit given. */
    public Magnitude {
      if (!Double.isFinite(value)) {
        throw new IllegalArgumentException("a magnitude must be finite but was " + value);
      }
      Objects.requireNonNull(unit, "unit");
    }

    /**
     * @param rate a rate
     * @return it in bits per second
     */
    public static Magnitude of(Rate rate) {
      return new Magnitude(rate.bitsPerSecond(), Unit.BITS_PER_SECOND);
    }

    /**
     * @param time a time
     * @return it in picoseconds
     */
    public static Magnitude of(SimTime time) {
      return new Magnitude(time.picos(), Unit.PICOSECONDS);
    }

    /**
     * @param size a size
     * @return it in bytes
     */
    public static Magnitude of(DataSize size) {
      return new Magnitude(size.bytes(), Unit.BYTES);
    }

    /**
     * @param number a count or a ratio
     * @return it as a plain number
     */
    public static Magnitude of(double number) {
      return new Magnitude(number, Unit.NUMBER);
    }
  }

  /** The unit of a {@link Magnitude}, each with the symbol data files write. */
  public enum Unit {
    /** A plain number: a count or a ratio. */
    NUMBER(""),
    /** Bits per second. */
    BITS_PER_SECOND("bps"),
    /** Picoseconds. */
    PICOSECONDS("ps"),
    /** Bytes. */
    BYTES("B");

    private final String symbol;

    Unit(String symbol) {
      this.symbol = symbol;
    }

    /**
     * @return the symbol, e.g. {@code bps}; empty for a plain number
     */
    public String symbol() {
      return symbol;
    }

    /**
     * @param symbol a unit's symbol, as {@link #symbol()} gives it
     * @return the unit
     * @throws IllegalArgumentException naming the symbol if no unit has it
     */
    public static Unit ofSymbol(String symbol) {
      for (Unit unit : values()) {
        if (unit.symbol.equals(symbol)) {
          return unit;
        }
      }
      throw new IllegalArgumentException(
          "no unit has the symbol \"" + symbol + "\" (one of \"\", bps, ps, B)");
    }
  }
}
