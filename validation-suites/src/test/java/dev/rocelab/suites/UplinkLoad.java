package dev.rocelab.suites;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.FabricGraph;
import org.apiguardian.api.API;

/**
 * How a permutation across the leaves loads one leaf's uplinks: what a fault on an uplink needs, so
 * that the link it acts on carries traffic in both directions whatever the fabric's shape.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class UplinkLoad {

  private UplinkLoad() {}

  /**
   * Queue pairs per flow so that static ECMP puts about {@code perUplink} on each uplink of the
   * leaf: with one per flow, a leaf with fewer NICs than uplinks (4 and 8 on a four-host rail
   * fabric) may leave a given uplink idle, and a fault on it would have nothing to act on. On the
   * reference (8 NICs, 8 uplinks) as many as {@code perUplink}.
   *
   * @param fabric the fabric, never null
   * @param leaf the leaf whose uplinks must carry traffic
   * @param perUplink queue pairs each uplink should carry, at least one
   * @return queue pairs per flow, at least one
   */
  public static int queuePairsOnEveryUplink(FabricGraph fabric, String leaf, int perUplink) {
    long nics =
        fabric.nics().stream().filter(n -> fabric.leafOf(n).orElse("").equals(leaf)).count();
    long wanted = (long) perUplink * fabric.uplinks(leaf).size();
    return (int) Math.max(1, (wanted + nics - 1) / Math.max(1, nics));
  }
}
