package dev.rocelab.model.internal.collective;

import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.model.internal.engine.Component;
import dev.rocelab.model.internal.engine.TimedInts;
import dev.rocelab.model.internal.net.MessageListener;
import dev.rocelab.model.internal.net.Network;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a collective's size sweep on the packet model the way nccl-tests runs it: for each size,
 * once out of place and once in place, back to back. Each run executes the collective's {@link
 * TransferPlan}: a transfer starts once the transfers it depends on are delivered, plus NCCL's step
 * latency; NVLink transfers take turns per channel at their GPU's NVLink port ({@link NvlinkPorts})
 * and move at its bandwidth; network transfers are RDMA messages on their connection's queue pairs,
 * at most {@link NcclConstants#STEPS} in flight per connection, and are delivered when their last
 * packet arrives in order. A transfer goes whole to the next queue pair in turn, or with {@code
 * splitDataOnQps} in equal parts to every queue pair (NCCL net_ib: {@code ceil(size / nQps)}
 * rounded up to 128 bytes each), delivered when every part is. The time of a run is from its call
 * to its last delivery.
 */
public final class CollectiveRunner extends Component
    implements MessageListener, CollectiveDriver, CallRunner {

  private static final int NEXT_RUN = -1;
  // other actions: a transfer or rank times ACTIONS plus what happens to it
  private static final int POST = 0;
  private static final int DELIVER = 1;
  private static final int PORT_FREE = 2;
  private static final int ACTIONS = 3;

  /** NCCL splits a message over queue pairs in multiples of this many bytes. */
  private static final long SPLIT_ALIGN = 128;

  private final Network net;
  private final CollectiveLayout layout;
  private final List<Connection> connections;
  private final int[][] queuePairs;
  private final int[] localOf;
  private final int[] connectionOfLocal;
  private final IntQueue[] sentOn;
  private final int[] inFlight;
  private final int[] nextQueuePair;
  private final IntQueue[] waiting;
  private final NvlinkPorts nvlink;
  private final TimedInts events = new TimedInts();
  private final RunSource source;

  /**
   * The sweep, when the runs are a collective's nccl-tests sweep (else calls of a communicator).
   */
  private final SweepTable table;

  /** The collective as the current run executes it: NCCL's algorithm and protocol for its size. */
  private Workload.Collective run;

  private TransferPlan plan;
  private int[] planToConnection;
  private int[] pending;

  /** Per transfer of the current run, the parts of it still on their way over the network. */
  private int[] partsLeft;

  private int remaining;
  private long runStart;
  private boolean finished;

  /**
   * Runs a collective's nccl-tests sweep.
   *
   * @param net the network, with the collective's connections among its queue pairs
   * @param collective the collective
   * @param layout where its ranks sit
   * @param queuePairsOf the queue pairs of each of its connections
   * @param startPs when it starts
   */
  public CollectiveRunner(
      Network net,
      Workload.Collective collective,
      CollectiveLayout layout,
      Map<Connection, int[]> queuePairsOf,
      long startPs) {
    this(net, collective, layout, queuePairsOf, new SweepTable(collective, layout));
    net.driverStarted();
    events.add(startPs, NEXT_RUN);
    net.simulator().schedule(this, startPs);
  }

  /**
   * Runs a communicator's collectives as they are called ({@link CollectiveCalls#call}); it waits
   * until the first, and its queue pairs stay open until {@link #close}.
   *
   * @param net the network, with the communicator's connections among its queue pairs
   * @param calls the communicator's calls
   * @param queuePairsOf the queue pairs of each of its connections
   */
  public CollectiveRunner(Network net, CollectiveCalls calls, Map<Connection, int[]> queuePairsOf) {
    this(net, calls.template(), calls.layout(), queuePairsOf, calls);
    calls.runBy(this);
  }

  private CollectiveRunner(
      Network net,
      Workload.Collective collective,
      CollectiveLayout layout,
      Map<Connection, int[]> queuePairsOf,
      RunSource source) {
    this.net = net;
    this.layout = layout;
    this.source = source;
    this.table = source instanceof SweepTable sweep ? sweep : null;
    this.connections = List.copyOf(queuePairsOf.keySet());
    this.queuePairs = new int[connections.size()][];
    this.localOf = new int[net.queuePairCount()];
    Arrays.fill(localOf, -1);
    List<Integer> locals = new ArrayList<>();
    for (int c = 0; c < connections.size(); c++) {
      queuePairs[c] = queuePairsOf.get(connections.get(c));
      for (int qp : queuePairs[c]) {
        localOf[qp] = locals.size();
        locals.add(c);
        net.listen(qp, this);
      }
    }
    this.connectionOfLocal = locals.stream().mapToInt(Integer::intValue).toArray();
    this.sentOn = new IntQueue[locals.size()];
    for (int i = 0; i < sentOn.length; i++) {
      sentOn[i] = new IntQueue();
    }
    this.inFlight = new int[connections.size()];
    this.nextQueuePair = new int[connections.size()];
    this.waiting = new IntQueue[connections.size()];
    for (int i = 0; i < waiting.length; i++) {
      waiting[i] = new IntQueue();
    }
    this.nvlink = new NvlinkPorts(layout.size(), layout.channels(collective));
    net.simulator().register(this);
  }

  @Override
  public Optional<CollectiveResult> result() {
    return table == null ? Optional.empty() : table.result();
  }

  /**
   * Starts the next run now: a communicator's next call, which has just been made while the runner
   * waited.
   *
   * @param now the time
   */
  @Override
  public void runNext(long now) {
    events.add(now, NEXT_RUN);
    reschedule();
  }

  /**
   * Closes a communicator's queue pairs: its job has ended.
   *
   * @param now the time
   */
  @Override
  public void close(long now) {
    if (!finished) {
      finished = true;
      completeQueuePairs(now);
      net.simulator().cancel(this);
    }
  }

  @Override
  protected void wake(long now) {
    while (!events.isEmpty() && events.nextTime() <= now) {
      int action = events.poll();
      if (action == NEXT_RUN) {
        startRun(now);
        continue;
      }
      int subject = action / ACTIONS;
      switch (action % ACTIONS) {
        case POST -> post(subject, now);
        case DELIVER -> complete(subject, now);
        default -> {
          nvlink.sent(subject);
          sendOverNvlink(subject, now);
        }
      }
    }
    reschedule();
  }

  @Override
  public void delivered(int queuePair, long now) {
    int local = localOf[queuePair];
    int transfer = sentOn[local].poll();
    if (--partsLeft[transfer] > 0) {
      return;
    }
    int connection = connectionOfLocal[local];
    inFlight[connection]--;
    if (!waiting[connection].isEmpty()) {
      send(connection, waiting[connection].poll(), now);
    }
    complete(transfer, now);
    reschedule();
  }

  private void startRun(long now) {
    if (!source.nextRunRepeatsLast()) {
      run = source.current();
      plan = Algorithms.plan(run, layout, source.bytes());
      planToConnection = new int[plan.connections().size()];
      for (int i = 0; i < planToConnection.length; i++) {
        planToConnection[i] = connections.indexOf(plan.connections().get(i));
        if (planToConnection[i] < 0) {
          throw new IllegalStateException(
              "connection " + plan.connections().get(i) + " was not set up");
        }
      }
    }
    runStart = now;
    remaining = plan.size();
    pending = new int[plan.size()];
    partsLeft = new int[plan.size()];
    long begin = now + NcclConstants.baseLatencyPs(run.algorithm(), run.protocol());
    for (int t = 0; t < plan.size(); t++) {
      pending[t] = plan.dependencies(t);
      if (pending[t] == 0) {
        ready(t, begin);
      }
    }
  }

  private void ready(int transfer, long at) {
    boolean network = plan.connection(transfer) != TransferPlan.NVLINK;
    events.add(
        at + NcclConstants.stepLatencyPs(run.algorithm(), run.protocol(), network),
        transfer * ACTIONS + POST);
  }

  private void post(int transfer, long now) {
    int over = plan.connection(transfer);
    if (over == TransferPlan.NVLINK) {
      int from = plan.from(transfer);
      nvlink.add(from, plan.channel(transfer), transfer);
      if (!nvlink.isSending(from)) {
        sendOverNvlink(from, now);
      }
      return;
    }
    int connection = planToConnection[over];
    if (inFlight[connection] < NcclConstants.STEPS) {
      send(connection, transfer, now);
    } else {
      waiting[connection].add(transfer);
    }
  }

  /** Starts the next transfer waiting at a GPU's NVLink port, if any. */
  private void sendOverNvlink(int rank, long now) {
    int transfer = nvlink.next(rank);
    if (transfer < 0) {
      return;
    }
    int node = layout.ranks().get(rank).node();
    double bytes =
        NcclConstants.nvlinkBytes(run.algorithm(), run.protocol(), plan.dataBytes(transfer));
    long done = now + (long) Math.ceil(bytes * 8e12 / layout.nvlinkBitsPerSecond(node));
    events.add(done, rank * ACTIONS + PORT_FREE);
    events.add(done + layout.nvlinkLatencyPs(node), transfer * ACTIONS + DELIVER);
  }

  private void send(int connection, int transfer, long now) {
    int[] qps = queuePairs[connection];
    long bytes = NcclConstants.wireBytes(run.protocol(), plan.dataBytes(transfer));
    inFlight[connection]++;
    if (!run.splitDataOnQps()) {
      post(qps[nextQueuePair[connection]++ % qps.length], transfer, bytes, now);
      return;
    }
    long part = (bytes + qps.length - 1) / qps.length;
    part = (part + SPLIT_ALIGN - 1) / SPLIT_ALIGN * SPLIT_ALIGN;
    for (int i = 0; i < qps.length && bytes > 0; i++) {
      long size = Math.min(part, bytes);
      post(qps[i], transfer, size, now);
      bytes -= size;
    }
  }

  private void post(int qp, int transfer, long bytes, long now) {
    sentOn[localOf[qp]].add(transfer);
    partsLeft[transfer]++;
    net.post(qp, bytes, now);
  }

  private void complete(int transfer, long now) {
    for (int i = plan.successorsFrom(transfer); i < plan.successorsTo(transfer); i++) {
      int next = plan.successor(i);
      if (--pending[next] == 0) {
        ready(next, now);
      }
    }
    if (--remaining == 0) {
      finishRun(now);
    }
  }

  private void finishRun(long now) {
    switch (source.record(now - runStart, now)) {
      case RUN -> events.add(now, NEXT_RUN);
      case DONE -> {
        finished = true;
        completeQueuePairs(now);
        net.driverFinished();
      }
      case WAIT -> {}
    }
  }

  private void completeQueuePairs(long now) {
    for (int[] qps : queuePairs) {
      for (int id : qps) {
        net.completeQueuePair(id, now);
      }
    }
  }

  private void reschedule() {
    if (finished || events.isEmpty()) {
      net.simulator().cancel(this);
    } else if (!isScheduled() || scheduledTime() != events.nextTime()) {
      net.simulator().schedule(this, Math.max(events.nextTime(), net.simulator().now()));
    }
  }
}
