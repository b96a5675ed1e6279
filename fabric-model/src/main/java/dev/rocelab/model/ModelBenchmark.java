package dev.rocelab.model;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.backend.RunProgress;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.model.internal.session.Simulation;
import java.time.Duration;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * One model run as a benchmark sees it: run with a hook between slices of simulated time (where a
 * benchmark samples the heap), with the figures a benchmark reports (events, data packets,
 * simulated time) beside the result. The entry of {@code rocelab bench}, so that it needs none of
 * the model's internals; not API.
 *
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public final class ModelBenchmark {

  private final Simulation simulation;

  /**
   * Builds the simulation of a scenario on a fabric.
   *
   * @param fabric the fabric
   * @param scenario the scenario
   */
  public ModelBenchmark(FabricSpec fabric, Scenario scenario) {
    this.simulation = new Simulation(FabricGraph.of(fabric), scenario);
  }

  /**
   * Runs to the end.
   *
   * @param wallClockLimit the real time the run may take
   * @param betweenSlices called between slices of simulated time
   * @return why it stopped
   */
  public StopReason run(Duration wallClockLimit, Runnable betweenSlices) {
    return simulation.run(wallClockLimit, betweenSlices);
  }

  /**
   * @param every how often, in real time
   * @param listener told of the progress
   * @return what, called between slices, tells the listener about every {@code every}
   */
  public Runnable progressReporter(Duration every, Consumer<RunProgress> listener) {
    return simulation.progressReporter(every, listener);
  }

  /**
   * @return the simulated time reached, in picoseconds
   */
  public long simulatedPicos() {
    return simulation.network().simulator().now();
  }

  /**
   * @return the events the simulator has run
   */
  public long events() {
    return simulation.network().simulator().events();
  }

  /**
   * @return the data packets the NICs have sent, resent ones included
   */
  public long dataPacketsSent() {
    return simulation.network().dataPacketsSent();
  }

  /**
   * @return what the run measured
   */
  public RunResult result() {
    return simulation.result(ModelBackend.ID);
  }
}
