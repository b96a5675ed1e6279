package dev.rocelab.model.internal.net;

import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.LoadBalancing;
import dev.rocelab.api.fabric.PfcWatchdog;
import dev.rocelab.api.fabric.SwitchNos;
import dev.rocelab.api.result.DropReason;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A switch: classifies arriving frames by DSCP, routes them (by ECMP hash or, with an adaptive
 * {@link LoadBalancing} mode, by port congestion: {@link LoadBalancer}), admits them to its shared
 * buffer (lossless priorities at the ingress priority group with PFC, lossy ones at the egress
 * queue), marks ECN on dequeue (RED on the egress queue depth) and sends PFC pauses upstream.
 */
final class SwitchNode implements Node {

  /** 802.1Qbb: the largest pause, sent as XOFF and refreshed at half its length while congested. */
  static final int XOFF_QUANTA = 0xFFFF;

  /** No port: {@link #flowEgress} where there is no usable one. */
  private static final SwitchPort[] NO_PORTS = {};

  private static final int ECN_SCALE_BITS = 24;

  final String name;
  private final Network net;
  SwitchPort[] ports;
  private final int[] dscpToPriority;
  private final boolean[] lossless;
  private final long[] ecnKmin;
  private final long[] ecnKmax;
  private final long[] ecnPmaxFixed;
  private final long forwardingPs;
  private final boolean cutThrough;
  private final long ecmpSeed;
  private final SplittableRandom ecnRandom;
  private LoadBalancing loadBalancing;

  /** Whether ECMP hashes the queue pair too ({@link LoadBalancing#hashQp()}), read per frame. */
  private boolean hashQp;

  /** The adaptive choice of ports; null with static ECMP. */
  LoadBalancer balancer;

  SharedBuffer buffer;
  int[][] routes;
  long failureDetectionPs;

  /** Whether a PFC watchdog runs on this switch (and could break a deadlock through it). */
  boolean hasWatchdog;

  long routeConvergencePs;

  /** The NOS version it runs. */
  String nos;

  private PfcWatchdog watchdogConfig;

  /** Its PFC watchdog, once one has been enabled on a switch with lossless priorities. */
  private PfcWatchdogMonitor watchdog;

  SwitchNode(Network net, String name, SwitchConfig config, long seed) {
    this.net = net;
    this.name = name;
    this.dscpToPriority = config.dscpToPriority();
    this.lossless = config.lossless();
    this.ecnKmin = config.ecnKmin();
    this.ecnKmax = config.ecnKmax();
    this.ecnPmaxFixed = new long[8];
    for (int p = 0; p < 8; p++) {
      ecnPmaxFixed[p] = Math.round(config.ecnPmax()[p] * (1 << ECN_SCALE_BITS));
    }
    this.forwardingPs = config.forwardingPs();
    this.cutThrough = config.cutThrough();
    this.ecmpSeed = seed;
    this.ecnRandom = new SplittableRandom(seed ^ 0x5DEECE66DL);
    this.loadBalancing = config.loadBalancing();
  }

  /**
   * Starts load balancing as configured; once the network is wired, since {@link
   * LoadBalancing.Mode#GLOBAL} looks at the switches next to this one.
   */
  void startLoadBalancing() {
    hashQp = loadBalancing.hashQp();
    if (balancer != null && balancer.remote != null) {
      net.sim.cancel(balancer.remote); // a GLOBAL balancer being replaced stops sampling
    }
    if (!loadBalancing.adaptive()) {
      balancer = null;
      return;
    }
    net.tracksLoad = true;
    balancer = new LoadBalancer(this, loadBalancing, ecmpSeed);
    if (loadBalancing.mode() == LoadBalancing.Mode.GLOBAL) {
      balancer.remote =
          new RemoteBands(
              net,
              this,
              balancer,
              loadBalancing.remotePeriod().picos(),
              loadBalancing.remoteDelay().picos());
    }
  }

  /** Starts the switch's PFC watchdog with its profile's settings. */
  void startWatchdog(PfcWatchdog config) {
    watchdogConfig = config;
    applyWatchdog(0);
  }

  private void applyWatchdog(long now) {
    hasWatchdog = watchdogConfig.enabled();
    boolean anyLossless = false;
    for (boolean l : lossless) {
      anyLossless |= l;
    }
    if (watchdog != null) {
      watchdog.reconfigure(watchdogConfig, now);
    } else if (hasWatchdog && anyLossless) {
      watchdog = new PfcWatchdogMonitor(net, this, watchdogConfig, now);
    }
  }

