package dev.rocelab.model.internal.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.model.internal.session.Simulation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A simulation a test drives step by step, with the model's internals reachable by name: ports,
 * NICs, and taps that record every frame leaving a port. Frames can be injected between steps, at
 * the simulator's current time.
 */
final class SteppedNetwork {

  final FabricGraph graph;
  final Network net;

  SteppedNetwork(FabricSpec spec, Scenario scenario) {
    this.graph = FabricGraph.of(spec);
    this.net = new Simulation(graph, scenario).network();
  }

  long now() {
    return net.sim.now();
  }

  void runUntil(long ps) {
    net.sim.runUntil(ps);
    assertThat(net.sim.now()).as("simulated time after running until %d ps", ps).isEqualTo(ps);
  }

  Port port(String name) {
    for (int gid = 0; gid < net.portNames.length; gid++) {
      if (net.portNames[gid].equals(name)) {
        return net.ports[gid];
      }
    }
    throw new IllegalArgumentException("no port " + name);
  }

  SwitchPort switchPort(String name) {
    return (SwitchPort) port(name);
  }

  NicNode nic(String name) {
    for (NicNode nic : net.nics) {
      if (nic.name.equals(name)) {
        return nic;
      }
    }
    throw new IllegalArgumentException("no NIC " + name);
  }

  /** The port at the other end of the link from {@code name}. */
  String peerOf(String name) {
    Endpoint end = Endpoint.parse(name);
    return graph.linkAt(end).orElseThrow().peerOf(end).toString();
  }

  /** Checks the byte balance of the network: sent = received + dropped + in flight. */
  void assertConserved() {
    Network.Conservation balance = net.conservation();
    assertThat(balance.holds())
        .as("sent = received + dropped + in flight, but %s", balance)
        .isTrue();
  }

  /**
   * Records every frame that leaves a port from now on, by giving the port a new wire whose far end
   * records and passes frames on to the real peer. Call before the first step; frames the builder
   * already started at time 0 finish on the old wire, which stays in the network's books.
   */
  FrameTap tap(String name) {
    assertThat(net.sim.now()).as("taps go in before the run starts").isZero();
    Port from = port(name);
    Endpoint end = Endpoint.parse(name);
    Link link = graph.linkAt(end).orElseThrow();
    Port to = port(link.peerOf(end).toString());
    Node peer;
    int peerPort;
    if (to instanceof SwitchPort sp) {
      peer = sp.owner;
      peerPort = sp.local;
    } else {
      peer = java.util.Arrays.stream(net.nics).filter(n -> n.port == to).findFirst().orElseThrow();
      peerPort = 0;
    }
    long propagation = link.spec().length().propagationDelay().picos();
    FrameTap tap = new FrameTap(peer, peerPort, propagation, from.psPerByte);
    Wire wire = net.sim.register(new Wire(net, propagation, tap, 0));
    net.wires.add(wire);
    from.out = wire;
    return tap;
  }

  /**
   * One frame as it left a port.
   *
   * @param kind {@link Packet#DATA}, {@link Packet#PAUSE}, …
   * @param priority its priority on the link
   * @param quanta for a PAUSE, its quanta
   * @param startPs when its first bit left
   * @param endPs when its last bit left
   */
  record Frame(byte kind, int priority, int quanta, long startPs, long endPs) {

    boolean isData() {
      return kind == Packet.DATA;
    }

    boolean isPause() {
      return kind == Packet.PAUSE;
    }
  }

  /** A node in front of the real peer of a tapped port: records, then passes the frame on. */
  static final class FrameTap implements Node {

    private final Node peer;
    private final int peerPort;
    private final long propagationPs;
    private final long psPerByte;
    private final List<Frame> frames = new ArrayList<>();

    FrameTap(Node peer, int peerPort, long propagationPs, long psPerByte) {
      this.peer = peer;
      this.peerPort = peerPort;
      this.propagationPs = propagationPs;
      this.psPerByte = psPerByte;
    }

    @Override
    public void receive(Packet p, int port, long now) {
      long end = now - propagationPs;
      frames.add(
          new Frame(
              p.kind, p.priority, p.pauseQuanta, end - (long) p.wireBytes() * psPerByte, end));
      peer.receive(p, peerPort, now);
    }

    List<Frame> frames(Predicate<Frame> which) {
      return frames.stream().filter(which).toList();
    }
  }
}
