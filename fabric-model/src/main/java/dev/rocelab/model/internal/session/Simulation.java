package dev.rocelab.model.internal.session;

import dev.rocelab.api.backend.RunLimits;
import dev.rocelab.api.backend.RunProgress;
import dev.rocelab.api.fabric.FabricGraph;
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
import dev.rocelab.model.internal.net.Network;
import dev.rocelab.model.internal.net.ScenarioNetwork;
import dev.rocelab.model.internal.traffic.FlowSpec;
import dev.rocelab.model.internal.traffic.TrafficPlan;
import dev.rocelab.model.internal.training.IdealFabric;
import dev.rocelab.model.internal.training.TrainingRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * One run of a scenario on the model: plans its flows, collectives and training jobs, builds the
 * {@link ScenarioNetwork} with a driver per collective ({@link CollectiveRunner} or {@link
 * FlowLevelCollective}, whose connections follow the other flows) and per training job, runs the
 * engine until every flow has completed and every driver finished, the scenario's duration is
 * reached, or the wall-clock bound passes, and assembles the {@link RunResult}.
 */
public final class Simulation {

  /** Simulated time run between two looks at the wall clock. */
  private static final long SLICE_PS = 100_000_000L;

  private final FabricGraph graph;
  private final Scenario scenario;
  private final ScenarioNetwork network;
  private final Network net;
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
    this.network =
        new ScenarioNetwork(
            graph,
            scenario,
            planned,
            seriesMemory,
            !flowLevelOnly(scenario),
            net -> startDrivers(net, collectives));
    this.net = network.network();
  }

  /**
   * Starts a driver per collective and per training job on the network just built; the flow-level
   * ones share one allocation of link capacity.
   */
  private void startDrivers(Network net, List<CollectiveConnections> collectives) {
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
      while (stopReason == null && net.simulator().now() < target) {
        net.simulator().runUntil(Math.min(target, net.simulator().now() + SLICE_PS));
        betweenSlices.run();
        if (net.allComplete()) {
          stopReason = StopReason.COMPLETED;
        } else if (net.deadlocked()) {
          stopReason = StopReason.DEADLOCK;
        } else if (net.simulator().now() >= end) {
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
    int measured =
        runners.stream().mapToInt(r -> r.result().map(t -> t.rows().size()).orElse(0)).sum();
    return new RunProgress(
        scenario,
        SimTime.picos(net.simulator().now()),
        Duration.ofNanos(wall),
        OptionalLong.of(net.simulator().events()),
        RunResult.workDone(
            scenario,
            network.completedFlows(),
            network.flows().size(),
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
    return network.flows();
  }

  /**
   * Assembles what was measured so far (the whole run once it has ended).
   *
   * @param backend the backend id to record
   * @return the result
   */
  public RunResult result(String backend) {
    StopReason reason = stopReason == null ? StopReason.IN_PROGRESS : stopReason;
    return new RunResult(
        scenario,
        backend,
        graph,
        reason,
        SimTime.picos(net.simulator().now()),
        network.portStats(),
        network.flowResults(),
        network.latencyByPriority(),
        network.firstDrops(),
        network.series(),
        network.events(),
        runners.stream().flatMap(r -> r.result().stream()).toList(),
        network.fecStats(),
        trainings.stream().map(TrainingRun::result).toList());
  }
}
