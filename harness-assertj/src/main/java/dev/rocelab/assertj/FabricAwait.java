package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.SimTime;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apiguardian.api.API;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.ThrowingRunnable;

/**
 * Waits until a condition on the telemetry of a running scenario holds, within a bound — for
 * conditions such as "pauses on leaf1:eth3 stop within 2 s".
 *
 * <pre>{@code
 * try (ScenarioRun run = fabric.start(scenario)) {
 *   FabricAwait.await("pauses on leaf1:eth3 stop").on(run).atMost(Duration.ofSeconds(2))
 *       .untilAsserted(now -> assertThat(now).port("leaf1:eth3").pfc().isNotPausedInLast("50us"));
 * }
 * }</pre>
 *
 * <p>The same code works on every backend:
 *
 * <ul>
 *   <li>on a real-time backend (a lab) it is Awaitility: {@code
 *       Awaitility.await(alias).atMost(…).pollInterval(…).pollDelay(ZERO).pollInSameThread()
 *       .untilAsserted(…)}, each poll asserting on a fresh {@link ScenarioRun#snapshot() snapshot};
 *   <li>on a backend with simulated time (the model) each poll advances the simulation by the poll
 *       interval, and the bound is simulated time from the start of the wait. The condition is
 *       checked first without advancing, then after each step; the wait also ends when the run
 *       does. The poll interval defaults to the scenario's sampling interval.
 * </ul>
 *
 * Either way a timeout throws Awaitility's {@link ConditionTimeoutException}, whose message carries
 * the alias and the last assertion's message: {@code Condition with alias 'pauses on leaf1:eth3
 * stop' didn't complete within 2ms of simulated time because …}.
 *
 * <p>Configuration is immutable: each method returns a new object; the terminal {@code until…}
 * methods check the settings and wait.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FabricAwait {

  private static final long PICOS_PER_NANO = 1_000L;

  private final String alias;
  private final ScenarioRun run;
  private final Duration atMost;
  private final Duration pollInterval;

  private FabricAwait(String alias, ScenarioRun run, Duration atMost, Duration pollInterval) {
    this.alias = alias;
    this.run = run;
    this.atMost = atMost;
    this.pollInterval = pollInterval;
  }

  /**
   * @return a wait without alias
   */
  public static FabricAwait await() {
    return new FabricAwait(null, null, null, null);
  }

  /**
   * @param alias what is awaited, shown in the timeout message, e.g. {@code "pauses on leaf1:eth3
   *     stop"}
   * @return a wait with that alias
   */
  public static FabricAwait await(String alias) {
    return new FabricAwait(
        Objects.requireNonNull(alias, "alias must not be null"), null, null, null);
  }

  /**
   * @param scenarioRun the run whose telemetry is watched; never null
   * @return a changed copy
   */
  public FabricAwait on(ScenarioRun scenarioRun) {
    return new FabricAwait(
        alias, Objects.requireNonNull(scenarioRun, "run must not be null"), atMost, pollInterval);
  }

  /**
   * @param bound the longest to wait: simulated time on a simulated backend, else wall-clock time;
   *     without it a simulated wait lasts until the run ends and a real-time one Awaitility's
   *     default
   * @return a changed copy
   */
  public FabricAwait atMost(Duration bound) {
    return new FabricAwait(
        alias, run, Objects.requireNonNull(bound, "bound must not be null"), pollInterval);
  }

  /**
   * @param bound the longest to wait, e.g. {@code "2ms"}
   * @return a changed copy
   * @see #atMost(Duration)
   */
  public FabricAwait atMost(String bound) {
    return atMost(toDuration(SimTime.parse(bound)));
  }

  /**
   * @param interval the time between checks: simulated time to advance, or wall-clock time to wait
   * @return a changed copy
   */
  public FabricAwait pollInterval(Duration interval) {
    return new FabricAwait(
        alias, run, atMost, Objects.requireNonNull(interval, "interval must not be null"));
  }

  /**
   * @param interval the time between checks, e.g. {@code "10us"}
   * @return a changed copy
   * @see #pollInterval(Duration)
   */
  public FabricAwait pollInterval(String interval) {
    return pollInterval(toDuration(SimTime.parse(interval)));
  }

  /**
   * Waits until an assertion on the run's telemetry passes.
   *
   * @param assertion asserts on a snapshot; fails by throwing an {@link AssertionError}
   * @return the snapshot it passed on
   * @throws ConditionTimeoutException if it did not pass within the bound
   */
  public RunResult untilAsserted(Consumer<? super RunResult> assertion) {
    Objects.requireNonNull(assertion, "assertion must not be null");
    validate();
    if (run.simulatedTime()) {
      return simulated(assertion);
    }
    SnapshotAssertion condition = new SnapshotAssertion(run, assertion);
    awaitility().untilAsserted(condition);
    return condition.last;
  }

  /**
   * Waits until a condition on the run's telemetry is true.
   *
   * @param condition tested on a snapshot
   * @return the snapshot it was true on
   * @throws ConditionTimeoutException if it was not true within the bound
   */
  public RunResult until(Predicate<? super RunResult> condition) {
    Objects.requireNonNull(condition, "condition must not be null");
    return untilAsserted(
        snapshot -> {
          if (!condition.test(snapshot)) {
            throw new AssertionError(
                "the condition was false at " + Display.time(snapshot.elapsed()));
          }
        });
  }

  private void validate() {
    if (run == null) {
      throw new IllegalStateException("no run to wait on; call on(run) first");
    }
    if (atMost != null && (atMost.isNegative() || atMost.isZero())) {
      throw new IllegalStateException("atMost must be > 0 but was " + atMost);
    }
    if (pollInterval != null && (pollInterval.isNegative() || pollInterval.isZero())) {
      throw new IllegalStateException("pollInterval must be > 0 but was " + pollInterval);
    }
  }

  private ConditionFactory awaitility() {
    ConditionFactory factory = alias != null ? Awaitility.await(alias) : Awaitility.await();
    if (atMost != null) {
      factory = factory.atMost(atMost);
    }
    if (pollInterval != null) {
      factory = factory.pollInterval(pollInterval);
    }
    return factory.pollDelay(Duration.ZERO).pollInSameThread();
  }

  private RunResult simulated(Consumer<? super RunResult> assertion) {
    SimTime begin = run.now();
    SimTime bound = atMost == null ? null : saturatedPlus(begin, toSimTime(atMost));
    SimTime step = pollInterval != null ? toSimTime(pollInterval) : run.scenario().sampleInterval();
    while (true) {
      RunResult snapshot = run.snapshot();
      AssertionError failure;
      try {
        assertion.accept(snapshot);
        return snapshot;
      } catch (AssertionError e) {
        failure = e;
      }
      SimTime now = run.now();
      if (run.finished()) {
        throw timeout(
            "before the run ended at " + Display.time(now) + " of simulated time", failure);
      }
      if (bound != null && !now.isBefore(bound)) {
        throw timeout("within " + Display.time(toSimTime(atMost)) + " of simulated time", failure);
      }
      SimTime next = bound == null ? step : SimTime.min(step, bound.minus(now));
      run.advance(toDuration(next));
      if (!run.finished() && !run.now().isAfter(now)) {
        throw new IllegalStateException(
            "the run did not advance from "
                + Display.time(now)
                + " when asked to advance "
                + Display.time(next));
      }
    }
  }

  private ConditionTimeoutException timeout(String within, AssertionError failure) {
    String reason = reason(failure.getMessage());
    String message =
        alias != null
            ? "Condition with alias '"
                + alias
                + "' didn't complete "
                + within
                + " because "
                + reason
                + "."
            : "Condition didn't complete " + within + " because " + reason + ".";
    return new ConditionTimeoutException(message, failure);
  }

  /** Awaitility's way: the condition's message, decapitalized, without its final period. */
  private static String reason(String message) {
    String text = message == null ? "the assertion failed" : message;
    if (text.endsWith(".")) {
      text = text.substring(0, text.length() - 1);
    }
    if (text.length() > 1
        && Character.isUpperCase(text.charAt(1))
        && Character.isUpperCase(text.charAt(0))) {
      return text;
    }
    return text.isEmpty() ? text : Character.toLowerCase(text.charAt(0)) + text.substring(1);
  }

  private static SimTime toSimTime(Duration duration) {
    long nanos;
    try {
      nanos = duration.toNanos();
    } catch (ArithmeticException e) {
      return SimTime.MAX;
    }
    return nanos > Long.MAX_VALUE / PICOS_PER_NANO
        ? SimTime.MAX
        : SimTime.picos(nanos * PICOS_PER_NANO);
  }

  private static Duration toDuration(SimTime time) {
    return Duration.ofNanos((time.picos() + PICOS_PER_NANO - 1) / PICOS_PER_NANO);
  }

  private static SimTime saturatedPlus(SimTime a, SimTime b) {
    return b.picos() > Long.MAX_VALUE - a.picos() ? SimTime.MAX : a.plus(b);
  }

  /** Asserts on a fresh snapshot each time Awaitility polls, and keeps the last one. */
  private static final class SnapshotAssertion implements ThrowingRunnable {
    private final ScenarioRun run;
    private final Consumer<? super RunResult> assertion;
    private RunResult last;

    SnapshotAssertion(ScenarioRun run, Consumer<? super RunResult> assertion) {
      this.run = run;
      this.assertion = assertion;
    }

    @Override
    public void run() {
      RunResult snapshot = run.snapshot();
      assertion.accept(snapshot);
      last = snapshot;
    }
  }
}
