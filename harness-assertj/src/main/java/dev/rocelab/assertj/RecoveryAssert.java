package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Degradation;
import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.analysis.Recovery;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on the recovery time after a fault: from the run's first {@link FabricEvent.Kind#FAULT
 * FAULT} event to the first sample after it from which the flows still running carry at least
 * {@code (1 − tolerance) ×} what they carried before the fault, for {@link #stableFor(int) a few
 * samples} ({@link Recovery}'s rule: a flow that completes no longer counts, so a workload winding
 * down does not read as a fabric that did not recover). The tolerance is 10% and the stretch 3
 * samples unless changed; both return a new assertion.
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
  private final Optional<RunResult> without;

  RecoveryAssert(AssertContext context) {
    this(
        context,
        Recovery.DEFAULT_TOLERANCE,
        Recovery.DEFAULT_STABLE,
        s -> true,
        "the flows",
        Optional.empty());
  }

  private RecoveryAssert(
      AssertContext context,
      double tolerance,
      int stable,
      Predicate<String> subjects,
      String subjectsText,
      Optional<RunResult> without) {
    super(context.run(), RecoveryAssert.class);
    this.context = context;
    this.tolerance = tolerance;
    this.stable = stable;
    this.subjects = subjects;
    this.subjectsText = subjectsText;
    this.without = without;
  }

  /**
   * Measures recovery against the fabric without the failed links: the traffic has recovered when
   * the flows still running carry what the same flows carry in {@code without} (a run of {@link
   * Degradation#withTheLinksDownFromTheStart}), not what they carried before the fault — which an
   * oversubscribed leaf that lost an uplink can never carry again.
   *
   * <pre>{@code
   * RunResult without = session.run(Degradation.withTheLinksDownFromTheStart(scenario));
   * assertThat(run).recovery().against(without).isFasterThan("1ms");
   * }</pre>
   *
   * @param without the same traffic on the fabric without the failed links
   * @return a new assertion measuring against it
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public RecoveryAssert against(RunResult without) {
    return new RecoveryAssert(
        context, tolerance, stable, subjects, subjectsText, Optional.of(without));
  }

  /**
   * @param fraction how far below its pre-fault mean throughput may stay and count as recovered, in
   *     [0, 1)
   * @return a new assertion with that tolerance
   */
  public RecoveryAssert tolerance(double fraction) {
    if (!(fraction >= 0 && fraction < 1)) {
      throw new IllegalArgumentException("tolerance must be in [0, 1) but was " + fraction);
    }
    return new RecoveryAssert(context, fraction, stable, subjects, subjectsText, without);
  }

  /**
   * @param samples how many consecutive samples must stay recovered, >= 1
   * @return a new assertion requiring that
   */
  public RecoveryAssert stableFor(int samples) {
    if (samples < 1) {
      throw new IllegalArgumentException("samples must be >= 1 but was " + samples);
    }
    return new RecoveryAssert(context, tolerance, samples, subjects, subjectsText, without);
  }

  /**
   * @param flowIds the flows whose throughput counts (the subjects of their {@code throughput}
   *     series)
   * @return a new assertion measuring only them
   */
  public RecoveryAssert ofFlows(String... flowIds) {
    Set<String> ids = Set.copyOf(Arrays.asList(flowIds));
    return new RecoveryAssert(
        context, tolerance, stable, ids::contains, "flows " + String.join(", ", flowIds), without);
  }

  /**
   * @return an assertion on the recovery time; "never" if the throughput did not recover
   */
  public TimeAssert time() {
    Recovery.Outcome outcome =
        without.isPresent()
            ? Recovery.against(actual, without.get(), subjects, tolerance, stable)
            : Recovery.compute(actual, subjects, tolerance, stable);
    String label = "recovery time";
    if (outcome.problem().isPresent()) {
      context.fail(
          label,
          outcome.fault().map(RecoveryAssert::fault).orElse(""),
          "a recovery that can be measured",
          outcome.problem().get());
      return new TimeAssert(null, context, label, "");
    }
    String where =
        "after "
            + fault(outcome.fault().orElseThrow())
            + "; throughput of "
            + subjectsText
            + " ("
            + outcome.series()
            + " series) back to at least "
            + Display.percent(1 - tolerance)
            + (without.isPresent()
                ? " of what the flows still running carry on the fabric without the failed links ("
                : " of what the flows still running carried before it (")
            + Display.rate(Rate.bps(Math.round(outcome.preFaultMean())))
            + " at the fault)"
            + " for "
            + stable
            + " samples";
    if (outcome.time().isPresent()) {
      return new TimeAssert(
          outcome.time().get(),
          context,
          label,
          where,
          Display.time(outcome.time().get())
              + " (recovered at "
              + Display.time(outcome.recoveredAt().orElseThrow())
              + ")");
    }
    return new TimeAssert(
        SimTime.MAX,
        context,
        label,
        where,
        "not recovered by the last sample at "
            + Display.time(outcome.end())
            + " (throughput then "
            + Display.rate(Rate.bps(outcome.last()))
            + ")");
  }

  /**
   * An assertion on the throughput after a link failure as a fraction of the capacity the fabric
   * has left for it ("predictable degradation"): 1 means the traffic uses all that is left.
   *
   * <pre>{@code
   * assertThat(run).recovery().degradedThroughput().isAtLeast(0.8);
   * }</pre>
   *
   * <p>The failed links are the scenario's link-down faults, each a leaf uplink. The flows leaving
   * a degraded leaf, and those entering it, are each a group whose <em>remaining capacity</em> is
   * the smaller of the summed speed of the leaf's surviving uplinks and the summed line rate of the
   * group's flows (each flow's slower NIC); both are computed from the fabric. The group's
   * throughput is the mean of its flows' summed {@code throughput} samples from the first
   * reconvergence after the link went down (the link-down if none is reported) until the first of:
   * the link back up, a flow of the group completing, the last sample. The number is the lowest
   * group's throughput over its remaining capacity. Flows chosen with {@link #ofFlows(String...)}
   * are the only ones counted.
   *
   * @return an assertion on the worst group's fraction of remaining capacity
   */
  public NumberAssert degradedThroughput() {
    String label = "degraded throughput / remaining capacity";
    Optional<Degradation.Outcome> outcome = degradation(label);
    if (outcome.isEmpty()) {
      return new NumberAssert(null, context, label, "failed links");
    }
    Degradation.Group g = outcome.get().worstByRatio();
    String where =
        afterTheFailure(g)
            + "; remaining capacity "
            + Display.rate(Rate.bps(g.capacity()))
            + " = min("
            + g.uplinksUp()
            + " of "
            + g.uplinks()
            + " uplinks up "
            + Display.rate(Rate.bps(g.uplinkCapacity()))
            + ", flows' line rate "
            + Display.rate(Rate.bps(g.nicCapacity()))
            + ")";
    return new NumberAssert(
        g.ratio(),
        context,
        label,
        where,
        "",
        " (throughput " + Display.rate(Rate.bps(Math.round(g.after().throughput()))) + ")");
  }

  /**
   * An assertion that throughput fell no further than capacity did when a leaf uplink failed
   * ("predictable degradation"): the share of its pre-failure throughput a group of flows kept,
   * over the share of capacity it kept. 1 means throughput fell in proportion to the capacity lost
   * (losing one of eight uplinks cost an eighth); below 1 it fell further (e.g. the rerouted flows
   * collided on the surviving uplinks); above 1 the group had capacity to spare.
   *
   * <pre>{@code
   * assertThat(run).recovery().proportionalDegradation().isAtLeast(0.9);
   * }</pre>
   *
   * <p>The groups, the window after the failure and the remaining capacity are those of {@link
   * #degradedThroughput()}. Before the failure the same group is measured from its first sample
   * with traffic to the link-down (or a flow of the group completing, if earlier), against the
   * capacity it had then: the summed speed of all the leaf's uplinks, or the flows' line rate if
   * lower. Unlike {@link #degradedThroughput()}, this compares the fabric with itself, so ECMP hash
   * collisions that cost throughput before the failure do not count against it after. The number is
   * the lowest group's.
   *
   * @return an assertion on the worst group's kept throughput share over kept capacity share
   */
  public NumberAssert proportionalDegradation() {
    String label = "throughput kept / capacity kept";
    Optional<Degradation.Outcome> outcome = degradation(label);
    if (outcome.isEmpty()) {
      return new NumberAssert(null, context, label, "failed links");
    }
    Degradation.Group g = outcome.get().worstByProportionality();
    if (g.before().samples() == 0) {
      context.fail(
          label,
          "failed links",
          "throughput measured before the failure",
          "no sample of the "
              + (g.outbound() ? "flows leaving " : "flows entering ")
              + g.leaf()
              + " before the link went down at "
              + Display.time(g.before().from()));
      return new NumberAssert(null, context, label, "failed links");
    }
    String where =
        g.flows()
            + (g.outbound() ? " flows leaving " : " flows entering ")
            + g.leaf()
            + "; before "
            + Display.time(g.before().from())
            + " to "
            + Display.time(g.before().to())
            + " ("
            + g.before().samples()
            + " samples), after "
            + Display.time(g.after().from())
            + " to "
            + Display.time(g.after().to())
            + " ("
            + g.after().samples()
            + " samples); capacity "
            + Display.rate(Rate.bps(g.capacityBefore()))
            + " -> "
            + Display.rate(Rate.bps(g.capacity()))
            + " ("
            + g.uplinksUp()
            + " of "
            + g.uplinks()
            + " uplinks up)";
    return new NumberAssert(
        g.proportionality(),
        context,
        label,
        where,
        "",
        " (throughput "
            + Display.rate(Rate.bps(Math.round(g.before().throughput())))
            + " -> "
            + Display.rate(Rate.bps(Math.round(g.after().throughput())))
            + ")");
  }

  /**
   * An assertion that after leaf uplinks failed each leaf's traffic carries what the same traffic
   * carries on the fabric without those links ("predictable degradation"): the lowest group's
   * throughput after the failure over the same flows' throughput, in the same window, in {@code
   * without} — a run of {@link Degradation#withTheLinksDownFromTheStart} of this run's scenario. 1
   * means the failure cost exactly what losing the links costs; below 1 the fabric had not settled
   * where it would without them (flows still cut back, paused or resending). Both runs hash the
   * same flows onto the same surviving links, so unlike {@link #proportionalDegradation()} the
   * number does not depend on where static ECMP happened to put a handful of flows.
   *
   * <pre>{@code
   * RunResult without = session.run(Degradation.withTheLinksDownFromTheStart(scenario));
   * assertThat(run).recovery().degradationAgainst(without).isAtLeast(0.9);
   * }</pre>
   *
   * @param without the same traffic on the fabric without the failed links
   * @return an assertion on the lowest group's ratio
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public NumberAssert degradationAgainst(RunResult without) {
    String label = "throughput kept / throughput without the failed links";
    Degradation.Comparisons found =
        Degradation.against(actual, without, context.fabric(), subjects);
    if (!measurable(label, found.problem())) {
      return new NumberAssert(null, context, label, "failed links");
    }
    Degradation.Comparison worst = found.worst();
    Degradation.Group g = worst.group();
    String where =
        afterTheFailure(g)
            + ", "
            + g.uplinksUp()
            + " of "
            + g.uplinks()
            + " uplinks up; against the run without the failed links over the same samples";
    return new NumberAssert(
        worst.ratio(),
        context,
        label,
        where,
        "",
        " (throughput "
            + Display.rate(Rate.bps(Math.round(g.after().throughput())))
            + " against "
            + Display.rate(Rate.bps(Math.round(worst.without().throughput())))
            + ")");
  }

  /** "2 flows leaving leaf1 from 500us to 900us (4 samples)": a group and its window after. */
  private static String afterTheFailure(Degradation.Group g) {
    return g.flows()
        + (g.outbound() ? " flows leaving " : " flows entering ")
        + g.leaf()
        + " from "
        + Display.time(g.after().from())
        + " to "
        + Display.time(g.after().to())
        + " ("
        + g.after().samples()
        + " samples)";
  }

  private Optional<Degradation.Outcome> degradation(String label) {
    Degradation.Outcome outcome = Degradation.compute(actual, context.fabric(), subjects);
    return measurable(label, outcome.problem()) ? Optional.of(outcome) : Optional.empty();
  }

  /** Whether a degradation could be measured; if not, fails the check saying why. */
  private boolean measurable(String label, Optional<String> problem) {
    problem.ifPresent(
        why -> context.fail(label, "failed links", "a degradation that can be measured", why));
    return problem.isEmpty();
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
    return "FAULT "
        + fault.subject()
        + " at "
        + Display.time(fault.time())
        + " ("
        + fault.detail()
        + ")";
  }
}
