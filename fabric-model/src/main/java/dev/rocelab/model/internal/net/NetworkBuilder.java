package dev.rocelab.model.internal.net;

import dev.rocelab.api.fabric.BufferBudget;
import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.PortHeadroom;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.fabric.SwitchProfile;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.model.internal.cc.CnpPacer;
import dev.rocelab.model.internal.cc.DcqcnReactionPoint;
import dev.rocelab.model.internal.telemetry.LatencyRecorder;
import dev.rocelab.model.internal.traffic.FlowSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Builds a {@link Network} from an expanded fabric and the flows of a run: one node per switch and
 * NIC, a port per link end, two wires per link, ECMP tables, shared buffers sized from the switch
 * profiles (headroom per port from its cable), and queue pairs for the flows. Each NIC and switch
 * behaves per its firmware or NOS version in the fabric's {@link FirmwareRegistry}. Everything is
 * numbered in the graph's stable order, so the same inputs build the same network.
 */
public final class NetworkBuilder {

  private final FabricGraph graph;
  private final List<FlowSpec> flows;
  private final long seed;
  private final FirmwareRegistry registry;
  private final NicOverrides overrides;

  /**
   * @param graph the fabric
   * @param flows the flows of the run
   * @param seed the scenario seed (ECMP seeds and ECN draws derive from it)
   */
  public NetworkBuilder(FabricGraph graph, List<FlowSpec> flows, long seed) {
    this(graph, flows, seed, NicOverrides.NONE);
  }

  /**
   * @param graph the fabric
   * @param flows the flows, in id order
   * @param seed the scenario seed
   * @param overrides RoCE MTUs and link speeds set for some NICs instead of their profile's
   */
  NetworkBuilder(FabricGraph graph, List<FlowSpec> flows, long seed, NicOverrides overrides) {
    this.graph = graph;
    this.flows = flows;
    this.seed = seed;
    this.registry = graph.spec().firmwareRegistry();
    this.overrides = overrides;
  }

  /**
   * A NIC's speed: its profile's, or lower where a drift set it.
   *
   * @throws IllegalArgumentException if a drift set it above its profile's
   */
  private Rate speedOf(Endpoint nic) {
    NicProfile profile = graph.nicProfileOf(nic);
    Rate speed = overrides.speedOf(nic, profile);
    if (speed.compareTo(profile.speed()) > 0) {
      throw new IllegalArgumentException(
          "config drift of "
              + nic
              + ": speed "
              + speed
              + " is faster than its NIC profile "
              + profile.name()
              + "'s "
              + profile.speed());
    }
    return speed;
  }

  /**
   * The host interface behind a NIC, in bits of data per second, or 0 where its host profile sets
   * none.
   */
  private long hostInterfaceBps(Endpoint nic) {
    return graph.hostProfileOf(nic.device()).pcieBandwidth().map(Rate::bitsPerSecond).orElse(0L);
  }

  /**
   * The ports a slower host interface limits in the long run: each such NIC's own, and the switch
   * port facing it (whose frames wait while the NIC pauses it), in wire bytes of full frames.
   */
  private void limitHostPorts(Network net, List<Endpoint> nics, Map<Endpoint, Port> portAt) {
    for (Endpoint end : nics) {
      long data = hostInterfaceBps(end);
      if (data == 0) {
        continue;
      }
      long mtu = graph.nicProfileOf(end).mtu().bytes();
      double wire = data / 8.0 * Framing.wireBytes(mtu) / mtu;
      net.hostInterfaceWireBytesPerSecond[portAt.get(end).gid] = wire;
      graph
          .linkAt(end)
          .ifPresent(
              link -> net.hostInterfaceWireBytesPerSecond[portAt.get(link.peerOf(end)).gid] = wire);
    }
  }

  /** A switch port's speed: its link's, or its NIC peer's where a drift set that lower. */
  private Rate switchPortSpeed(Link link, Endpoint port) {
    Endpoint peer = link.peerOf(port);
    boolean nicPeer = graph.device(peer.device()).map(d -> !d.isSwitch()).orElse(false);
    if (!nicPeer) {
      return link.spec().speed();
    }
    Rate nic = speedOf(peer);
    return nic.compareTo(link.spec().speed()) < 0 ? nic : link.spec().speed();
  }

