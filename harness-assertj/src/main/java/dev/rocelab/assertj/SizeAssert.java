package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.report.Check;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.Optional;
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

  SizeAssert(
      DataSize actual, AssertContext context, String label, String where, String actualText) {
    super(actual, SizeAssert.class, context, label, where);
    this.actualText = actualText;
  }

  /**
   * @return this assertion, if the size is zero
   */
  public SizeAssert isZero() {
    return check(actual != null && actual.bytes() == 0, show(DataSize.ZERO));
  }

  @Override
  DataSize parse(String text) {
    return DataSize.parse(text);
  }

  @Override
  Optional<Check.Magnitude> magnitude(DataSize value) {
    return Optional.of(Check.Magnitude.of(value));
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
