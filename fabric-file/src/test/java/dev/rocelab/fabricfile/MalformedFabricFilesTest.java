package dev.rocelab.fabricfile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each file under {@code malformed/} is a small complete fabric with one defect (one has three),
 * and ends with the exact problems it must produce ({@link MalformedFiles}).
 */
class MalformedFabricFilesTest {

  static final Path MALFORMED = Path.of("src/test/resources/malformed");

  static Stream<Path> malformedFiles() {
    return MalformedFiles.in(MALFORMED);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformedFiles")
  void reportsExactlyTheExpectedProblems(Path file) throws IOException {
    MalformedFiles.assertReportsExactlyTheExpectedProblems(file);
  }
}
