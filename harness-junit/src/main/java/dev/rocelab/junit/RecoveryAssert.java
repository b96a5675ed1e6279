package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.junit.internal.AssertContext;
import dev.rocelab.junit.internal.Display;
import dev.rocelab.junit.internal.Recovery;
import java.util.Arrays;
import java.util.Set;
import java.util.function.Predicate;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on the recovery time after a fault: from the run's first
 * {@link FabricEvent.Kind#FAULT FAULT} event to the first sample after it from which the summed
 * {@code throughput} series of the flows stay at or above {@code (1 − tolerance) ×} their mean
 * before the fault for {@link #stableFor(int) a few samples}. The tolerance is 10% and the stretch
 * 3 samples unless changed; both return a new assertion.
 *
 * <pre>{@code
 * assertThat(run).recovery().isFasterThan("2ms");
 * assertThat(run).recovery().tolerance(0.05).ofFlows("flow-3", "flow-7").time().isAtMost("5ms");
 * }</pre>
 *
 * <p>The backend must emit a {@code FAULT} event when a fault takes effect and sample the time
 * series {@code throughput} (bits per second) per flow, with the flow id as subject.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class RecoveryAssert extends AbstractAssert<RecoveryAssert, RunResult> {

  private final AssertContext context;
  private final double tolerance;
  private final int stable;
  private final Predicate<String> subjects;
  private final String subjectsText;

  RecoveryAssert(AssertContext context) {
    this(context, 0.1, 3, s -> true, "the flows");
  }

  private RecoveryAssert(AssertContext context, double tolerance, int stable, Predicate<String> subjects,
      String subjectsText) {
    super(context.run(), RecoveryAssert.class);
    this.context = context;
    this.tolerance = tolerance;
    this.stable = stable;
    this.subjects = subjects;
    this.subjectsText = subjectsText;
  }

  /**
   * @param fraction how far below its pre-fault mean throughput may stay and count as recovered, in [0, 1)
   * @return a new assertion with that tolerance
   */
  public RecoveryAssert tolerance(double fraction) {
    if (!(fraction >= 0 && fraction < 1)) {
      throw new IllegalArgumentException("tolerance must be in [0, 1) but was " + fraction);
    }
    return new RecoveryAssert(context, fraction, stable, subjects, subjectsText);
  }

  /**
   * @param samples how many consecutive samples must stay recovered, >= 1
   * @return a new assertion requiring that
   */
  public RecoveryAssert stableFor(int samples) {
    if (samples < 1) {
      throw new IllegalArgumentException("samples must be >= 1 but was " + samples);
    }
    return new RecoveryAssert(context, tolerance, samples, subjects, subjectsText);
  }

  /**
   * @param flowIds the flows whose throughput counts (the subjects of their {@code throughput} series)
   * @return a new assertion measuring only them
   */
  public RecoveryAssert ofFlows(String... flowIds) {
    Set<String> ids = Set.copyOf(Arrays.asList(flowIds));
    return new RecoveryAssert(context, tolerance, stable, ids::contains, "flows " + String.join(", ", flowIds));
  }

  /** @return an assertion on the recovery time; "never" if the throughput did not recover */
  public TimeAssert time() {
    Recovery.Outcome outcome = Recovery.compute(actual, subjects, tolerance, stable);
    String label = "recovery time";
    if (outcome.problem().isPresent()) {
      context.fail(label, outcome.fault().map(RecoveryAssert::fault).orElse(""), "a recovery that can be measured",
          outcome.problem().get());
      return new TimeAssert(null, context, label, "");
    }
    String where = "after " + fault(outcome.fault().orElseThrow()) + "; throughput of " + subjectsText + " ("
        + outcome.series() + " series) back to at least " + Display.percent(1 - tolerance) + " of its pre-fault mean "
        + Display.rate(Rate.bps(Math.round(outcome.preFaultMean()))) + " for " + stable + " samples";
    if (outcome.time().isPresent()) {
      return new TimeAssert(outcome.time().get(), context, label, where,
          Display.time(outcome.time().get()) + " (recovered at " + Display.time(outcome.recoveredAt().orElseThrow())
              + ")");
    }
    return new TimeAssert(SimTime.MAX, context, label, where, "not recovered by the last sample at "
        + Display.time(outcome.end()) + " (throughput then " + Display.rate(Rate.bps(outcome.last())) + ")");
  }

  /**
   * @param bound e.g. {@code "2ms"}, exclusive
   * @return this assertion
   */
  public RecoveryAssert isFasterThan(String bound) {
    time().isLessThan(bound);
    return myself;
  }

  /**
   * @param bound exclusive
   * @return this assertion
   */
  public RecoveryAssert isFasterThan(SimTime bound) {
    time().isLessThan(bound);
    return myself;
  }

  /**
   * @param bound e.g. {@code "2ms"}, inclusive
   * @return this assertion
   */
  public RecoveryAssert isAtMost(String bound) {
    time().isAtMost(bound);
    return myself;
  }

  private static String fault(FabricEvent fault) {
    return "FAULT " + fault.subject() + " at " + Display.time(fault.time()) + " (" + fault.detail() + ")";
  }
}
