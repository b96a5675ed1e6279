package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.unit.SimTime;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One dropped packet, kept for the first drops of a run so a failure can say where loss began.
 *
 * @param time when it was dropped
 * @param port where: the switch or NIC port
 * @param priority its priority
 * @param reason why
 * @param flow the flow it belonged to
 * @param lossless whether its priority was lossless where it was dropped
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record DropRecord(
    SimTime time, Endpoint port, int priority, DropReason reason, String flow, boolean lossless) {

  /** Validates the fields. */
  public DropRecord {
    Objects.requireNonNull(time, "time must not be null");
    Objects.requireNonNull(port, "port must not be null");
    Objects.requireNonNull(reason, "reason must not be null");
    Objects.requireNonNull(flow, "flow must not be null");
  }
}
