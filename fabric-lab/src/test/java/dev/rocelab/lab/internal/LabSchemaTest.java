package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.fabricfile.SchemaAgreement;
import dev.rocelab.fabricfile.spi.Shape;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fabric file's JSON Schema documents the {@code lab:} section as this module reads it: the
 * same keys and kinds as the reader's shapes; structural defects rejected by both, cross-field
 * rules left to the reader.
 */
class LabSchemaTest {

  private static final Path MALFORMED = Path.of("src/test/resources/malformed");

  @Test
  void everyObjectOfTheLabSectionHasTheReadersKeys() {
    assertThat(SchemaAgreement.closedObjects().keySet().stream().filter(n -> n.startsWith("lab")))
        .containsExactlyInAnyOrderElementsOf(LabShapes.ALL.stream().map(Shape::name).toList());
    LabShapes.ALL.forEach(SchemaAgreement::assertAgrees);
  }

  @Test
  void commandKindsSelectTheReadersShapes() {
    SchemaAgreement.assertKindsSelectShapes("labCommand", "via", LabShapes.LAB_COMMAND_KINDS);
  }

  @Test
  void acceptsTheValidLabFabric() throws IOException {
    assertThat(SchemaAgreement.validate(Path.of("src/test/resources/valid/lab.yaml"))).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "lab-unknown-key",
        "lab-unknown-command-kind",
        "lab-prometheus-not-a-url",
        "lab-ssh-port-out-of-range"
      })
  void rejectsStructuralDefectsLikeTheReader(String name) throws IOException {
    Path file = MALFORMED.resolve(name + ".yaml");

    assertThat(FabricFiles.check(file).hasErrors()).as("reader rejects").isTrue();
    assertThat(SchemaAgreement.validate(file)).as("schema rejects").isNotEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"lab-switch-login-without-user", "lab-mpirun-without-host-file"})
  void leavesCrossFieldRulesToTheReader(String name) throws IOException {
    assertThat(SchemaAgreement.validate(MALFORMED.resolve(name + ".yaml"))).isEmpty();
  }
}
