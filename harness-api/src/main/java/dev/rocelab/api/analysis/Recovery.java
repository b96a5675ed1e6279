package dev.rocelab.api.analysis;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.unit.SimTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * Recovery time after a fault: from the fault's {@link FabricEvent.Kind#FAULT FAULT} event to the
 * first sample after it from which the flows still running carry at least {@code (1 − tolerance) ×}
 * what they carried before the fault, for {@code stable} samples (or to the end of the series).
 *
 * <p>Each {@value #METRIC} series (a flow's) has its own mean before the fault, from its first
 * non-zero sample, so an idle start does not lower it. A sample after the fault is judged on the
 * flows still running at its time — started before the fault, not yet completed — against the sum
 * of their means: a flow that completes leaves both sides, so a workload winding down is not taken
 * for a fabric that did not recover. A series with no flow of its name in the result counts as
 * running to the end.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Recovery {

  /** The metric recovery is measured on: per flow, in bits per second. */
  public static final String METRIC = "throughput";

  /**
   * How far below its mean before the fault the throughput may stay and count as recovered, unless
   * a check says otherwise: 10%.
   *
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public static final double DEFAULT_TOLERANCE = 0.1;

  /**
   * How many samples in a row must stay recovered, unless a check says otherwise.
   *
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public static final int DEFAULT_STABLE = 3;

  private Recovery() {}

  /**
   * What was found.
   *
   * @param fault the fault, if any
   * @param problem why recovery cannot be measured, if it cannot
   * @param series how many series were summed
   * @param preFaultMean the summed means before the fault of the flows running at the fault, bps
   * @param recoveredAt the time of the first sample of the recovered stretch, if it recovered
   * @param last the last sample after the fault with a flow still running: the sum of those flows,
   *     bps
   * @param end the time of that sample
   * @param lowestShare the lowest share after the fault, up to the first sample of the recovered
   *     stretch (or the end), of what the flows still running carried before it; 0 where no sample
   *     after the fault had a flow running
   */
  public record Outcome(
      Optional<FabricEvent> fault,
      Optional<String> problem,
      int series,
      double preFaultMean,
      Optional<SimTime> recoveredAt,
      long last,
      SimTime end,
      double lowestShare) {

    /**
     * @return the recovery time, if it recovered
     */
    public Optional<SimTime> time() {
      return recoveredAt.map(t -> t.minus(fault.orElseThrow().time()));
    }
  }

  /**
   * Recovery after the run's first {@link FabricEvent.Kind#FAULT FAULT} event.
   *
   * @param run the run
   * @param subjects which series of {@value #METRIC} take part (by subject, e.g. flow id)
   * @param tolerance how far below its pre-fault mean the throughput may stay, in [0, 1)
   * @param stable how many samples must stay recovered, >= 1
   * @return the outcome
   */
  public static Outcome compute(
      RunResult run, Predicate<String> subjects, double tolerance, int stable) {
    return afterTheFirstFault(run, subjects, tolerance, stable, Optional.empty());
  }

  /**
   * Recovery after one given fault event (of a run with several, say), by the same rule as {@link
   * #compute}: the means before it are taken over the samples before it.
   *
   * @param faultEvent the fault's event
   * @param run the run
   * @param subjects which series of {@value #METRIC} take part (by subject, e.g. flow id)
   * @param tolerance how far below its pre-fault mean the throughput may stay, in [0, 1)
   * @param stable how many samples must stay recovered, >= 1
   * @return the outcome
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public static Outcome after(
      FabricEvent faultEvent,
      RunResult run,
      Predicate<String> subjects,
      double tolerance,
      int stable) {
    return measure(faultEvent, run, subjects, tolerance, stable, Optional.empty());
  }

  /**
   * Recovery after the run's first {@link FabricEvent.Kind#FAULT FAULT} event against the fabric
   * without the failed links: what each flow still running is expected to carry is its mean
   * throughput after the fault's time in {@code without} (a run of {@link
   * Degradation#withTheLinksDownFromTheStart}), not its mean before the fault. Where the links lost
   * leave less capacity than the flows used (an oversubscribed leaf losing one of two uplinks), the
   * traffic can never carry again what it carried before, yet it recovers as soon as it carries
   * what the fabric without those links carries.
   *
   * @param run the run with the failure
   * @param without the same traffic on the fabric without the failed links
   * @param subjects which series of {@value #METRIC} take part (by subject, e.g. flow id)
   * @param tolerance how far below the expected throughput it may stay, in [0, 1)
   * @param stable how many samples must stay recovered, >= 1
   * @return the outcome; its {@link Outcome#preFaultMean()} is then the expected throughput at the
   *     fault
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public static Outcome against(
      RunResult run, RunResult without, Predicate<String> subjects, double tolerance, int stable) {
    return afterTheFirstFault(run, subjects, tolerance, stable, Optional.of(without));
  }

  private static Outcome afterTheFirstFault(
      RunResult run,
      Predicate<String> subjects,
      double tolerance,
      int stable,
      Optional<RunResult> without) {
    Optional<FabricEvent> fault =
        run.events().stream().filter(e -> e.kind() == FabricEvent.Kind.FAULT).findFirst();
    if (fault.isEmpty()) {
      return problem(fault, 0, "the run has no FAULT event to recover from");
    }
    return measure(fault.get(), run, subjects, tolerance, stable, without);
  }

  private static Outcome measure(
      FabricEvent faultEvent,
      RunResult run,
      Predicate<String> subjects,
      double tolerance,
      int stable,
      Optional<RunResult> without) {
    Optional<FabricEvent> fault = Optional.of(faultEvent);
    List<TimeSeries> series =
        run.series(METRIC).stream().filter(s -> subjects.test(s.subject())).toList();
    if (series.isEmpty()) {
      return problem(
          fault,
          0,
          "the run has no "
              + METRIC
              + " series to measure recovery on; the backend must"
              + " sample "
              + METRIC
              + " per flow");
    }
    TimeSeries grid = series.get(0);
    long start = grid.start().picos();
    long interval = grid.interval().picos();
    long end =
        series.stream()
            .mapToLong(s -> s.start().picos() + s.size() * s.interval().picos())
            .max()
            .orElse(start);
    int samples = (int) Math.max(0, (end - start + interval - 1) / interval);
    long faultTime = faultEvent.time().picos();
    Map<String, Long> completions = new HashMap<>();
    for (FlowResult flow : run.flows()) {
      completions.put(flow.id(), flow.completion().map(SimTime::picos).orElse(Long.MAX_VALUE));
    }
    int n = series.size();
    long[][] values = new long[n][samples];
    double[] before = new double[n];
    long[] completion = new long[n];
    double expectedAtFault = 0;
    for (int f = 0; f < n; f++) {
      TimeSeries s = series.get(f);
      completion[f] = completions.getOrDefault(s.subject(), Long.MAX_VALUE);
      double total = 0;
      int counted = 0;
      for (int i = 0; i < samples; i++) {
        long offset = start + i * interval - s.start().picos();
        if (offset >= 0
            && offset % s.interval().picos() == 0
            && offset / s.interval().picos() < s.size()) {
          values[f][i] = s.value((int) (offset / s.interval().picos()));
        }
        if (start + i * interval < faultTime && (counted > 0 || values[f][i] > 0)) {
          total += values[f][i];
          counted++;
        }
      }
      before[f] =
          without.isPresent()
              ? meanAfter(without.get(), s.subject(), faultTime)
              : counted == 0 ? 0 : total / counted;
      if (completion[f] > faultTime) {
        expectedAtFault += before[f];
      }
    }
    if (expectedAtFault == 0) {
      return problem(
          fault,
          n,
          "no "
              + METRIC
              + " was sampled "
              + (without.isPresent() ? "after " : "before ")
              + "the fault at "
              + Display.time(faultEvent.time())
              + (without.isPresent() ? " in the run without the failed links" : "")
              + " to compare with");
    }
    double lowest = Double.MAX_VALUE;
    long last = 0;
    long lastTime = faultTime;
    double[] share = new double[samples];
    boolean[] running = new boolean[samples];
    for (int i = 0; i < samples; i++) {
      long t = start + i * interval;
      double expected = 0;
      long carried = 0;
      for (int f = 0; f < n; f++) {
        if (before[f] > 0 && completion[f] > t) {
          expected += before[f];
          carried += values[f][i];
        }
      }
      running[i] = t > faultTime && expected > 0;
      if (running[i]) {
        share[i] = carried / expected;
        last = carried;
        lastTime = t;
      }
    }
    double threshold = 1 - tolerance;
    for (int i = 0; i < samples; i++) {
      if (!running[i]) {
        continue;
      }
      lowest = Math.min(lowest, share[i]);
      boolean recovered = true;
      for (int j = i; j < Math.min(samples, i + stable) && running[j]; j++) {
        recovered &= share[j] >= threshold;
      }
      if (recovered) {
        return new Outcome(
            fault,
            Optional.empty(),
            n,
            expectedAtFault,
            Optional.of(SimTime.picos(start + i * interval)),
            last,
            SimTime.picos(lastTime),
            lowest);
      }
    }
    return new Outcome(
        fault,
        Optional.empty(),
        n,
        expectedAtFault,
        Optional.empty(),
        last,
        SimTime.picos(lastTime),
        lowest == Double.MAX_VALUE ? 0 : lowest);
  }

  /**
   * A flow's mean throughput in a run from a time on, over its samples until it completes (all of
   * them if it does not); 0 if it has none there.
   */
  private static double meanAfter(RunResult run, String subject, long from) {
    long completion =
        run.flows().stream()
            .filter(f -> f.id().equals(subject))
            .findFirst()
            .flatMap(f -> f.completion())
            .map(SimTime::picos)
            .orElse(Long.MAX_VALUE);
    double total = 0;
    int counted = 0;
    for (TimeSeries series : run.series(METRIC)) {
      if (!series.subject().equals(subject)) {
        continue;
      }
      for (int i = 0; i < series.size(); i++) {
        long t = series.start().picos() + i * series.interval().picos();
        if (t > from && t <= completion) {
          total += series.value(i);
          counted++;
        }
      }
    }
    return counted == 0 ? 0 : total / counted;
  }

  private static Outcome problem(Optional<FabricEvent> fault, int series, String problem) {
    return new Outcome(
        fault, Optional.of(problem), series, 0, Optional.empty(), 0, SimTime.ZERO, 0);
  }
}
