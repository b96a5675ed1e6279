package dev.rocelab.model.internal.net;

import dev.rocelab.api.backend.RunLimits;
import dev.rocelab.api.backend.RunProgress;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.DropRecord;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.internal.collective.CollectiveConnections;
import dev.rocelab.model.internal.collective.CollectiveDriver;
import dev.rocelab.model.internal.collective.CollectiveRunner;
import dev.rocelab.model.internal.collective.FlowLevelCollective;
import dev.rocelab.model.internal.collective.FlowLevelShare;
import dev.rocelab.model.internal.telemetry.DropLog;
import dev.rocelab.model.internal.telemetry.PortCounters;
import dev.rocelab.model.internal.traffic.FlowSpec;
import dev.rocelab.model.internal.traffic.TrafficPlan;
import dev.rocelab.model.internal.training.IdealFabric;
import dev.rocelab.model.internal.training.TrainingRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * One run of a scenario on the model: builds the network (with a {@link CollectiveRunner} per
 * collective, whose connections follow the other flows), runs the engine until every flow has
 * completed and every collective finished its sweep, the scenario's duration is reached, or the
 * wall-clock bound passes, and assembles the {@link RunResult}.
 */
public final class Simulation {

  /** Simulated time run between two looks at the wall clock. */
  private static final long SLICE_PS = 100_000_000L;

  private final FabricGraph graph;
  private final Scenario scenario;
  private final List<FlowSpec> flows;
  private final Network net;
  private final Sampler sampler;
  private final List<CollectiveDriver> runners = new ArrayList<>();
  private final List<TrainingRun> trainings = new ArrayList<>();

  /** Whether the training jobs' ideal steps have been measured (or need not be). */
  private boolean trainingsCompared;

  private StopReason stopReason;

  /** Real time spent in earlier calls to {@link #advance}, and when the current one started. */
  private long wallNanos;

  private long callStarted;
  private boolean advancing;

  /**
   * Builds the simulation, its series within {@link RunLimits#seriesMemory()}.
   *
   * @param graph the fabric
   * @param scenario the scenario
   */
  public Simulation(FabricGraph graph, Scenario scenario) {
    this(graph, scenario, RunLimits.seriesMemory());
  }

  /**
   * Builds the simulation.
   *
   * @param graph the fabric
   * @param scenario the scenario
   * @param seriesMemory the memory its time series may take; beyond it they are downsampled
   */
  public Simulation(FabricGraph graph, Scenario scenario, DataSize seriesMemory) {
    this(graph, scenario, seriesMemory, true);
  }

  /**
   * @param comparesTrainings whether its training jobs are compared with an ideal network (false
   *     for the run on the ideal network itself)
   */
  private Simulation(
      FabricGraph graph, Scenario scenario, DataSize seriesMemory, boolean comparesTrainings) {
    this.graph = graph;
    this.trainingsCompared = !comparesTrainings;
    this.scenario = scenario;
    List<FlowSpec> planned = new ArrayList<>(TrafficPlan.of(scenario, graph));
    List<CollectiveConnections> collectives = new ArrayList<>();
    List<Workload> workloads = scenario.workloads();
    for (int i = 0; i < workloads.size(); i++) {
      if (workloads.get(i) instanceof Workload.Collective c) {
        collectives.add(CollectiveConnections.plan(c, i, graph, planned));
      } else if (workloads.get(i) instanceof Workload.Training t) {
        trainings.add(TrainingRun.plan(t, i, graph, planned));
      }
    }
    this.flows = List.copyOf(planned);
    this.net =
        new NetworkBuilder(graph, flows, scenario.seed(), NicOverrides.atStart(scenario.faults()))
            .build();
    FlowLevelShare share = new FlowLevelShare(net);
    for (CollectiveConnections c : collectives) {
      long start = c.collective().start().picos();
      runners.add(
          c.collective().fidelity() == Fidelity.FLOW
              ? new FlowLevelCollective(
                  net, c.collective(), c.layout(), c.queuePairs(net), start, share)
              : new CollectiveRunner(net, c.collective(), c.layout(), c.queuePairs(net), start));
    }
    trainings.forEach(t -> t.start(net, share));
    // a flow-level run has no packets to sample
    this.sampler =
        flowLevelOnly(scenario)
            ? null
            : new Sampler(
                net,
                scenario.sampleInterval().picos(),
                flows,
                seriesMemory.bytes(),
                FaultInjector.opticWires(net, scenario.faults()));
    new FaultInjector(net, scenario.faults(), graph.spec().firmwareRegistry());
  }

