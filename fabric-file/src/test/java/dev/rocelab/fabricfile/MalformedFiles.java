package dev.rocelab.fabricfile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Fabric files that each carry a defect and end with the exact problems they must produce, one
 * {@code # expect: } comment per problem, in file order (keeping the expectations at the end leaves
 * the line numbers of the content untouched). Public, in this module's test-jar, for the modules
 * whose section readers have malformed files of their own.
 */
public final class MalformedFiles {

  private static final String EXPECT = "# expect: ";

  private MalformedFiles() {}

  /**
   * @param directory a directory of malformed files
   * @return its {@code .yaml} files, sorted
   */
  public static Stream<Path> in(Path directory) {
    try (Stream<Path> files = Files.list(directory)) {
      return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Checks that reading a file reports exactly the problems it expects, and no fabric if any is an
   * error.
   *
   * @param file a malformed file
   * @throws IOException if it cannot be read
   */
  public static void assertReportsExactlyTheExpectedProblems(Path file) throws IOException {
    String content = Files.readString(file);
    List<String> expected =
        content
            .lines()
            .filter(line -> line.startsWith(EXPECT))
            .map(line -> line.substring(EXPECT.length()))
            .toList();
    assertThat(expected)
        .as("%s must end with at least one '%s' line", file, EXPECT.strip())
        .isNotEmpty();

    FabricFileReport report = FabricFiles.check(content, file.getFileName().toString());

    assertThat(report.problems()).map(Problem::toString).containsExactlyElementsOf(expected);
    assertThat(report.spec().isPresent()).as("spec present").isEqualTo(report.errors().isEmpty());
  }
}
