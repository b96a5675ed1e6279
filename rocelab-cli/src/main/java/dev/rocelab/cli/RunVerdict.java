package dev.rocelab.cli;

import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * What makes a {@code rocelab run} exit {@value Rocelab#LOSSY}: lossless traffic dropped, a PFC
 * deadlock, or work the run left unfinished.
 */
final class RunVerdict {

  private RunVerdict() {}

  /**
   * @param result a run
   * @return what went wrong, one phrase each; empty for a clean run
   */
  static List<String> problems(RunResult result) {
    List<String> problems = new ArrayList<>();
    long drops = result.losslessDrops();
    if (drops > 0) {
      problems.add(
          drops + " packets dropped on lossless priorities " + result.losslessPriorities());
    }
    result.events().stream()
        .filter(e -> e.kind() == FabricEvent.Kind.DEADLOCK)
        .findFirst()
        .ifPresent(e -> problems.add("PFC deadlock at " + e.time() + ": " + e.subject()));
    result.unfinishedWork().ifPresent(work -> problems.add("unfinished: " + work));
    return problems;
  }
}
