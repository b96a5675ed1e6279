package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.util.Checks;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * An RDMA NIC model and its configuration.
 *
 * @param name the profile's name in the fabric file
 * @param speed the port speed
 * @param firmware the firmware version, checked against the approved list
 * @param roce how RoCE data traffic is marked (DSCP and priority)
 * @param cnp how congestion notification packets are marked
 * @param pfcPriorities the priorities on which the NIC honours and sends PFC
 * @param mtu the RoCE MTU (payload per packet)
 * @param qpsPerConnection queue pairs opened per connection (spread over ECMP by source port)
 * @param dcqcn congestion control
 * @param outOfOrder how the receiver treats packets that arrive out of order (since 0.2)
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record NicProfile(
    String name,
    Rate speed,
    String firmware,
    TrafficClass roce,
    TrafficClass cnp,
    Set<Integer> pfcPriorities,
    DataSize mtu,
    int qpsPerConnection,
    DcqcnParameters dcqcn,
    OutOfOrder outOfOrder) {

  /** Validates every field. RoCE MTUs are 256, 512, 1024, 2048 or 4096 bytes. */
  public NicProfile {
    Checks.name(name, "name");
    Checks.positive(speed, "speed");
    Checks.name(firmware, "firmware");
    Checks.notNull(roce, "roce");
    Checks.notNull(cnp, "cnp");
    pfcPriorities = Checks.sortedSet(pfcPriorities, "pfcPriorities");
    pfcPriorities.forEach(p -> Checks.priority(p, "pfcPriorities"));
    Checks.notNull(mtu, "mtu");
    if (!Framing.isRoceMtu(mtu.bytes())) {
      throw new IllegalArgumentException(
          "mtu must be a RoCE MTU (256B, 512B, 1KiB, 2KiB or 4KiB) but was " + mtu);
    }
    Checks.positive(qpsPerConnection, "qpsPerConnection");
    Checks.notNull(dcqcn, "dcqcn");
    Checks.notNull(outOfOrder, "outOfOrder");
  }

  /**
   * Whether CNPs go out on the RoCE data's own priority: there they queue behind the congestion
   * they report, and PFC pauses them with the data, so the senders slow down late. NVIDIA's RoCE
   * configurations give CNPs a priority of their own, scheduled strictly (mlx5: DSCP 48, priority
   * 6).
   *
   * @return {@code true} if the CNP and RoCE priorities are the same
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public boolean cnpsShareTheRocePriority() {
    return cnp.priority() == roce.priority();
  }

  /**
   * A profile whose receiver retransmits on reordering ({@link OutOfOrder#RETRANSMIT}), as before
   * the handling could be configured.
   *
   * @param name the profile's name in the fabric file
   * @param speed the port speed
   * @param firmware the firmware version
   * @param roce how RoCE data traffic is marked
   * @param cnp how congestion notification packets are marked
   * @param pfcPriorities the priorities on which the NIC honours and sends PFC
   * @param mtu the RoCE MTU
   * @param qpsPerConnection queue pairs opened per connection
   * @param dcqcn congestion control
   */
  public NicProfile(
      String name,
      Rate speed,
      String firmware,
      TrafficClass roce,
      TrafficClass cnp,
      Set<Integer> pfcPriorities,
      DataSize mtu,
      int qpsPerConnection,
      DcqcnParameters dcqcn) {
    this(
        name,
        speed,
        firmware,
        roce,
        cnp,
        pfcPriorities,
        mtu,
        qpsPerConnection,
        dcqcn,
        OutOfOrder.RETRANSMIT);
  }
}
