package dev.rocelab.api.backend;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalLong;
import org.apiguardian.api.API;

/**
 * How far a run has come, told while it goes on (see {@link ScenarioRun#finish(Duration,
 * java.util.function.Consumer)}).
 *
 * @param scenario the scenario that runs
 * @param reached the simulated (or, on a lab, real) time the run has reached
 * @param wall the real time the run has taken so far
 * @param events the events the backend has processed so far, if it counts them
 * @param work what of the workload is done, e.g. {@code 12 of 64 flows completed}; empty if the
 *     backend cannot tell
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RunProgress(
    Scenario scenario, SimTime reached, Duration wall, OptionalLong events, String work) {

  /** Checks the components. */
  public RunProgress {
    Objects.requireNonNull(scenario, "scenario must not be null");
    Objects.requireNonNull(reached, "reached must not be null");
    Objects.requireNonNull(wall, "wall must not be null");
    Objects.requireNonNull(events, "events must not be null");
    Objects.requireNonNull(work, "work must not be null");
  }

  /**
   * @return one line for a console, e.g. {@code PFC storm · 1.2s of 2.1s simulated (57%) · 12s wall
   *     · 1.4 G events · 63 of 64 flows completed}
   */
  public String describe() {
    long duration = scenario.duration().picos();
    StringBuilder line =
        new StringBuilder(scenario.name())
            .append(" · ")
            .append(reached)
            .append(" of ")
            .append(scenario.duration())
            .append(" simulated (")
            .append(duration == 0 ? 100 : (int) (100.0 * reached.picos() / duration))
            .append("%) · ")
            .append(wall.toSeconds())
            .append("s wall");
    events.ifPresent(count -> line.append(" · ").append(count(count)).append(" events"));
    if (!work.isEmpty()) {
      line.append(" · ").append(work);
    }
    return line.toString();
  }

  private static String count(long n) {
    if (n < 1_000_000) {
      return Long.toString(n);
    }
    return n < 1_000_000_000
        ? String.format(Locale.ROOT, "%.1f M", n / 1e6)
        : String.format(Locale.ROOT, "%.1f G", n / 1e9);
  }
}
