package dev.rocelab.cli;

import dev.rocelab.api.fabric.FabricFacts;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.fabricfile.FabricFileReport;
import dev.rocelab.fabricfile.FabricFiles;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * What {@code validate} found for one file, whatever form it is printed in.
 *
 * @param file the file as the user gave it
 * @param exit its exit code: {@link Rocelab#VALID}, {@link Rocelab#DRIFT}, {@link Rocelab#ERRORS}
 *     or {@link Rocelab#FAILURE}
 * @param report the checked file; empty when it could not be read or checking it failed
 * @param facts what a fabric that loads implies; empty when it has errors
 * @param trouble why there is no report: {@code no such file: FILE}, {@code not a file: FILE} or
 *     {@code unexpected failure: …}
 */
record ValidatedFile(
    Path file,
    int exit,
    Optional<FabricFileReport> report,
    Optional<FabricFacts> facts,
    Optional<String> trouble) {

  /** The verdicts of the JSON and SARIF forms, by exit code. */
  enum Verdict {
    VALID,
    DRIFT,
    ERRORS,
    UNREADABLE,
    FAILURE;

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * Checks one file; a failure is caught, so the next file still gets its verdict.
   *
   * @param file the file as the user gave it
   * @return its outcome
   */
  static ValidatedFile check(Path file) {
    Optional<String> unreadable = FabricInput.unreadable(file);
    if (unreadable.isPresent()) {
      return new ValidatedFile(
          file, Rocelab.ERRORS, Optional.empty(), Optional.empty(), unreadable);
    }
    try {
      FabricFileReport report = FabricFiles.check(file);
      if (report.hasErrors()) {
        return new ValidatedFile(
            file, Rocelab.ERRORS, Optional.of(report), Optional.empty(), Optional.empty());
      }
      FabricFacts facts = FabricFacts.of(FabricGraph.of(report.orElseThrow()));
      int exit = report.drift().isEmpty() ? Rocelab.VALID : Rocelab.DRIFT;
      return new ValidatedFile(
          file, exit, Optional.of(report), Optional.of(facts), Optional.empty());
    } catch (RuntimeException e) {
      return new ValidatedFile(
          file,
          Rocelab.FAILURE,
          Optional.empty(),
          Optional.empty(),
          Optional.of("unexpected failure: " + e));
    }
  }

  /** The verdict, for the machine-readable forms. */
  Verdict verdict() {
    return switch (exit) {
      case Rocelab.VALID -> Verdict.VALID;
      case Rocelab.DRIFT -> Verdict.DRIFT;
      case Rocelab.FAILURE -> Verdict.FAILURE;
      default -> report.isPresent() ? Verdict.ERRORS : Verdict.UNREADABLE;
    };
  }
}
