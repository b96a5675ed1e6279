package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * A device of an expanded fabric.
 *
 * @param name unique name ({@code leaf1}, {@code host3})
 * @param role what the device is
 * @param profile the name of its switch or host profile (after overrides)
 * @param tier 0 for hosts, 1 for leaves, 2 for spines, 3 for super-spines; for an explicit graph,
 *     the distance in hops from the nearest host
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Device(String name, Role role, String profile, int tier) {

  /** Validates the fields. */
  public Device {
    Checks.deviceName(name, "name");
    Checks.notNull(role, "role");
    Checks.name(profile, "profile");
    Checks.nonNegative(tier, "tier");
  }

  /**
   * Whether this device is a switch.
   *
   * @return true for every role but {@link Role#HOST}
   */
  public boolean isSwitch() {
    return role != Role.HOST;
  }

  /** The part a device plays in the fabric. */
  @API(status = STABLE, since = "0.1")
  public enum Role {
    /** A GPU server. */
    HOST,
    /** A top-of-rack or rail switch. */
    LEAF,
    /** A second-tier switch. */
    SPINE,
    /** A third-tier switch. */
    SUPER_SPINE,
    /** A switch of an explicit graph. */
    SWITCH
  }
}
