package dev.rocelab.suites;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.BufferBudget;
import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.PortHeadroom;
import dev.rocelab.api.unit.DataSize;
import org.apiguardian.api.API;

/**
 * Thresholds that follow from the fabric itself rather than from a criteria file.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DerivedLimits {

  private DerivedLimits() {}

  /**
   * The largest headroom (XOFF + XON) of any lossless priority group of any switch port: what
   * the longest, fastest cable calls for (or what is configured, for fixed headroom).
   *
   * @param spec the fabric, never null
   * @return the largest headroom, zero for a fabric without lossless priorities
   */
  public static DataSize largestHeadroom(FabricSpec spec) {
    FabricGraph graph = FabricGraph.of(spec);
    long largest = 0;
    for (Device sw : graph.switches()) {
      for (PortHeadroom port : BufferBudget.of(graph, sw.name()).ports()) {
        for (int priority : port.xoff().keySet()) {
          largest = Math.max(largest, port.sizeFor(priority).bytes());
        }
      }
    }
    return DataSize.bytes(largest);
  }
}
