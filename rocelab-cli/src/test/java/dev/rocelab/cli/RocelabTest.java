package dev.rocelab.cli;

import static dev.rocelab.cli.CommandRun.rocelab;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RocelabTest {

  @Test
  void helpListsTheSubcommandsAndExitCodes() {
    CommandRun run = rocelab("--help");

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines()).first().isEqualTo("Usage: rocelab [-hV] [COMMAND]");
    assertThat(run.out())
        .contains("  validate  ", "  describe  ", "Exit codes:", "   2   a fabric file has errors");
  }

  @Test
  void subcommandHelpShowsItsParameters() {
    CommandRun run = rocelab("help", "describe");

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines())
        .first()
        .isEqualTo("Usage: rocelab describe [-hV] [--json | --effective] FILE");
  }

  @Test
  void versionComesFromTheBuild() {
    CommandRun run = rocelab("--version");

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines()).first().asString().matches("rocelab \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
  }

  @Test
  void withoutASubcommandItIsAUsageError() {
    CommandRun run = rocelab();

    assertThat(run.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(run.errLines())
        .first()
        .isEqualTo("Missing required subcommand (validate, describe, run, signoff or bench)");
  }

  @Test
  void unknownOptionIsAUsageError() {
    CommandRun run = rocelab("describe", "--yaml", "x.yaml");

    assertThat(run.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(run.errLines()).first().isEqualTo("Unknown option: '--yaml'");
  }

  /** A usage error says what was wrong and where the help is; it does not repeat the usage. */
  @Test
  void aUsageErrorIsItsReasonAndAPointerToTheHelp() {
    CommandRun run = rocelab("run", "../fabrics/reference.yaml", "storm");

    assertThat(run.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(run.errLines())
        .hasSizeLessThanOrEqualTo(3)
        .endsWith("see `rocelab run --help`")
        .noneMatch(line -> line.startsWith("Usage:"));
    CommandRun misspelt = rocelab("validat", "x.yaml");
    assertThat(misspelt.err())
        .contains("Did you mean: rocelab validate")
        .endsWith("see `rocelab --help`\n");
  }

  @Test
  void severalFilesReportTheWorstOutcome() {
    assertThat(Rocelab.worst(Rocelab.VALID, Rocelab.ERRORS)).isEqualTo(Rocelab.ERRORS);
    assertThat(Rocelab.worst(Rocelab.ERRORS, Rocelab.VALID)).isEqualTo(Rocelab.ERRORS);
    assertThat(Rocelab.worst(Rocelab.ERRORS, Rocelab.FAILURE)).isEqualTo(Rocelab.FAILURE);
    assertThat(Rocelab.worst(Rocelab.FAILURE, Rocelab.ERRORS)).isEqualTo(Rocelab.FAILURE);
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(
      strings = {"validate", "describe", "run", "signoff", "bench"})
  void everySubcommandExplainsItselfWithHelp(String command) {
    CommandRun run = CommandRun.rocelab(command, "--help");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).startsWith("Usage: rocelab " + command);
    assertThat(run.err()).isEmpty();
  }
}