  /**
   * @param scenario a scenario
   * @return whether all its workloads are collectives or training jobs at flow fidelity (which
   *     cannot share the fabric with packet-level traffic: they would not see it)
   * @throws IllegalArgumentException if flow-level workloads are mixed with other workloads
   */
  public static boolean flowLevelOnly(Scenario scenario) {
    long flowLevel =
        scenario.workloads().stream()
            .filter(
                w ->
                    w instanceof Workload.Collective c && c.fidelity() == Fidelity.FLOW
                        || w instanceof Workload.Training t && t.fidelity() == Fidelity.FLOW)
            .count();
    if (flowLevel > 0 && flowLevel < scenario.workloads().size()) {
      throw new IllegalArgumentException(
          "collectives and training jobs at flow fidelity run alone: "
              + scenario.describe()
              + " mixes them with packet-level traffic, which they would not see");
    }
    return flowLevel > 0;
  }

  /**
   * Runs to the end.
   *
   * @param wallClockLimit the longest the whole run may take in real time
   * @return why it stopped
   */
  public StopReason run(Duration wallClockLimit) {
    return run(wallClockLimit, () -> {});
  }

  /**
   * Runs to the end, calling back between slices of simulated time (for observers such as a heap
   * sampler or a progress report; the callback must not touch the simulation).
   *
   * @param wallClockLimit the longest the whole run may take in real time
   * @param betweenSlices called after every slice of simulated time
   * @return why it stopped
   */
  public StopReason run(Duration wallClockLimit, Runnable betweenSlices) {
    advance(scenario.duration().picos(), wallClockLimit, betweenSlices);
    return stopReason;
  }

  /**
   * Runs until a simulated time, or less if the run ends before it.
   *
   * @param targetPs the simulated time to reach, in picoseconds
   * @param wallClockLimit the longest the whole run may take in real time: what earlier calls took
   *     counts against it
   * @param betweenSlices called after every slice of simulated time
   * @return true once the run has ended (see {@link #stopReason()})
   */
  public boolean advance(long targetPs, Duration wallClockLimit, Runnable betweenSlices) {
    callStarted = System.nanoTime();
    advancing = true;
    long deadline = callStarted + wallClockLimit.toNanos() - wallNanos;
    long end = scenario.duration().picos();
    long target = Math.min(targetPs, end);
    try {
      if (!trainingsCompared) {
        trainingsCompared = true;
        compareTrainings(deadline);
      }
      while (stopReason == null && net.sim.now() < target) {
        net.sim.runUntil(Math.min(target, net.sim.now() + SLICE_PS));
        betweenSlices.run();
        if (net.allComplete()) {
          stopReason = StopReason.COMPLETED;
        } else if (net.deadlocked) {
          stopReason = StopReason.DEADLOCK;
        } else if (net.sim.now() >= end) {
          stopReason = StopReason.DURATION_REACHED;
        } else if (System.nanoTime() > deadline) {
          stopReason = StopReason.WALL_CLOCK_LIMIT;
        }
      }
    } finally {
      wallNanos += System.nanoTime() - callStarted;
      advancing = false;
    }
    return stopReason != null;
  }

