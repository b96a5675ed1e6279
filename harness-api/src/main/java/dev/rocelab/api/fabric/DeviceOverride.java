package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.util.Checks;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Gives some devices a different profile than the topology assigns — a rolling upgrade half done, a
 * spare switch of another model. A host name applies a NIC profile to all of its NICs; a NIC
 * endpoint ({@code host3:nic1}) to that NIC only.
 *
 * @param devices the switches, hosts or NICs concerned
 * @param switchProfile the switch profile to use instead, if any
 * @param nicProfile the NIC profile to use instead, if any
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record DeviceOverride(
    List<String> devices, Optional<String> switchProfile, Optional<String> nicProfile) {

  /** Validates that the override names devices and changes something. */
  public DeviceOverride {
    devices = Checks.list(devices, "devices");
    if (devices.isEmpty()) {
      throw new IllegalArgumentException("devices must not be empty");
    }
    Checks.notNull(switchProfile, "switchProfile");
    Checks.notNull(nicProfile, "nicProfile");
    if (switchProfile.isEmpty() && nicProfile.isEmpty()) {
      throw new IllegalArgumentException("an override must set switchProfile or nicProfile");
    }
  }
}