  /**
   * Moves the switch to another NOS version at once, as an upgrade applied live: its ports honour
   * pauses with the new version's reaction, and each of the buffer's alpha, the watchdog's settings
   * and the load balancing that still equals the old version's default takes the new version's
   * default — values the switch profile set away from the default stay. The reserve and headroom
   * carved at start stay too.
   *
   * @param version the new version
   * @param registry the fabric's behaviour profiles
   * @param now the simulated time
   */
  void changeNos(String version, FirmwareRegistry registry, long now) {
    SwitchNos before = registry.nosBehaviour(nos);
    SwitchNos after = registry.nosBehaviour(version);
    nos = version;
    for (SwitchPort port : ports) {
      port.pauseReactionPs = after.pauseReaction().picos();
    }
    buffer.alpha(rebased(buffer.alpha(), before.alpha(), after.alpha()));
    PfcWatchdog current = watchdogConfig;
    PfcWatchdog old = before.watchdog();
    PfcWatchdog neu = after.watchdog();
    PfcWatchdog moved =
        new PfcWatchdog(
            rebased(current.enabled(), old.enabled(), neu.enabled()),
            rebased(current.detection(), old.detection(), neu.detection()),
            rebased(current.restoration(), old.restoration(), neu.restoration()),
            rebased(current.pollInterval(), old.pollInterval(), neu.pollInterval()),
            rebased(current.action(), old.action(), neu.action()));
    if (!moved.equals(current)) {
      watchdogConfig = moved;
      applyWatchdog(now);
    }
    LoadBalancing balancing = rebased(loadBalancing, before.loadBalancing(), after.loadBalancing());
    if (!balancing.equals(loadBalancing)) {
      loadBalancing = balancing;
      startLoadBalancing();
    }
  }

  /**
   * Switches the load-balancing mode at once, keeping the other load-balancing settings; flowlets
   * start afresh.
   *
   * @param mode the new mode
   */
  void changeLoadBalancing(LoadBalancing.Mode mode) {
    loadBalancing = loadBalancing.withMode(mode);
    startLoadBalancing();
  }

  /**
   * A setting still at the old version's default takes the new one's; one set away from it stays.
   */
  private static <T> T rebased(T value, T oldDefault, T newDefault) {
    return value.equals(oldDefault) ? newDefault : value;
  }

  @Override
  public void receive(Packet p, int port, long now) {
    SwitchPort in = ports[port];
    if (p.kind == Packet.PAUSE) {
      in.receivePause(p.pausePriority, p.pauseQuanta, now);
      return;
    }
    int priority = dscpToPriority[p.dscp];
    p.priority = (byte) priority;
    int inSlot = in.gid * 8 + priority;
    net.counters.rxBytes[inSlot] += p.frameBytes;
    net.counters.rxPackets[inSlot]++;
    SwitchPort out = route(p, now);
    if (out == null) {
      net.drop(p, in, DropReason.NO_ROUTE, now);
      return;
    }
    if (out.isDown()) {
      if (!p.isControl()) {
        net.drop(p, out, DropReason.LINK_DOWN, now); // hashed onto a dead link before rerouting
      }
      return;
    }
    if (out.watchdogDropping[priority] && !p.isControl()) {
      net.drop(p, out, DropReason.PFC_WATCHDOG, now);
      return;
    }
    p.arrivedPs = now;
    p.readyPs = readyTime(p, in, out, now);
    p.egressPort = out.local;
    if (p.isControl()) {
      out.sendControl(p, now);
      return;
    }
    long size = buffer.cells(p.frameBytes);
    p.ingressPort = port;
    p.bufferBytes = (int) size;
    if (lossless[priority]) {
      SharedBuffer.Admission admission = buffer.admitLossless(port * 8 + priority, size);
      if (admission == SharedBuffer.Admission.DROPPED) {
        net.drop(p, in, DropReason.LOSSLESS_HEADROOM_EXCEEDED, now);
        return;
      }
      long headroom = buffer.headroomUsed(port * 8 + priority);
      if (headroom > net.counters.maxHeadroom[inSlot]) {
        net.counters.maxHeadroom[inSlot] = headroom;
      }
      if (admission == SharedBuffer.Admission.ADMITTED_XOFF) {
        sendPause(in, priority, XOFF_QUANTA, now);
      }
    } else if (!buffer.admitLossy(out.local * 8 + priority, size)) {
      net.drop(p, out, DropReason.BUFFER_OVERFLOW, now);
      return;
    }
    out.enqueue(p, now);
  }

  /**
   * Store-and-forward: after the pipeline. Cut-through: once the header is in, but never ending
   * before the frame has arrived.
   */
  private long readyTime(Packet p, SwitchPort in, SwitchPort out, long now) {
    if (!cutThrough) {
      return now + forwardingPs;
    }
    long wire = p.wireBytes();
    long headerIn = now - wire * in.psPerByte + 64 * in.psPerByte;
    long lastByteOut = now - wire * out.psPerByte;
    return Math.max(headerIn, lastByteOut) + forwardingPs;
  }

