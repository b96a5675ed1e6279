package dev.rocelab.lab;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.util.Checks;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A lab host: how to log in to it and the data address of each of its NICs.
 *
 * @param ssh how to log in
 * @param nics the NICs by fabric name ({@code nic0}), in file order
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LabHost(LabSsh ssh, Map<String, LabNic> nics) {

  /** Validates the fields and copies the map. */
  public LabHost {
    Checks.notNull(ssh, "ssh");
    nics = Checks.orderedMap(nics, "nics");
  }

  /**
   * A NIC's data-plane settings.
   *
   * @param address the IP address traffic to this NIC is sent to
   * @param rdmaDevice the RDMA device name perftest is given ({@code mlx5_0}), empty for the
   *     default
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record LabNic(String address, String rdmaDevice) {

    /** Validates the fields. */
    public LabNic {
      Checks.address(address, "address");
      if (!Checks.notNull(rdmaDevice, "rdmaDevice").isEmpty()) {
        Checks.deviceName(rdmaDevice, "rdmaDevice");
      }
    }
  }
}
