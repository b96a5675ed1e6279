package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.report.Check;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.Optional;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * The base of assertions on one measured quantity — a latency, a rate, a size, a count, a ratio —
 * labelled with what it is ({@code p99 latency}) and where it was measured ({@code priority 3
 * (120000 packets)}). A failure says both, the expectation and the value, each on its own line.
 * {@code as(…)} replaces the label.
 *
 * <p>Every quantity compares the same way: {@code isLessThan}, {@code isAtMost}, {@code
 * isGreaterThan}, {@code isAtLeast} and {@code isBetween}, with a bound of the quantity's type or
 * its text form ({@code "80us"}, {@code "350Gbps"}, {@code "4MiB"}, {@code "0.9"}), as criteria
 * files give it.
 *
 * @param <SELF> the concrete assertion
 * @param <Q> the quantity
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class AbstractQuantityAssert<
        SELF extends AbstractQuantityAssert<SELF, Q>, Q extends Comparable<? super Q>>
    extends AbstractAssert<SELF, Q> {

  final AssertContext context;
  final String where;

  AbstractQuantityAssert(
      Q actual, Class<?> selfType, AssertContext context, String label, String where) {
    super(actual, selfType);
    this.context = context;
    this.where = where;
    describedAs(AssertContext.label(label));
  }

  /**
   * @param value a quantity
   * @return its text in messages
   */
  abstract String show(Q value);

  /**
   * @param value a measured quantity
   * @return it as a number with its unit, for reports; empty if it is no finite number
   */
  abstract Optional<Check.Magnitude> magnitude(Q value);

  /**
   * @param text a bound as text, e.g. {@code "80us"}
   * @return the quantity it stands for
   * @throws IllegalArgumentException naming the text if it is not one
   */
  abstract Q parse(String text);

  /**
   * @return the measured value as messages show it
   */
  String actualText() {
    return show(actual);
  }

  /**
   * @param bound exclusive
   * @return this assertion
   */
  public SELF isLessThan(Q bound) {
    return check(actual != null && actual.compareTo(bound) < 0, "less than " + show(bound), bound);
  }

  /**
   * @param bound exclusive, as text
   * @return this assertion
   */
  public SELF isLessThan(String bound) {
    return isLessThan(parse(bound));
  }

  /**
   * @param bound inclusive
   * @return this assertion
   */
  public SELF isAtMost(Q bound) {
    return check(actual != null && actual.compareTo(bound) <= 0, "at most " + show(bound), bound);
  }

  /**
   * @param bound inclusive, as text
   * @return this assertion
   */
  public SELF isAtMost(String bound) {
    return isAtMost(parse(bound));
  }

  /**
   * @param bound exclusive
   * @return this assertion
   */
  public SELF isGreaterThan(Q bound) {
    return check(actual != null && actual.compareTo(bound) > 0, "more than " + show(bound), bound);
  }

  /**
   * @param bound exclusive, as text
   * @return this assertion
   */
  public SELF isGreaterThan(String bound) {
    return isGreaterThan(parse(bound));
  }

  /**
   * @param bound inclusive
   * @return this assertion
   */
  public SELF isAtLeast(Q bound) {
    return check(actual != null && actual.compareTo(bound) >= 0, "at least " + show(bound), bound);
  }

  /**
   * @param bound inclusive, as text
   * @return this assertion
   */
  public SELF isAtLeast(String bound) {
    return isAtLeast(parse(bound));
  }

  /**
   * @param low inclusive
   * @param high inclusive
   * @return this assertion
   */
  public SELF isBetween(Q low, Q high) {
    return check(
        actual != null && actual.compareTo(low) >= 0 && actual.compareTo(high) <= 0,
        "between " + show(low) + " and " + show(high),
        low,
        high);
  }

  /**
   * @param low inclusive, as text
   * @param high inclusive, as text
   * @return this assertion
   */
  public SELF isBetween(String low, String high) {
    return isBetween(parse(low), parse(high));
  }

  /**
   * Records the check and fails it if it does not hold.
   *
   * @param holds whether the value meets the criterion
   * @param expected the criterion, e.g. {@code at most 10µs}
   * @param bounds the limits of the criterion, to name their source in reports
   * @return this assertion
   */
  SELF check(boolean holds, String expected, Object... bounds) {
    if (actual == null && context.soft()) {
      // The quantity could not be measured; that failure was already collected.
      return myself;
    }
    context.check(
        holds,
        bounds,
        descriptionText(),
        where,
        expected,
        actual == null ? "not measured" : actualText(),
        actual == null ? Optional.empty() : magnitude(actual));
    return myself;
  }
}
