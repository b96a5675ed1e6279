package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.junit.internal.AssertContext;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * The base of assertions on one measured quantity — a latency, a rate, a size, a count, a ratio —
 * labelled with what it is ({@code p99 latency}) and where it was measured
 * ({@code priority 3 (120000 packets)}). A failure says both, the expectation and the value, each on
 * its own line. {@code as(…)} replaces the label.
 *
 * @param <SELF> the concrete assertion
 * @param <Q> the quantity
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class AbstractQuantityAssert<SELF extends AbstractQuantityAssert<SELF, Q>, Q extends Comparable<? super Q>>
    extends AbstractAssert<SELF, Q> {

  final AssertContext context;
  final String where;

  AbstractQuantityAssert(Q actual, Class<?> selfType, AssertContext context, String label, String where) {
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

  /** @return the measured value as messages show it */
  String actualText() {
    return show(actual);
  }

  SELF lessThan(Q bound) {
    return check(actual != null && actual.compareTo(bound) < 0, "less than " + show(bound));
  }

  SELF atMost(Q bound) {
    return check(actual != null && actual.compareTo(bound) <= 0, "at most " + show(bound));
  }

  SELF greaterThan(Q bound) {
    return check(actual != null && actual.compareTo(bound) > 0, "more than " + show(bound));
  }

  SELF atLeast(Q bound) {
    return check(actual != null && actual.compareTo(bound) >= 0, "at least " + show(bound));
  }

  SELF between(Q low, Q high) {
    return check(actual != null && actual.compareTo(low) >= 0 && actual.compareTo(high) <= 0,
        "between " + show(low) + " and " + show(high));
  }

  SELF check(boolean holds, String expected) {
    if (actual == null && context.soft()) {
      // The quantity could not be measured; that failure was already collected.
      return myself;
    }
    if (!holds) {
      context.fail(descriptionText(), where, expected, actual == null ? "not measured" : actualText());
    }
    return myself;
  }
}
