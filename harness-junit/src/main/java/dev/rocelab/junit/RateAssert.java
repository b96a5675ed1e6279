package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.Rate;
import dev.rocelab.junit.internal.AssertContext;
import dev.rocelab.junit.internal.Display;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Assertions on a measured rate — a throughput or a goodput — absolute (bounds as {@link Rate}s or
 * text such as {@code "350Gbps"}) or as a fraction of the line rate it could have reached.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class RateAssert extends AbstractQuantityAssert<RateAssert, Rate> {

  private final Optional<Rate> lineRate;
  private final String lineRateProblem;

  RateAssert(Rate actual, AssertContext context, String label, String where, Optional<Rate> lineRate,
      String lineRateProblem) {
    super(actual, RateAssert.class, context, label, where);
    this.lineRate = lineRate;
    this.lineRateProblem = lineRateProblem;
  }

  /**
   * @param bound e.g. {@code "350Gbps"}, exclusive
   * @return this assertion
   */
  public RateAssert isLessThan(String bound) {
    return lessThan(Rate.parse(bound));
  }

  /**
   * @param bound exclusive
   * @return this assertion
   */
  public RateAssert isLessThan(Rate bound) {
    return lessThan(bound);
  }

  /**
   * @param bound e.g. {@code "350Gbps"}, inclusive
   * @return this assertion
   */
  public RateAssert isAtMost(String bound) {
    return atMost(Rate.parse(bound));
  }

  /**
   * @param bound inclusive
   * @return this assertion
   */
  public RateAssert isAtMost(Rate bound) {
    return atMost(bound);
  }

  /**
   * @param bound e.g. {@code "350Gbps"}, exclusive
   * @return this assertion
   */
  public RateAssert isGreaterThan(String bound) {
    return greaterThan(Rate.parse(bound));
  }

  /**
   * @param bound exclusive
   * @return this assertion
   */
  public RateAssert isGreaterThan(Rate bound) {
    return greaterThan(bound);
  }

  /**
   * @param bound e.g. {@code "350Gbps"}, inclusive
   * @return this assertion
   */
  public RateAssert isAtLeast(String bound) {
    return atLeast(Rate.parse(bound));
  }

  /**
   * @param bound inclusive
   * @return this assertion
   */
  public RateAssert isAtLeast(Rate bound) {
    return atLeast(bound);
  }

  /**
   * @param low e.g. {@code "300Gbps"}, inclusive
   * @param high e.g. {@code "400Gbps"}, inclusive
   * @return this assertion
   */
  public RateAssert isBetween(String low, String high) {
    return between(Rate.parse(low), Rate.parse(high));
  }

  /**
   * The rate as a fraction of the line rate it is measured against (the link of a port; for flows,
   * the links of their receivers). The line rate comes from the fabric, which is known for results
   * the extension produced and for {@link RunResultAssert#onFabric(dev.rocelab.api.fabric.FabricSpec)}.
   *
   * @return an assertion on the fraction, e.g. {@code 0.97}
   */
  public NumberAssert fractionOfLineRate() {
    String label = descriptionText() + " as a fraction of line rate";
    if (lineRate.isEmpty() || lineRate.get().bitsPerSecond() == 0) {
      context.fail(label, where, "a known line rate", lineRateProblem);
      return new NumberAssert(null, context, label, where);
    }
    Rate line = lineRate.get();
    return new NumberAssert(actual == null ? null : (double) actual.bitsPerSecond() / line.bitsPerSecond(), context,
        label, where, "", " (" + Display.rate(actual == null ? Rate.bps(0) : actual) + " of " + Display.rate(line) + ")");
  }

  @Override
  String show(Rate value) {
    return Display.rate(value);
  }
}
