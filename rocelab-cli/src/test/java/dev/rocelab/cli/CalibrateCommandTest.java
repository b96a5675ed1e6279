package dev.rocelab.cli;

import static dev.rocelab.cli.CommandRun.REFERENCE;
import static dev.rocelab.cli.CommandRun.rocelab;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.fabricfile.FabricFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrateCommandTest {

  /** Eight hosts on two leaves: the calibration module's test fabric. */
  private static final Path LAB8 =
      Path.of("..", "calibration", "src", "test", "resources", "fabrics", "lab8.yaml");

  @Test
  void calibratingTheModelAgainstItselfFitsAndWritesTheProfileTheTwinAndTheReport(
      @TempDir Path dir) {
    CommandRun run =
        rocelab("calibrate", LAB8.toString(), "--backend", "model", "--out", dir.toString());

    assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
    assertThat(run.out()).contains("switch latency").contains("fitted; wrote");
    assertThat(run.err())
        .contains("calibrate: ping-pong …")
        .contains("calibrate: 2:1 incast (run 4) …")
        .doesNotContain("calibrate: 2:1 incast (run 5)")
        .doesNotContain("calibrate: ping-pong (run 2)")
        .contains("calibrate: fitting the model …");
    assertThat(dir.resolve("calibration.json")).exists();
    assertThat(dir.resolve("profile.yaml")).content().contains("firmwareProfiles:");
    assertThat(FabricFiles.load(dir.resolve("calibrated.yaml")).name()).isEqualTo("lab8");
    assertThat(dir.resolve("allure-results")).isDirectoryContaining("glob:**-result.json");
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
  void fewerThanOneRunIsAUsageError(@TempDir Path dir) {
    CommandRun run =
        rocelab(
            "calibrate",
            LAB8.toString(),
            "--backend",
            "model",
            "--repeats",
            "0",
            "--out",
            dir.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(run.err()).contains("repeats must be at least 1 but was 0");
    assertThat(dir.resolve("calibration.json")).doesNotExist();
  }

  @Test
  void anUnknownBackendIsAUsageError(@TempDir Path dir) {
    CommandRun run =
        rocelab("calibrate", LAB8.toString(), "--backend", "nosuch", "--out", dir.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(run.err()).contains("nosuch");
  }
}
