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
 */
public final class PhaseSplit {

  /** The phase before the first fault. */
  public static final String BEFORE = "before fault";

  /** The fault episode. */
  public static final String FAULT = "fault";

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
    phases.add(new TimelinePhase(FAULT, first, faultEnd, t, t.plus(shape.during())));
    t = t.plus(shape.during());
    if (faultEnd.isBefore(end)) {
      phases.add(new TimelinePhase(AFTER, faultEnd, end, t, t.plus(shape.after())));
    }
    return phases;
  }
}
