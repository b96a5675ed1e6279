package dev.rocelab.api.analysis;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.unit.SimTime;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;
import org.apiguardian.api.API;

/** The arithmetic of the criteria. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Stats {

  private Stats() {}

  /**
   * The nearest-rank percentile of flow completion times; a flow that did not complete counts as
   * {@link SimTime#MAX}, later than any that did.
   *
   * @param flows the flows, at least one
   * @param percentile in (0, 100]
   * @return the completion time at that rank, {@link SimTime#MAX} if it falls on an unfinished flow
   */
  public static SimTime completionPercentile(List<FlowResult> flows, double percentile) {
    long[] sorted =
        flows.stream()
            .mapToLong(f -> f.completionTime().map(SimTime::picos).orElse(Long.MAX_VALUE))
            .sorted()
            .toArray();
    int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
    return SimTime.picos(sorted[Math.max(0, Math.min(sorted.length, rank) - 1)]);
  }

  /**
   * Jain's fairness index, (Σx)² / (n·Σx²): 1 when all are equal, 1/n when one takes everything.
   *
   * @param values non-negative shares, at least one
   * @return the index; 1 if every value is zero
   */
  public static double jain(double[] values) {
    double sum = 0;
    double squares = 0;
    for (double v : values) {
      sum += v;
      squares += v * v;
    }
    return squares == 0 ? 1.0 : sum * sum / (values.length * squares);
  }

  /**
   * The port and priority where a counter is largest: the most-paused, the deepest queue.
   *
   * @param ports a run's counters
   * @param measure the counter
   * @return the first port and priority with the largest positive value; empty if none is positive
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public static Optional<PortStats> most(List<PortStats> ports, ToLongFunction<PortStats> measure) {
    return ports.stream()
        .filter(p -> measure.applyAsLong(p) > 0)
        .max(Comparator.comparingLong(measure));
  }
}
