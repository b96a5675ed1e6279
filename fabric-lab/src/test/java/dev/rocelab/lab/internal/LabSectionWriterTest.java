package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.lab.LabCommand;
import dev.rocelab.lab.LabFaultAction;
import dev.rocelab.lab.LabInventory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The {@code lab:} section in the effective configuration ({@link FabricFiles#write}). */
class LabSectionWriterTest {

  private static final Path LAB = Path.of("src/test/resources/valid/lab.yaml");

  @Test
  void theLabSectionReadsBackToTheSameInventory() {
    FabricSpec spec = FabricFiles.load(LAB);

    String written = FabricFiles.write(spec);

    assertThat(written).contains("\nlab:\n").doesNotContain("left out");
    FabricSpec back = FabricFiles.load(written, "written.yaml");
    assertThat(LabInventory.of(back)).isEqualTo(LabInventory.of(spec)).isPresent();
    assertThat(back).isEqualTo(spec);
  }

  @Test
  void defaultsAreWrittenOut() {
    String written = FabricFiles.write(FabricFiles.load(LAB));

    // host2 gave only its port; leaf2 only its address; the labels and the flow tool defaulted
    assertThat(written)
        .contains(
            "    host2:\n      address: 10.0.0.12\n      port: 2222\n      user: lab\n"
                + "      strictHostKeyChecking: true\n",
            "    leaf2: {address: 10.0.1.2}\n",
            "    deviceLabel: device\n",
            "    priorityLabel: priority\n",
            "  flowTool: perftest\n");
  }

  @Test
  void literalCredentialsAreMaskedAndPlaceholdersKept() throws IOException {
    String file =
        Files.readString(LAB)
            .replace("http://prometheus.lab:9090", "http://scraper:s3cret-pw@prometheus.lab:9090")
            .replace("Bearer ${env:NVUE_TOKEN}", "Bearer literal-nvue-token");

    String written = FabricFiles.write(FabricFiles.load(file, "literal.yaml"));

    assertThat(written)
        .doesNotContain("s3cret-pw", "literal-nvue-token")
        .contains("prometheus: http://***@prometheus.lab:9090", "Bearer ${env:PROM_TOKEN}");
    LabCommand.Http linkUp =
        (LabCommand.Http)
            LabInventory.of(FabricFiles.load(written, "written.yaml"))
                .orElseThrow()
                .faults()
                .get(LabFaultAction.LINK_UP);
    assertThat(linkUp.headers()).containsEntry("Authorization", "Bearer ***");
  }
}