  /**
   * Runs each training job alone for one step on its ideal network ({@link IdealFabric}): its hosts
   * on one non-blocking switch, no faults, no other traffic.
   */
  private void compareTrainings(long deadline) {
    for (TrainingRun training : trainings) {
      Workload.Training job = training.training();
      Scenario alone =
          new Scenario(
              scenario.name() + " · ideal network",
              List.of(
                  new Workload.Training(
                      job.step(), 1, List.of(), job.start(), job.slowGpus(), job.fidelity())),
              List.of(),
              scenario.duration(),
              scenario.seed(),
              scenario.duration(),
              scenario.completion());
      Simulation ideal =
          new Simulation(
              FabricGraph.of(IdealFabric.of(graph, training.hosts())),
              alone,
              DataSize.kib(64),
              false);
      ideal.run(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
      training.compareWith(ideal.trainings.get(0));
    }
  }

  /**
   * A callback for between slices that tells {@code progress} how far the run has come, once {@code
   * every} of real time has passed since the last time (or since the callback was made).
   *
   * @param every how often, > 0
   * @param progress told of the progress
   * @return the callback, for {@link #run(Duration, Runnable)} or {@link #advance(long, Duration,
   *     Runnable)}
   */
  public Runnable progressReporter(Duration every, Consumer<RunProgress> progress) {
    long period = every.toNanos();
    if (period <= 0) {
      throw new IllegalArgumentException("every must be > 0 but was " + every);
    }
    long[] next = {System.nanoTime() + period};
    return () -> {
      long now = System.nanoTime();
      if (now - next[0] >= 0) {
        progress.accept(progress());
        next[0] = now + period;
      }
    };
  }

  /**
   * How far the run has come; may be called between slices (it reads, never changes, the run).
   *
   * @return the simulated time reached, the real time taken, the events processed and the work done
   */
  public RunProgress progress() {
    long wall = wallNanos + (advancing ? System.nanoTime() - callStarted : 0);
    boolean[] incomplete = new boolean[flows.size()];
    for (QueuePair qp : net.queuePairs) {
      incomplete[qp.flow] |= qp.completionPs < 0;
    }
    int completed = 0;
    for (boolean open : incomplete) {
      completed += open ? 0 : 1;
    }
    int measured =
        runners.stream().mapToInt(r -> r.result().map(t -> t.rows().size()).orElse(0)).sum();
    return new RunProgress(
        scenario,
        SimTime.picos(net.sim.now()),
        Duration.ofNanos(wall),
        OptionalLong.of(net.sim.events()),
        RunResult.workDone(
            scenario,
            completed,
            flows.size(),
            measured,
            trainings.stream().mapToInt(TrainingRun::finishedSteps).sum()));
  }

  /**
   * @return why the run ended, or null while it is going on
   */
  public StopReason stopReason() {
    return stopReason;
  }

  /**
   * @return the network, for tests and benchmarks
   */
  public Network network() {
    return net;
  }

  /**
   * @return the flows of the run
   */
  public List<FlowSpec> flows() {
    return flows;
  }

  /**
   * Assembles what was measured so far (the whole run once it has ended).
   *
   * @param backend the backend id to record
   * @return the result
   */
  public RunResult result(String backend) {
    SimTime elapsed = SimTime.picos(net.sim.now());
    StopReason reason = stopReason == null ? StopReason.IN_PROGRESS : stopReason;
    boolean flowLevel = sampler == null; // no packets: no port counters, flows, latency or series
    return new RunResult(
        scenario,
        backend,
        graph,
        reason,
        elapsed,
        flowLevel ? List.of() : portStats(),
        flowLevel ? List.of() : flowResults(),
        net.latency.byPriority(),
        firstDrops(),
        flowLevel ? List.of() : sampler.series(),
        List.copyOf(net.events),
        runners.stream().flatMap(r -> r.result().stream()).toList(),
        fecStats(),
        trainings.stream().map(TrainingRun::result).toList());
  }

  /** The FEC counters of every port that received over a degrading optic, in port order. */
  private List<FecStats> fecStats() {
    SortedMap<Integer, FecStats> byPort = new TreeMap<>();
    for (Wire wire : net.wires) {
      if (wire.fec() != null) {
        int gid = wire.receiver.gid;
        byPort.put(
            gid,
            new FecStats(
                Endpoint.parse(net.portNames[gid]),
                wire.fecCorrected,
                wire.fecUncorrectable,
                wire.fecCodewords,
                wire.fec().bits()));
      }
    }
    return List.copyOf(byPort.values());
  }

  private List<PortStats> portStats() {
    PortCounters c = net.counters;
    for (SwitchNode sw : net.switches) {
      for (SwitchPort port : sw.ports) {
        for (int p = 0; p < PortCounters.PRIORITIES; p++) {
          port.depth(p, net.sim.now()); // a queue still growing at the end has its peak now
        }
      }
    }
    List<PortStats> out = new ArrayList<>();
    for (int gid = 0; gid < net.ports.length; gid++) {
      Endpoint port = Endpoint.parse(net.portNames[gid]);
      for (int p = 0; p < PortCounters.PRIORITIES; p++) {
        int slot = gid * 8 + p;
        long paused = net.ports[gid].pausedPsAt(p, net.sim.now());
        if (!c.active(slot) && paused == 0) {
          continue;
        }
        Map<DropReason, Long> drops = new EnumMap<>(DropReason.class);
        Map<DropReason, Long> droppedBytes = new EnumMap<>(DropReason.class);
        for (DropReason reason : DropReason.values()) {
          drops.put(reason, c.drops(slot, reason));
          droppedBytes.put(reason, c.droppedBytes(slot, reason));
        }
        out.add(
            new PortStats(
                port,
                p,
                c.txBytes[slot],
                c.rxBytes[slot],
                c.txPackets[slot],
                c.rxPackets[slot],
                c.pausesSent[slot],
                c.pausesReceived[slot],
                SimTime.picos(paused),
                c.ecnMarks[slot],
                c.cnpsSent[slot],
                c.cnpsReceived[slot],
                drops,
                Optional.of(droppedBytes),
                DataSize.bytes(c.maxQueue[slot]),
                DataSize.bytes(c.maxHeadroom[slot])));
      }
    }
    out.sort(
        (a, b) ->
            a.port().compareTo(b.port()) != 0
                ? a.port().compareTo(b.port())
                : Integer.compare(a.priority(), b.priority()));
    return out;
  }

  private List<FlowResult> flowResults() {
    int n = flows.size();
    long[] delivered = new long[n];
    long[] posted = new long[n];
    long[] retransmissions = new long[n];
    long[] outOfOrder = new long[n];
    long[] completion = new long[n];
    boolean[] complete = new boolean[n];
    int[] priority = new int[n];
    java.util.Arrays.fill(complete, true);
    for (int q = 0; q < net.queuePairs.length; q++) {
      QueuePair qp = net.queuePairs[q];
      delivered[qp.flow] += net.receivers[q].delivered;
      retransmissions[qp.flow] += qp.retransmissions;
      outOfOrder[qp.flow] += net.receivers[q].outOfOrder;
      posted[qp.flow] += qp.postedBytes;
      priority[qp.flow] = qp.priority;
      if (qp.completionPs < 0) {
        complete[qp.flow] = false;
      }
      completion[qp.flow] = Math.max(completion[qp.flow], qp.completionPs);
    }
    List<FlowResult> out = new ArrayList<>();
    for (FlowSpec f : flows) {
      int i = f.id();
      long size = f.posted() ? posted[i] : f.totalBytes();
      out.add(
          new FlowResult(
              f.name(),
              f.source(),
              f.destination(),
              priority[i],
              DataSize.bytes(size),
              DataSize.bytes(delivered[i]),
              SimTime.picos(f.startPs()),
              complete[i] ? Optional.of(SimTime.picos(completion[i])) : Optional.empty(),
              retransmissions[i],
              net.latency.ofFlow(i),
              outOfOrder[i]));
    }
    return out;
  }

  private List<DropRecord> firstDrops() {
    List<DropRecord> out = new ArrayList<>();
    for (DropLog.Entry e : net.drops.entries()) {
      out.add(
          new DropRecord(
              SimTime.picos(e.timePs()),
              Endpoint.parse(net.portNames[e.port()]),
              e.priority(),
              e.reason(),
              flows.get(e.flow()).name(),
              e.lossless()));
    }
    return out;
  }
}
