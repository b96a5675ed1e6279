package dev.rocelab.junit.fake;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricBackendException;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.backend.UnsupportedScenarioException;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A session of the scripted backend; it refuses two runs at once, as a real session might, unless
 * its backend declares {@link Capability#CONCURRENT_RUNS}.
 */
public final class ScriptedSession implements FabricSession {

  /** An incast of this message size stops on a PFC deadlock. */
  private static final long DEADLOCKING_MESSAGE = 5 * 1024;

  /** An incast of this message size runs out of its wall-clock budget. */
  private static final long SLOW_MESSAGE = 3 * 1024;

  private final ScriptedBackend backend;
  private final FabricSpec spec;
  private final FabricGraph graph;
  private final boolean realTime;
  private final AtomicInteger running = new AtomicInteger();
  private final AtomicInteger mostAtOnce = new AtomicInteger();
  private final List<Scenario> scenarios = new CopyOnWriteArrayList<>();
  private final List<String> threads = new CopyOnWriteArrayList<>();
  private volatile boolean open = true;

  ScriptedSession(ScriptedBackend backend, FabricSpec spec, boolean realTime) {
    this.backend = backend;
    this.spec = spec;
    this.graph = FabricGraph.of(spec);
    this.realTime = realTime;
  }

  @Override
  public FabricSpec fabric() {
    return spec;
  }

  @Override
  public FabricBackend backend() {
    return backend;
  }

  @Override
  public ScenarioRun start(Scenario scenario) {
    enter(scenario);
    try {
      return new ScriptedRun(scripted(scenario), realTime, running::decrementAndGet);
    } catch (RuntimeException e) {
      running.decrementAndGet();
      throw e;
    }
  }

  @Override
  public void close() {
    open = false;
  }

  private static long incastMessage(Scenario scenario) {
    return scenario.workloads().get(0) instanceof Workload.Incast incast
        ? incast.message().bytes()
        : 0;
  }

  private RunResult scripted(Scenario scenario) {
    RunResult result = Script.run(graph, scenario, backend.id());
    long message = incastMessage(scenario);
    return message == DEADLOCKING_MESSAGE
        ? stoppedHalfWay(result, StopReason.DEADLOCK)
        : message == SLOW_MESSAGE ? stoppedHalfWay(result, StopReason.WALL_CLOCK_LIMIT) : result;
  }

  /**
   * The third and fourth surprises: the run stops half-way with nothing completed, on a PFC
   * deadlock (an event says where) or at its wall-clock budget.
   */
  private static RunResult stoppedHalfWay(RunResult run, StopReason reason) {
    SimTime at = SimTime.picos(run.elapsed().picos() / 2);
    List<FlowResult> stuck =
        run.flows().stream()
            .map(
                f ->
                    new FlowResult(
                        f.id(),
                        f.source(),
                        f.destination(),
                        f.priority(),
                        f.size(),
                        DataSize.ZERO,
                        f.start(),
                        Optional.empty(),
                        0,
                        Optional.empty()))
            .toList();
    List<FabricEvent> events =
        reason == StopReason.DEADLOCK
            ? List.of(
                new FabricEvent(at, FabricEvent.Kind.DEADLOCK, "leaf1:eth1/3", "scripted cycle"))
            : List.of();
    return new RunResult(
        run.scenario(),
        run.backend(),
        run.fabric(),
        reason,
        at,
        run.ports(),
        stuck,
        run.latency(),
        List.of(),
        List.of(),
        events,
        List.of());
  }

  /**
   * @return false once closed
   */
  public boolean isOpen() {
    return open;
  }

  /**
   * @return the scenarios run or started, in order
   */
  public List<Scenario> scenarios() {
    return List.copyOf(scenarios);
  }

  /**
   * @return the most runs this session had going at one time
   */
  public int mostRunsAtOnce() {
    return mostAtOnce.get();
  }

  /**
   * @return the threads that ran them
   */
  public List<String> threads() {
    return List.copyOf(threads);
  }

  private void enter(Scenario scenario) {
    if (!open) {
      throw new IllegalStateException("session closed");
    }
    requireSupported(scenario);
    // Scripted surprises, for the extension's handling of what a backend finds out only when it
    // runs.
    long message = incastMessage(scenario);
    if (message == 7 * 1024) {
      throw new UnsupportedScenarioException(
          "scripted cannot run an incast of 7KiB messages today");
    }
    if (message == 6 * 1024) {
      throw new FabricBackendException("lab host leaf1 unreachable");
    }
    int atOnce = running.incrementAndGet();
    if (atOnce > 1 && !backend.capabilities().contains(Capability.CONCURRENT_RUNS)) {
      running.decrementAndGet();
      throw new IllegalStateException("two runs at once on one session");
    }
    mostAtOnce.accumulateAndGet(atOnce, Math::max);
    scenarios.add(scenario);
    threads.add(Thread.currentThread().getName());
  }
}
