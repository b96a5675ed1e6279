package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.analysis.Agreement;
import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.result.RunResult;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Repeats a finished run on the class's comparison backend ({@code compareWith}) and reports the
 * two side by side ({@link Agreement}). The comparison never changes the test's verdict: a scenario
 * the other backend cannot run, or a run of it that fails, is reported as not compared, with the
 * reason.
 */
@API(status = INTERNAL, since = "0.3")
final class Comparisons {

  private Comparisons() {}

  /**
   * @param configuration the test class's configuration
   * @param result a run on its backend
   */
  static void compare(FabricConfiguration configuration, RunResult result) {
    Optional<FabricBackend> other = configuration.compareWith();
    if (other.isEmpty()) {
      return;
    }
    FabricBackend backend = other.get();
    TestReporters.attach(
        "agreement with " + backend.id() + " · " + result.scenario().name(),
        () -> comparison(configuration, backend, result));
  }

  private static String comparison(
      FabricConfiguration configuration, FabricBackend backend, RunResult result) {
    try (FabricSession session = backend.open(configuration.spec())) {
      Optional<String> unsupported = session.unsupported(result.scenario());
      if (unsupported.isPresent()) {
        return "not compared: " + backend.id() + " cannot run it: " + unsupported.get();
      }
      return Agreement.of(result, session.run(result.scenario())).table();
    } catch (RuntimeException e) { // a backend's failure (FabricBackendException) or a bug in it
      return "not compared: the run on " + backend.id() + " failed: " + e;
    }
  }
}
