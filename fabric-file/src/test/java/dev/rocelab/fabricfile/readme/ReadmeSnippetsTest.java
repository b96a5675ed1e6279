package dev.rocelab.fabricfile.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** README code samples are real, compiled and run code: the README must show them verbatim. */
class ReadmeSnippetsTest {

  @Test
  void readmeShowsTheFirstCustomTestAsCompiled() throws IOException {
    String source =
        Files.readString(Path.of("src/test/java/dev/rocelab/fabricfile/readme/OurFabricTest.java"));
    String snippet =
        source.substring(
            source.indexOf('\n', source.indexOf("// tag::first-test[]")) + 1,
            source.indexOf("// end::first-test[]"));
    String readme = Files.readString(Path.of("../README.md"));
    assertThat(readme).contains("```java\n" + snippet + "```");
  }
}
