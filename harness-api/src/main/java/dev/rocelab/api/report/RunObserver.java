package dev.rocelab.api.report;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.backend.RunProgress;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import org.apiguardian.api.API;

/**
 * Is told of each finished run of a test: the fabric it ran on and what was measured. The JUnit
 * extension calls every observer listed in {@code
 * META-INF/services/dev.rocelab.api.report.RunObserver} (found with {@link
 * java.util.ServiceLoader}; a public no-argument constructor is needed) on the test's own thread,
 * once per run, before the test sees the result; a report module uses this to attach charts,
 * telemetry and the fabric's configuration to the running test.
 *
 * <p>Implementations must be thread-safe: tests of several classes may run in parallel. An
 * exception thrown here fails the test that made the run, as an infrastructure problem of the
 * report.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface RunObserver {

  /**
   * A run finished.
   *
   * @param fabric the fabric the run was made on, never null
   * @param result what the run measured, never null
   */
  void runFinished(FabricSpec fabric, RunResult result);

  /**
   * A long run is going on: told every few seconds of real time (see {@link
   * dev.rocelab.api.backend.RunLimits#progressEvery()}), on the thread that runs it. Does nothing
   * by default.
   *
   * @param fabric the fabric the run is made on, never null
   * @param progress how far it has come, never null
   * @since 0.1
   */
  default void runProgress(FabricSpec fabric, RunProgress progress) {}
}
