package dev.rocelab.lab.internal;

/**
 * A tool's output that does not say what it should: an error message instead of results, a run cut
 * short, garbage. The runner adds the host and command and reports the run as broken.
 */
final class UnparsableOutputException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  UnparsableOutputException(String message) {
    super(message);
  }

  UnparsableOutputException(String message, Throwable cause) {
    super(message, cause);
  }
}
