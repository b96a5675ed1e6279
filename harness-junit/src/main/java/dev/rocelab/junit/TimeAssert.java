package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.SimTime;
import dev.rocelab.junit.internal.AssertContext;
import dev.rocelab.junit.internal.Display;
import org.apiguardian.api.API;

/**
 * Assertions on a measured time: a latency, a completion time, a recovery time. Bounds are
 * {@link SimTime}s or their text forms ({@code "80us"}, {@code "2ms"}).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class TimeAssert extends AbstractQuantityAssert<TimeAssert, SimTime> {

  private final String actualText;

  TimeAssert(SimTime actual, AssertContext context, String label, String where) {
    this(actual, context, label, where, null);
  }

  TimeAssert(SimTime actual, AssertContext context, String label, String where, String actualText) {
    super(actual, TimeAssert.class, context, label, where);
    this.actualText = actualText;
  }

  /**
   * @param bound e.g. {@code "80us"}
   * @return this assertion
   */
  public TimeAssert isLessThan(String bound) {
    return lessThan(SimTime.parse(bound));
  }

  /**
   * @param bound the bound, exclusive
   * @return this assertion
   */
  public TimeAssert isLessThan(SimTime bound) {
    return lessThan(bound);
  }

  /**
   * @param bound e.g. {@code "80us"}, inclusive
   * @return this assertion
   */
  public TimeAssert isAtMost(String bound) {
    return atMost(SimTime.parse(bound));
  }

  /**
   * @param bound the bound, inclusive
   * @return this assertion
   */
  public TimeAssert isAtMost(SimTime bound) {
    return atMost(bound);
  }

  /**
   * @param bound e.g. {@code "1us"}, exclusive
   * @return this assertion
   */
  public TimeAssert isGreaterThan(String bound) {
    return greaterThan(SimTime.parse(bound));
  }

  /**
   * @param bound the bound, exclusive
   * @return this assertion
   */
  public TimeAssert isGreaterThan(SimTime bound) {
    return greaterThan(bound);
  }

  /**
   * @param bound e.g. {@code "1us"}, inclusive
   * @return this assertion
   */
  public TimeAssert isAtLeast(String bound) {
    return atLeast(SimTime.parse(bound));
  }

  /**
   * @param bound the bound, inclusive
   * @return this assertion
   */
  public TimeAssert isAtLeast(SimTime bound) {
    return atLeast(bound);
  }

  /**
   * @param low e.g. {@code "1us"}, inclusive
   * @param high e.g. {@code "80us"}, inclusive
   * @return this assertion
   */
  public TimeAssert isBetween(String low, String high) {
    return between(SimTime.parse(low), SimTime.parse(high));
  }

  /**
   * @param low inclusive
   * @param high inclusive
   * @return this assertion
   */
  public TimeAssert isBetween(SimTime low, SimTime high) {
    return between(low, high);
  }

  @Override
  String show(SimTime value) {
    return Display.time(value);
  }

  @Override
  String actualText() {
    return actualText != null ? actualText : super.actualText();
  }
}
