package dev.rocelab.model;

import dev.rocelab.api.backend.RunProgress;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.internal.session.Simulation;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * A scenario running on the model, advanced in simulated time: {@link #advance(Duration)} moves the
 * simulation forward, {@link #snapshot()} reports what was measured so far.
 */
final class ModelRun implements ScenarioRun {

  private final Scenario scenario;
  private final Simulation simulation;
  private final String backend;
  private final Duration wallClockLimit;

  /**
   * @param scenario the scenario
   * @param simulation its simulation
   * @param backend the backend id to record
   * @param wallClockLimit the longest the whole run may take in real time
   */
  ModelRun(Scenario scenario, Simulation simulation, String backend, Duration wallClockLimit) {
    this.scenario = scenario;
    this.simulation = simulation;
    this.backend = backend;
    this.wallClockLimit = wallClockLimit;
  }

  @Override
  public Scenario scenario() {
    return scenario;
  }

  @Override
  public boolean simulatedTime() {
    return true;
  }

  @Override
  public SimTime now() {
    return SimTime.picos(simulation.network().simulator().now());
  }

  @Override
  public boolean finished() {
    return simulation.stopReason() != null;
  }

  @Override
  public RunResult snapshot() {
    return simulation.result(backend);
  }

  /** Advances the simulation by {@code step} of simulated time (less if the run ends first). */
  @Override
  public void advance(Duration step) {
    long stepPs = Math.multiplyExact(step.toNanos(), 1000L);
    simulation.advance(
        Math.addExact(simulation.network().simulator().now(), stepPs), wallClockLimit, () -> {});
  }

  @Override
  public RunResult finish() {
    simulation.run(wallClockLimit);
    return snapshot();
  }

  /**
   * Reports between slices of simulated time, once {@code every} of real time has passed since the
   * last report.
   */
  @Override
  public RunResult finish(Duration every, Consumer<RunProgress> progress) {
    simulation.run(wallClockLimit, simulation.progressReporter(every, progress));
    return snapshot();
  }

  @Override
  public void close() {
    // a simulation holds nothing but memory
  }
}
