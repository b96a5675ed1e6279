package dev.rocelab.model.internal.collective;

import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.model.internal.engine.Component;
import dev.rocelab.model.internal.net.Network;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A collective's size sweep at flow fidelity, for fabrics too large to simulate packet by packet.
 * The collective is its {@linkplain Algorithms#edges streams}: each network stream is split over
 * its connection's queue pairs, each following the ECMP path the switches would give its packets
 * (same hash, same routes, links that are down or not yet rerouted around included). The streams of
 * a group (a channel's ring, chain or tree) advance together, at the pace the group's most loaded
 * link allows; groups share links max-min fairly (progressive filling), NVLink counting as one link
 * per GPU. Rates are recomputed whenever a group finishes or a fault changes links or routes, so
 * link failures, flaps and reconvergence act on a running collective. A run lasts NCCL's base
 * latency plus the longer of its data time and its chain of step latencies.
 *
 * <p>Not modelled: queues, PFC, ECN, congestion control, losses and retransmissions — a group on a
 * path through a failed link simply stalls until routes move it.
 */
public final class FlowLevelCollective extends Component
    implements Network.TopologyListener, CollectiveDriver {

  private static final double PS_PER_SECOND = 1e12;
  private static final double DONE = 1e-12;

  private final Network net;
  private final Workload.Collective collective;
  private final CollectiveLayout layout;
  private final Map<Connection, int[]> queuePairsOf;
  private final SweepTable table;
  private final int links;
  private final double[] capacity;

  private List<Edge> edges;
  private int groups;
  private double[] remaining;
  private double[] rate;
  private long updatedPs;
  private long runStart;
  private long dataStart;
  private long earliestEnd;
  private boolean running;
  private boolean finished;

  /**
   * @param net the network (its collective connections are queue pairs that never send)
   * @param collective the collective
   * @param layout where its ranks sit
   * @param queuePairsOf the queue pairs of each of its connections
   * @param startPs when it starts
   */
  public FlowLevelCollective(
      Network net,
      Workload.Collective collective,
      CollectiveLayout layout,
      Map<Connection, int[]> queuePairsOf,
      long startPs) {
    this.net = net;
    this.collective = collective;
    this.layout = layout;
    this.table = new SweepTable(collective, layout.size());
    this.queuePairsOf = Map.copyOf(queuePairsOf);
    this.links = net.portCount() + layout.size();
    this.capacity = new double[links];
    for (int gid = 0; gid < net.portCount(); gid++) {
      capacity[gid] = PS_PER_SECOND / net.psPerByte(gid);
    }
    for (int rank = 0; rank < layout.size(); rank++) {
      capacity[net.portCount() + rank] =
          layout.nvlinkBitsPerSecond(layout.ranks().get(rank).node()) / 8.0;
    }
    net.simulator().register(this);
    net.addTopologyListener(this);
    net.collectiveStarted();
    net.simulator().schedule(this, startPs);
  }

  @Override
  public Optional<CollectiveResult> result() {
    return table.result();
  }

  @Override
  public void topologyChanged(long now) {
    if (running) {
      progress(now);
      rate = null;
      net.simulator().schedule(this, now);
    }
  }

  @Override
  protected void wake(long now) {
    if (finished) {
      return;
    }
    if (!running) {
      startRun(now);
    }
    progress(now);
    if (allDone()) {
      if (now >= earliestEnd) {
        finishRun(now);
        return;
      }
      net.simulator().schedule(this, earliestEnd);
      return;
    }
    if (rate == null || anyJustDone()) {
      rate = rates();
    }
    long from = Math.max(now, updatedPs);
    long next = Long.MAX_VALUE;
    for (int g = 0; g < groups; g++) {
      if (remaining[g] > DONE && rate[g] > 0) {
        next =
            Math.min(
                next, from + Math.max(1, (long) Math.ceil(remaining[g] / rate[g] * PS_PER_SECOND)));
      }
    }
    if (next != Long.MAX_VALUE) {
      net.simulator().schedule(this, next);
    }
    // else every unfinished group is stalled behind a failure: wait for the topology to change
  }

  private void startRun(long now) {
    edges = Algorithms.edges(collective, layout, table.bytes());
    groups = edges.stream().mapToInt(Edge::group).max().orElse(-1) + 1;
    remaining = new double[groups];
    for (Edge e : edges) {
      remaining[e.group()] = 1;
    }
    rate = null;
    runStart = now;
    dataStart = now + NcclConstants.baseLatencyPs(collective.algorithm(), collective.protocol());
    earliestEnd = now + Algorithms.latencyPs(collective, layout);
    updatedPs = dataStart;
    running = true;
  }

  /** Moves every group forward at its rate to {@code now}. */
  private void progress(long now) {
    if (now <= updatedPs) {
      return;
    }
    if (rate != null) {
      double seconds = (now - updatedPs) / PS_PER_SECOND;
      for (int g = 0; g < groups; g++) {
        remaining[g] = Math.max(0, remaining[g] - rate[g] * seconds);
      }
    }
    updatedPs = now;
  }

  private boolean allDone() {
    for (double r : remaining) {
      if (r > DONE) {
        return false;
      }
    }
    return true;
  }

  private boolean anyJustDone() {
    for (int g = 0; g < groups; g++) {
      if (remaining[g] <= DONE && rate[g] > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Each group's rate in fractions of the group per second: load per link from the streams' paths,
   * then progressive filling — raise every unfrozen group's rate together until a link is full,
   * freeze the groups on it, repeat.
   */
  private double[] rates() {
    double[][] load = new double[groups][];
    boolean[] frozen = new boolean[groups];
    for (int g = 0; g < groups; g++) {
      load[g] = new double[links];
      frozen[g] = remaining[g] <= DONE;
    }
    for (Edge e : edges) {
      if (frozen[e.group()]) {
        continue;
      }
      double wire = wireBytes(e);
      if (e.nvlink()) {
        load[e.group()][net.portCount() + e.from()] += wire;
        continue;
      }
      int[] qps = queuePairsOf.get(e.connection());
      for (int qp : qps) {
        if (!net.addRoute(qp, load[e.group()], wire / qps.length)) {
          frozen[e.group()] = true; // stalled: a path ends at a failed link or has no route
        }
      }
    }
    double[] rates = new double[groups];
    double[] used = new double[links];
    while (true) {
      double step = Double.MAX_VALUE;
      for (int l = 0; l < links; l++) {
        double demand = 0;
        for (int g = 0; g < groups; g++) {
          if (!frozen[g]) {
            demand += load[g][l];
          }
        }
        if (demand > 0) {
          step = Math.min(step, (capacity[l] - used[l]) / demand);
        }
      }
      if (step == Double.MAX_VALUE) {
        break;
      }
      for (int g = 0; g < groups; g++) {
        if (!frozen[g]) {
          rates[g] += step;
          for (int l = 0; l < links; l++) {
            used[l] += step * load[g][l];
          }
        }
      }
      for (int l = 0; l < links; l++) {
        if (used[l] >= capacity[l] * (1 - 1e-12)) {
          for (int g = 0; g < groups; g++) {
            if (load[g][l] > 0) {
              frozen[g] = true;
            }
          }
        }
      }
    }
    return rates;
  }

  private double wireBytes(Edge e) {
    double onWire =
        Math.max(
            e.dataBytes() / collective.protocol().efficiency(),
            NcclConstants.minimumWireBytes(collective.protocol()));
    if (e.nvlink()) {
      return onWire;
    }
    int[] qps = queuePairsOf.get(e.connection());
    long mtu = net.mtu(qps[0]);
    double packets = Math.ceil(onWire / mtu);
    return onWire + packets * (Framing.ROCE_HEADERS + Framing.WIRE_OVERHEAD);
  }

  private void finishRun(long now) {
    running = false;
    if (table.record(now - runStart)) {
      net.simulator().schedule(this, now);
    } else {
      finished = true;
      net.collectiveFinished();
    }
  }
}
