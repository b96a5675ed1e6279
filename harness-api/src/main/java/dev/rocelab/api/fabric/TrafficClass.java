package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * How a NIC marks one kind of traffic: the DSCP it writes and the 802.1p priority it sends on.
 *
 * @param dscp the DSCP code point, 0..63
 * @param priority the priority (traffic class), 0..7
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record TrafficClass(int dscp, int priority) {

  /** Validates the code point and the priority. */
  public TrafficClass {
    Checks.dscp(dscp, "dscp");
    Checks.priority(priority, "priority");
  }
}
