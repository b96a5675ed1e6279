package dev.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code rocelab signoff} is the main job with overrides: what it hands Maven. (The main job itself
 * runs in CI from a clean clone; running Maven inside this module's tests would build the project
 * inside its own build.)
 */
class SignoffCommandTest {

  @Test
  void theMainJobGetsTheFabricBackendSeedAndOutputAsAbsolutePaths() {
    SignoffCommand command = new SignoffCommand();
    new CommandLine(command)
        .parseArgs(
            "fabrics/examples/misconfigured.yaml",
            "--backend",
            "lab",
            "--seed",
            "7",
            "--output",
            "out");
    Path checkout = Path.of("/checkout");

    assertThat(command.command(checkout))
        .containsExactly(
            "/checkout/mvnw",
            "-B",
            "verify",
            "-Psignoff",
            "-Drocelab.fabric=" + Path.of("fabrics/examples/misconfigured.yaml").toAbsolutePath(),
            "-Drocelab.backend=lab",
            "-Drocelab.seed=7",
            "-Drocelab.signoff.directory=" + Path.of("out").toAbsolutePath());
  }

  @Test
  void withoutOptionsItIsTheMainJob() {
    SignoffCommand command = new SignoffCommand();
    new CommandLine(command).parseArgs();

    assertThat(command.command(Path.of("/checkout")))
        .containsExactly("/checkout/mvnw", "-B", "verify", "-Psignoff");
  }

  @Test
  void aMissingFabricIsNamedBeforeAnythingRuns() {
    CommandRun run = CommandRun.rocelab("signoff", "no-such.yaml");

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(run.err()).isEqualTo("no such file: no-such.yaml\n");
  }
}
