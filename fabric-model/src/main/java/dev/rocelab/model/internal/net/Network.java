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

  /**
   * Per port: the wire bytes per second a slower host interface behind it lets through (full frames
   * of its NIC's MTU), or 0 where none does.
   */
  double[] hostInterfaceWireBytesPerSecond;

  /** The scenario seed, for the random streams of faults. */
  long seed;

  /** A PFC deadlock no watchdog can break was found; the run stops. */
  boolean deadlocked;

  /**
   * Whether switch ports measure their recent load: once any switch balances adaptively (its own
   * ports' bands and its neighbours' are read then).
   */
  boolean tracksLoad;

  /** PFC frames any port has received so far: the deadlock detector looks only when this moves. */
  long pauseFramesReceived;

  long sentPayload;
  long dataPacketsSent;
  long receivedPayload;
  long droppedPayload;
  private int completedQueuePairs;

  /** Queue pairs with scheduled messages; the rest are drivers' connections. */
  int scheduledQueuePairs;

  /** Drivers still running. */
  int runningDrivers;

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

  /**
   * A driver has started: something outside the scheduled messages that posts messages on its own
   * queue pairs as it goes (a collective's sweep, a training job). The run lasts until it finishes.
   */
  public void driverStarted() {
    runningDrivers++;
  }

  /** A driver has posted everything it will and seen it delivered. */
  public void driverFinished() {
    runningDrivers--;
    stopIfAllComplete();
  }

  /**
   * @return whether a PFC deadlock no watchdog can break was found (the run stops)
   */
  public boolean deadlocked() {
    return deadlocked;
  }

  // What drivers use of the network: queue pairs by id, their deliveries, the ports and the routes
  // their packets take.

  /**
   * @return how many queue pairs the network has; ids are 0 .. count − 1
   */
  public int queuePairCount() {
    return queuePairs.length;
  }

  /**
   * @param qp a queue pair's id
   * @return the flow it carries a share of
   */
  public int flowOf(int qp) {
    return queuePairs[qp].flow;
  }

  /**
   * @param qp a queue pair's id
   * @return its RoCE MTU (payload bytes per packet)
   */
  public long mtu(int qp) {
    return queuePairs[qp].mtu();
  }

  /**
   * Hands a queue pair a message to send, as a driver posts one.
   *
   * @param qp a queue pair's id
   * @param bytes the message
   * @param now the simulated time
   */
  public void post(int qp, long bytes, long now) {
    queuePairs[qp].post(bytes, now);
  }

  /**
   * Marks a queue pair complete at a time, unless it completed already.
   *
   * @param qp a queue pair's id
   * @param now the simulated time
   */
  public void completeQueuePair(int qp, long now) {
    if (queuePairs[qp].completionPs < 0) {
      queuePairs[qp].completionPs = now;
    }
  }

  /**
   * Tells a listener of each message a queue pair delivers at its destination.
   *
   * @param qp a queue pair's id
   * @param listener who is told
   */
  public void listen(int qp, MessageListener listener) {
    receivers[qp].listener = listener;
  }

  /**
   * @param listener told whenever links go down or up or routes change
   */
  public void addTopologyListener(TopologyListener listener) {
    topologyListeners.add(listener);
  }

  /**
   * @return how many ports the network has; global port ids are 0 .. count − 1
   */
  public int portCount() {
    return ports.length;
  }

  /**
   * @param gid a port's global id
   * @return how long the port takes to send a byte, in picoseconds
   */
  public long psPerByte(int gid) {
    return ports[gid].psPerByte;
  }

  /**
   * @param gid a port's global id
   * @return the wire bytes per second the port carries in the long run: its line rate, or less
   *     where it is a NIC's port or a switch port facing a NIC whose host interface is slower
   */
  public double sustainedBytesPerSecond(int gid) {
    double line = 1e12 / ports[gid].psPerByte;
    double host = hostInterfaceWireBytesPerSecond[gid];
    return host > 0 ? Math.min(line, host) : line;
  }

  /**
   * Adds bytes to every port a queue pair's packets leave by, from its NIC to its destination NIC:
   * along the route its ECMP hash takes now, and where a switch balances adaptively, spread evenly
   * over its live equal-cost ports (see {@link SwitchNode#flowEgress}).
   *
   * @param qp a queue pair's id
   * @param perPort load per global port id, added to
   * @param bytes what to add on each port of the route, in all
   * @return false if the route is broken: a link down, no route, or a routing loop
   */
  public boolean addRoute(int qp, double[] perPort, double bytes) {
    QueuePair pair = queuePairs[qp];
    if (pair.nic.port.isDown()) {
      return false;
    }
    perPort[pair.nic.port.gid] += bytes;
    return addRouteFrom(nicSwitch[pair.nic.index], pair, qp, perPort, bytes, 0);
  }

  private boolean addRouteFrom(
      int at, QueuePair pair, int qp, double[] perPort, double bytes, int hop) {
    if (hop > switches.length) {
      return false; // a routing loop
    }
    SwitchPort[] outs = switches[at].flowEgress(pair.dstNic, pair.hash, qp);
    if (outs.length == 0) {
      return false;
    }
    double each = bytes / outs.length;
    boolean whole = true;
    for (SwitchPort out : outs) {
      perPort[out.gid] += each;
      int next = adjacency[at][out.local];
      whole &=
          next < 0
              ? -next - 1 == pair.dstNic
              : addRouteFrom(next, pair, qp, perPort, each, hop + 1);
    }
    return whole;
  }

  private void stopIfAllComplete() {
    if (allComplete()) {
      sim.stop();
    }
  }

  /** Told when links go down or up or routes change. */
  public interface TopologyListener {
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
   * NICs + dropped + still in the network (on wires, in switch queues, in NICs' receive buffers).
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
      inFlight += nic.bufferedPayload();
    }
    return new Conservation(sentPayload, receivedPayload, droppedPayload, inFlight);
  }

  /**
   * Where the data bytes of a run went.
   *
   * @param sent payload bytes NICs finished transmitting
   * @param received payload bytes that arrived at NICs
   * @param dropped payload bytes dropped in the network
   * @param inFlight payload bytes on wires, in switches and in NICs' receive buffers
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
   * @return whether every queue pair has delivered all its scheduled messages and every driver has
   *     finished
   */
  public boolean allComplete() {
    return completedQueuePairs == scheduledQueuePairs && runningDrivers == 0;
  }
}
