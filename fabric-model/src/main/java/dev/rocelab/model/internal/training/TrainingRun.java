package dev.rocelab.model.internal.training;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.HostProfile;
import dev.rocelab.api.result.TrainingResult;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.internal.collective.CollectiveCalls;
import dev.rocelab.model.internal.collective.CollectiveConnections;
import dev.rocelab.model.internal.collective.CollectiveLayout;
import dev.rocelab.model.internal.collective.CollectiveRunner;
import dev.rocelab.model.internal.collective.Connection;
import dev.rocelab.model.internal.collective.FlowLevelCollective;
import dev.rocelab.model.internal.collective.FlowLevelShare;
import dev.rocelab.model.internal.collective.FlowLevelTransfers;
import dev.rocelab.model.internal.engine.Simulator;
import dev.rocelab.model.internal.net.MessageListener;
import dev.rocelab.model.internal.net.Network;
import dev.rocelab.model.internal.traffic.FlowSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One training workload of a run on the packet model. Before the network is built it places the
 * ranks, plans every communicator's connections and one connection per pair of ranks that transfer
 * between hosts, and executes the step once without a network — communication taking no time —
 * which also proves the step can finish. On the network, collectives run through a {@link
 * CollectiveRunner} per communicator, transfers between hosts as RDMA writes on their pair's queue
 * pair, transfers inside a host as NVLink copies at the GPU's NVLink bandwidth. At flow fidelity a
 * {@link FlowLevelCollective} runs each communicator's collectives and {@link FlowLevelTransfers}
 * the transfers between hosts, both sharing links with the run's other flow-level traffic.
 */
public final class TrainingRun {

  private static final double PS_PER_SECOND = 1e12;

  private final Workload.Training training;
  private final StepGraph graph;
  private final List<CollectiveLayout.Gpu> gpuOf;
  private final CollectiveCalls[] calls;
  private final CollectiveConnections[] connections;
  private final Map<Long, Integer> flowOfPair = new LinkedHashMap<>();
  private final long[] nvlinkTransferPs;

  /** The step with communication taking no time. */
  private final long computeOnlyPs;

  private StepExecutor executor;

  /** The step on the ideal network: its time, and per operation when it started and ended. */
  private long idealStepPs = -1;

  private long[] idealStart;
  private long[] idealEnd;

  private TrainingRun(
      Workload.Training training, int index, FabricGraph fabric, List<FlowSpec> flows) {
    this.training = training;
    this.gpuOf = place(training, fabric);
    this.graph = new StepGraph(training.step(), slowdowns(training, gpuOf));
    int communicators = graph.groups.size();
    calls = new CollectiveCalls[communicators];
    connections = new CollectiveConnections[communicators];
    String name = "training#" + index;
    for (int c = 0; c < communicators; c++) {
      List<CollectiveLayout.Gpu> gpus = graph.groups.get(c).stream().map(gpuOf::get).toList();
      calls[c] = new CollectiveCalls(CollectiveLayout.ofGpus(fabric, gpus));
      List<Map.Entry<Workload.CollectiveOperation, DataSize>> made = new ArrayList<>();
      for (int n = graph.firstInstance[c]; n < end(c); n++) {
        made.add(Map.entry(graph.operationOf[n], graph.sizeOf[n]));
      }
      connections[c] =
          CollectiveConnections.plan(
              calls[c].template(),
              calls[c].layout(),
              calls[c].runs(made),
              name + " group" + c,
              fabric,
              flows);
    }
    nvlinkTransferPs = new long[graph.transfers()];
    for (int t = 0; t < graph.transfers(); t++) {
      CollectiveLayout.Gpu a = gpuOf.get(graph.from[t]);
      CollectiveLayout.Gpu b = gpuOf.get(graph.to[t]);
      if (a.host().equals(b.host())) {
        HostProfile host = fabric.hostProfileOf(a.host());
        nvlinkTransferPs[t] =
            (long)
                    Math.ceil(
                        graph.transferBytes[t]
                            * 8
                            * PS_PER_SECOND
                            / CollectiveLayout.nvlinkPayloadBitsPerSecond(host))
                + host.nvlinkLatency().picos();
        continue;
      }
      nvlinkTransferPs[t] = -1;
      Endpoint from = nic(fabric, a);
      Endpoint to = nic(fabric, b);
      long pair = pair(graph.from[t], graph.to[t]);
      if (!flowOfPair.containsKey(pair)) {
        flowOfPair.put(pair, flows.size());
        flows.add(
            new FlowSpec(
                flows.size(),
                name + " rank" + graph.from[t] + "→rank" + graph.to[t] + " " + from + "→" + to,
                from,
                to,
                0,
                0,
                1,
                fabric.nicProfileOf(from).roce().dscp(),
                training.start().picos(),
                0,
                Workload.Verb.WRITE,
                false));
      }
    }
    this.computeOnlyPs = withoutNetwork();
  }

