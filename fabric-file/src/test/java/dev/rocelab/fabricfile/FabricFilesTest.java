package dev.rocelab.fabricfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Finding.Severity;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FabricFilesTest {

  private static final Path MINIMAL = Path.of("src/test/resources/valid/leaf-spine.yaml");
  private static final Path MALFORMED = MalformedFabricFilesTest.MALFORMED;

  @Test
  void loadThrowsWithEveryProblemOnePerLine() throws Exception {
    String content = Files.readString(MALFORMED.resolve("three-defects.yaml"));

    assertThatThrownBy(() -> FabricFiles.load(content, "three-defects.yaml"))
        .isInstanceOfSatisfying(
            FabricFileException.class,
            e -> {
              assertThat(e.problems()).hasSize(3).allMatch(Problem::isError);
              assertThat(e.getMessage())
                  .isEqualTo(
                      String.join(
                          "\n",
                          "three-defects.yaml:17:13 switchProfiles.switch.buffer: \"lots\" is not a size; use B, KiB, MiB, GiB, KB, MB, GB (e.g. \"16MiB\")",
                          "three-defects.yaml:26:5 nicProfiles.cx7: unknown key \"mtux\"; did you mean \"mtu\"?",
                          "three-defects.yaml:29:5 hostProfiles.server: missing required key \"nicProfile\""));
            });
  }

  @Test
  void loadNamesProblemsByThePathAsGiven() {
    Path file = MALFORMED.resolve("bad-size.yaml");

    assertThatThrownBy(() -> FabricFiles.load(file))
        .hasMessage(
            file
                + ":17:13 switchProfiles.switch.buffer: \"64MBs\" is not a size; use B, KiB, MiB, GiB, KB, MB, GB (e.g. \"16MiB\")");
  }

  @Test
  void driftDoesNotPreventLoading() throws Exception {
    String content = Files.readString(MALFORMED.resolve("dscp-drift.yaml"));

    FabricFileReport report = FabricFiles.check(content, "dscp-drift.yaml");

    assertThat(report.spec()).isPresent();
    assertThat(report.errors()).isEmpty();
    assertThat(report.drift())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.severity()).isEqualTo(Severity.DRIFT);
              assertThat(p.path()).isEqualTo("nicProfiles.cx7.roce.dscp");
            });
    assertThat(FabricFiles.load(content, "dscp-drift.yaml").name()).isEqualTo("minimal");
  }

  @Test
  void checkReportsErrorsWithoutThrowing() throws Exception {
    FabricFileReport report = FabricFiles.check("name: [unclosed", "garbage.yaml");

    assertThat(report.hasErrors()).isTrue();
    assertThat(report.spec()).isEmpty();
    assertThat(report.errors()).singleElement().extracting(Problem::file).isEqualTo("garbage.yaml");
    assertThatThrownBy(report::orElseThrow).isInstanceOf(FabricFileException.class);
  }

  @Test
  void readersAndPathsGiveTheSameFabric() throws Exception {
    FabricSpec fromPath = FabricFiles.load(MINIMAL);
    FabricSpec fromReader =
        FabricFiles.load(new StringReader(Files.readString(MINIMAL)), "minimal.yaml");

    assertThat(fromReader).isEqualTo(fromPath);
  }

  @Test
  void byteOrderMarkIsIgnored(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("bom.yaml");
    byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    byte[] body = Files.readString(MINIMAL).getBytes(StandardCharsets.UTF_8);
    byte[] content = new byte[bom.length + body.length];
    System.arraycopy(bom, 0, content, 0, bom.length);
    System.arraycopy(body, 0, content, bom.length, body.length);
    Files.write(file, content);

    assertThat(FabricFiles.load(file)).isEqualTo(FabricFiles.load(MINIMAL));
  }

  @Test
  void aMissingFileIsAProblemAtItsFirstLine(@TempDir Path dir) {
    Path missing = dir.resolve("missing.yaml");

    FabricFileReport report = FabricFiles.check(missing);

    assertThat(report.problems())
        .extracting(Problem::toString)
        .containsExactly(missing + ":1:1 cannot be read: no such file");
    assertThatThrownBy(() -> FabricFiles.load(missing))
        .isInstanceOf(FabricFileException.class)
        .hasMessageContaining(missing + ":1:1 cannot be read: no such file");
  }

  @Test
  void textLongerThanTheLimitIsAProblemWhateverItComesFrom() {
    String text = "name: x\n".repeat(600_000); // 4.8 MB, every line short

    FabricFileReport report = FabricFiles.check(text, "long.yaml");

    assertThat(report.problems())
        .extracting(Problem::toString)
        .containsExactly(
            "long.yaml:"
                + report.problems().get(0).line()
                + ":1 the text is longer than 4194304 characters; a fabric file may be at"
                + " most that long (rocelab.limits.fileBytes)");
  }

  @Test
  void invalidUtf8IsAProblemNotAnException(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("latin1.yaml");
    Files.write(file, "name: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));

    FabricFileReport report = FabricFiles.check(file);

    assertThat(report.errors())
        .singleElement()
        .asString()
        .startsWith(file + ":1:1 not a UTF-8 text file: java.nio.charset.MalformedInputException");
  }

  @Test
  void failingReaderIsAnIoError() {
    Reader failing =
        new Reader() {
          @Override
          public int read(char[] buffer, int offset, int length) throws IOException {
            throw new IOException("disk on fire");
          }

          @Override
          public void close() {}
        };

    assertThatThrownBy(() -> FabricFiles.check(failing, "fire.yaml"))
        .isInstanceOf(UncheckedIOException.class)
        .hasRootCauseMessage("disk on fire");
  }

  @Test
  void moreThanOneDocumentIsASyntaxError() throws Exception {
    String twoDocuments = Files.readString(MINIMAL) + "---\nname: second\n";

    FabricFileReport report = FabricFiles.check(twoDocuments, "two.yaml");

    assertThat(report.problems())
        .map(Problem::toString)
        .singleElement()
        .asString()
        .isEqualTo(
            "two.yaml:37:1 YAML syntax error: expected a single document in the stream but found another document");
  }

  @Test
  void tooManyAliasesAreRejectedNotExpanded() {
    StringBuilder bomb = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
    for (int i = 1; i < 20; i++) {
      bomb.append("a").append(i).append(": &a").append(i).append(" [");
      bomb.append(("*a" + (i - 1) + ", ").repeat(8)).append("*a").append(i - 1).append("]\n");
    }

    FabricFileReport report = FabricFiles.check(bomb.toString(), "bomb.yaml");

    assertThat(report.errors())
        .singleElement()
        .asString()
        .isEqualTo(
            "bomb.yaml:1:1 not a readable YAML file: Number of aliases for non-scalar nodes exceeds the specified max=50");
  }
}
