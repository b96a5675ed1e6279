package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * promtool could not be run: no Docker engine answers, or its image or container would not start.
 * An infrastructure problem, not a verdict on the rules — reports show it as broken.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class PromtoolUnavailableException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * @param message what is missing and how to provide it
   * @param cause the underlying failure, may be null
   */
  public PromtoolUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
