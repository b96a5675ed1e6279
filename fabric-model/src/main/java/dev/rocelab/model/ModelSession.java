package dev.rocelab.model;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.backend.UnsupportedScenarioException;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.model.net.Simulation;
import java.time.Duration;
import java.util.Objects;

/**
 * A session on the model: each run builds a fresh simulation of the fabric, so runs are
 * independent and a scenario with a seed always gives the same result. Sessions hold no
 * threads or files; several may run in parallel.
 */
final class ModelSession implements FabricSession {

  /** The longest a run may take in real time. */
  static final Duration WALL_CLOCK_LIMIT = Duration.ofMinutes(10);

  private final ModelBackend backend;
  private final FabricSpec spec;
  private final FabricGraph graph;

  ModelSession(ModelBackend backend, FabricSpec spec) {
    this.backend = backend;
    this.spec = Objects.requireNonNull(spec, "spec must not be null");
    this.graph = FabricGraph.of(spec);
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
    try (ScenarioRun run = start(scenario)) {
      return run.finish();
    }
  }

  @Override
  public ScenarioRun start(Scenario scenario) {
    Objects.requireNonNull(scenario, "scenario must not be null");
    unsupported(scenario).ifPresent(reason -> {
      throw new UnsupportedScenarioException(reason);
    });
    for (Workload w : scenario.workloads()) {
      if (w instanceof Workload.Collective c && c.fidelity() == Fidelity.FLOW) {
        throw new UnsupportedScenarioException("the model runs collectives at packet fidelity only so far: " + c.describe());
      }
    }
    return new ModelRun(scenario, new Simulation(graph, scenario, Simulation.DEFAULT_RTO_PS), backend.id());
  }

  @Override
  public void close() {
    // nothing held between runs
  }
}
