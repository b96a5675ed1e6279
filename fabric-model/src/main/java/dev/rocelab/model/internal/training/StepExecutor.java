package dev.rocelab.model.internal.training;

import dev.rocelab.model.internal.engine.Component;
import dev.rocelab.model.internal.engine.Simulator;
import dev.rocelab.model.internal.engine.TimedInts;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Executes a training job's steps: an operation is issued once the operations it comes after have
 * finished; a rank's GPU runs one compute at a time, in the order they were issued; a collective
 * starts once every rank of its group has issued it and the group's earlier collectives have
 * finished (one NCCL communicator, one stream); a transfer starts once its send and its receive are
 * both issued. How long communication takes is the {@link Transport}'s business: the network, or a
 * fixed time. The next step starts when every operation of the last one has finished.
 */
final class StepExecutor extends Component {

  /** Moves a step's communication. It tells the executor when each has finished. */
  interface Transport {
    /**
     * @param instance a collective instance to run now
     * @param now the time
     */
    void startCollective(int instance, long now);

    /**
     * @param transfer a transfer to start now
     * @param now the time
     */
    void startTransfer(int transfer, long now);
  }

  private static final int COMPUTE_DONE = 0;
  private static final int COLLECTIVE_DONE = 1;
  private static final int TRANSFER_DONE = 2;
  private static final int NEXT_STEP = 3;
  private static final int KINDS = 4;

  private final Simulator sim;
  private final StepGraph graph;
  private final int steps;
  private final TimedInts events = new TimedInts();
  private final LongConsumer onFinished;
  private Transport transport;

  private final int[] pending;
  private final int[] arrived;
  private final boolean[] sendIssued;
  private final boolean[] recvIssued;
  private final int[] nextCall;
  private final boolean[] communicatorBusy;
  private final boolean[] gpuBusy;
  private final List<ArrayDeque<Integer>> gpuQueue = new ArrayList<>();
  private final long[] startPs;
  private final long[] endPs;
  private final boolean[] opDone;
  private final List<Long> stepTimes = new ArrayList<>();
  private long[] lastStart;
  private long[] lastEnd;
  private long stepStart;
  private int done;
  private boolean finished;

  /**
   * @param sim the engine it runs on
   * @param graph the step
   * @param steps how many steps
   * @param firstStepPs when the first starts
   * @param onFinished told when the last step has finished
   */
  StepExecutor(
      Simulator sim, StepGraph graph, int steps, long firstStepPs, LongConsumer onFinished) {
    this.sim = sim;
    this.graph = graph;
    this.steps = steps;
    this.onFinished = onFinished;
    pending = new int[graph.ops];
    arrived = new int[graph.instances()];
    sendIssued = new boolean[graph.transfers()];
    recvIssued = new boolean[graph.transfers()];
    nextCall = new int[graph.groups.size()];
    communicatorBusy = new boolean[graph.groups.size()];
    int ranks = graph.step.ranks();
    gpuBusy = new boolean[ranks];
    for (int r = 0; r < ranks; r++) {
      gpuQueue.add(new ArrayDeque<>());
    }
    startPs = new long[graph.ops];
    endPs = new long[graph.ops];
    opDone = new boolean[graph.ops];
    sim.register(this);
    events.add(firstStepPs, NEXT_STEP);
    sim.schedule(this, firstStepPs);
  }

  void use(Transport transport) {
    this.transport = transport;
  }

  /**
   * Tells the executor a collective instance has finished.
   *
   * @param instance the instance
   * @param at when
   */
  void collectiveDone(int instance, long at) {
    later(at, instance * KINDS + COLLECTIVE_DONE);
  }

  /**
   * Tells the executor a transfer has finished (its data arrived).
   *
   * @param transfer the transfer
   * @param at when
   */
  void transferDone(int transfer, long at) {
    later(at, transfer * KINDS + TRANSFER_DONE);
  }

  private void later(long at, int event) {
    events.add(at, event);
    reschedule();
  }

  @Override
  protected void wake(long now) {
    while (!events.isEmpty() && events.nextTime() <= now) {
      int event = events.poll();
      int subject = event / KINDS;
      switch (event % KINDS) {
        case COMPUTE_DONE -> {
          gpuBusy[graph.rank[subject]] = false;
          finish(subject, now);
          runGpu(graph.rank[subject], now);
        }
        case COLLECTIVE_DONE -> {
          int c = graph.communicatorOf[subject];
          communicatorBusy[c] = false;
          nextCall[c]++;
          for (int op : graph.instanceOps[subject]) {
            finish(op, now);
          }
          startCollectives(c, now);
        }
        case TRANSFER_DONE -> {
          finish(graph.sendOp[subject], now);
          finish(graph.recvOp[subject], now);
        }
        default -> startStep(now);
      }
    }
    reschedule();
  }

