package dev.rocelab.cli;

import static dev.rocelab.cli.CommandRun.REFERENCE;
import static dev.rocelab.cli.CommandRun.rocelab;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.fabricfile.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class ValidateCommandTest {

  private static final String REFERENCE_SUMMARY =
      "valid — rail-optimized, 8 hosts, 64 GPUs, 64 NICs, 12 switches, 128 links";

  @TempDir Path dir;

  @Test
  void referenceFabricIsValidWithOneSummaryLine() {
    CommandRun run = rocelab("validate", REFERENCE.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.VALID);
    assertThat(run.outLines()).containsExactly(REFERENCE + ": " + REFERENCE_SUMMARY);
    assertThat(run.err()).isEmpty();
  }

  @Test
  void brokenFabricPrintsEveryProblemThenTheCount() throws IOException {
    // GIVEN three defects in three different sections of the reference fabric
    Path broken =
        CommandRun.referenceVariant(
            dir,
            "broken.yaml",
            "fabricLink: {speed: 400Gbps",
            "fabricLink: {speed: 400GBps",
            "buffer: 160MiB",
            "buffer: 160MBs",
            "mtu: 4096B",
            "mtu: 4000B");

    CommandRun run = rocelab("validate", broken.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(run.outLines()).hasSize(4);
    assertThat(run.outLines().get(0))
        .startsWith(broken + ":13:23 topology.fabricLink.speed: \"400GBps\" is not a rate");
    assertThat(run.outLines().get(1))
        .startsWith(broken + ":22:13 switchProfiles.spectrum4.buffer: \"160MBs\" is not a size");
    assertThat(run.outLines().get(2))
        .startsWith(broken + ":44:10 nicProfiles.cx7.mtu: ")
        .contains("4KB");
    assertThat(run.outLines().get(3)).isEqualTo(broken + ": 3 errors");
    assertThat(run.outLines().subList(0, 3))
        .containsExactlyElementsOf(
            FabricFiles.check(broken).problems().stream().map(Problem::toString).toList());
  }

  @Test
  void aDriftingFabricIsNotCalledValid() throws IOException {
    Path drifted =
        CommandRun.referenceVariant(
            dir, "drifted.yaml", "firmware: 28.39.1002", "firmware: 28.39.1000");

    CommandRun run = rocelab("validate", drifted.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.DRIFT);
    assertThat(run.outLines()).hasSize(2);
    assertThat(run.outLines().get(0))
        .startsWith(drifted + ":40:15 nicProfiles.cx7.firmware: drift: NIC firmware 28.39.1000");
    assertThat(run.outLines().get(1))
        .isEqualTo(
            drifted
                + ": drifts: 1 finding the Laboratory phase fails on — rail-optimized, 8 hosts, 64 GPUs,"
                + " 64 NICs, 12 switches, 128 links");
  }

  @Test
  void theMisconfiguredExampleDriftsAsTheDocsShow() throws IOException {
    String page = Files.readString(Path.of("../docs/signoff.md"));
    String command = "$ ./rocelab validate fabrics/examples/misconfigured.yaml\n";
    int from = page.indexOf(command) + command.length();
    List<String> shown = page.substring(from, page.indexOf("```", from)).lines().toList();

    CommandRun run = rocelab("validate", "../fabrics/examples/misconfigured.yaml");

    assertThat(run.exitCode()).isEqualTo(Rocelab.DRIFT);
    assertThat(run.outLines()).map(line -> line.substring("../".length())).isEqualTo(shown);
  }

  @Test
  void missingFileIsAnErrorNamedOnStderr() {
    Path missing = dir.resolve("nope.yaml");

    CommandRun run = rocelab("validate", missing.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(run.errLines()).containsExactly("no such file: " + missing);
    assertThat(run.out()).isEmpty();
  }

  @Test
  void everyFileGetsAVerdictAndTheWorstExitCodeWins() throws IOException {
    Path syntax = dir.resolve("syntax.yaml");
    Files.writeString(syntax, "name: x\ntopology: [\n");
    Path missing = dir.resolve("nope.yaml");

    CommandRun run =
        rocelab("validate", REFERENCE.toString(), missing.toString(), syntax.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(run.outLines()).hasSize(3);
    assertThat(run.outLines().get(0)).isEqualTo(REFERENCE + ": " + REFERENCE_SUMMARY);
    assertThat(run.outLines().get(1)).startsWith(syntax + ":3:1 ").contains("YAML");
    assertThat(run.outLines().get(2)).isEqualTo(syntax + ": 1 error");
    assertThat(run.errLines()).containsExactly("no such file: " + missing);
  }

  @Test
  void aDirectoryIsNotAFabricFile() {
    CommandRun run = rocelab("validate", dir.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(run.errLines()).containsExactly("not a file: " + dir);
  }

  @Test
  void withoutFilesItIsAUsageError() {
    CommandRun run = rocelab("validate");

    assertThat(run.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(run.errLines()).first().isEqualTo("Missing required parameter: 'FILE'");
    assertThat(run.out()).isEmpty();
  }

  // ---------------------------------------------------------------- input bounded before work
  // Each of these ran out of memory or time before the check; the timeouts guard against that
  // coming back (minutes or an OutOfMemoryError), they make no claim about speed.

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void aBillionHostsPerUnitIsRefusedBeforeTheFabricIsExpanded() throws IOException {
    Path huge =
        CommandRun.referenceVariant(
            dir, "huge.yaml", "hostsPerUnit: 8", "hostsPerUnit: 1000000000");

    CommandRun run = rocelab("validate", huge.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(run.outLines())
        .containsExactly(
            huge
                + ":9:17 topology.hostsPerUnit: 1 scalable units × 1000000000 hosts per unit = 1000000000 hosts;"
                + " a fabric may have at most 65536 (rocelab.limits.hosts)",
            huge + ": 1 error");
  }

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void theLargestIntAsScalableUnitsIsRefusedForItsHostsAndSwitches() throws IOException {
    Path huge =
        CommandRun.referenceVariant(
            dir, "units.yaml", "scalableUnits: 1", "scalableUnits: 2147483647");

    CommandRun run = rocelab("validate", huge.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(run.outLines())
        .containsExactly(
            huge
                + ":8:18 topology.scalableUnits: 2147483647 scalable units × 8 hosts per unit = 17179869176 hosts;"
                + " a fabric may have at most 65536 (rocelab.limits.hosts)",
            huge
                + ":8:18 topology.scalableUnits: 17179869176 rail leaves + 4 spines = 17179869180 switches;"
                + " a fabric may have at most 32768 (rocelab.limits.switches)",
            huge + ": 2 errors");
  }

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void aBillionGpusPerHostIsRefusedByItsProfile() throws IOException {
    Path huge = CommandRun.referenceVariant(dir, "gpus.yaml", "gpus: 8", "gpus: 1000000000");

    CommandRun run = rocelab("validate", huge.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(run.outLines())
        .containsExactly(
            huge
                + ":68:11 hostProfiles.gpu-server.gpus: gpus must be at most 256 but was 1000000000",
            huge + ": 1 error");
  }

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void aFiftyMegabyteScalarIsRefusedByTheFilesSizeBeforeItIsParsed() throws IOException {
    Path big =
        CommandRun.referenceVariant(
            dir, "big.yaml", "name: reference", "name: \"" + "x".repeat(50_000_000) + "\"");

    CommandRun run = rocelab("validate", big.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(run.outLines())
        .containsExactly(
            big
                + ":1:1 the file is "
                + Files.size(big)
                + " bytes; a fabric file may be at most 4194304"
                + " (rocelab.limits.fileBytes)",
            big + ": 1 error");
  }

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void aLineLongerThanTheLimitIsRefusedAsItIsRead() throws IOException {
    // 3 MB fits the file limit; on one line it would cost the YAML parser seconds (quadratic)
    Path big =
        CommandRun.referenceVariant(
            dir, "line.yaml", "name: reference", "name: \"" + "x".repeat(3_000_000) + "\"");

    CommandRun run = rocelab("validate", big.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(run.outLines())
        .containsExactly(
            big
                + ":3:1 line 3 is longer than 65536 characters; a fabric file's lines may be at most that long"
                + " (rocelab.limits.lineLength)",
            big + ": 1 error");
  }

  @Test
  void anUnreadableFileIsALocatedErrorLikeAMissingOne() throws IOException {
    // /proc/self/mem exists and is a regular file, but reading it at offset 0 fails (EIO), even as
    // root
    Path unreadable = Path.of("/proc/self/mem");
    if (!Files.isRegularFile(unreadable)) {
      unreadable = Files.writeString(dir.resolve("locked.yaml"), "name: x\n");
      assertThat(unreadable.toFile().setReadable(false, false)).as("made unreadable").isTrue();
    }

    CommandRun run = rocelab("validate", unreadable.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(run.outLines()).hasSize(2);
    assertThat(run.outLines().get(0)).startsWith(unreadable + ":1:1 cannot be read: ");
    assertThat(run.outLines().get(1)).isEqualTo(unreadable + ": 1 error");
    assertThat(run.err()).isEmpty();
  }
}
