package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.util.Checks;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The headroom of one switch port's lossless priority groups.
 *
 * @param port the switch port
 * @param link its link (speed and cable length)
 * @param xoff the XOFF headroom per priority (derived from the cable, or configured)
 * @param xon the XON headroom (0 for configured headroom)
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record PortHeadroom(
    Endpoint port, LinkSpec link, Map<Integer, DataSize> xoff, DataSize xon) {

  /** Copies the map. */
  public PortHeadroom {
    Checks.notNull(port, "port");
    Checks.notNull(link, "link");
    xoff = Checks.sortedMap(xoff, "xoff");
    Checks.notNull(xon, "xon");
  }

  /**
   * Sizes one port's headroom under a switch profile.
   *
   * @param profile the switch profile
   * @param policy its QoS policy
   * @param link the port's link
   * @param port the port
   * @param losslessFrame the largest lossless frame
   * @return the port's headroom for each lossless priority
   */
  public static PortHeadroom of(
      SwitchProfile profile, QosPolicy policy, Link link, Endpoint port, DataSize losslessFrame) {
    java.util.TreeMap<Integer, DataSize> xoff = new java.util.TreeMap<>();
    if (profile.headroom() instanceof HeadroomPolicy.Derived derived) {
      DataSize size =
          Headroom.xoff(
              derived,
              profile.cellSize(),
              link.spec().speed(),
              link.spec().length(),
              policy.mtu(),
              losslessFrame);
      policy.losslessPriorities().forEach(p -> xoff.put(p, size));
      return new PortHeadroom(port, link.spec(), xoff, Headroom.xon(derived));
    }
    HeadroomPolicy.Fixed fixed = (HeadroomPolicy.Fixed) profile.headroom();
    policy
        .losslessPriorities()
        .forEach(p -> xoff.put(p, fixed.perPriority().getOrDefault(p, DataSize.ZERO)));
    return new PortHeadroom(port, link.spec(), xoff, DataSize.ZERO);
  }

  /**
   * The total headroom of one lossless priority group: XOFF + XON.
   *
   * @param priority a lossless priority
   * @return its headroom, zero if the priority is not lossless
   */
  public DataSize sizeFor(int priority) {
    DataSize pg = xoff.get(priority);
    return pg == null ? DataSize.ZERO : pg.plus(xon);
  }
}
