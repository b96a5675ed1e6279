package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.junit.internal.AssertContext;
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

  /** @return this assertion, if the count is zero */
  public CountAssert isZero() {
    return check(actual != null && actual == 0, "0");
  }

  /**
   * @param bound exclusive
   * @return this assertion
   */
  public CountAssert isLessThan(long bound) {
    return lessThan(bound);
  }

  /**
   * @param bound inclusive
   * @return this assertion
   */
  public CountAssert isAtMost(long bound) {
    return atMost(bound);
  }

  /**
   * @param bound exclusive
   * @return this assertion
   */
  public CountAssert isGreaterThan(long bound) {
    return greaterThan(bound);
  }

  /**
   * @param bound inclusive
   * @return this assertion
   */
  public CountAssert isAtLeast(long bound) {
    return atLeast(bound);
  }

  /**
   * @param low inclusive
   * @param high inclusive
   * @return this assertion
   */
  public CountAssert isBetween(long low, long high) {
    return between(low, high);
  }

  @Override
  String show(Long value) {
    return Long.toString(value);
  }
}