  private void startStep(long now) {
    stepStart = now;
    done = 0;
    System.arraycopy(graph.indegree, 0, pending, 0, graph.ops);
    Arrays.fill(arrived, 0);
    Arrays.fill(sendIssued, false);
    Arrays.fill(recvIssued, false);
    Arrays.fill(nextCall, 0);
    Arrays.fill(opDone, false);
    for (int op = 0; op < graph.ops; op++) {
      if (pending[op] == 0) {
        issue(op, now);
      }
    }
  }

  private void issue(int op, long now) {
    switch (graph.kind[op]) {
      case StepGraph.COMPUTE -> {
        int rank = graph.rank[op];
        gpuQueue.get(rank).add(op);
        runGpu(rank, now);
      }
      case StepGraph.COLLECTIVE -> {
        int instance = graph.instanceOf[op];
        if (++arrived[instance] == graph.instanceOps[instance].length) {
          startCollectives(graph.communicatorOf[instance], now);
        }
      }
      default -> {
        int t = graph.transferOf[op];
        if (graph.kind[op] == StepGraph.SEND) {
          sendIssued[t] = true;
        } else {
          recvIssued[t] = true;
        }
        if (sendIssued[t] && recvIssued[t]) {
          startPs[graph.sendOp[t]] = now;
          startPs[graph.recvOp[t]] = now;
          transport.startTransfer(t, now);
        }
      }
    }
  }

  private void runGpu(int rank, long now) {
    if (gpuBusy[rank] || gpuQueue.get(rank).isEmpty()) {
      return;
    }
    int op = gpuQueue.get(rank).poll();
    gpuBusy[rank] = true;
    startPs[op] = now;
    events.add(now + graph.durationPs[op], op * KINDS + COMPUTE_DONE);
  }

  /** Starts a communicator's next collective if every rank has issued it and it is free. */
  private void startCollectives(int c, long now) {
    int instance = graph.firstInstance[c] + nextCall[c];
    boolean last = c + 1 == graph.firstInstance.length;
    int end = last ? graph.instances() : graph.firstInstance[c + 1];
    if (communicatorBusy[c]
        || instance >= end
        || arrived[instance] < graph.instanceOps[instance].length) {
      return;
    }
    communicatorBusy[c] = true;
    for (int op : graph.instanceOps[instance]) {
      startPs[op] = now;
    }
    transport.startCollective(instance, now);
  }

  private void finish(int op, long now) {
    endPs[op] = now;
    opDone[op] = true;
    for (int i = graph.successorsFrom[op]; i < graph.successorsFrom[op + 1]; i++) {
      int next = graph.successors[i];
      if (--pending[next] == 0) {
        issue(next, now);
      }
    }
    if (++done == graph.ops) {
      endStep(now);
    }
  }

  private void endStep(long now) {
    stepTimes.add(now - stepStart);
    lastStart = new long[graph.ops];
    lastEnd = new long[graph.ops];
    for (int op = 0; op < graph.ops; op++) {
      lastStart[op] = startPs[op] - stepStart;
      lastEnd[op] = endPs[op] - stepStart;
    }
    if (stepTimes.size() < steps) {
      events.add(now, NEXT_STEP);
    } else {
      finished = true;
      onFinished.accept(now);
    }
  }

  private void reschedule() {
    if (events.isEmpty()) {
      sim.cancel(this);
    } else if (!isScheduled() || scheduledTime() != events.nextTime()) {
      sim.schedule(this, Math.max(events.nextTime(), sim.now()));
    }
  }

  /**
   * @return how long each finished step took, in picoseconds
   */
  List<Long> stepTimes() {
    return List.copyOf(stepTimes);
  }

  /**
   * @return whether every step has finished
   */
  boolean finished() {
    return finished;
  }

  /**
   * @return per operation of the last finished step, when it started, from the step's start; null
   *     before the first step finished
   */
  long[] lastStart() {
    return lastStart;
  }

  /**
   * @return per operation of the last finished step, when it ended, from the step's start
   */
  long[] lastEnd() {
    return lastEnd;
  }

  /**
   * @return the operations of the current step that were issued but have not finished, for saying
   *     where a step is stuck
   */
  List<Integer> waiting() {
    List<Integer> open = new ArrayList<>();
    for (int op = 0; op < graph.ops; op++) {
      if (pending[op] == 0 && !opDone[op]) {
        open.add(op);
      }
    }
    return open;
  }
}
