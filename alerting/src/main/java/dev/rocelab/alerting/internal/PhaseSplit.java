package dev.rocelab.alerting.internal;

import dev.rocelab.alerting.TimelinePhase;
import dev.rocelab.alerting.TimelineShape;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
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
 * alternation.
 */
public final class PhaseSplit {

  /** The phase before the first fault. */
  public static final String BEFORE = "before fault";

  /** The fault episode. */
  public static final String FAULT = "fault";

  /** A phase of the fault episode from a fault that struck while an earlier one lasted. */
  public static final String ESCALATED = "fault escalated";

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
        run.events().stream()
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
      phases.add(
          new TimelinePhase(i == 0 ? FAULT : ESCALATED, from, to, t, t.plus(shape.during())));
      t = t.plus(shape.during());
      from = to;
    }
    if (faultEnd.isBefore(end)) {
      phases.add(new TimelinePhase(AFTER, faultEnd, end, t, t.plus(shape.after())));
    }
    return phases;
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
