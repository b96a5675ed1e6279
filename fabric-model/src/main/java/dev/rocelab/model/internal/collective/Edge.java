package dev.rocelab.model.internal.collective;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.Protocol;
import org.apiguardian.api.API;

/**
 * A collective seen as steady streams, for the flow-level model: everything one rank sends another
 * over one path during the collective, summed over its steps.
 *
 * @param group the streams that advance together (a channel's ring, chain or tree; all of an
 *     all-to-all): the group is done when all its streams are
 * @param from the sending rank
 * @param to the receiving rank
 * @param connection the network connection, or null over NVLink
 * @param dataBytes the user data it carries in all
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public record Edge(int group, int from, int to, Connection connection, long dataBytes) {

  /**
   * @return whether it stays inside a host
   */
  public boolean nvlink() {
    return connection == null;
  }

  /**
   * @param run the collective as it runs (its algorithm and protocol)
   * @param mtu the RoCE MTU of its connection (ignored over NVLink)
   * @return the bytes it puts on its links: its data at the protocol's efficiency, at least the
   *     protocol's minimum; over NVLink NVLS's efficiency, on the network every packet's headers
   *     and framing
   */
  public double wireBytes(Workload.Collective run, long mtu) {
    Protocol protocol = run.protocol();
    double onWire =
        Math.max(dataBytes / protocol.efficiency(), NcclConstants.minimumWireBytes(protocol));
    if (nvlink()) {
      return NcclConstants.nvlinkBytes(run.algorithm(), onWire);
    }
    double packets = Math.ceil(onWire / mtu);
    return onWire + packets * (Framing.ROCE_HEADERS + Framing.WIRE_OVERHEAD);
  }
}
