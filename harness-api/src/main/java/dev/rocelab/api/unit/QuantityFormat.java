package dev.rocelab.api.unit;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and prints a quantity held as a whole number of some base unit: picoseconds, bytes, bits
 * per second or millimeters.
 *
 * <p>All unit types share this one implementation so that they accept the same syntax: surrounding
 * whitespace is ignored, then an unsigned decimal number ({@code 400}, {@code 1.5}; no sign,
 * exponent or bare dot), then at most one space, then a unit symbol. Arithmetic is done in {@link
 * BigDecimal}, so a decimal value is accepted exactly when it denotes a whole number of base units.
 *
 * <p>Printing chooses the largest display unit in which the value is at least one and needs no more
 * than a given number of decimals, and falls back to the base unit. Every printed form is exact, so
 * printing and then parsing always returns the original value.
 */
final class QuantityFormat {

  private static final Pattern QUANTITY = Pattern.compile("([0-9]+(?:\\.[0-9]+)?) ?(\\S+)");

  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  /** A unit symbol and the number of base units it stands for. */
  record Unit(String symbol, long factor) {

    Unit {
      Objects.requireNonNull(symbol, "symbol must not be null");
      if (factor <= 0) {
        throw new IllegalArgumentException("factor must be > 0 but was " + factor);
      }
    }
  }

  private final String quantityNoun;
  private final String baseUnitName;
  private final String usageHint;
  private final Map<String, Long> factorsBySymbol;
  private final List<Unit> displayUnits;
  private final int maxDecimals;

  /**
   * @param quantityNoun the quantity with its article, as in "is not <em>a rate</em>"
   * @param baseUnitName the base unit in words, plural, as in "bits per second"
   * @param usageHint appended to the "is not a …" message, listing the units
   * @param parseUnits every accepted symbol; symbols are case-sensitive
   * @param displayUnits the units used for printing, largest first, ending with the base unit
   * @param maxDecimals the most decimals a printed value may have in a unit other than the base
   *     unit
   */
  QuantityFormat(
      String quantityNoun,
      String baseUnitName,
      String usageHint,
      List<Unit> parseUnits,
      List<Unit> displayUnits,
      int maxDecimals) {
    this.quantityNoun = quantityNoun;
    this.baseUnitName = baseUnitName;
    this.usageHint = usageHint;
    Map<String, Long> factors = new LinkedHashMap<>();
    for (Unit unit : parseUnits) {
      if (factors.put(unit.symbol(), unit.factor()) != null) {
        throw new IllegalArgumentException("duplicate unit symbol " + unit.symbol());
      }
    }
    for (Unit unit : displayUnits) {
      if (!Objects.equals(factors.get(unit.symbol()), unit.factor())) {
        // Printed forms must parse back; a display unit that cannot would break the round trip.
        throw new IllegalArgumentException(
            "display unit " + unit.symbol() + " is not a parse unit");
      }
    }
    if (displayUnits.isEmpty() || displayUnits.get(displayUnits.size() - 1).factor() != 1) {
      throw new IllegalArgumentException("display units must end with the base unit");
    }
    this.factorsBySymbol = Collections.unmodifiableMap(factors);
    this.displayUnits = List.copyOf(displayUnits);
    this.maxDecimals = maxDecimals;
  }

  /**
   * Parse {@code text} into a whole number of base units.
   *
   * @throws NullPointerException if {@code text} is {@code null}
   * @throws IllegalArgumentException if {@code text} is not a quantity of this kind, is not a whole
   *     number of base units, or exceeds {@link Long#MAX_VALUE} base units
   */
  long parse(String text) {
    Objects.requireNonNull(text, "text must not be null");
    Matcher matcher = QUANTITY.matcher(text.strip());
    Long factor = matcher.matches() ? factorsBySymbol.get(matcher.group(2)) : null;
    if (factor == null) {
      throw new IllegalArgumentException(
          String.format("\"%s\" is not %s; %s", text, quantityNoun, usageHint));
    }
    BigDecimal value = new BigDecimal(matcher.group(1)).multiply(BigDecimal.valueOf(factor));
    if (value.signum() != 0 && value.stripTrailingZeros().scale() > 0) {
      throw new IllegalArgumentException(
          String.format("\"%s\" is not a whole number of %s", text, baseUnitName));
    }
    if (value.compareTo(LONG_MAX) > 0) {
      throw new IllegalArgumentException(
          String.format(
              "\"%s\" is too large for %s; the maximum is %d %s",
              text, quantityNoun, Long.MAX_VALUE, baseUnitName));
    }
    return value.longValueExact();
  }

  /**
   * Print {@code value} in the largest display unit in which it is at least one and has at most
   * {@code maxDecimals} decimals; values that fit no such unit, including zero, are printed in the
   * base unit.
   */
  String format(long value) {
    for (Unit unit : displayUnits) {
      Optional<String> formatted = formatIn(value, unit, maxDecimals);
      if (formatted.isPresent()) {
        return formatted.get();
      }
    }
    return value + displayUnits.get(displayUnits.size() - 1).symbol();
  }

  /**
   * Print {@code value} in {@code unit} if it is at least one such unit and its exact decimal form
   * needs at most {@code maxDecimals} decimals.
   */
  static Optional<String> formatIn(long value, Unit unit, int maxDecimals) {
    if (value < unit.factor()) {
      return Optional.empty();
    }
    // Factors are products of powers of 2 and 10, so the quotient always terminates.
    BigDecimal quotient =
        BigDecimal.valueOf(value).divide(BigDecimal.valueOf(unit.factor())).stripTrailingZeros();
    if (quotient.scale() > maxDecimals) {
      return Optional.empty();
    }
    return Optional.of(quotient.toPlainString() + unit.symbol());
  }

  /**
   * Return {@code value} if it is not negative.
   *
   * @throws IllegalArgumentException naming {@code name} and the value otherwise
   */
  static long requireNonNegative(long value, String name) {
    if (value < 0) {
      throw new IllegalArgumentException(name + " must be >= 0 but was " + value);
    }
    return value;
  }

  /**
   * Return {@code value} if it is greater than zero.
   *
   * @throws IllegalArgumentException naming {@code name} and the value otherwise
   */
  static long requirePositive(long value, String name) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + " must be > 0 but was " + value);
    }
    return value;
  }
}
