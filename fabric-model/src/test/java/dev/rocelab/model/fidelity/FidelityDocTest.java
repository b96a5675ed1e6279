package dev.rocelab.model.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/fidelity.md} and the tests it names cannot part ways: every test a row names exists
 * in some module's test sources, and every test of this package has a row.
 */
class FidelityDocTest {

  private static final Path ROOT = Path.of("..");
  private static final Pattern TEST_CELL = Pattern.compile("`(\\w+)#(\\w+)`\\s*\\|\\s*$");
  private static final Pattern TEST_METHOD =
      Pattern.compile("@(?:Test|ParameterizedTest)[^;]*?void (\\w+)\\(", Pattern.DOTALL);

  /** The table rows' tests, as {@code Class#method}. */
  private static List<String> namedTests() throws IOException {
    List<String> named = new ArrayList<>();
    for (String line : Files.readAllLines(ROOT.resolve("docs/fidelity.md"))) {
      if (line.startsWith("| ") && !line.startsWith("| Behaviour")) {
        Matcher m = TEST_CELL.matcher(line);
        assertThat(m.find())
            .as("the last cell of a row names one test as `Class#method`: %s", line)
            .isTrue();
        named.add(m.group(1) + "#" + m.group(2));
      }
    }
    return named;
  }

  private static List<Path> testSources() throws IOException {
    try (Stream<Path> files = Files.walk(ROOT, 12)) {
      return files
          .filter(
              p -> p.toString().contains("/src/test/java/") && p.toString().endsWith("Test.java"))
          .filter(p -> !p.toString().contains("/target/"))
          .toList();
    }
  }

  private static Set<String> testMethods(Path source) {
    try {
      Matcher m = TEST_METHOD.matcher(Files.readString(source));
      Set<String> methods = new java.util.LinkedHashSet<>();
      while (m.find()) {
        methods.add(m.group(1));
      }
      return methods;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void everyTestTheTableNamesExists() throws IOException {
    List<Path> sources = testSources();
    for (String test : namedTests()) {
      String type = test.substring(0, test.indexOf('#'));
      String method = test.substring(test.indexOf('#') + 1);
      List<Path> files =
          sources.stream().filter(p -> p.getFileName().toString().equals(type + ".java")).toList();
      assertThat(files).as("test class of %s", test).hasSize(1);
      assertThat(testMethods(files.get(0))).as("test methods of %s", type).contains(method);
    }
  }

  @Test
  void everyTestOfTheFidelityPackageHasARow() throws IOException {
    Set<String> named = Set.copyOf(namedTests());
    Path fidelity = Path.of("src/test/java/dev/rocelab/model/fidelity");
    List<String> missing;
    try (Stream<Path> files = Files.list(fidelity)) {
      missing =
          files
              .filter(p -> p.getFileName().toString().endsWith("FidelityTest.java"))
              .flatMap(
                  p -> {
                    String type = p.getFileName().toString().replace(".java", "");
                    return testMethods(p).stream().map(method -> type + "#" + method);
                  })
              .filter(test -> !named.contains(test))
              .collect(Collectors.toList());
    }
    assertThat(missing).as("fidelity tests without a row in docs/fidelity.md").isEmpty();
  }
}
