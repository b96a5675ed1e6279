package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * A switch's PFC watchdog: a queue that stays paused for {@code detection} is declared stormed and
 * handled per {@code action} until pauses have been absent for {@code restoration}; the state is
 * checked every {@code pollInterval}.
 *
 * @param enabled whether the watchdog runs
 * @param detection how long a queue must stay paused to be declared stormed
 * @param restoration how long pauses must be absent before the queue is restored
 * @param pollInterval how often the watchdog looks
 * @param action what a stormed queue does with its packets
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record PfcWatchdog(
    boolean enabled, SimTime detection, SimTime restoration, SimTime pollInterval, Action action) {

  /**
   * SONiC's defaults (sonic-utilities pfcwd): 200 ms detection, restoration and poll, action drop.
   */
  public static final PfcWatchdog SONIC_DEFAULT =
      new PfcWatchdog(
          true, SimTime.millis(200), SimTime.millis(200), SimTime.millis(200), Action.DROP);

  /** A watchdog that never acts. */
  public static final PfcWatchdog DISABLED =
      new PfcWatchdog(
          false, SimTime.millis(200), SimTime.millis(200), SimTime.millis(200), Action.DROP);

  /** Validates the timers: all positive. */
  public PfcWatchdog {
    Checks.notNull(action, "action");
    Checks.positive(detection, "detection");
    Checks.positive(restoration, "restoration");
    Checks.positive(pollInterval, "pollInterval");
  }

  /** What a stormed queue does. */
  @API(status = STABLE, since = "0.1")
  public enum Action {
    /** Drop packets of the stormed queue and ignore pauses received for it. */
    DROP,
    /** Keep forwarding, ignoring pauses received for the queue. */
    FORWARD
  }
}
