package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.ScenarioFit;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The {@link FabricSession} a test sees: the shared session of its class (or its own), taken in
 * turns unless the backend's runs may overlap, with the class's seed applied, every result reported
 * and shown to the {@link dev.rocelab.api.report.RunObserver}s, runs that left required work undone
 * noted for the test's end ({@link UnfinishedRuns}), and live runs closed when the test ends.
 * Closing it does nothing: the extension owns the session.
 */
@API(status = INTERNAL, since = "0.1")
public final class ManagedSession implements FabricSession {

  private final SessionHandle handle;
  private final ExtensionContext context;

  /**
   * @param handle the session
   * @param context the context whose end closes the runs started through this view
   */
  public ManagedSession(SessionHandle handle, ExtensionContext context) {
    this.handle = handle;
    this.context = context;
  }

  @Override
  public FabricSpec fabric() {
    return handle.configuration().spec();
  }

  @Override
  public FabricBackend backend() {
    return handle.configuration().backend();
  }

  @Override
  public Optional<String> unsupported(Scenario scenario) {
    return handle.session().unsupported(seeded(scenario));
  }

  /**
   * Like {@link #start(Scenario)}, but the turn is given back before observers hear of the result.
   */
  @Override
  public RunResult run(Scenario scenario) {
    Scenario seeded = seeded(scenario);
    fits(seeded);
    Turn turn = handle.turn();
    turn.acquire();
    RunResult result;
    try (ScenarioRun run = handle.session().start(seeded)) {
      result =
          ProgressReports.finish(
              run, handle.configuration().spec(), ProgressReports.every(context));
    } finally {
      turn.release();
    }
    finished(result);
    return result;
  }

  @Override
  public ScenarioRun start(Scenario scenario) {
    Scenario seeded = seeded(scenario);
    fits(seeded);
    Turn turn = handle.turn();
    turn.acquire();
    ScenarioRun run;
    try {
      run = handle.session().start(seeded);
    } catch (RuntimeException | Error e) {
      turn.release();
      throw e;
    }
    GuardedRun guarded =
        new GuardedRun(
            run,
            turn,
            handle.configuration().spec(),
            ProgressReports.every(context),
            this::finished);
    Contexts.store(context).put(new Object(), guarded);
    return guarded;
  }

  /**
   * A scenario the fabric is too small for does not apply to it: {@link ScenarioFit} says so before
   * the run, and the extension reports the test as not applicable.
   */
  private void fits(Scenario scenario) {
    ScenarioFit.require(scenario, handle.configuration().graph());
  }

  /** Does nothing: the extension closes the session when its scope ends. */
  @Override
  public void close() {}

  @Override
  public String toString() {
    return "session on "
        + handle.configuration().spec().name()
        + " (backend "
        + backend().id()
        + ")";
  }

  /**
   * The class's seed, unless the scenario has its own; the backend's session checks it when it
   * starts.
   */
  private Scenario seeded(Scenario scenario) {
    Objects.requireNonNull(scenario, "scenario must not be null");
    long seed = handle.configuration().seed();
    return scenario.seed() == Scenario.DEFAULT_SEED && seed != Scenario.DEFAULT_SEED
        ? scenario.withSeed(seed)
        : scenario;
  }

  private void finished(RunResult result) {
    UnfinishedRuns.record(context, result);
    RunObservers.finished(handle.configuration().spec(), result);
    Comparisons.compare(handle.configuration(), result);
  }
}
