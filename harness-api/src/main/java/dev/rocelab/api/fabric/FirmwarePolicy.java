package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.util.Checks;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The firmware and NOS versions approved for production. Each device's actual version comes from
 * its profile (and overrides); the LABORATORY phase checks them against these lists.
 *
 * @param approvedNic approved NIC firmware versions; empty means "not pinned"
 * @param approvedSwitch approved switch NOS versions; empty means "not pinned"
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record FirmwarePolicy(Set<String> approvedNic, Set<String> approvedSwitch) {

  /** No pins: every version is accepted. */
  public static final FirmwarePolicy UNPINNED = new FirmwarePolicy(Set.of(), Set.of());

  /** Copies the lists in sorted order. */
  public FirmwarePolicy {
    approvedNic = Checks.sortedSet(approvedNic, "approvedNic");
    approvedSwitch = Checks.sortedSet(approvedSwitch, "approvedSwitch");
  }

  /**
   * Whether a NIC firmware version is approved.
   *
   * @param version the version
   * @return true if approved or nothing is pinned
   */
  public boolean approvesNic(String version) {
    return approvedNic.isEmpty() || approvedNic.contains(version);
  }

  /**
   * Whether a switch NOS version is approved.
   *
   * @param version the version
   * @return true if approved or nothing is pinned
   */
  public boolean approvesSwitch(String version) {
    return approvedSwitch.isEmpty() || approvedSwitch.contains(version);
  }
}
