package dev.rocelab.fabricfile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link FabricFiles#write}: the effective configuration is a fabric file. Written from every
 * example fabric — each topology kind, the file's own firmware versions, overrides, drift — it
 * reads back to an equal fabric with the same findings, and the schema accepts it.
 */
class EffectiveFabricFileTest {

  @TempDir Path dir;

  static Stream<Path> fabrics() throws IOException {
    return Stream.concat(
        ValidFabricFilesTest.validFiles(),
        Stream.of(
            Path.of("src/test/resources/firmware/firmware-profiles.yaml"),
            Path.of("src/test/resources/firmware/load-balancing.yaml"),
            Path.of("../fabrics/examples/low-entropy.yaml"),
            Path.of("../fabrics/reference.yaml"),
            Path.of("../fabrics/examples/misconfigured.yaml")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fabrics")
  void readsBackToTheSameFabricWithTheSameFindings(Path file) {
    FabricFileReport original = FabricFiles.check(file);

    FabricFileReport written =
        FabricFiles.check(FabricFiles.write(original.orElseThrow()), "written.yaml");

    assertThat(written.errors()).isEmpty();
    assertThat(written.orElseThrow()).isEqualTo(original.orElseThrow());
    assertThat(written.drift())
        .map(p -> p.path() + ": " + p.message())
        .containsExactlyElementsOf(
            original.drift().stream().map(p -> p.path() + ": " + p.message()).toList());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fabrics")
  void theSchemaAcceptsIt(Path file) throws IOException {
    Path written =
        Files.writeString(dir.resolve("written.yaml"), FabricFiles.write(FabricFiles.load(file)));

    assertThat(SchemaAgreement.validate(written)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fabrics")
  void writingWhatWasWrittenChangesNothing(Path file) {
    String once = FabricFiles.write(FabricFiles.load(file));

    assertThat(FabricFiles.write(FabricFiles.load(once, "once.yaml"))).isEqualTo(once);
  }

  @Test
  void everyDefaultIsWrittenOut() {
    // leaf-spine.yaml leaves out forwarding, the watchdog, convergence, DCQCN, MTUs, ECN, ...
    String written =
        FabricFiles.write(FabricFiles.load(ValidFabricFilesTest.VALID.resolve("leaf-spine.yaml")));

    assertThat(written)
        .startsWith("# effective configuration of fabric \"")
        .contains(
            "  uplinksPerSpine: 1\n",
            "    forwarding: cut-through\n",
            "    forwardingLatency: 600ns\n",
            "    watchdog: {enabled: true, detection: 200ms, restoration: 200ms, pollInterval:",
            "    convergence: {failureDetection: ",
            "    headroom:\n      mode: derived\n      macPhyDelay: 1KiB\n",
            "    dcqcn:\n      enabled: true\n",
            "    scheduler:\n      strict: []\n      weights: {}\n",
            "    mtu: 9100B\n",
            "firmware:\n  approvedNic: []\n  approvedSwitch: []\n");
  }

  @Test
  void fixedHeadroomIsWrittenPerPriority() {
    FabricSpec misconfigured = FabricFiles.load(Path.of("../fabrics/examples/misconfigured.yaml"));

    assertThat(FabricFiles.write(misconfigured))
        .contains("    headroom:\n      mode: fixed\n      sizes: {3: 48KiB}\n");
  }
}
