package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.report.Check;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Assertions on a counted quantity: pause frames, ECN marks, CNPs.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class CountAssert extends AbstractQuantityAssert<CountAssert, Long> {

  CountAssert(Long actual, AssertContext context, String label, String where) {
    super(actual, CountAssert.class, context, label, where);
  }

  /**
   * @return this assertion, if the count is zero
   */
  public CountAssert isZero() {
    return check(actual != null && actual == 0, "0");
  }

  /**
   * @param bound exclusive
   * @return this assertion
   */
  public CountAssert isLessThan(long bound) {
    return isLessThan((Long) bound);
  }

  /**
   * @param bound inclusive
   * @return this assertion
   */
  public CountAssert isAtMost(long bound) {
    return isAtMost((Long) bound);
  }

  /**
   * @param bound exclusive
   * @return this assertion
   */
  public CountAssert isGreaterThan(long bound) {
    return isGreaterThan((Long) bound);
  }

  /**
   * @param bound inclusive
   * @return this assertion
   */
  public CountAssert isAtLeast(long bound) {
    return isAtLeast((Long) bound);
  }

  /**
   * @param low inclusive
   * @param high inclusive
   * @return this assertion
   */
  public CountAssert isBetween(long low, long high) {
    return isBetween((Long) low, (Long) high);
  }

  @Override
  Long parse(String text) {
    try {
      return Long.valueOf(text.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("\"" + text + "\" is not a whole count such as 5", e);
    }
  }

  @Override
  Optional<Check.Magnitude> magnitude(Long value) {
    return Optional.of(Check.Magnitude.of(value));
  }

  @Override
  String show(Long value) {
    return Long.toString(value);
  }
}
