package dev.rocelab.model.internal.net;

import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.model.internal.engine.Simulator;
import dev.rocelab.model.internal.telemetry.DropLog;
import dev.rocelab.model.internal.telemetry.LatencyRecorder;
import dev.rocelab.model.internal.telemetry.PortCounters;
import java.util.ArrayList;
import java.util.List;

/**
 * One simulated fabric, built for one run: the engine, every node, port and wire, the queue pairs
 * and their receive state, and the telemetry they write to. Built by {@link NetworkBuilder}.
 */
public final class Network {

  final Simulator sim = new Simulator();
  final PortCounters counters;
  final DropLog drops = new DropLog();
  LatencyRecorder latency;
  SwitchNode[] switches;
  NicNode[] nics;
  Port[] ports;
  List<Wire> wires;
  List<FabricLink> links;

  /**
   * Per switch, per local port: the switch reached, or −(nic + 1) for a NIC (as the fabric is
   * cabled).
   */
  int[][] adjacency;

  int[] nicSwitch;
  final List<FabricEvent> events = new ArrayList<>();
  QueuePair[] queuePairs;
  NicNode.Receiver[] receivers;

  /** Port names by global port index, e.g. {@code leaf1:eth3}. */
  String[] portNames;

  /** The scenario seed, for the random streams of faults. */
  long seed;

  /** A PFC deadlock no watchdog can break was found; the run stops. */
  boolean deadlocked;

  long sentPayload;
  long dataPacketsSent;
  long receivedPayload;
  long droppedPayload;
  private int completedQueuePairs;

  /** Queue pairs with scheduled messages; the rest are collectives' connections. */
  int scheduledQueuePairs;

  /** Collectives still running. */
  int runningCollectives;

  Network(int portCount) {
    this.counters = new PortCounters(portCount);
  }

  void drop(Packet p, Port where, DropReason reason, long now) {
    counters.drop(where.gid * 8 + p.priority, reason, p.frameBytes);
    if (p.kind == Packet.DATA) {
      droppedPayload += p.payload;
      drops.record(
          now, where.gid, p.priority, reason, queuePairs[p.flow].flow, isLossless(where, p));
    }
  }

  private static boolean isLossless(Port where, Packet p) {
    return where instanceof SwitchPort sp && sp.owner.isLossless(p.priority);
  }

  void queuePairCompleted(QueuePair qp, long now) {
    completedQueuePairs++;
    stopIfAllComplete();
  }

  void collectiveFinished() {
    runningCollectives--;
    stopIfAllComplete();
  }

  private void stopIfAllComplete() {
    if (allComplete()) {
      sim.stop();
    }
  }

  /** Told when links go down or up or routes change. */
  interface TopologyListener {
    /**
     * @param now the simulated time of the change
     */
    void topologyChanged(long now);
  }

  final List<TopologyListener> topologyListeners = new ArrayList<>();

  void topologyChanged(long now) {
    for (TopologyListener listener : topologyListeners) {
      listener.topologyChanged(now);
    }
  }

  /**
   * @return data packets NICs finished transmitting, retransmissions included
   */
  public long dataPacketsSent() {
    return dataPacketsSent;
  }

  /**
   * Recomputes the ECMP tables of some switches around the links that are down or withdrawn now.
   *
   * @param which the switches to update
   */
  void reroute(boolean[] which) {
    int[][] live = new int[adjacency.length][];
    for (int s = 0; s < adjacency.length; s++) {
      live[s] = adjacency[s].clone();
      for (int port = 0; port < live[s].length; port++) {
        if (switches[s].ports[port].isDown() || switches[s].ports[port].withdrawn) {
          live[s][port] = Routing.DOWN;
        }
      }
    }
    int[][][] routes = Routing.compute(live, nicSwitch);
    for (int s = 0; s < switches.length; s++) {
      if (which[s]) {
        switches[s].routes = routes[s];
      }
    }
  }

  void event(long now, FabricEvent.Kind kind, String subject, String detail) {
    events.add(new FabricEvent(dev.rocelab.api.unit.SimTime.picos(now), kind, subject, detail));
  }

  /**
   * @return the engine
   */
  public Simulator simulator() {
    return sim;
  }

  /**
   * Data payload bytes by where they are: sent by NICs (retransmissions included) = received by
   * NICs + dropped + still in the network (on wires, in switch queues, held by a stuck NIC).
   *
   * @return the balance at the current time
   */
  public Conservation conservation() {
    long inFlight = 0;
    for (Wire w : wires) {
      inFlight += w.inFlightPayload();
    }
    for (SwitchNode sw : switches) {
      for (SwitchPort port : sw.ports) {
        inFlight += port.queuedPayload();
      }
    }
    for (NicNode nic : nics) {
      inFlight += nic.heldPayload();
    }
    return new Conservation(sentPayload, receivedPayload, droppedPayload, inFlight);
  }

  /**
   * Where the data bytes of a run went.
   *
   * @param sent payload bytes NICs finished transmitting
   * @param received payload bytes that arrived at NICs
   * @param dropped payload bytes dropped in the network
   * @param inFlight payload bytes on wires and in switches
   */
  public record Conservation(long sent, long received, long dropped, long inFlight) {

    /**
     * @return whether sent = received + dropped + in flight
     */
    public boolean holds() {
      return sent == received + dropped + inFlight;
    }
  }

  /**
   * @return whether every queue pair has delivered all its scheduled messages and every collective
   *     has finished
   */
  public boolean allComplete() {
    return completedQueuePairs == scheduledQueuePairs && runningCollectives == 0;
  }
}
