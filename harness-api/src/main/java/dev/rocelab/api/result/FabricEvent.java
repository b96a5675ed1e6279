package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.SimTime;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Something notable that happened during a run, on its timeline: a fault applied, a route
 * reconverged, the PFC watchdog acting, a deadlock detected.
 *
 * @param time when
 * @param kind what kind of event
 * @param subject the device, port or flow concerned
 * @param detail a human-readable account
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record FabricEvent(SimTime time, Kind kind, String subject, String detail) {

  /** Validates the fields. */
  public FabricEvent {
    Objects.requireNonNull(time, "time must not be null");
    Objects.requireNonNull(kind, "kind must not be null");
    Objects.requireNonNull(subject, "subject must not be null");
    Objects.requireNonNull(detail, "detail must not be null");
  }

  /** Kinds of events. */
  @API(status = STABLE, since = "0.1")
  public enum Kind {
    /** A scheduled fault took effect. */
    FAULT,
    /** A fault ended (link up, switch back, storm over). */
    RECOVERY,
    /** Routing reconverged after a change. */
    RECONVERGENCE,
    /** The PFC watchdog declared a queue stormed. */
    WATCHDOG_TRIGGERED,
    /** The PFC watchdog restored a queue. */
    WATCHDOG_RESTORED,
    /** A cyclic buffer dependency among paused queues was detected. */
    DEADLOCK
  }
}
