package dev.rocelab.api.backend;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import java.time.Duration;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * A scenario that is running: its telemetry can be read while it goes on, so a test can wait for a
 * condition ("pauses on leaf1:eth3 stop") instead of only judging the end result. Started with
 * {@link FabricSession#start(Scenario)}; closing it stops the run and releases what it holds.
 *
 * <p>On a backend with {@linkplain #simulatedTime() simulated time} nothing happens between calls:
 * the run moves forward only in {@link #advance(Duration)} and {@link #finish()}. On a real-time
 * backend (a lab) the run goes on by itself and {@link #advance(Duration)} just waits.
 *
 * <p>A run is used by one thread at a time, the thread that started it.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface ScenarioRun extends AutoCloseable {

  /**
   * @return the scenario that runs; never null
   */
  Scenario scenario();

  /**
   * @return true if time only moves in {@link #advance(Duration)}, false if it is wall-clock time
   */
  boolean simulatedTime();

  /**
   * The time the run has reached, from its start.
   *
   * @return the simulated (or real) time elapsed; never null
   */
  default SimTime now() {
    return snapshot().elapsed();
  }

  /**
   * @return true once the run has ended (its traffic completed, its duration was reached, or it was
   *     stopped)
   */
  boolean finished();

  /**
   * What has been measured so far: counters up to now, the samples of time series taken so far, the
   * events so far, flows with their progress. {@link RunResult#elapsed()} is {@link #now()}.
   *
   * @return a snapshot; never null
   */
  RunResult snapshot();

  /**
   * Moves the run forward. On simulated time: simulates {@code step} more (less if the run ends
   * first). On real time: waits {@code step}.
   *
   * @param step how far, > 0
   */
  void advance(Duration step);

  /**
   * Runs to the end and returns the result, as {@link FabricSession#run(Scenario)} would have.
   * Calling it again returns the same result.
   *
   * @return the final result; never null
   */
  RunResult finish();

  /**
   * Runs to the end like {@link #finish()}, telling {@code progress} how far the run has come about
   * every {@code every} of real time (a run that ends sooner tells nothing). The calls come from
   * the thread that finishes the run and must not touch it; a backend that cannot report progress
   * just finishes, which is what this default does.
   *
   * @param every how often to report, > 0
   * @param progress told of the progress
   * @return the final result; never null
   * @since 0.1
   */
  default RunResult finish(Duration every, Consumer<RunProgress> progress) {
    return finish();
  }

  /**
   * Stops the run if it has not ended. Never throws a checked exception; calling it again does
   * nothing.
   */
  @Override
  void close();

  /**
   * A run that has already ended — what {@link FabricSession#start(Scenario)} returns on a backend
   * that cannot be watched while it runs. Its snapshot is the result; {@link #advance(Duration)}
   * does nothing.
   *
   * @param result the final result; never null
   * @return the finished run
   */
  static ScenarioRun completed(RunResult result) {
    return new CompletedRun(result);
  }
}
