package dev.rocelab.cli;

import dev.rocelab.api.analysis.FaultEffects;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.fabricfile.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The verdict of a {@code rocelab run}: what went wrong in the run (lossless traffic dropped that
 * no fault explains, a PFC deadlock, work left unfinished, a fault the run ended before, traffic
 * that did not recover from a fault: exit {@value Rocelab#LOSSY}), what the faults did, and whether
 * the fabric was as approved — a fabric whose validation finds drift fails the verdict (exit
 * {@value Rocelab#DRIFT}) unless the run was told to allow it, and the verdict says so either way.
 * Which drops a fault explains is {@link FaultEffects}' rule, the one the suites use.
 *
 * @param run what went wrong in the run, one phrase each
 * @param faults what each fault that took effect did, one phrase each: what it lost and how the
 *     traffic recovered
 * @param drift the fabric file's drift findings
 * @param driftAllowed whether the command was told to run a drifting fabric ({@code --allow-drift})
 */
record RunVerdict(
    List<String> run, List<String> faults, List<Problem> drift, boolean driftAllowed) {

  RunVerdict {
    run = List.copyOf(run);
    faults = List.copyOf(faults);
    drift = List.copyOf(drift);
  }

  /**
   * @param result a run
   * @param drift the drift findings of its fabric file
   * @param driftAllowed whether a drifting fabric may pass
   * @return its verdict
   */
  static RunVerdict of(RunResult result, List<Problem> drift, boolean driftAllowed) {
    List<String> problems = new ArrayList<>();
    FaultEffects effects = FaultEffects.of(result);
    long drops = effects.unexplainedLosslessDrops();
    if (drops > 0) {
      problems.add(
          drops
              + " packets dropped on lossless priorities "
              + result.losslessPriorities()
              + (effects.effects().isEmpty() ? "" : " that no fault explains"));
    }
    result.events().stream()
        .filter(e -> e.kind() == FabricEvent.Kind.DEADLOCK)
        .findFirst()
        .ifPresent(e -> problems.add("PFC deadlock at " + e.time() + ": " + e.subject()));
    result.unfinishedWork().ifPresent(work -> problems.add("unfinished: " + work));
    problems.addAll(result.faultsNeverApplied());
    List<String> faults = new ArrayList<>();
    for (FaultEffects.Effect effect : effects.effects()) {
      Optional<String> recovery = effect.recoveryText();
      if (effect.notRecovered()) {
        problems.add("after " + effect.fault().describe() + ", " + recovery.orElseThrow());
      } else {
        faults.add(
            effect.fault().describe()
                + ": "
                + effect.lossesText()
                + recovery.map(text -> ", " + text).orElse(""));
      }
    }
    return new RunVerdict(problems, faults, drift, driftAllowed);
  }

  /**
   * @return what the verdict holds against the run and the fabric, one phrase each; the fabric's
   *     drift first
   */
  List<String> problems() {
    List<String> problems = new ArrayList<>();
    if (!drift.isEmpty()) {
      problems.add(
          "fabric not as approved: "
              + Text.count(drift.size(), "drift finding", "drift findings")
              + (driftAllowed ? " (allowed by --allow-drift)" : ""));
    }
    problems.addAll(run);
    return problems;
  }

  /**
   * @return the one line of text that sums the verdict up
   */
  String text() {
    List<String> problems = problems();
    if (!problems.isEmpty()) {
      return String.join("; ", problems);
    }
    return faults.isEmpty()
        ? "lossless, no deadlock, all work done"
        : "lossless apart from the faults' own losses, no deadlock, all work done — "
            + String.join("; ", faults);
  }

  /**
   * @return {@link Rocelab#LOSSY} if the run went wrong, else {@link Rocelab#DRIFT} if the fabric
   *     drifts and that was not allowed, else {@link Rocelab#VALID}
   */
  int exit() {
    if (!run.isEmpty()) {
      return Rocelab.LOSSY;
    }
    return drift.isEmpty() || driftAllowed ? Rocelab.VALID : Rocelab.DRIFT;
  }
}
