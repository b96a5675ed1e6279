package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.junit.internal.AssertContext;
import dev.rocelab.junit.internal.Display;
import org.apiguardian.api.API;

/**
 * Assertions on a measured amount of data: a queue depth, a headroom use, lost bytes. Bounds are
 * {@link DataSize}s or their text forms ({@code "4MiB"}, {@code "160KB"}).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class SizeAssert extends AbstractQuantityAssert<SizeAssert, DataSize> {

  private final String actualText;

  SizeAssert(DataSize actual, AssertContext context, String label, String where) {
    this(actual, context, label, where, null);
  }

  SizeAssert(DataSize actual, AssertContext context, String label, String where, String actualText) {
    super(actual, SizeAssert.class, context, label, where);
    this.actualText = actualText;
  }

  /** @return this assertion, if the size is zero */
  public SizeAssert isZero() {
    return check(actual != null && actual.bytes() == 0, show(DataSize.ZERO));
  }

  /**
   * @param bound e.g. {@code "4MiB"}, exclusive
   * @return this assertion
   */
  public SizeAssert isLessThan(String bound) {
    return lessThan(DataSize.parse(bound));
  }

  /**
   * @param bound exclusive
   * @return this assertion
   */
  public SizeAssert isLessThan(DataSize bound) {
    return lessThan(bound);
  }

  /**
   * @param bound e.g. {@code "4MiB"}, inclusive
   * @return this assertion
   */
  public SizeAssert isAtMost(String bound) {
    return atMost(DataSize.parse(bound));
  }

  /**
   * @param bound inclusive
   * @return this assertion
   */
  public SizeAssert isAtMost(DataSize bound) {
    return atMost(bound);
  }

  /**
   * @param bound e.g. {@code "1KiB"}, exclusive
   * @return this assertion
   */
  public SizeAssert isGreaterThan(String bound) {
    return greaterThan(DataSize.parse(bound));
  }

  /**
   * @param bound e.g. {@code "1KiB"}, inclusive
   * @return this assertion
   */
  public SizeAssert isAtLeast(String bound) {
    return atLeast(DataSize.parse(bound));
  }

  /**
   * @param low inclusive, e.g. {@code "1KiB"}
   * @param high inclusive, e.g. {@code "4MiB"}
   * @return this assertion
   */
  public SizeAssert isBetween(String low, String high) {
    return between(DataSize.parse(low), DataSize.parse(high));
  }

  @Override
  String show(DataSize value) {
    return Display.size(value);
  }

  @Override
  String actualText() {
    return actualText != null ? actualText : super.actualText();
  }
}
