package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.util.Checks;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A switch port whose XOFF headroom for a lossless priority is less than its cable needs (the
 * SONiC/NVIDIA formula, {@link Headroom#xoffNeeded}): in-flight bytes arriving after a pause would
 * overflow it and a lossless frame would be dropped. Only headroom configured by hand can fall
 * short; derived headroom is sized from the cable.
 *
 * @param port the switch port
 * @param priority the lossless priority
 * @param configured the XOFF headroom it has
 * @param needed what its cable needs
 * @param link its link (speed, cable length)
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record HeadroomShortfall(
    Endpoint port, int priority, DataSize configured, DataSize needed, LinkSpec link) {

  /** Validates the fields. */
  public HeadroomShortfall {
    Checks.notNull(port, "port");
    Checks.priority(priority, "priority");
    Checks.notNull(configured, "configured");
    Checks.notNull(needed, "needed");
    Checks.notNull(link, "link");
  }

  /**
   * Every port and lossless priority of a fabric whose headroom is short of its cable's needs.
   *
   * @param graph the fabric
   * @return the shortfalls, by switch, port and priority; empty when every cable is covered
   */
  public static List<HeadroomShortfall> of(FabricGraph graph) {
    FabricSpec spec = graph.spec();
    DataSize frame = BufferBudget.largestLosslessFrame(spec);
    List<HeadroomShortfall> shortfalls = new ArrayList<>();
    for (Device sw : graph.switches()) {
      SwitchProfile profile = graph.switchProfileOf(sw.name());
      QosPolicy policy = spec.qosOf(profile);
      for (Endpoint port : graph.ports(sw.name())) {
        Link link = graph.linkAt(port).orElseThrow();
        DataSize needed = Headroom.xoffNeeded(profile, policy, link.spec(), frame);
        PortHeadroom.of(profile, policy, link, port, frame)
            .xoff()
            .forEach(
                (priority, xoff) -> {
                  if (xoff.compareTo(needed) < 0) {
                    shortfalls.add(
                        new HeadroomShortfall(port, priority, xoff, needed, link.spec()));
                  }
                });
      }
    }
    return List.copyOf(shortfalls);
  }
}
