package dev.rocelab.lab.internal;

import static org.apiguardian.api.API.Status.INTERNAL;
import static org.awaitility.Awaitility.await;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.backend.UnsupportedScenarioException;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.lab.LabException;
import dev.rocelab.lab.LabFaultAction;
import dev.rocelab.lab.LabInventory;
import dev.rocelab.lab.LabSsh;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.apiguardian.api.API;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A session on a lab: logs in to every host when it opens (so a wrong key or an unreachable host is
 * reported before any traffic), then runs scenarios one after another.
 */
@API(status = INTERNAL, since = "0.1")
public final class LabSession implements FabricSession {

  /**
   * The shortest bound on a run's wall-clock time; a scenario's own duration is used when longer.
   */
  static final Duration MINIMUM_RUN_LIMIT = Duration.ofMinutes(10);

  private final FabricBackend backend;
  private final FabricSpec spec;
  private final FabricGraph graph;
  private final SshConnections ssh;
  private final FlowRunner flowRunner;
  private final FaultCommands faultCommands;
  private final Optional<CollectiveRunner> collectiveRunner;
  private final Optional<TelemetryReader> telemetry;
  private int flowsStarted;

  /**
   * Opens a session.
   *
   * @param backend the lab backend
   * @param spec a fabric with a lab inventory
   * @throws LabException if a host cannot be logged in to
   * @throws IllegalArgumentException if the inventory names what the fabric does not have
   */
  public LabSession(FabricBackend backend, FabricSpec spec) {
    this.backend = Objects.requireNonNull(backend, "backend must not be null");
    this.spec = Objects.requireNonNull(spec, "spec must not be null");
    LabInventory lab =
        LabInventory.of(spec)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "fabric "
                            + spec.name()
                            + " has no lab inventory: add a lab: section"
                            + " (hosts, switches, telemetry, faults) to run it on the lab backend"));
    this.graph = FabricGraph.of(spec);
    InventoryCheck.check(graph, lab);
    Map<String, LabSsh> logins = new LinkedHashMap<>();
    lab.hosts().forEach((name, host) -> logins.put(name, host.ssh()));
    lab.switches().forEach((name, sw) -> sw.ssh().ifPresent(login -> logins.put(name, login)));
    this.ssh = new SshConnections(logins);
    this.flowRunner = new FlowRunner(lab, ssh);
    this.faultCommands = new FaultCommands(lab, ssh);
    this.collectiveRunner =
        lab.launcher().map(launcher -> new CollectiveRunner(new LaunchCommand(launcher), ssh));
    this.telemetry = lab.telemetry().map(TelemetryReader::new);
    try {
      lab.hosts().keySet().forEach(ssh::connect);
    } catch (LabException e) {
      ssh.close();
      throw e;
    }
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
  public Optional<String> unsupported(Scenario scenario) {
    Optional<String> missing = FabricSession.super.unsupported(scenario);
    if (missing.isPresent()) {
      return missing;
    }
    for (Fault fault : scenario.faults()) {
      for (LabFaultAction action : actions(fault)) {
        if (!faultCommands.supports(action)) {
          return Optional.of(
              "lab of "
                  + spec.name()
                  + " cannot inject \""
                  + fault.describe()
                  + "\": its inventory has no lab.faults."
                  + action.key()
                  + " command");
        }
      }
    }
    try {
      FlowPlanner.plan(graph, scenario, 0);
      CollectivePlanner.plan(graph, scenario);
    } catch (UnsupportedScenarioException e) {
      return Optional.of(e.getMessage());
    }
    return Optional.empty();
  }

  private static LabFaultAction[] actions(Fault fault) {
    if (fault instanceof Fault.LinkDown) {
      return new LabFaultAction[] {LabFaultAction.LINK_DOWN};
    } else if (fault instanceof Fault.LinkUp) {
      return new LabFaultAction[] {LabFaultAction.LINK_UP};
    } else if (fault instanceof Fault.LinkFlap) {
      return new LabFaultAction[] {LabFaultAction.LINK_DOWN, LabFaultAction.LINK_UP};
    } else if (fault instanceof Fault.ConfigDrift) {
      return new LabFaultAction[] {LabFaultAction.CONFIG_DRIFT};
    } else if (fault instanceof Fault.PfcStorm) {
      return new LabFaultAction[] {LabFaultAction.PFC_STORM};
    }
    return new LabFaultAction[] {LabFaultAction.RESET};
  }

  @Override
  public ScenarioRun start(Scenario scenario) {
    requireSupported(scenario);
    Duration bound = Duration.ofNanos(scenario.duration().picos() / 1000);
    List<FlowJob> jobs = FlowPlanner.plan(graph, scenario, flowsStarted);
    flowsStarted += jobs.size();
    return new LabRun(
        this,
        scenario,
        jobs,
        CollectivePlanner.plan(graph, scenario),
        bound.compareTo(MINIMUM_RUN_LIMIT) > 0 ? bound : MINIMUM_RUN_LIMIT);
  }

  /**
   * @return the fabric this lab implements, expanded
   */
  FabricGraph graph() {
    return graph;
  }

  Optional<TelemetryReader> telemetry() {
    return telemetry;
  }

  FlowRunner flows() {
    return flowRunner;
  }

  /**
   * @return runs collectives; present whenever the lab has a launcher, which a planned collective
   *     needs
   */
  CollectiveRunner collectives() {
    return collectiveRunner.orElseThrow();
  }

  FaultCommands faults() {
    return faultCommands;
  }

  /**
   * Waits until the switch counters have settled after a run: two snapshots two telemetry steps
   * apart agree. Two steps, because scrapes drift against the polls: snapshots only one scrape
   * interval apart can both fall between the same two scrapes and agree while the end of the
   * traffic is still unscraped.
   */
  void awaitSettled(TelemetryReader reader) {
    Duration step =
        Duration.ofNanos(
            LabInventory.of(spec).orElseThrow().telemetry().orElseThrow().step().picos() / 1000);
    Duration apart = step.multipliedBy(2);
    AtomicReference<TelemetryReader.Snapshot> last =
        new AtomicReference<>(reader.snapshot(Instant.now()));
    try {
      await("switch counters settle after the run")
          .atMost(step.multipliedBy(15))
          .pollDelay(apart)
          .pollInterval(apart)
          .pollInSameThread()
          .until(
              () -> {
                TelemetryReader.Snapshot now = reader.snapshot(Instant.now());
                boolean settled = now.values().equals(last.get().values());
                last.set(now);
                return settled;
              });
    } catch (ConditionTimeoutException e) {
      throw new LabException(
          "the counters in Prometheus did not settle within "
              + step.multipliedBy(15).toSeconds()
              + " s after the run (is traffic still flowing?)",
          "prometheus",
          "snapshots of every telemetry query",
          e);
    }
  }

  @Override
  public void close() {
    ssh.close();
  }
}
