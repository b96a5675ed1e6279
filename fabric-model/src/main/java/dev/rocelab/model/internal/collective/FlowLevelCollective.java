package dev.rocelab.model.internal.collective;

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
 * (same hash, same routes, links that are down or not yet rerouted around included), spread evenly
 * over the live equal-cost ports where a switch balances adaptively. The streams of a group (a
 * channel's ring, chain or tree) advance together, at the pace the group's most loaded link allows;
 * groups — this collective's and those of the run's other flow-level collectives — share links
 * max-min fairly ({@link FlowLevelShare}), NVLink counting as one link per GPU. Rates are
 * recomputed whenever a run starts or ends, a group finishes or a fault changes links or routes, so
 * link failures, flaps and reconvergence act on a running collective. A run lasts NCCL's base
 * latency plus the longer of its data time and its chain of step latencies.
 *
 * <p>Not modelled: queues, PFC, ECN, congestion control, losses and retransmissions — a group on a
 * path through a failed link simply stalls until routes move it.
 */
public final class FlowLevelCollective extends Component
    implements Network.TopologyListener, CollectiveDriver, FlowLevelShare.Member, CallRunner {

  private static final double PS_PER_SECOND = 1e12;
  private static final double DONE = 1e-12;

  private final Network net;
  private final CollectiveLayout layout;
  private final Map<Connection, int[]> queuePairsOf;
  private final RunSource source;

  /**
   * The sweep, when the runs are a collective's nccl-tests sweep (else calls of a communicator).
   */
  private final SweepTable table;

  private final FlowLevelShare share;

  /** Per rank: its GPU's NVLink among the shared links. */
  private final int[] nvlinkOf;

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
   * @param share the links it shares with the run's other flow-level collectives
   */
  public FlowLevelCollective(
      Network net,
      Workload.Collective collective,
      CollectiveLayout layout,
      Map<Connection, int[]> queuePairsOf,
      long startPs,
      FlowLevelShare share) {
    this(net, layout, queuePairsOf, new SweepTable(collective, layout), share);
    net.driverStarted();
    net.simulator().schedule(this, startPs);
  }

  /**
   * Runs a communicator's collectives as they are called ({@link CollectiveCalls#call}); it waits
   * until the first.
   *
   * @param net the network (the communicator's connections are queue pairs that never send)
   * @param calls the communicator's calls
   * @param queuePairsOf the queue pairs of each of its connections
   * @param share the links it shares with the run's other flow-level traffic
   */
  public FlowLevelCollective(
      Network net,
      CollectiveCalls calls,
      Map<Connection, int[]> queuePairsOf,
      FlowLevelShare share) {
    this(net, calls.layout(), queuePairsOf, calls, share);
    calls.runBy(this);
  }

  private FlowLevelCollective(
      Network net,
      CollectiveLayout layout,
      Map<Connection, int[]> queuePairsOf,
      RunSource source,
      FlowLevelShare share) {
    this.net = net;
    this.layout = layout;
    this.source = source;
    this.table = source instanceof SweepTable sweep ? sweep : null;
    this.queuePairsOf = Map.copyOf(queuePairsOf);
    this.share = share;
    this.nvlinkOf = new int[layout.size()];
    for (Rank rank : layout.ranks()) {
      nvlinkOf[rank.index()] = share.nvlink(rank, layout.nvlinkBitsPerSecond(rank.node()) / 8.0);
    }
    share.join(this);
    net.simulator().register(this);
    net.addTopologyListener(this);
  }

  @Override
  public Optional<CollectiveResult> result() {
    return table == null ? Optional.empty() : table.result();
  }

  @Override
  public void runNext(long now) {
    net.simulator().schedule(this, now);
  }

  @Override
  public void close(long now) {
    finished = true;
    net.simulator().cancel(this);
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

  /**
   * @return whether a run is under way (its groups take part in sharing the links)
   */
  @Override
  public boolean running() {
    return running;
  }

  @Override
  protected void wake(long now) {
    if (finished) {
      return;
    }
    if (!running) {
      if (source.hasRun()) {
        startRun(now);
        share.reshare(now);
      }
      return;
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
      share.reshare(now);
      return;
    }
    scheduleNext(now);
  }

  /**
   * Wakes when the next group finishes at the current rates; leaves a run whose groups are all done
   * waiting for its end.
   */
  @Override
  public void scheduleNext(long now) {
    if (allDone()) {
      return;
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
    } else {
      // every unfinished group is stalled behind a failure: wait for the topology to change
      net.simulator().cancel(this);
    }
  }

  /**
   * Adds this run's groups to those sharing the links: the links each loads, its bytes on each, and
   * whether it is out of the sharing (finished, or stalled behind a failure).
   */
  @Override
  public void addGroups(List<int[]> linksOf, List<double[]> loadsOf, List<Boolean> frozen) {
    if (loads == null) {
      computeLoads();
    }
    for (int g = 0; g < groups; g++) {
      linksOf.add(loadedLinks[g]);
      loadsOf.add(loads[g]);
      frozen.add(remaining[g] <= DONE || stalled[g]);
    }
  }

  /**
   * @param rates the rates of every group sharing the links, this run's from {@code from}
   * @param from where this run's groups start among them
   * @return where the next collective's groups start
   */
  @Override
  public int takeRates(double[] rates, int from) {
    rate = Arrays.copyOfRange(rates, from, from + groups);
    return from + groups;
  }

  private void startRun(long now) {
    run = source.current();
    edges = Algorithms.edges(run, layout, source.bytes());
    groups = edges.stream().mapToInt(Edge::group).max().orElse(-1) + 1;
    remaining = new double[groups];
    edgeQueuePairs = new int[edges.size()][];
    edgeWire = new double[edges.size()];
    for (int i = 0; i < edges.size(); i++) {
      Edge e = edges.get(i);
      remaining[e.group()] = 1;
      edgeQueuePairs[i] = e.nvlink() ? new int[0] : queuePairsOf.get(e.connection());
      edgeWire[i] = e.wireBytes(run, e.nvlink() ? 0 : net.mtu(edgeQueuePairs[i][0]));
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
  @Override
  public void progress(long now) {
    if (!running || now <= updatedPs) {
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
    int links = share.links();
    double[][] dense = new double[groups][links];
    stalled = new boolean[groups];
    for (int i = 0; i < edges.size(); i++) {
      Edge e = edges.get(i);
      if (e.nvlink()) {
        dense[e.group()][nvlinkOf[e.from()]] += edgeWire[i];
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
      FlowLevelShare.Load load = FlowLevelShare.Load.of(dense[g]);
      loadedLinks[g] = load.links();
      loads[g] = load.bytes();
    }
  }

  private void finishRun(long now) {
    running = false;
    switch (source.record(now - runStart, now)) {
      case RUN -> net.simulator().schedule(this, now);
      case DONE -> {
        finished = true;
        net.driverFinished();
        share.reshare(now);
      }
      case WAIT -> share.reshare(now);
    }
  }
}
