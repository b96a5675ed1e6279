package dev.rocelab.cli;

import dev.rocelab.fabricfile.FabricFileReport;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.fabricfile.Problem;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Reads a fabric file for a command and prints its errors the same way for every command. */
final class FabricInput {

  private FabricInput() {}

  /**
   * Checks a fabric file, or says on {@code err} why it cannot be read.
   *
   * @param file the file as the user gave it; problems are reported under this name
   * @param err where "no such file" goes
   * @return the report, or empty if there is no such file
   */
  static Optional<FabricFileReport> check(Path file, PrintWriter err) {
    Optional<String> unreadable = unreadable(file);
    unreadable.ifPresent(err::println);
    return unreadable.isPresent() ? Optional.empty() : Optional.of(FabricFiles.check(file));
  }

  /**
   * Why a path is not a fabric file to check, before it is read.
   *
   * @param file the file as the user gave it
   * @return {@code no such file: FILE} or {@code not a file: FILE}; empty for a regular file
   */
  static Optional<String> unreadable(Path file) {
    if (!Files.exists(file)) {
      return Optional.of("no such file: " + file);
    }
    if (!Files.isRegularFile(file)) {
      return Optional.of("not a file: " + file);
    }
    return Optional.empty();
  }

  /**
   * Prints every problem of a file with errors, one per line, then {@code file: N errors}.
   *
   * @param report a report with errors
   * @param out where to print
   * @return {@link Rocelab#ERRORS}
   */
  static int printErrors(FabricFileReport report, PrintWriter out) {
    report.problems().forEach(out::println);
    out.println(
        report.file()
            + ": "
            + Text.count(report.errors().size(), "error", "errors")
            + driftSuffix(report.drift()));
    return Rocelab.ERRORS;
  }

  /**
   * Prints a fabric's drift findings before a command runs it, one per line, then what the command
   * does about them; nothing for a fabric without drift.
   *
   * @param report a report without errors
   * @param allowed whether the command was given {@code --allow-drift}
   * @param consequence what follows without {@code --allow-drift}, e.g. "the run's verdict fails on
   *     them"
   * @param out where to print
   */
  static void printDrift(
      FabricFileReport report, boolean allowed, String consequence, PrintWriter out) {
    if (report.drift().isEmpty()) {
      return;
    }
    report.drift().forEach(out::println);
    out.println(
        report.file()
            + ": not as approved — "
            + Text.count(report.drift().size(), "drift finding", "drift findings")
            + (allowed ? "; going on, as --allow-drift says" : "; " + consequence));
    out.flush();
  }

  private static String driftSuffix(List<Problem> drift) {
    return drift.isEmpty()
        ? ""
        : ", " + Text.count(drift.size(), "drift finding", "drift findings");
  }
}
