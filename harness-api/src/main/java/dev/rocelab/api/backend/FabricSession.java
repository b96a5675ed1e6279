package dev.rocelab.api.backend;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.ScenarioBuilder;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * An open connection to a fabric — a built simulation or a reachable lab — on which scenarios run
 * one after another. Closing it releases what it holds.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface FabricSession extends AutoCloseable {

  /**
   * @return the fabric this session runs on
   */
  FabricSpec fabric();

  /**
   * @return the backend that opened the session
   */
  FabricBackend backend();

  /**
   * Why this session cannot run a scenario, if it cannot. This default names the capabilities the
   * scenario requires that the backend lacks; a backend adds its own rules by overriding it (and
   * calling this one).
   *
   * @param scenario the scenario
   * @return empty if it can; otherwise the reason, naming the missing capabilities
   */
  default Optional<String> unsupported(Scenario scenario) {
    Set<Capability> missing = EnumSet.noneOf(Capability.class);
    missing.addAll(scenario.requires());
    missing.removeAll(backend().capabilities());
    if (missing.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "backend "
            + backend().id()
            + " cannot run \""
            + scenario.name()
            + "\": it lacks "
            + missing);
  }

  /**
   * The check a backend makes once, first thing in {@link #start(Scenario)}: throws if {@link
   * #unsupported(Scenario)} names a reason.
   *
   * @param scenario the scenario, never null
   * @return the scenario
   * @throws UnsupportedScenarioException with the reason
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  default Scenario requireSupported(Scenario scenario) {
    Optional<String> reason =
        unsupported(Objects.requireNonNull(scenario, "scenario must not be null"));
    if (reason.isPresent()) {
      throw new UnsupportedScenarioException(reason.get());
    }
    return scenario;
  }

  /**
   * Starts a scenario and returns at once, so its telemetry can be watched while it runs; what a
   * backend implements. It checks the scenario with {@link #requireSupported(Scenario)} first. A
   * backend that cannot be watched runs the scenario to its end and returns a {@linkplain
   * ScenarioRun#completed(RunResult) finished run}. The caller closes the run.
   *
   * @param scenario the scenario, never null
   * @return the running (or finished) run; never null
   * @throws UnsupportedScenarioException if {@link #unsupported(Scenario)} names a reason
   * @throws IllegalArgumentException if the scenario does not fit the fabric: it names a NIC, host
   *     or port the fabric lacks, or asks for more senders or ranks than the fabric has
   * @throws FabricBackendException on an infrastructure problem
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  ScenarioRun start(Scenario scenario);

  /**
   * Runs a scenario to its end (completion, duration, or a stop condition) and returns what was
   * measured: {@linkplain #start(Scenario) starts} it, {@linkplain ScenarioRun#finish() finishes}
   * it and closes it. Runs of the same scenario and seed on the same fabric give identical results
   * on a deterministic backend.
   *
   * @param scenario the scenario, never null
   * @return the result; never null
   * @throws UnsupportedScenarioException if {@link #unsupported(Scenario)} names a reason
   * @throws IllegalArgumentException if the scenario does not fit the fabric: it names a NIC, host
   *     or port the fabric lacks, or asks for more senders or ranks than the fabric has
   * @throws FabricBackendException on an infrastructure problem
   */
  default RunResult run(Scenario scenario) {
    try (ScenarioRun run = start(scenario)) {
      return run.finish();
    }
  }

  /**
   * Runs a scenario given by a builder; see {@link #run(Scenario)}.
   *
   * @param scenario the builder, never null
   * @return the result; never null
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  default RunResult run(ScenarioBuilder<?> scenario) {
    return run(Objects.requireNonNull(scenario, "scenario must not be null").build());
  }

  /**
   * Starts a scenario given by a builder; see {@link #start(Scenario)}.
   *
   * @param scenario the builder, never null
   * @return the running (or finished) run; never null
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  default ScenarioRun start(ScenarioBuilder<?> scenario) {
    return start(Objects.requireNonNull(scenario, "scenario must not be null").build());
  }

  /** Releases the session. Never throws a checked exception. */
  @Override
  void close();
}
