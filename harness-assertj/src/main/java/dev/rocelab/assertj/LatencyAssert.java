package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.function.Function;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on the one-way latency distribution of one priority.
 *
 * <pre>{@code
 * assertThat(run).latency(3).p99().isLessThan("80us");
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class LatencyAssert extends AbstractAssert<LatencyAssert, LatencySummary> {

  private final AssertContext context;
  private final int priority;

  LatencyAssert(LatencySummary actual, AssertContext context, int priority) {
    super(actual, LatencyAssert.class);
    this.context = context;
    this.priority = priority;
  }

  /**
   * @return the median
   */
  public TimeAssert p50() {
    return percentile("p50", LatencySummary::p50);
  }

  /**
   * @return the 90th percentile
   */
  public TimeAssert p90() {
    return percentile("p90", LatencySummary::p90);
  }

  /**
   * @return the 99th percentile
   */
  public TimeAssert p99() {
    return percentile("p99", LatencySummary::p99);
  }

  /**
   * @return the 99.9th percentile
   */
  public TimeAssert p999() {
    return percentile("p99.9", LatencySummary::p999);
  }

  /**
   * @return the largest latency
   */
  public TimeAssert max() {
    return percentile("max", LatencySummary::max);
  }

  /**
   * @return the mean
   */
  public TimeAssert mean() {
    return percentile("mean", LatencySummary::mean);
  }

  private TimeAssert percentile(String name, Function<LatencySummary, SimTime> value) {
    return new TimeAssert(
        actual == null ? null : value.apply(actual),
        context,
        name + " latency",
        "priority " + priority + (actual == null ? "" : ", " + actual.count() + " packets"));
  }
}
