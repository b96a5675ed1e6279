package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.report.Check;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Assertions on a measured time: a latency, a completion time, a recovery time. Bounds are {@link
 * SimTime}s or their text forms ({@code "80us"}, {@code "2ms"}).
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

  @Override
  SimTime parse(String text) {
    return SimTime.parse(text);
  }

  @Override
  Optional<Check.Magnitude> magnitude(SimTime value) {
    return Optional.of(Check.Magnitude.of(value));
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
