package dev.rocelab.model.internal.collective;

import dev.rocelab.api.result.CollectiveResult;
import java.util.Optional;

/** Runs a collective's size sweep on the network, at packet or flow fidelity. */
public interface CollectiveDriver {

  /**
   * @return the nccl-tests table of the sizes finished so far, empty before the first
   */
  Optional<CollectiveResult> result();
}
