package dev.rocelab.api.analysis;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.apiguardian.api.API;

/**
 * Short text forms of measured quantities: four significant digits in the largest unit in which the
 * value is at least one ({@code 398.1Gbps}, {@code 112.5us}, {@code 3.998MiB}), the units' own
 * symbols so that a value can be pasted back into an assertion.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Display {

  private static final MathContext FOUR_DIGITS = new MathContext(4, RoundingMode.HALF_EVEN);

  private static final String[] RATE_UNITS = {"Tbps", "Gbps", "Mbps", "Kbps", "bps"};
  private static final long[] RATE_FACTORS = {
    1_000_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L, 1L
  };
  private static final String[] TIME_UNITS = {"s", "ms", "us", "ns", "ps"};
  private static final long[] TIME_FACTORS = {
    1_000_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L, 1L
  };
  private static final String[] SIZE_UNITS = {"TiB", "GiB", "MiB", "KiB", "B"};
  private static final long[] SIZE_FACTORS = {1L << 40, 1L << 30, 1L << 20, 1L << 10, 1L};

  private Display() {}

  /**
   * @param rate a rate
   * @return e.g. {@code 398.1Gbps}
   */
  public static String rate(Rate rate) {
    return scaled(rate.bitsPerSecond(), RATE_UNITS, RATE_FACTORS);
  }

  /**
   * @param time a time or duration; {@link SimTime#MAX} is "never"
   * @return e.g. {@code 112.5us}
   */
  public static String time(SimTime time) {
    return time.equals(SimTime.MAX) ? "never" : scaled(time.picos(), TIME_UNITS, TIME_FACTORS);
  }

  /**
   * @param size a size
   * @return e.g. {@code 3.998MiB}
   */
  public static String size(DataSize size) {
    return scaled(size.bytes(), SIZE_UNITS, SIZE_FACTORS);
  }

  /**
   * @param value a plain number
   * @return four significant digits without trailing zeros, whole numbers from 1000 on
   */
  public static String number(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return Double.toString(value);
    }
    if (Math.abs(value) >= 1000) {
      return BigDecimal.valueOf(value).setScale(0, RoundingMode.HALF_EVEN).toPlainString();
    }
    if (value == 0) {
      return "0";
    }
    return new BigDecimal(value).round(FOUR_DIGITS).stripTrailingZeros().toPlainString();
  }

  /**
   * @param fraction a fraction of a whole, e.g. 0.937
   * @return e.g. {@code 93.7%}
   */
  public static String percent(double fraction) {
    return number(fraction * 100) + "%";
  }

  /**
   * Puts a space between a quantity's number and unit, for display names: {@code "4MiB"} becomes
   * {@code "4 MiB"}. Text that is not a number followed by a unit is returned as it is.
   *
   * @param quantity e.g. {@code "4MiB"}
   * @return e.g. {@code "4 MiB"}
   */
  public static String spaced(String quantity) {
    String trimmed = quantity.trim();
    int i = 0;
    while (i < trimmed.length()
        && (Character.isDigit(trimmed.charAt(i)) || trimmed.charAt(i) == '.')) {
      i++;
    }
    if (i == 0 || i == trimmed.length()) {
      return trimmed;
    }
    return trimmed.substring(0, i) + " " + trimmed.substring(i).trim();
  }

  private static String scaled(long value, String[] units, long[] factors) {
    for (int i = 0; i < units.length; i++) {
      if (value >= factors[i] || i == units.length - 1) {
        BigDecimal scaled = BigDecimal.valueOf(value).divide(BigDecimal.valueOf(factors[i]));
        BigDecimal shown =
            scaled.compareTo(BigDecimal.valueOf(1000)) >= 0
                ? scaled.setScale(0, RoundingMode.HALF_EVEN)
                : scaled.round(FOUR_DIGITS);
        return shown.stripTrailingZeros().toPlainString() + units[i];
      }
    }
    throw new AssertionError("unreachable");
  }
}