  int priorityOf(int dscp) {
    return dscpToPriority[dscp];
  }

  boolean isLossless(int priority) {
    return lossless[priority];
  }

  /**
   * ECN marking as a frame leaves: RED on the depth of its egress queue, the departing frame
   * included and frames still in the forwarding pipeline not.
   */
  void onDequeue(SwitchPort port, Packet p, long depth, long now) {
    int priority = p.priority;
    long kmin = ecnKmin[priority];
    if (!p.ect || depth <= kmin) {
      return;
    }
    long kmax = ecnKmax[priority];
    boolean mark =
        depth > kmax
            || (ecnRandom.nextLong() >>> (64 - ECN_SCALE_BITS))
                < ecnPmaxFixed[priority] * (depth - kmin) / (kmax - kmin);
    if (mark && !p.ce) {
      p.ce = true;
      net.counters.ecnMarks[port.gid * 8 + priority]++;
    }
  }

  /**
   * A data frame has left its queue for the wire: free its buffer (as it starts transmission, the
   * usual simplification), and resume the upstream if its group drained.
   */
  void onTransmitted(Packet p, long now) {
    if (p.kind != Packet.DATA) {
      return;
    }
    int priority = p.priority;
    if (lossless[priority]) {
      if (buffer.releaseLossless(p.ingressPort * 8 + priority, p.bufferBytes)) {
        sendPause(ports[p.ingressPort], priority, 0, now);
      }
    } else {
      // lossy frames were admitted at the egress queue they just left
      buffer.releaseLossy(p.egressPort * 8 + priority, p.bufferBytes);
    }
  }

  private void sendPause(SwitchPort port, int priority, int quanta, long now) {
    Packet pause = Packet.pause(priority, quanta);
    pause.readyPs = now;
    pause.arrivedPs = now;
    if (quanta > 0 && port.pauseRefreshAt == Long.MAX_VALUE) {
      port.pauseRefreshAt = now + refreshInterval(port);
    }
    if (port.sendControl(pause, now)) {
      net.counters.pausesSent[port.gid * 8 + priority]++;
    }
  }

  private static long refreshInterval(SwitchPort port) {
    return (long) XOFF_QUANTA * Port.QUANTUM_BYTES * port.psPerByte / 2;
  }

  /** Re-sends XOFF for every priority group of the port that is still congested. */
  void refreshPauses(SwitchPort port, long now) {
    port.pauseRefreshAt = Long.MAX_VALUE;
    for (int priority = 0; priority < 8; priority++) {
      if (lossless[priority] && buffer.isXoff(port.local * 8 + priority)) {
        sendPause(port, priority, XOFF_QUANTA, now);
      }
    }
  }

  /**
   * The port a frame leaves by: data frames as the load balancing chooses, others by hash.
   *
   * @return the port, or null if this switch has no route to the frame's destination
   */
  private SwitchPort route(Packet p, long now) {
    int[] hops = routes[p.dstNic];
    if (hops == null) {
      return null;
    }
    if (balancer != null && hops.length > 1 && p.kind == Packet.DATA) {
      return balancer.choose(p, hops, now);
    }
    return hashed(hops, p.hash, p.flow);
  }

  /**
   * The ports a flow-level stream of a queue pair leaves by towards a NIC, sharing its bytes
   * evenly: the port ECMP hashes it onto, or where the switch balances adaptively (flowlet, packet,
   * global), every live equal-cost port — the even spread its packets converge to under a long
   * flow, as the packet model's balancer never picks a port that is down.
   *
   * @param dstNic the destination NIC
   * @param hash the frames' 5-tuple hash
   * @param qp the queue pair
   * @return the ports; none if this switch has no route to the NIC or the ports are down
   */
  SwitchPort[] flowEgress(int dstNic, int hash, int qp) {
    int[] hops = routes[dstNic];
    if (hops == null) {
      return NO_PORTS;
    }
    if (balancer == null || hops.length == 1) {
      SwitchPort out = hashed(hops, hash, qp);
      return out.isDown() ? NO_PORTS : new SwitchPort[] {out};
    }
    List<SwitchPort> live = new ArrayList<>(hops.length);
    for (int hop : hops) {
      if (!ports[hop].isDown()) {
        live.add(ports[hop]);
      }
    }
    return live.toArray(SwitchPort[]::new);
  }

  private SwitchPort hashed(int[] hops, int hash, int qp) {
    if (hops.length == 1) {
      return ports[hops[0]];
    }
    int key = hashQp ? hash ^ Integer.rotateLeft(qp * 0x9E3779B1, 16) : hash;
    return ports[hops[Routing.select(key, ecmpSeed, hops.length)]];
  }
}
