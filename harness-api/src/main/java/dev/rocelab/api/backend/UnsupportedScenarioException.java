package dev.rocelab.api.backend;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A backend was asked to run a scenario it lacks the capabilities for. Test frameworks should treat
 * this as "skipped", not "failed".
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public class UnsupportedScenarioException extends FabricBackendException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message the reason, naming the missing capabilities
   */
  public UnsupportedScenarioException(String message) {
    super(message);
  }
}
