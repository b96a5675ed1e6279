package dev.rocelab.cli;

import static dev.rocelab.cli.CommandRun.REFERENCE;
import static dev.rocelab.cli.CommandRun.rocelab;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.fabricfile.FabricFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CalibrateCommandTest {

  /** Eight hosts on two leaves: the calibration module's test fabric. */
  private static final Path LAB8 =
      Path.of("..", "calibration", "src", "test", "resources", "fabrics", "lab8.yaml");

  /**
   * The model calibrated against itself, on the steps asked for: the ping-pong and the 2:1 incast
   * (which runs four times), with the DCQCN settings known. The steps left out do not run, and the
   * parameters only they inform keep the file's values.
   */
  @Test
  void calibratingTheModelAgainstItselfFitsAndWritesTheProfileTheTwinAndTheReport(@TempDir Path dir)
      throws IOException {
    CommandRun run =
        rocelab(
            "calibrate",
            LAB8.toString(),
            "--backend",
            "model",
            "--steps",
            "ping-pong,ecn-incast",
            "--dcqcn-known",
            "--out",
            dir.toString());

    assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
    assertThat(run.out())
        .contains("switch latency")
        .containsPattern(
            "NIC pause reaction .* not fitted +pause response: left out of this calibration\\n")
        .contains("held at the fabric file's value, which the calibration was told the lab's NICs")
        .contains("fitted; wrote");
    assertThat(run.err())
        .contains("calibrate: ping-pong …")
        .contains("calibrate: 2:1 incast (run 4) …")
        .doesNotContain("calibrate: 2:1 incast (run 5)")
        .doesNotContain("calibrate: ping-pong (run 2)")
        .doesNotContain("calibrate: line rate")
        .doesNotContain("calibrate: N:1 incast")
        .contains("calibrate: fitting the model …");
    assertThat(dir.resolve("calibration.json")).exists();
    assertThat(dir.resolve("profile.yaml")).content().contains("firmwareProfiles:");
    assertThat(FabricFiles.load(dir.resolve("calibrated.yaml")).name()).isEqualTo("lab8");
    assertThat(dir.resolve("allure-results")).isDirectoryContaining("glob:**-result.json");
    try (Stream<Path> results = Files.list(dir.resolve("allure-results"))) {
      assertThat(
              results
                  .filter(f -> f.toString().endsWith("-result.json"))
                  .map(CalibrateCommandTest::read)
                  .filter(r -> r.contains("\"calibration · pause response\"")))
          .singleElement()
          .asString()
          .contains("\"status\":\"skipped\"")
          .contains("left out of this calibration");
    }
  }

  @Test
  void aFabricWithoutALabInventoryBreaksEveryStepAndWritesNoProfile(@TempDir Path dir) {
    CommandRun run =
        rocelab("calibrate", REFERENCE.toString(), "--backend", "lab", "--out", dir.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.BROKEN);
    assertThat(run.err()).contains("calibrate: ping-pong: the lab could not be opened");
    assertThat(run.out()).contains("no fit; wrote");
    assertThat(dir.resolve("calibration.json")).exists();
    assertThat(dir.resolve("profile.yaml")).doesNotExist();
  }

  @Test
  void aDriftingFabricIsNotCalibratedUnlessAllowedAndItsFindingsComeFirst(@TempDir Path dir) {
    String misconfigured = CommandRun.MISCONFIGURED.toString();
    CommandRun refused =
        rocelab("calibrate", misconfigured, "--backend", "lab", "--out", dir.toString());

    assertThat(refused.exitCode()).isEqualTo(Rocelab.DRIFT);
    assertThat(refused.out())
        .startsWith(misconfigured + ":32:7 switchProfiles.spectrum4.headroom: drift: XOFF 48KiB")
        .endsWith(
            misconfigured
                + ": not as approved — 5 drift findings; a calibration would fit the model of a"
                + " fabric that is not the approved one: fix the file, or calibrate anyway with"
                + " --allow-drift\n");
    assertThat(refused.err()).doesNotContain("calibrate: ping-pong");
    assertThat(dir.resolve("calibration.json")).doesNotExist();

    // allowed, it goes on to the lab (which this fabric has no inventory for)
    CommandRun allowed =
        rocelab(
            "calibrate",
            misconfigured,
            "--backend",
            "lab",
            "--steps",
            "ping-pong",
            "--allow-drift",
            "--out",
            dir.toString());
    assertThat(allowed.out()).contains("5 drift findings; going on, as --allow-drift says\n");
    assertThat(allowed.err()).contains("calibrate: ping-pong: the lab could not be opened");
    assertThat(allowed.exitCode()).isEqualTo(Rocelab.BROKEN);
  }

  @Test
  void aLabThatCannotBeOpenedBreaksTheStepsAskedForAlone(@TempDir Path dir) {
    CommandRun run =
        rocelab(
            "calibrate",
            REFERENCE.toString(),
            "--backend",
            "lab",
            "--steps",
            "all-reduce,ping-pong",
            "--out",
            dir.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.BROKEN);
    assertThat(run.err())
        .contains("calibrate: ping-pong: the lab could not be opened")
        .contains("calibrate: 2-node all-reduce: the lab could not be opened")
        .doesNotContain("calibrate: line rate")
        .doesNotContain("calibrate: 2:1 incast");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--repeats | 0 | repeats must be at least 1 but was 0",
        "--steps | ping-pong,incast | no calibration step 'incast'; the steps are ping-pong,"
            + " line-rate, pause-response, ecn-incast, deep-incast, rate-recovery, all-reduce"
      })
  void aBadOptionIsAUsageErrorThatSaysWhy(
      String option, String value, String message, @TempDir Path dir) {
    CommandRun run =
        rocelab(
            "calibrate",
            LAB8.toString(),
            "--backend",
            "model",
            option,
            value,
            "--out",
            dir.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(run.err()).contains(message);
    assertThat(dir.resolve("calibration.json")).doesNotExist();
  }

  @Test
  void anUnknownBackendIsAUsageError(@TempDir Path dir) {
    CommandRun run =
        rocelab("calibrate", LAB8.toString(), "--backend", "nosuch", "--out", dir.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(run.err()).contains("nosuch");
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
