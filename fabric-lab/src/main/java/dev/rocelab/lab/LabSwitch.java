package dev.rocelab.lab;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.util.Checks;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A lab switch: its management address (fault commands use it as {@code {address}}) and, where the
 * lab's fault commands log in to it, how.
 *
 * @param address the management address or host name
 * @param ssh how to log in, if fault commands run on the switch
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LabSwitch(String address, Optional<LabSsh> ssh) {

  /** Validates the fields. */
  public LabSwitch {
    Checks.address(address, "address");
    Checks.notNull(ssh, "ssh");
  }
}
