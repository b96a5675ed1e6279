package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.util.Checks;
import java.util.Set;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * An RDMA NIC model and its configuration.
 *
 * <p>Each {@code with…} method returns a copy with one component changed, validated as the
 * constructor validates.
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

  /**
   * @param name the profile's name in the fabric file
   * @return a copy with {@code name}
   * @since 0.3
   */
  public NicProfile withName(String name) {
    return change(d -> d.name = name);
  }

  /**
   * @param speed the port speed
   * @return a copy with {@code speed}
   * @since 0.3
   */
  public NicProfile withSpeed(Rate speed) {
    return change(d -> d.speed = speed);
  }

  /**
   * @param firmware the firmware version, checked against the approved list
   * @return a copy with {@code firmware}
   * @since 0.3
   */
  public NicProfile withFirmware(String firmware) {
    return change(d -> d.firmware = firmware);
  }

  /**
   * @param roce how RoCE data traffic is marked (DSCP and priority)
   * @return a copy with {@code roce}
   * @since 0.3
   */
  public NicProfile withRoce(TrafficClass roce) {
    return change(d -> d.roce = roce);
  }

  /**
   * @param cnp how congestion notification packets are marked
   * @return a copy with {@code cnp}
   * @since 0.3
   */
  public NicProfile withCnp(TrafficClass cnp) {
    return change(d -> d.cnp = cnp);
  }

  /**
   * @param pfcPriorities the priorities on which the NIC honours and sends PFC
   * @return a copy with {@code pfcPriorities}
   * @since 0.3
   */
  public NicProfile withPfcPriorities(Set<Integer> pfcPriorities) {
    return change(d -> d.pfcPriorities = pfcPriorities);
  }

  /**
   * @param mtu the RoCE MTU (payload per packet)
   * @return a copy with {@code mtu}
   * @since 0.3
   */
  public NicProfile withMtu(DataSize mtu) {
    return change(d -> d.mtu = mtu);
  }

  /**
   * @param qpsPerConnection queue pairs opened per connection (spread over ECMP by source port)
   * @return a copy with {@code qpsPerConnection}
   * @since 0.3
   */
  public NicProfile withQpsPerConnection(int qpsPerConnection) {
    return change(d -> d.qpsPerConnection = qpsPerConnection);
  }

  /**
   * @param dcqcn congestion control
   * @return a copy with {@code dcqcn}
   * @since 0.3
   */
  public NicProfile withDcqcn(DcqcnParameters dcqcn) {
    return change(d -> d.dcqcn = dcqcn);
  }

  /**
   * @param outOfOrder how the receiver treats packets that arrive out of order
   * @return a copy with {@code outOfOrder}
   * @since 0.3
   */
  public NicProfile withOutOfOrder(OutOfOrder outOfOrder) {
    return change(d -> d.outOfOrder = outOfOrder);
  }

  /** A copy with one or more components changed, validated anew. */
  private NicProfile change(Consumer<Draft> edit) {
    Draft draft = new Draft(this);
    edit.accept(draft);
    return draft.build();
  }

  /** The components, to change one or more before building the next NicProfile. */
  private static final class Draft {
    private String name;
    private Rate speed;
    private String firmware;
    private TrafficClass roce;
    private TrafficClass cnp;
    private Set<Integer> pfcPriorities;
    private DataSize mtu;
    private int qpsPerConnection;
    private DcqcnParameters dcqcn;
    private OutOfOrder outOfOrder;

    Draft(NicProfile from) {
      name = from.name;
      speed = from.speed;
      firmware = from.firmware;
      roce = from.roce;
      cnp = from.cnp;
      pfcPriorities = from.pfcPriorities;
      mtu = from.mtu;
      qpsPerConnection = from.qpsPerConnection;
      dcqcn = from.dcqcn;
      outOfOrder = from.outOfOrder;
    }

    NicProfile build() {
      return new NicProfile(
          name,
          speed,
          firmware,
          roce,
          cnp,
          pfcPriorities,
          mtu,
          qpsPerConnection,
          dcqcn,
          outOfOrder);
    }
  }
}