  /**
   * Places a training workload's ranks and appends its connections to the run's flows.
   *
   * @param training the workload
   * @param index its index among the scenario's workloads, for flow names
   * @param fabric the fabric
   * @param flows the run's flows so far; its connections are appended
   * @return the planned run
   * @throws IllegalArgumentException if its hosts are not the fabric's or have too few GPUs, or its
   *     step cannot finish (ranks waiting for each other in a circle)
   */
  public static TrainingRun plan(
      Workload.Training training, int index, FabricGraph fabric, List<FlowSpec> flows) {
    return new TrainingRun(training, index, fabric, flows);
  }

  /**
   * Starts the steps on the network built with the planned flows.
   *
   * @param net the network
   * @param share the links flow-level traffic shares, for a job at flow fidelity
   */
  public void start(Network net, FlowLevelShare share) {
    NetworkTransport transport = new NetworkTransport(net, share);
    executor =
        new StepExecutor(
            net.simulator(), graph, training.steps(), training.start().picos(), transport::close);
    executor.use(transport);
    net.driverStarted();
  }

  /**
   * @return the steps finished so far
   */
  public int finishedSteps() {
    return executor == null ? 0 : executor.stepTimes().size();
  }

  /**
   * @return the workload
   */
  public Workload.Training training() {
    return training;
  }

  /**
   * @return the hosts its ranks sit on, in placement order
   */
  public List<String> hosts() {
    return gpuOf.stream().map(CollectiveLayout.Gpu::host).distinct().toList();
  }

  /**
   * Takes the ideal step from a run of the same workload on the ideal network, if it finished one.
   *
   * @param ideal the run on the ideal network
   */
  public void compareWith(TrainingRun ideal) {
    if (ideal.executor != null && ideal.executor.lastStart() != null) {
      idealStepPs = ideal.executor.stepTimes().get(0);
      idealStart = ideal.executor.lastStart();
      idealEnd = ideal.executor.lastEnd();
    }
  }

  /**
   * @return what the steps took so far, with the compute-only step and, once measured, the ideal
   *     one
   */
  public TrainingResult result() {
    List<SimTime> steps = executor.stepTimes().stream().map(SimTime::picos).toList();
    boolean compared = executor.lastStart() != null && idealStart != null;
    return new TrainingResult(
        graph.step.name(),
        graph.step.ranks(),
        steps,
        SimTime.picos(computeOnlyPs),
        idealStepPs < 0 ? Optional.empty() : Optional.of(SimTime.picos(idealStepPs)),
        compared ? StepTimes.operations(graph, executor, idealStart, idealEnd) : List.of(),
        StepTimes.timeline(graph, executor));
  }

  /** Runs one step without a network, communication taking no time; returns how long it took. */
  private long withoutNetwork() {
    Simulator sim = new Simulator();
    StepExecutor run = new StepExecutor(sim, graph, 1, 0, now -> {});
    run.use(
        new StepExecutor.Transport() {
          @Override
          public void startCollective(int instance, long now) {
            run.collectiveDone(instance, now);
          }

          @Override
          public void startTransfer(int transfer, long now) {
            run.transferDone(transfer, now);
          }
        });
    sim.runUntil(Long.MAX_VALUE);
    if (!run.finished()) {
      throw new IllegalArgumentException(
          training.describe() + " cannot finish a step: " + StepTimes.stuck(graph, run.waiting()));
    }
    return run.stepTimes().get(0);
  }

  private int end(int communicator) {
    return communicator + 1 == graph.firstInstance.length
        ? graph.instances()
        : graph.firstInstance[communicator + 1];
  }

  /** The GPUs of the placement's hosts in order, one per rank. */
  private static List<CollectiveLayout.Gpu> place(Workload.Training training, FabricGraph fabric) {
    List<String> hosts =
        CollectiveLayout.placedHosts(fabric, training.hosts(), training.describe()).stream()
            .map(Device::name)
            .toList();
    List<CollectiveLayout.Gpu> gpus = new ArrayList<>();
    for (String host : hosts) {
      for (int g = 0; g < fabric.hostProfileOf(host).gpus(); g++) {
        if (gpus.size() < training.step().ranks()) {
          gpus.add(new CollectiveLayout.Gpu(host, g));
        }
      }
    }
    if (gpus.size() < training.step().ranks()) {
      throw new IllegalArgumentException(
          training.describe()
              + " needs "
              + training.step().ranks()
              + " GPUs but "
              + (training.hosts().isEmpty()
                  ? "fabric " + fabric.spec().name() + " has "
                  : "its hosts have ")
              + gpus.size());
    }
    return List.copyOf(gpus);
  }

