package dev.rocelab.api.backend;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import java.time.Duration;
import java.util.Objects;

/** A {@link ScenarioRun} that ended before anyone could watch it. */
final class CompletedRun implements ScenarioRun {

  private final RunResult result;

  CompletedRun(RunResult result) {
    this.result = Objects.requireNonNull(result, "result must not be null");
  }

  @Override
  public Scenario scenario() {
    return result.scenario();
  }

  @Override
  public boolean simulatedTime() {
    // Nothing changes any more, so waiting on wall-clock time would only delay a verdict.
    return true;
  }

  @Override
  public boolean finished() {
    return true;
  }

  @Override
  public RunResult snapshot() {
    return result;
  }

  @Override
  public void advance(Duration step) {
    Objects.requireNonNull(step, "step must not be null");
  }

  @Override
  public RunResult finish() {
    return result;
  }

  @Override
  public void close() {}

  @Override
  public String toString() {
    return "finished run of " + result.scenario().name();
  }
}
