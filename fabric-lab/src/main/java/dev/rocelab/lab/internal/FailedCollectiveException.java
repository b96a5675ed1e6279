package dev.rocelab.lab.internal;

import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.lab.LabException;
import java.util.Optional;

/**
 * A collective whose launcher or ranks failed half way. Like every {@link LabException} it makes
 * the test broken; it also carries the nccl-tests rows printed before the failure, so that the
 * partial result of the run keeps them.
 */
final class FailedCollectiveException extends LabException {

  private static final long serialVersionUID = 1L;

  private final transient CollectiveResult printed;

  FailedCollectiveException(
      String problem, String device, String command, CollectiveResult printed) {
    super(problem, device, command, null);
    this.printed = printed;
  }

  /**
   * @return the rows printed before the failure; empty if none was
   */
  Optional<CollectiveResult> printed() {
    return Optional.ofNullable(printed);
  }
}
