package dev.rocelab.api.backend;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.report.Secrets;
import org.apiguardian.api.API;

/**
 * An infrastructure problem — a lab host unreachable, a tool missing, a session that cannot be set
 * up — as opposed to a fabric verdict. Reports show it as "broken", not "failed".
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public class FabricBackendException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what failed, naming the host and command where there is one; credentials in it
   *     are masked ({@link Secrets#mask(String)})
   */
  public FabricBackendException(String message) {
    super(Secrets.mask(message));
  }

  /**
   * Creates the exception with a cause.
   *
   * @param message what failed; credentials in it are masked
   * @param cause the underlying error
   */
  public FabricBackendException(String message, Throwable cause) {
    super(Secrets.mask(message), cause);
  }
}