  /** Per rank, how many times as long its compute takes: its GPU's slowdown, or 1. */
  private static double[] slowdowns(Workload.Training training, List<CollectiveLayout.Gpu> gpus) {
    double[] slowdown = new double[gpus.size()];
    Arrays.fill(slowdown, 1);
    for (Workload.SlowGpu slow : training.slowGpus()) {
      int rank = gpus.indexOf(new CollectiveLayout.Gpu(slow.host(), slow.gpu()));
      if (rank < 0) {
        throw new IllegalArgumentException(
            training.describe() + ": the slow " + slow + " is not one of the job's GPUs");
      }
      slowdown[rank] = slow.slowdown();
    }
    return slowdown;
  }

  private static Endpoint nic(FabricGraph fabric, CollectiveLayout.Gpu gpu) {
    return new Endpoint(
        gpu.host(), "nic" + fabric.hostProfileOf(gpu.host()).gpuToNic().get(gpu.index()));
  }

  private static long pair(int from, int to) {
    return ((long) from << 32) | to;
  }

  /** Communication over the network, at the job's fidelity. */
  private final class NetworkTransport implements StepExecutor.Transport, MessageListener {
    private final Network net;
    private final int[] queuePairOf;

    /** Per queue pair of a pair of ranks, its transfers on their way, in order (packet level). */
    private final Map<Integer, ArrayDeque<Integer>> inFlight = new LinkedHashMap<>();

    /** The transfers between hosts at flow level, or null at packet level. */
    private final FlowLevelTransfers flowLevel;

    NetworkTransport(Network net, FlowLevelShare share) {
      this.net = net;
      boolean flows = training.fidelity() == Fidelity.FLOW;
      for (int c = 0; c < calls.length; c++) {
        calls[c].listen((instance, now) -> executor.collectiveDone(instance, now));
        Map<Connection, int[]> queuePairs = connections[c].queuePairs(net);
        if (flows) {
          new FlowLevelCollective(net, calls[c], queuePairs, share);
        } else {
          new CollectiveRunner(net, calls[c], queuePairs);
        }
      }
      this.flowLevel =
          flows
              ? new FlowLevelTransfers(net, share, (t, now) -> executor.transferDone(t, now))
              : null;
      Map<Integer, Integer> qpOfFlow = new HashMap<>();
      for (int qp = 0; qp < net.queuePairCount(); qp++) {
        qpOfFlow.putIfAbsent(net.flowOf(qp), qp);
      }
      queuePairOf = new int[graph.transfers()];
      for (int t = 0; t < graph.transfers(); t++) {
        Integer flow = flowOfPair.get(pair(graph.from[t], graph.to[t]));
        queuePairOf[t] = flow == null ? -1 : qpOfFlow.get(flow);
      }
      for (int flow : flowOfPair.values()) {
        int qp = qpOfFlow.get(flow);
        net.listen(qp, this);
        inFlight.put(qp, new ArrayDeque<>());
      }
    }

    @Override
    public void startCollective(int instance, long now) {
      calls[graph.communicatorOf[instance]].call(
          instance, graph.operationOf[instance], graph.sizeOf[instance], now);
    }

    @Override
    public void startTransfer(int transfer, long now) {
      if (queuePairOf[transfer] < 0) {
        executor.transferDone(transfer, now + nvlinkTransferPs[transfer]);
        return;
      }
      int qp = queuePairOf[transfer];
      if (flowLevel != null) {
        flowLevel.start(transfer, qp, graph.transferBytes[transfer], now);
        return;
      }
      inFlight.get(qp).add(transfer);
      net.post(qp, graph.transferBytes[transfer], now);
    }

    @Override
    public void delivered(int queuePair, long now) {
      executor.transferDone(inFlight.get(queuePair).poll(), now);
    }

    /** Closes every connection of the job: its last step has finished. */
    void close(long now) {
      for (CollectiveCalls c : calls) {
        c.close(now);
      }
      for (int qp : inFlight.keySet()) {
        net.completeQueuePair(qp, now);
      }
      net.driverFinished();
    }
  }
}
