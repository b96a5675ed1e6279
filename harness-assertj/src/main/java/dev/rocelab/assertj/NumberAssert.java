package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.report.Check;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Assertions on a computed number: a ratio such as the paused-time ratio or the ECN-marked
 * fraction, Jain's fairness index, a fraction of line rate, a rate of events per second.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class NumberAssert extends AbstractQuantityAssert<NumberAssert, Double> {

  private final String unit;
  private final String detail;

  NumberAssert(Double actual, AssertContext context, String label, String where) {
    this(actual, context, label, where, "", "");
  }

  NumberAssert(
      Double actual,
      AssertContext context,
      String label,
      String where,
      String unit,
      String detail) {
    super(actual, NumberAssert.class, context, label, where);
    this.unit = unit;
    this.detail = detail;
  }

  /**
   * @param bound exclusive
   * @return this assertion
   */
  public NumberAssert isLessThan(double bound) {
    return isLessThan((Double) bound);
  }

  /**
   * @param bound inclusive
   * @return this assertion
   */
  public NumberAssert isAtMost(double bound) {
    return isAtMost((Double) bound);
  }

  /**
   * @param bound exclusive
   * @return this assertion
   */
  public NumberAssert isGreaterThan(double bound) {
    return isGreaterThan((Double) bound);
  }

  /**
   * @param bound inclusive
   * @return this assertion
   */
  public NumberAssert isAtLeast(double bound) {
    return isAtLeast((Double) bound);
  }

  /**
   * @param low inclusive
   * @param high inclusive
   * @return this assertion
   */
  public NumberAssert isBetween(double low, double high) {
    return isBetween((Double) low, (Double) high);
  }

  /**
   * @param expected the value
   * @param tolerance the largest allowed difference, >= 0
   * @return this assertion
   */
  public NumberAssert isCloseTo(double expected, double tolerance) {
    return check(
        actual != null && Math.abs(actual - expected) <= tolerance,
        show(expected) + " ± " + Display.number(tolerance),
        expected);
  }

  @Override
  Double parse(String text) {
    try {
      return Double.valueOf(text.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("\"" + text + "\" is not a number such as 0.9", e);
    }
  }

  @Override
  Optional<Check.Magnitude> magnitude(Double value) {
    return Double.isFinite(value) ? Optional.of(Check.Magnitude.of(value)) : Optional.empty();
  }

  @Override
  String show(Double value) {
    return Display.number(value) + unit;
  }

  @Override
  String actualText() {
    return super.actualText() + detail;
  }
}
