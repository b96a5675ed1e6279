package dev.rocelab.junit.fake;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricBackendException;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.backend.UnsupportedScenarioException;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/** A session of the scripted backend; it refuses two runs at once, as a real session might. */
public final class ScriptedSession implements FabricSession {

  private final ScriptedBackend backend;
  private final FabricSpec spec;
  private final FabricGraph graph;
  private final boolean realTime;
  private final AtomicBoolean busy = new AtomicBoolean();
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
  public RunResult run(Scenario scenario) {
    enter(scenario);
    try {
      return Script.run(graph, scenario, backend.id());
    } finally {
      busy.set(false);
    }
  }

  @Override
  public ScenarioRun start(Scenario scenario) {
    enter(scenario);
    try {
      return new ScriptedRun(Script.run(graph, scenario, backend.id()), realTime, () -> busy.set(false));
    } catch (RuntimeException e) {
      busy.set(false);
      throw e;
    }
  }

  @Override
  public void close() {
    open = false;
  }

  /** @return false once closed */
  public boolean isOpen() {
    return open;
  }

  /** @return the scenarios run or started, in order */
  public List<Scenario> scenarios() {
    return List.copyOf(scenarios);
  }

  /** @return the threads that ran them */
  public List<String> threads() {
    return List.copyOf(threads);
  }

  private void enter(Scenario scenario) {
    if (!open) {
      throw new IllegalStateException("session closed");
    }
    unsupported(scenario).ifPresent(reason -> {
      throw new UnsupportedScenarioException(reason);
    });
    // Two scripted surprises, for the extension's handling of what a backend finds out only when it runs.
    long message = scenario.workloads().get(0) instanceof Workload.Incast incast ? incast.message().bytes() : 0;
    if (message == 7 * 1024) {
      throw new UnsupportedScenarioException("scripted cannot run an incast of 7KiB messages today");
    }
    if (message == 6 * 1024) {
      throw new FabricBackendException("lab host leaf1 unreachable");
    }
    if (!busy.compareAndSet(false, true)) {
      throw new IllegalStateException("two runs at once on one session");
    }
    scenarios.add(scenario);
    threads.add(Thread.currentThread().getName());
  }
}
