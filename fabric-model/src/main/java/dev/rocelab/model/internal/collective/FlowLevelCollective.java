package dev.rocelab.model.internal.collective;

import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.model.internal.engine.Component;
import dev.rocelab.model.internal.net.Network;
import java.util.Arrays;
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
  private final CollectiveLayout layout;
  private final Map<Connection, int[]> queuePairsOf;
  private final SweepTable table;
  private final int links;
  private final double[] capacity;

  /** The collective as the current run executes it: NCCL's algorithm and protocol for its size. */
  private Workload.Collective run;

  private List<Edge> edges;

  /** Per edge of the current run: its connection's queue pairs (none over NVLink). */
  private int[][] edgeQueuePairs;

  /** Per edge of the current run: the bytes it puts on its links, headers included. */
  private double[] edgeWire;

  private int groups;

  /**
   * Per group: the links it loads, in index order, and its wire bytes on each; null until needed.
   */
  private int[][] loadedLinks;

  private double[][] loads;

  /** Per group: whether a stream's path ends at a failed link or has no route. */
  private boolean[] stalled;

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
    this.layout = layout;
    this.table = new SweepTable(collective, layout);
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
      loads = null;
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
    run = table.current();
    edges = Algorithms.edges(run, layout, table.bytes());
    groups = edges.stream().mapToInt(Edge::group).max().orElse(-1) + 1;
    remaining = new double[groups];
    edgeQueuePairs = new int[edges.size()][];
    edgeWire = new double[edges.size()];
    for (int i = 0; i < edges.size(); i++) {
      Edge e = edges.get(i);
      remaining[e.group()] = 1;
      edgeQueuePairs[i] = e.nvlink() ? new int[0] : queuePairsOf.get(e.connection());
      edgeWire[i] = wireBytes(e, edgeQueuePairs[i]);
    }
    rate = null;
    loads = null;
    runStart = now;
    dataStart = now + NcclConstants.baseLatencyPs(run.algorithm(), run.protocol());
    earliestEnd = now + Algorithms.latencyPs(run, layout);
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
   * Each group's load per link, in wire bytes per whole group, from its streams' paths: kept as the
   * links it uses and the bytes on each, in link order. A group with a stream whose path ends at a
   * failed link or has no route is stalled.
   */
  private void computeLoads() {
    double[][] dense = new double[groups][links];
    stalled = new boolean[groups];
    for (int i = 0; i < edges.size(); i++) {
      Edge e = edges.get(i);
      if (e.nvlink()) {
        dense[e.group()][net.portCount() + e.from()] += edgeWire[i];
        continue;
      }
      int[] qps = edgeQueuePairs[i];
      for (int qp : qps) {
        if (!net.addRoute(qp, dense[e.group()], edgeWire[i] / qps.length)) {
          stalled[e.group()] = true;
        }
      }
    }
    loadedLinks = new int[groups][];
    loads = new double[groups][];
    for (int g = 0; g < groups; g++) {
      int count = 0;
      for (double bytes : dense[g]) {
        if (bytes > 0) {
          count++;
        }
      }
      loadedLinks[g] = new int[count];
      loads[g] = new double[count];
      for (int l = 0, k = 0; l < links; l++) {
        if (dense[g][l] > 0) {
          loadedLinks[g][k] = l;
          loads[g][k++] = dense[g][l];
        }
      }
    }
  }

  /**
   * Each group's rate in fractions of the group per second: progressive filling over the groups'
   * loads — raise every unfrozen group's rate together until a link is full, freeze the groups on
   * it, repeat. Finished and stalled groups are frozen from the start.
   */
  private double[] rates() {
    if (loads == null) {
      computeLoads();
    }
    boolean[] frozen = new boolean[groups];
    for (int g = 0; g < groups; g++) {
      frozen[g] = remaining[g] <= DONE || stalled[g];
    }
    double[] rates = new double[groups];
    double[] used = new double[links];
    double[] demand = new double[links];
    while (true) {
      Arrays.fill(demand, 0);
      for (int g = 0; g < groups; g++) {
        if (!frozen[g]) {
          for (int k = 0; k < loads[g].length; k++) {
            demand[loadedLinks[g][k]] += loads[g][k];
          }
        }
      }
      double step = Double.MAX_VALUE;
      for (int l = 0; l < links; l++) {
        if (demand[l] > 0) {
          step = Math.min(step, (capacity[l] - used[l]) / demand[l]);
        }
      }
      if (step == Double.MAX_VALUE) {
        break;
      }
      for (int g = 0; g < groups; g++) {
        if (!frozen[g]) {
          rates[g] += step;
          for (int k = 0; k < loads[g].length; k++) {
            used[loadedLinks[g][k]] += step * loads[g][k];
          }
        }
      }
      boolean[] full = new boolean[groups];
      for (int g = 0; g < groups; g++) {
        for (int l : loadedLinks[g]) {
          if (used[l] >= capacity[l] * (1 - 1e-12)) {
            full[g] = true;
            break;
          }
        }
      }
      for (int g = 0; g < groups; g++) {
        frozen[g] |= full[g];
      }
    }
    return rates;
  }

  private double wireBytes(Edge e, int[] queuePairs) {
    double onWire =
        Math.max(
            e.dataBytes() / run.protocol().efficiency(),
            NcclConstants.minimumWireBytes(run.protocol()));
    if (e.nvlink()) {
      return onWire;
    }
    long mtu = net.mtu(queuePairs[0]);
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
