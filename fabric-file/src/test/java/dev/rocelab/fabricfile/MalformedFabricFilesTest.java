package dev.rocelab.fabricfile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each file under {@code malformed/} is a small complete fabric with one defect (one has three),
 * and ends with the exact problems it must produce, one {@code # expect: } comment per problem, in
 * file order. Keeping the expectations at the end leaves the line numbers of the content untouched.
 */
class MalformedFabricFilesTest {

  static final Path MALFORMED = Path.of("src/test/resources/malformed");
  private static final String EXPECT = "# expect: ";

  static Stream<Path> malformedFiles() throws IOException {
    try (Stream<Path> files = Files.list(MALFORMED)) {
      return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList().stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformedFiles")
  void reportsExactlyTheExpectedProblems(Path file) throws IOException {
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
