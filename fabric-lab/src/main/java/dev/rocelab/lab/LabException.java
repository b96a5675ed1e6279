package dev.rocelab.lab;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.backend.FabricBackendException;
import dev.rocelab.api.result.RunResult;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The lab could not do what a scenario asked — SSH refused, authentication failed, a host
 * unreachable, a tool missing, a command timed out or printed what cannot be parsed. An
 * infrastructure problem, never a fabric verdict: being a {@link FabricBackendException} (and not
 * an {@link AssertionError}), JUnit and Allure report the test as broken. The message names the
 * device and the command, never a credential; whatever telemetry was collected before the problem
 * is kept in {@link #partialResult()}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class LabException extends FabricBackendException {

  private static final long serialVersionUID = 1L;

  private final String device;
  private final String command;
  private final transient RunResult partialResult;

  /**
   * Creates the exception.
   *
   * @param problem what went wrong, e.g. {@code SSH authentication failed for lab@10.0.0.11:22}
   * @param device the inventory device (or {@code prometheus}, {@code local}) concerned
   * @param command the command (or request) that failed, as a template where it holds secrets
   * @param cause the underlying error, may be null
   */
  public LabException(String problem, String device, String command, Throwable cause) {
    this(problem, device, command, cause, null);
  }

  private LabException(
      String problem, String device, String command, Throwable cause, RunResult partialResult) {
    super(problem + " [device " + device + ", command: " + command + "]", cause);
    this.device = device;
    this.command = command;
    this.partialResult = partialResult;
  }

  /**
   * The same problem, carrying what was measured before it happened.
   *
   * @param partial the partial result, never null
   * @return a copy with the partial result
   */
  public LabException withPartialResult(RunResult partial) {
    String message = getMessage();
    LabException copy =
        new LabException(
            message.substring(0, message.lastIndexOf(" [device ")),
            device,
            command,
            getCause(),
            partial);
    copy.setStackTrace(getStackTrace());
    return copy;
  }

  /**
   * @return the inventory device concerned
   */
  public String device() {
    return device;
  }

  /**
   * @return the command that failed
   */
  public String command() {
    return command;
  }

  /**
   * @return what was measured before the problem; empty if it happened before the run started
   */
  public Optional<RunResult> partialResult() {
    return Optional.ofNullable(partialResult);
  }
}
