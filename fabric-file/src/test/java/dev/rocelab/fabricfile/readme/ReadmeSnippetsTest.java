package dev.rocelab.fabricfile.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The docs' code samples are real, compiled and run code: the page must show them verbatim. */
class ReadmeSnippetsTest {

  @Test
  void theFabricFilePageShowsTheFabricFileTestAsCompiled() throws IOException {
    String source =
        Files.readString(Path.of("src/test/java/dev/rocelab/fabricfile/readme/OurFabricTest.java"));
    String snippet =
        source.substring(
            source.indexOf('\n', source.indexOf("// tag::first-test[]")) + 1,
            source.indexOf("// end::first-test[]"));
    String page = Files.readString(Path.of("../docs/fabric-file.md"));
    assertThat(page).contains("```java\n" + snippet + "```");
  }
}