  /**
   * @return the network, ready to run
   */
  public Network build() {
    List<Device> switchDevices = graph.switches();
    List<Endpoint> nicEndpoints = graph.nics();
    Map<String, Integer> switchIndex = new HashMap<>();
    for (int i = 0; i < switchDevices.size(); i++) {
      switchIndex.put(switchDevices.get(i).name(), i);
    }
    Map<Endpoint, Integer> nicIndex = new HashMap<>();
    for (int i = 0; i < nicEndpoints.size(); i++) {
      nicIndex.put(nicEndpoints.get(i), i);
    }
    List<List<Endpoint>> switchPorts = new ArrayList<>();
    int portCount = nicEndpoints.size();
    for (Device sw : switchDevices) {
      List<Endpoint> ports = graph.ports(sw.name());
      switchPorts.add(ports);
      portCount += ports.size();
    }
    Network net = new Network(portCount);
    net.seed = seed;
    net.latency = new LatencyRecorder(flows.size());
    net.ports = new Port[portCount];
    net.portNames = new String[portCount];
    net.hostInterfaceWireBytesPerSecond = new double[portCount];
    net.switches = new SwitchNode[switchDevices.size()];
    SplittableRandom seeds = new SplittableRandom(seed);
    DataSize losslessFrame = BufferBudget.largestLosslessFrame(graph.spec());

    // Switches and their ports (global port ids first), then NICs.
    Map<Endpoint, Port> portAt = new HashMap<>();
    Map<Endpoint, Node> nodeAt = new HashMap<>();
    Map<Endpoint, Integer> localAt = new HashMap<>();
    int gid = 0;
    for (int s = 0; s < switchDevices.size(); s++) {
      Device device = switchDevices.get(s);
      SwitchProfile profile = graph.switchProfileOf(device.name());
      QosPolicy qos = graph.spec().qosOf(profile);
      SwitchConfig config = SwitchConfig.of(profile, qos);
      SwitchNode node = new SwitchNode(net, device.name(), config, seeds.nextLong());
      long pauseReactionPs = registry.nosBehaviour(profile.nos()).pauseReaction().picos();
      List<Endpoint> ports = switchPorts.get(s);
      node.ports = new SwitchPort[ports.size()];
      long[] headroom = new long[ports.size() * 8];
      for (int local = 0; local < ports.size(); local++) {
        Endpoint end = ports.get(local);
        Link link = graph.linkAt(end).orElseThrow();
        SwitchPort port =
            net.sim.register(
                new SwitchPort(
                    net,
                    gid,
                    end.toString(),
                    switchPortSpeed(link, end).picosPerByte(),
                    node,
                    local,
                    config.strictOrder(),
                    config.weights(),
                    config.loadBalancing().loadWindow().picos()));
        port.pauseReactionPs = pauseReactionPs;
        node.ports[local] = port;
        net.ports[gid] = port;
        net.portNames[gid++] = end.toString();
        portAt.put(end, port);
        nodeAt.put(end, node);
        localAt.put(end, local);
        PortHeadroom pg = PortHeadroom.of(profile, qos, link, end, losslessFrame);
        for (int p = 0; p < 8; p++) {
          headroom[local * 8 + p] = pg.sizeFor(p).bytes();
        }
      }
      node.buffer =
          new SharedBuffer(
              ports.size(),
              profile.buffer().bytes(),
              profile.cellSize().bytes(),
              profile.reserve().bytes(),
              profile.alpha(),
              qos.xonOffset().bytes(),
              headroom);
      net.switches[s] = node;
      node.failureDetectionPs = profile.convergence().failureDetection().picos();
      node.routeConvergencePs = profile.convergence().routeConvergence().picos();
      node.nos = profile.nos();
      node.startWatchdog(profile.watchdog());
    }
    net.nics = new NicNode[nicEndpoints.size()];
    for (int n = 0; n < nicEndpoints.size(); n++) {
      Endpoint end = nicEndpoints.get(n);
      NicProfile profile = graph.nicProfileOf(end);
      NicNode nic =
          new NicNode(
              n,
              end.toString(),
              speedOf(end).bitsPerSecond(),
              registry.nicBehaviour(profile.firmware()),
              profile.dcqcn(),
              profile.cnp(),
              profile.outOfOrder(),
              profile.pfcPriorities(),
              hostInterfaceBps(end));
      nic.attach(
          net.sim.register(
              new NicPort(net, gid, end.toString(), speedOf(end).picosPerByte(), nic)));
      net.ports[gid] = nic.port;
      net.portNames[gid++] = end.toString();
      net.nics[n] = nic;
      portAt.put(end, nic.port);
      nodeAt.put(end, nic);
      localAt.put(end, 0);
    }
    limitHostPorts(net, nicEndpoints, portAt);

    // Wires, two per link, and the adjacency the routing needs.
    net.wires = new ArrayList<>();
    int[][] adjacency = new int[switchDevices.size()][];
    for (int s = 0; s < switchDevices.size(); s++) {
      adjacency[s] = new int[switchPorts.get(s).size()];
    }
    int[] nicSwitch = new int[nicEndpoints.size()];
    java.util.Arrays.fill(nicSwitch, -1);
    net.links = new ArrayList<>();
    for (Link link : graph.links()) {
      long propagation = link.spec().length().propagationDelay().picos();
      List<Port> ends = new ArrayList<>();
      for (Endpoint from : List.of(link.a(), link.b())) {
        Endpoint to = link.peerOf(from);
        Wire wire = net.sim.register(new Wire(net, propagation, nodeAt.get(to), localAt.get(to)));
        wire.receiver = portAt.get(to);
        portAt.get(from).out = wire;
        net.wires.add(wire);
        ends.add(portAt.get(from));
        Integer sw = switchIndex.get(from.device());
        if (sw != null) {
          Integer peerSwitch = switchIndex.get(to.device());
          adjacency[sw][localAt.get(from)] =
              peerSwitch != null ? peerSwitch : -(nicIndex.get(to) + 1);
          if (peerSwitch == null) {
            nicSwitch[nicIndex.get(to)] = sw;
          }
        }
      }
      net.links.add(new FabricLink(link.a() + " <-> " + link.b(), ends.get(0), ends.get(1)));
    }
    net.adjacency = adjacency;
    net.nicSwitch = nicSwitch;
    new DeadlockDetector(net);
    int[][][] routes = Routing.compute(adjacency, nicSwitch);
    for (int s = 0; s < net.switches.length; s++) {
      net.switches[s].routes = routes[s];
    }
    for (SwitchNode sw : net.switches) {
      sw.startLoadBalancing();
    }
    addQueuePairs(net, nicIndex);
    return net;
  }

