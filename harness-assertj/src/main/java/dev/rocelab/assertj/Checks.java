package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.report.Check;
import dev.rocelab.assertj.internal.CheckLog;
import java.util.Optional;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * Records the checks the rocelab assertions make on the current thread, passed and failed, for a
 * report that shows the measured value, the limit and its source of every criterion. The JUnit
 * extension records every test of a {@code @FabricTest} class this way and hands each check to the
 * {@link dev.rocelab.api.report.TestReporter}s (module {@code reports} makes it an Allure step and
 * keeps it, with its measured value as a number, for the sign-off).
 *
 * <pre>{@code
 * try (Checks.Recording recording = Checks.record(check -> log.info(check.summary()))) {
 *   Checks.limitFrom(limit, "criteria/baseline.yaml:3 (p99Latency)");
 *   assertThat(run).latency(3).p99().isLessThan(limit);
 * }
 * }</pre>
 *
 * <p>A limit named with {@link #limitFrom} is recognised by its value: a check whose bound equals
 * it (numbers by numeric value) gets its source, the most recently named first. Without a
 * recording, checks cost nothing beyond a thread-local read.
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class Checks {

  private Checks() {}

  /**
   * Starts handing this thread's checks to a listener, until the recording is closed. A recording
   * started while another is open replaces it until closed.
   *
   * @param listener called once per check, on the checking thread; never null
   * @return the recording, to close
   */
  public static Recording record(Consumer<Check> listener) {
    CheckLog log = CheckLog.start(listener);
    return log::close;
  }

  /**
   * Names where a limit comes from, for the checks of the current recording that compare against
   * it. Does nothing without a recording.
   *
   * @param value the limit: a number, a {@code Rate}, {@code SimTime} or {@code DataSize}
   * @param source e.g. {@code criteria/baseline.yaml:3 (p99Latency)}
   */
  public static void limitFrom(Object value, String source) {
    CheckLog.limitFrom(value, source);
  }

  /**
   * Reports a check made by other assertions than rocelab's fabric criteria — e.g. the alert-rule
   * assertions — to the current recording, if there is one. The check's line is the first frame
   * outside AssertJ assertions; a limit named with {@link #limitFrom} is recognised among {@code
   * bounds}.
   *
   * @param quantity what was measured, e.g. {@code alert RocePfcStorm}
   * @param where where; empty if the run as a whole
   * @param expected the criterion, e.g. {@code fires within 2m of the fault}
   * @param actual what was found, e.g. {@code fired 1m15s after the fault}
   * @param passed whether it met the criterion
   * @param bounds the limits compared against, if any
   */
  public static void report(
      String quantity,
      String where,
      String expected,
      String actual,
      boolean passed,
      Object... bounds) {
    CheckLog.report(quantity, where, expected, actual, Optional.empty(), passed, bounds);
  }

  /** An open recording; closing it stops handing checks to its listener. */
  @FunctionalInterface
  public interface Recording extends AutoCloseable {
    /** Stops the recording and restores the one it replaced, if any. */
    @Override
    void close();
  }
}
