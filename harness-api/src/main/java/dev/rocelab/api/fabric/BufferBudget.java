package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.util.Checks;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * How a switch's buffer is split: headroom for each lossless priority group of each connected port,
 * the guaranteed reserve per (port, priority), and what is left to share.
 *
 * @param device the switch
 * @param buffer its total buffer
 * @param ports its connected ports, with their headroom
 * @param losslessPriorities the lossless priorities of its QoS policy
 * @param headroom total headroom (every port × every lossless priority, XOFF + XON)
 * @param reserve total reserve (every port × 8 priorities)
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record BufferBudget(
    String device,
    DataSize buffer,
    List<PortHeadroom> ports,
    int losslessPriorities,
    DataSize headroom,
    DataSize reserve) {

  /** Copies the list. */
  public BufferBudget {
    Checks.name(device, "device");
    ports = Checks.list(ports, "ports");
  }

  /**
   * Computes a switch's budget.
   *
   * @param graph the expanded fabric
   * @param device the switch's name
   * @return its budget
   */
  public static BufferBudget of(FabricGraph graph, String device) {
    SwitchProfile profile = graph.switchProfileOf(device);
    QosPolicy policy = graph.spec().qosOf(profile);
    DataSize losslessFrame = largestLosslessFrame(graph.spec());
    List<PortHeadroom> ports = new ArrayList<>();
    long headroom = 0;
    for (Endpoint port : graph.ports(device)) {
      Link link = graph.linkAt(port).orElseThrow();
      PortHeadroom pg = PortHeadroom.of(profile, policy, link, port, losslessFrame);
      ports.add(pg);
      for (int p : policy.losslessPriorities()) {
        headroom += pg.sizeFor(p).bytes();
      }
    }
    long reserve = profile.reserve().bytes() * 8 * ports.size();
    return new BufferBudget(
        device,
        profile.buffer(),
        ports,
        policy.losslessPriorities().size(),
        DataSize.bytes(headroom),
        DataSize.bytes(reserve));
  }

  /**
   * The largest frame any NIC of the fabric sends on a lossless priority: its RoCE MTU plus
   * headers.
   *
   * @param spec the fabric
   * @return the frame size
   */
  public static DataSize largestLosslessFrame(FabricSpec spec) {
    long mtu =
        spec.nicProfiles().values().stream().mapToLong(n -> n.mtu().bytes()).max().orElse(4096);
    return DataSize.bytes(mtu + Framing.ROCE_HEADERS);
  }

  /**
   * The buffer left for sharing; negative when headroom and reserve do not fit.
   *
   * @return buffer − headroom − reserve, in bytes
   */
  public long sharedBytes() {
    return buffer.bytes() - headroom.bytes() - reserve.bytes();
  }
}