  private void addQueuePairs(Network net, Map<Endpoint, Integer> nicIndex) {
    List<QueuePair> qps = new ArrayList<>();
    List<NicNode.Receiver> receivers = new ArrayList<>();
    for (FlowSpec flow : flows) {
      NicNode src = net.nics[nicIndex.get(flow.source())];
      int dst = nicIndex.get(flow.destination());
      NicProfile srcProfile = graph.nicProfileOf(flow.source());
      int priority = nicPriority(srcProfile, flow.dscp(), flow.source());
      long perQp = (flow.messageBytes() + flow.qps() - 1) / flow.qps();
      for (int q = 0; q < flow.qps(); q++) {
        int id = qps.size();
        int hash = flowHash(src.index, dst, udpSourcePort(id));
        DcqcnReactionPoint rp =
            src.dcqcn.enabled()
                ? new DcqcnReactionPoint(
                    src.dcqcn, src.firmware.dcqcnVariant(), src.lineRateBps, flow.startPs())
                : null;
        QueuePair qp =
            net.sim.register(
                new QueuePair(
                    net,
                    id,
                    flow.id(),
                    src,
                    dst,
                    hash,
                    flow.dscp(),
                    priority,
                    overrides.mtuOf(flow.source(), srcProfile),
                    perQp,
                    flow.messages(),
                    flow.startPs(),
                    flow.periodPs(),
                    rp));
        qps.add(qp);
        if (!flow.posted()) {
          net.scheduledQueuePairs++;
        }
        receivers.add(new NicNode.Receiver(CnpPacer.of(net.nics[dst].dcqcn)));
        src.add(qp);
      }
    }
    net.queuePairs = qps.toArray(new QueuePair[0]);
    net.receivers = receivers.toArray(new NicNode.Receiver[0]);
    for (NicNode nic : net.nics) {
      nic.port.kick(0);
    }
  }

  /** The priority a NIC sends a DSCP on: its own RoCE and CNP markings, else its switch's map. */
  private int nicPriority(NicProfile nic, int dscp, Endpoint end) {
    if (dscp == nic.roce().dscp()) {
      return nic.roce().priority();
    }
    if (dscp == nic.cnp().dscp()) {
      return nic.cnp().priority();
    }
    String leaf = graph.linkAt(end).orElseThrow().peerOf(end).device();
    return graph.spec().qosOf(graph.switchProfileOf(leaf)).priorityOf(dscp);
  }

  /** RoCEv2 source port entropy: one stable port per queue pair in the dynamic range. */
  private static int udpSourcePort(int qp) {
    return 49152 + (int) ((qp * 2654435761L) & 0x3fff);
  }

  /** A hash of the 5-tuple (NIC addresses, UDP, source port, destination port 4791). */
  private static int flowHash(int srcNic, int dstNic, int sourcePort) {
    long h = ((long) srcNic << 40) ^ ((long) dstNic << 20) ^ ((long) sourcePort << 4) ^ 4791 ^ 17;
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    return (int) h;
  }
}
