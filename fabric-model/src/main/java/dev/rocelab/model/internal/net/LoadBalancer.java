package dev.rocelab.model.internal.net;

import dev.rocelab.api.fabric.LoadBalancing;
import dev.rocelab.api.fabric.LoadBalancing.Mode;
import java.util.Arrays;

/**
 * A switch's adaptive choice among equal-cost ports ({@link LoadBalancing} modes other than ECMP):
 * per data packet, or per flowlet with a table of each queue pair's port and last packet time. A
 * port's congestion band comes from {@link SwitchPort#band}; in {@link Mode#GLOBAL} it is the worse
 * of that and the next switch's band towards the destination as {@link RemoteBands} last saw it.
 * Equal ports take turns, from a pointer that starts where the switch's seed puts it.
 */
final class LoadBalancer {

  private final SwitchNode owner;
  private final long flowletGapPs;
  private final boolean perPacket;
  final int bands;
  final long queueStep;
  final double queueWeight;

  /** The port equal choices start from; it moves past each choice. */
  private int cursor;

  /** The next switches' bands, in {@link Mode#GLOBAL}; null otherwise. */
  RemoteBands remote;

  // Per queue pair: the port its current flowlet takes (−1: none yet) and its last packet's time.
  private int[] flowletPort = new int[0];
  private long[] flowletLast = new long[0];

  LoadBalancer(SwitchNode owner, LoadBalancing config, long seed) {
    this.owner = owner;
    this.flowletGapPs = config.flowletGap().picos();
    this.perPacket = config.mode() == Mode.PACKET || flowletGapPs == 0;
    this.bands = config.bands();
    this.queueStep = config.queueStep().bytes();
    this.queueWeight = config.queueWeight();
    this.cursor = (int) Math.floorMod(seed, (long) owner.ports.length);
  }

  /**
   * The port a data packet leaves by.
   *
   * @param p the packet
   * @param hops the equal-cost ports towards its destination, two or more
   * @param now the simulated time
   * @return the chosen port
   */
  SwitchPort choose(Packet p, int[] hops, long now) {
    if (perPacket) {
      return best(p.dstNic, hops, now);
    }
    int qp = p.flow;
    if (qp >= flowletPort.length) {
      int size = Math.max(qp + 1, flowletPort.length * 2);
      int from = flowletPort.length;
      flowletPort = Arrays.copyOf(flowletPort, size);
      flowletLast = Arrays.copyOf(flowletLast, size);
      Arrays.fill(flowletPort, from, size, -1);
    }
    int current = flowletPort[qp];
    long last = flowletLast[qp];
    flowletLast[qp] = now;
    if (current >= 0 && now - last < flowletGapPs && usable(current, hops)) {
      return owner.ports[current];
    }
    SwitchPort chosen = best(p.dstNic, hops, now);
    flowletPort[qp] = chosen.local;
    return chosen;
  }

  private boolean usable(int port, int[] hops) {
    if (owner.ports[port].isDown()) {
      return false;
    }
    for (int hop : hops) {
      if (hop == port) {
        return true;
      }
    }
    return false; // rerouted away from it
  }

  /**
   * The live port of the lowest band; among equals the first at or after a rotating pointer, so
   * that equal ports take turns (at low load, spraying spreads packets evenly). Any port if none is
   * live.
   */
  private SwitchPort best(int dstNic, int[] hops, long now) {
    int ports = owner.ports.length;
    SwitchPort chosen = null;
    int bestBand = Integer.MAX_VALUE;
    int bestTurn = Integer.MAX_VALUE;
    for (int hop : hops) {
      SwitchPort port = owner.ports[hop];
      if (port.isDown()) {
        continue;
      }
      int band = port.band(this, now);
      if (remote != null) {
        band = Math.max(band, remote.band(hop, dstNic, now));
      }
      int turn = Math.floorMod(hop - cursor, ports);
      if (band < bestBand || band == bestBand && turn < bestTurn) {
        bestBand = band;
        bestTurn = turn;
        chosen = port;
      }
    }
    if (chosen == null) {
      return owner.ports[hops[0]]; // all down: lost as ECMP would lose it
    }
    cursor = (chosen.local + 1) % ports;
    return chosen;
  }

  /**
   * The band of a port from its egress occupancy and recent load.
   *
   * @param heldBytes the bytes its egress queues hold
   * @param loadFraction the share of line rate it sent in the last complete load window
   * @return 0 (idle) to {@code bands − 1}
   */
  int band(long heldBytes, double loadFraction) {
    int queueBand = (int) Math.min(bands - 1, heldBytes / queueStep);
    int loadBand = (int) Math.min(bands - 1, (long) (loadFraction * bands));
    return (int) Math.round(queueWeight * queueBand + (1 - queueWeight) * loadBand);
  }
}
