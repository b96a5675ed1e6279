package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.analysis.Stats;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.List;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on flow completion times (FCT), as nearest-rank percentiles. A flow that did not
 * complete counts as slower than any that did: if a percentile falls on it, any upper bound fails.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class CompletionTimesAssert extends AbstractAssert<CompletionTimesAssert, List<FlowResult>> {

  private final AssertContext context;
  private final String where;

  CompletionTimesAssert(AssertContext context, List<FlowResult> flows, String where) {
    super(flows, CompletionTimesAssert.class);
    this.context = context;
    this.where = where;
  }

  /**
   * @return the median flow completion time
   */
  public TimeAssert p50() {
    return percentile("p50", 50);
  }

  /**
   * @return the 90th percentile
   */
  public TimeAssert p90() {
    return percentile("p90", 90);
  }

  /**
   * @return the 99th percentile
   */
  public TimeAssert p99() {
    return percentile("p99", 99);
  }

  /**
   * @return the 99.9th percentile
   */
  public TimeAssert p999() {
    return percentile("p99.9", 99.9);
  }

  /**
   * @return the slowest flow's completion time
   */
  public TimeAssert max() {
    return percentile("max", 100);
  }

  private TimeAssert percentile(String name, double percentile) {
    String label = name + " flow completion time";
    if (actual.isEmpty()) {
      context.fail(label, "no flows", "at least one flow", "none");
      return new TimeAssert(null, context, label, where);
    }
    SimTime value = Stats.completionPercentile(actual, percentile);
    long unfinished = actual.stream().filter(f -> !f.completed()).count();
    String text =
        value.equals(SimTime.MAX)
            ? "not completed ("
                + unfinished
                + " of "
                + actual.size()
                + " flows did not complete by "
                + Display.time(context.run().elapsed())
                + ")"
            : null;
    return new TimeAssert(value, context, label, where, text);
  }
}
