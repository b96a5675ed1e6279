package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One criterion checked on a run, passed or failed: what was measured, where, what was expected,
 * the value found, where the limit came from and the line of the test that checked it. {@link
 * Checks#record} hands every check of a thread to a listener, so a report can show the numbers
 * behind a pass as well as a failure.
 *
 * @param quantity what was measured, e.g. {@code p99 latency}
 * @param where where it was measured, e.g. {@code priority 3 (120000 packets)}; empty if the run as
 *     a whole
 * @param expected the criterion, e.g. {@code at most 10µs}
 * @param actual the measured value as the messages show it, e.g. {@code 4.2µs}
 * @param passed whether the value met the criterion
 * @param limitSource where the limit was defined, e.g. {@code criteria/baseline.yaml:3
 *     (p99Latency)}, if it came from a source that {@link Checks#limitFrom} named
 * @param checkedAt the test's source line that made the check, e.g. {@code BaselineTest.java:41},
 *     if known
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record Check(
    String quantity,
    String where,
    String expected,
    String actual,
    boolean passed,
    Optional<String> limitSource,
    Optional<String> checkedAt) {

  /** Checks that no component is null. */
  public Check {
    Objects.requireNonNull(quantity, "quantity");
    Objects.requireNonNull(where, "where");
    Objects.requireNonNull(expected, "expected");
    Objects.requireNonNull(actual, "actual");
    Objects.requireNonNull(limitSource, "limitSource");
    Objects.requireNonNull(checkedAt, "checkedAt");
  }

  /**
   * The check in one line, as a report's step shows it: {@code p99 latency, priority 3, 1000
   * packets): 4.2µs, expected at most 10µs (criteria/baseline.yaml:3 p99Latency)}.
   *
   * @return the summary
   */
  public String summary() {
    return quantity
        + (where.isEmpty() ? "" : ", " + where)
        + ": "
        + actual
        + ", expected "
        + expected
        + limitSource.map(source -> " (" + source + ")").orElse("");
  }
}
