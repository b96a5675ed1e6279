package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.SimTime;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The distribution of one-way packet latency of a class of traffic (from the sender's NIC to the
 * receiver's NIC), as percentiles.
 *
 * @param count packets measured
 * @param min the smallest latency
 * @param p50 the median
 * @param p90 the 90th percentile
 * @param p99 the 99th percentile
 * @param p999 the 99.9th percentile
 * @param max the largest latency
 * @param mean the mean
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record LatencySummary(
    long count,
    SimTime min,
    SimTime p50,
    SimTime p90,
    SimTime p99,
    SimTime p999,
    SimTime max,
    SimTime mean) {

  /** Validates that the percentiles are present and ordered. */
  public LatencySummary {
    if (count < 0) {
      throw new IllegalArgumentException("count must be >= 0 but was " + count);
    }
    SimTime[] ordered = {
      Objects.requireNonNull(min, "min must not be null"),
          Objects.requireNonNull(p50, "p50 must not be null"),
      Objects.requireNonNull(p90, "p90 must not be null"),
          Objects.requireNonNull(p99, "p99 must not be null"),
      Objects.requireNonNull(p999, "p999 must not be null"),
          Objects.requireNonNull(max, "max must not be null")
    };
    for (int i = 1; i < ordered.length; i++) {
      if (ordered[i].isBefore(ordered[i - 1])) {
        throw new IllegalArgumentException(
            "percentiles must not decrease but were " + java.util.Arrays.toString(ordered));
      }
    }
    Objects.requireNonNull(mean, "mean must not be null");
  }
}
