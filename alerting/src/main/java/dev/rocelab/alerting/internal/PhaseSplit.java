package dev.rocelab.alerting.internal;

import dev.rocelab.alerting.TimelinePhase;
import dev.rocelab.alerting.TimelineShape;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.unit.SimTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a run at its fault events: before the first fault, the fault episode (from the first fault
 * to the last recovery, or to the end of the run when a fault is never recovered) and after
 * recovery. A run without faults is one steady phase. Empty phases are left out.
 *
 * <p>A fault that strikes while an earlier one lasts — no recovery between them, as when a
 * degrading optic finally takes its link down — escalates the episode: it starts a phase of its
 * own, so the state before it and the state after it are each held on the timeline. Faults that
 * take turns with recoveries (a flapping link) stay one phase: their steady state is the
 * alternation, and a run that ends before the flap's last recovery ends in that phase. A fault that
 * develops over its phase — a degrading optic, whose bit-error rate rises until it fails — is held
 * as a ramp: its phase is cut into {@value #RAMP_STEPS} equal simulated windows, each held for a
 * fifth of the fault's hold, so a rule sees the rate rise as it rose and fires where it crossed the
 * threshold, not on the phase's average.
 */
public final class PhaseSplit {

  /** The phase before the first fault. */
  public static final String BEFORE = "before fault";

  /** The fault episode. */
  public static final String FAULT = "fault";

  /** A phase of the fault episode from a fault that struck while an earlier one lasted. */
  public static final String ESCALATED = "fault escalated";

  /** A later step of a fault that develops over time, held as a ramp. */
  public static final String RISING = "fault rising";

  /**
   * The steps a developing fault's phase is held in: a degrading optic's BER rises over its phase,
   * and one level held for the whole phase would let a rule fire on the phase's average from its
   * first minute.
   */
  static final int RAMP_STEPS = 5;

  /** The phase after the last recovery. */
  public static final String AFTER = "after recovery";

  /** The only phase of a run without faults. */
  public static final String STEADY = "steady";

  private PhaseSplit() {}

  /**
   * @param run the run
   * @param shape the timeline's phase durations
   * @return the phases, in time order, contiguous on both the run and the timeline
   */
  public static List<TimelinePhase> of(RunResult run, TimelineShape shape) {
    SimTime end = run.elapsed();
    if (end.picos() <= 0) {
      throw new IllegalArgumentException(
          "run " + run.scenario().name() + " lasted no time: nothing to project");
    }
    List<FabricEvent> faults =
        run.events().stream()
            .filter(e -> e.kind() == FabricEvent.Kind.FAULT)
            .filter(e -> e.time().isBefore(end))
            .toList();
    List<TimelinePhase> phases = new ArrayList<>();
    if (faults.isEmpty()) {
      phases.add(
          new TimelinePhase(
              STEADY,
              SimTime.ZERO,
              end,
              Duration.ZERO,
              shape.before().plus(shape.during()).plus(shape.after())));
      return phases;
    }
    SimTime first = faults.get(0).time();
    SimTime lastFault = faults.get(faults.size() - 1).time();
    SimTime faultEnd =
        stillFlapping(run, end)
            ? end
            : run.events().stream()
                .filter(e -> e.kind() == FabricEvent.Kind.RECOVERY)
                .map(FabricEvent::time)
                .filter(t -> !t.isBefore(lastFault) && t.isAfter(first) && t.isBefore(end))
                .reduce((a, b) -> b)
                .orElse(end);
    Duration t = Duration.ZERO;
    if (first.picos() > 0) {
      phases.add(new TimelinePhase(BEFORE, SimTime.ZERO, first, t, t.plus(shape.before())));
      t = t.plus(shape.before());
    }
    List<SimTime> cuts = escalations(run, faults, faultEnd);
    SimTime from = first;
    for (int i = 0; i <= cuts.size(); i++) {
      SimTime to = i < cuts.size() ? cuts.get(i) : faultEnd;
      String name = i == 0 ? FAULT : ESCALATED;
      int steps = ramps(run, from, to, shape) ? RAMP_STEPS : 1;
      Duration held = shape.during().dividedBy(steps);
      long simulated = to.picos() - from.picos();
      for (int k = 0; k < steps; k++) {
        SimTime stepEnd =
            k == steps - 1 ? to : SimTime.picos(from.picos() + simulated * (k + 1) / steps);
        SimTime stepStart = SimTime.picos(from.picos() + simulated * k / steps);
        phases.add(new TimelinePhase(k == 0 ? name : RISING, stepStart, stepEnd, t, t.plus(held)));
        t = t.plus(held);
      }
      from = to;
    }
    if (faultEnd.isBefore(end)) {
      phases.add(new TimelinePhase(AFTER, faultEnd, end, t, t.plus(shape.after())));
    }
    return phases;
  }

  /**
   * Whether the run ended while a link still flapped: before the flap's last recovery, its link
   * going down again after the run's last recovery. The alternation is the flap's steady state, so
   * the episode lasts to the end of the run; the lull the run happened to end in is no recovery.
   */
  private static boolean stillFlapping(RunResult run, SimTime end) {
    return run.scenario().faults().stream()
        .filter(Fault.LinkFlap.class::isInstance)
        .map(Fault.LinkFlap.class::cast)
        .anyMatch(
            flap -> {
              long lastRecovery =
                  flap.at().picos()
                      + (flap.count() - 1) * flap.period().picos()
                      + flap.period().picos() / 2;
              return flap.at().isBefore(end) && lastRecovery > end.picos();
            });
  }

  /**
   * Whether a phase of the fault episode is a degradation that develops over it — a degrading optic
   * from its start to its failure or beyond — and the timeline's fault phase splits into {@link
   * #RAMP_STEPS} whole scrape intervals.
   */
  private static boolean ramps(RunResult run, SimTime from, SimTime to, TimelineShape shape) {
    long scrapes = shape.during().toMillis() / shape.scrapeInterval().toMillis();
    boolean divisible = scrapes % RAMP_STEPS == 0;
    boolean longEnough = to.picos() - from.picos() >= RAMP_STEPS;
    return divisible
        && longEnough
        && run.scenario().faults().stream()
            .anyMatch(
                f ->
                    f instanceof Fault.DegradingOptic optic
                        && optic.at().equals(from)
                        && !optic.failsAt().isBefore(to));
  }

  /**
   * The times, after the first fault and before the episode ends, of faults that struck with no
   * recovery since the fault before them.
   */
  private static List<SimTime> escalations(
      RunResult run, List<FabricEvent> faults, SimTime episodeEnd) {
    List<SimTime> recoveries =
        run.events().stream()
            .filter(e -> e.kind() == FabricEvent.Kind.RECOVERY)
            .map(FabricEvent::time)
            .toList();
    List<SimTime> cuts = new ArrayList<>();
    for (int i = 1; i < faults.size(); i++) {
      SimTime previous = faults.get(i - 1).time();
      SimTime now = faults.get(i).time();
      boolean recoveredBetween =
          recoveries.stream().anyMatch(r -> r.isAfter(previous) && !r.isAfter(now));
      if (now.isAfter(previous) && now.isBefore(episodeEnd) && !recoveredBetween) {
        cuts.add(now);
      }
    }
    return cuts;
  }
}
