package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.SimTime;
import java.time.Duration;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One phase of a projected run: a window of simulated time whose rates and levels are held on a
 * window of the operational timeline.
 *
 * @param name {@code before fault}, {@code fault}, {@code fault escalated} (a fault that struck
 *     while the fault before it lasted), {@code after recovery} or {@code steady}
 * @param simulatedStart where the phase starts in the run
 * @param simulatedEnd where it ends in the run, after its start
 * @param start where it starts on the timeline
 * @param end where it ends on the timeline, after its start
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record TimelinePhase(
    String name, SimTime simulatedStart, SimTime simulatedEnd, Duration start, Duration end) {

  /** Validates the windows. */
  public TimelinePhase {
    Objects.requireNonNull(name, "name must not be null");
    if (!simulatedEnd.isAfter(simulatedStart)) {
      throw new IllegalArgumentException(
          "phase "
              + name
              + ": simulated end "
              + simulatedEnd
              + " must be after its start "
              + simulatedStart);
    }
    if (end.compareTo(start) <= 0) {
      throw new IllegalArgumentException(
          "phase " + name + ": end " + end + " must be after its start " + start);
    }
  }

  /**
   * @return the simulated duration of the phase
   */
  public SimTime simulated() {
    return simulatedEnd.minus(simulatedStart);
  }

  /**
   * @return how long the phase is held on the timeline
   */
  public Duration held() {
    return end.minus(start);
  }
}
