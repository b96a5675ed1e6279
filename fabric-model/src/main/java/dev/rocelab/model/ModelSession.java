package dev.rocelab.model;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.RunLimits;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.model.internal.collective.CollectiveLayout;
import dev.rocelab.model.internal.collective.NcclConstants;
import dev.rocelab.model.internal.collective.NcclTuner;
import dev.rocelab.model.internal.session.Simulation;
import java.util.Objects;
import java.util.Optional;

/**
 * A session on the model: each run builds a fresh simulation of the fabric, so runs are independent
 * and a scenario with a seed always gives the same result. Sessions hold no threads or files;
 * several may run in parallel.
 */
final class ModelSession implements FabricSession {

  private final FabricBackend backend;
  private final FabricSpec spec;
  private final FabricGraph graph;

  ModelSession(FabricBackend backend, FabricSpec spec) {
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

  /** The backend's capabilities, flow fidelity's own limits, and what NVLS needs of the hosts. */
  @Override
  public Optional<String> unsupported(Scenario scenario) {
    return FabricSession.super
        .unsupported(scenario)
        .or(() -> flowLevelProblem(scenario))
        .or(() -> nvlsProblem(scenario));
  }

  /**
   * A collective forced to NVLS or NVLS tree where NCCL could not run it, or this model does not. A
   * collective the fabric cannot hold at all (more ranks than GPUs, a placement on a switch) is no
   * NVLS problem: {@link #start} refuses it as it refuses any other algorithm's.
   */
  private Optional<String> nvlsProblem(Scenario scenario) {
    for (Workload w : scenario.workloads()) {
      if (w instanceof Workload.Collective c && NcclConstants.isNvls(c.algorithm())) {
        CollectiveLayout layout;
        try {
          layout = CollectiveLayout.of(graph, c);
        } catch (IllegalArgumentException e) {
          continue;
        }
        Optional<String> reason = NcclTuner.unavailable(c, layout);
        if (reason.isPresent()) {
          return Optional.of(c.describe() + ": " + reason.get());
        }
      }
    }
    return Optional.empty();
  }

  @Override
  public ScenarioRun start(Scenario scenario) {
    requireSupported(scenario);
    return new ModelRun(
        scenario, new Simulation(graph, scenario), backend.id(), RunLimits.wallClock());
  }

  /**
   * Flow fidelity models links and routes: it cannot mix with packets, and PFC storms or bit errors
   * do nothing to it.
   */
  private static Optional<String> flowLevelProblem(Scenario scenario) {
    boolean flowLevel;
    try {
      flowLevel = Simulation.flowLevelOnly(scenario);
    } catch (IllegalArgumentException e) {
      return Optional.of(e.getMessage());
    }
    if (flowLevel) {
      for (Fault fault : scenario.faults()) {
        if (fault instanceof Fault.PfcStorm
            || fault instanceof Fault.BitErrors
            || fault instanceof Fault.DegradingOptic) {
          return Optional.of(
              "flow fidelity models link capacity and routes, not "
                  + fault.describe()
                  + "; run the collective at packet fidelity");
        }
      }
    }
    return Optional.empty();
  }

  @Override
  public void close() {
    // nothing held between runs
  }
}
