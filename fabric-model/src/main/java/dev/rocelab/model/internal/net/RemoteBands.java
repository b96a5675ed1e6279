package dev.rocelab.model.internal.net;

import dev.rocelab.model.internal.engine.Component;
import java.util.Arrays;

/**
 * What a switch in {@link dev.rocelab.api.fabric.LoadBalancing.Mode#GLOBAL} knows of the switches
 * its ports lead to: every {@code periodPs} it samples the band of each of their ports (a port that
 * is down reads one past the worst band), and it uses a sample from {@code delayPs} after it was
 * taken until the next one arrives — the propagation of path quality between switches. Before the
 * first sample arrives every remote port reads as idle.
 */
final class RemoteBands extends Component {

  private final Network net;
  private final LoadBalancer balancer;
  private final long periodPs;
  private final long delayPs;

  /** Per local port: the switch it leads to, or −1 (a NIC, or nothing). */
  private final int[] neighbour;

  /** Per switch of the fabric: where its ports start in a sample, or −1 if not a neighbour. */
  private final int[] offset;

  // The last samples, a ring: sample k (taken at k × period) is in slot k % depth.
  private final int[][] samples;
  private final long[] sampleIndex;

  RemoteBands(Network net, SwitchNode owner, LoadBalancer balancer, long periodPs, long delayPs) {
    this.net = net;
    this.balancer = balancer;
    this.periodPs = periodPs;
    this.delayPs = delayPs;
    int self = indexOf(net, owner);
    int[] row = net.adjacency[self];
    this.neighbour = row.clone();
    this.offset = new int[net.switches.length];
    Arrays.fill(offset, -1);
    int width = 0;
    for (int port = 0; port < row.length; port++) {
      int peer = row[port];
      if (peer < 0) {
        neighbour[port] = -1;
      } else if (offset[peer] < 0) {
        offset[peer] = width;
        width += net.switches[peer].ports.length;
      }
    }
    int depth = (int) (delayPs / periodPs) + 2;
    this.samples = new int[depth][width];
    this.sampleIndex = new long[depth];
    Arrays.fill(sampleIndex, -1);
    net.sim.register(this);
    net.sim.schedule(this, 0);
  }

  private static int indexOf(Network net, SwitchNode sw) {
    for (int s = 0; s < net.switches.length; s++) {
      if (net.switches[s] == sw) {
        return s;
      }
    }
    throw new IllegalArgumentException("not a switch of this network: " + sw.name);
  }

  @Override
  protected void wake(long now) {
    long k = now / periodPs;
    int slot = (int) (k % samples.length);
    int[] sample = samples[slot];
    for (int sw = 0; sw < offset.length; sw++) {
      if (offset[sw] >= 0) {
        SwitchPort[] ports = net.switches[sw].ports;
        for (int port = 0; port < ports.length; port++) {
          sample[offset[sw] + port] =
              ports[port].isDown() ? balancer.bands : ports[port].band(balancer, now);
        }
      }
    }
    sampleIndex[slot] = k;
    net.sim.schedule(this, (k + 1) * periodPs);
  }

  /**
   * The band of the path beyond a local port towards a NIC, as last heard: the best of the next
   * switch's live ways there.
   *
   * @param localPort the port
   * @param dstNic the destination
   * @param now the simulated time
   * @return 0 (idle) up to one past the worst band (no live way on); 0 beyond a NIC port
   */
  int band(int localPort, int dstNic, long now) {
    int peer = neighbour[localPort];
    if (peer < 0 || now < delayPs) {
      return 0;
    }
    int[] hops = net.switches[peer].routes[dstNic];
    if (hops == null) {
      return balancer.bands;
    }
    long k = (now - delayPs) / periodPs;
    int slot = (int) (k % samples.length);
    if (sampleIndex[slot] != k) { // sample k is taken at this very instant, after this call
      k--;
      slot = (int) ((k + samples.length) % samples.length);
      if (k < 0 || sampleIndex[slot] != k) {
        return 0;
      }
    }
    int[] sample = samples[slot];
    int best = balancer.bands;
    for (int hop : hops) {
      best = Math.min(best, sample[offset[peer] + hop]);
    }
    return best;
  }
}
