package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.report.Check;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.assertj.internal.AssertContext;
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

  RateAssert(
      Rate actual,
      AssertContext context,
      String label,
      String where,
      Optional<Rate> lineRate,
      String lineRateProblem) {
    super(actual, RateAssert.class, context, label, where);
    this.lineRate = lineRate;
    this.lineRateProblem = lineRateProblem;
  }

  /**
   * The rate as a fraction of the line rate it is measured against (the link of a port; for flows,
   * the links of their receivers), from the fabric the run ran on.
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
    return new NumberAssert(
        actual == null ? null : (double) actual.bitsPerSecond() / line.bitsPerSecond(),
        context,
        label,
        where,
        "",
        " ("
            + Display.rate(actual == null ? Rate.bps(0) : actual)
            + " of "
            + Display.rate(line)
            + ")");
  }

  @Override
  Rate parse(String text) {
    return Rate.parse(text);
  }

  @Override
  Optional<Check.Magnitude> magnitude(Rate value) {
    return Optional.of(Check.Magnitude.of(value));
  }

  @Override
  String show(Rate value) {
    return Display.rate(value);
  }
}
