package dev.rocelab.fabricfile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricSection;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.fabricfile.spi.MappingReader;
import dev.rocelab.fabricfile.spi.SectionReader;
import dev.rocelab.fabricfile.spi.Shape;
import dev.rocelab.fabricfile.spi.Values;
import dev.rocelab.fabricfile.spi.YamlNode;
import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A module of one's own reads a top-level section through the extension point, as the lab backend
 * reads {@code lab:}: this test registers a reader of {@code greeting:} (in its META-INF/services),
 * whose problems are located like the core's.
 */
class SectionReaderTest {

  /** What the reader makes of the section. */
  record Greeting(String text, int times) implements FabricSection {
    @Override
    public String key() {
      return "greeting";
    }
  }

  /** Reads {@code greeting: {text: …, times: …}}. */
  public static final class GreetingReader implements SectionReader {
    private static final Shape GREETING =
        Shape.named("greeting").required("text").optional("times").build();

    @Override
    public String key() {
      return "greeting";
    }

    @Override
    public FabricSection read(YamlNode node, Values values) {
      return MappingReader.open(node, GREETING, values)
          .map(
              r -> {
                String text = r.required("text", values::text);
                Integer times = r.optional("times", values::wholeNumber, 1);
                return r.build(() -> new Greeting(text, times));
              })
          .orElse(null);
    }

    @Override
    public Optional<Map<String, Object>> write(FabricSection section) {
      Greeting greeting = (Greeting) section;
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("text", greeting.text());
      out.put("times", greeting.times());
      return Optional.of(out);
    }
  }

  /** What a reader that cannot write makes of {@code note:}. */
  record Note(String text) implements FabricSection {
    @Override
    public String key() {
      return "note";
    }
  }

  /** Reads {@code note: …}, and cannot write it. */
  public static final class NoteReader implements SectionReader {
    @Override
    public String key() {
      return "note";
    }

    @Override
    public FabricSection read(YamlNode node, Values values) {
      String text = values.text(node);
      return text == null ? null : new Note(text);
    }
  }

  private static String minimal() throws IOException {
    return Files.readString(ValidFabricFilesTest.VALID.resolve("leaf-spine.yaml"));
  }

  @Test
  void aRegisteredReaderReadsItsSectionIntoTheSpec() throws IOException {
    FabricSpec spec =
        FabricFiles.load(minimal() + "greeting: {text: hello, times: 2}\n", "greeting.yaml");

    assertThat(spec.section("greeting", Greeting.class)).contains(new Greeting("hello", 2));
    assertThat(spec.sections()).containsOnlyKeys("greeting");
  }

  @Test
  void aFileWithoutTheSectionHasNone() throws IOException {
    assertThat(FabricFiles.load(minimal(), "plain.yaml").section("greeting", Greeting.class))
        .isEmpty();
  }

  @Test
  void theReadersProblemsAreLocatedLikeTheCores() throws IOException {
    String file = minimal() + "greeting: {txt: hello}\n";
    int line = (int) file.lines().count();

    FabricFileReport report = FabricFiles.check(file, "greeting.yaml");

    assertThat(report.problems())
        .map(Problem::toString)
        .containsExactly(
            "greeting.yaml:" + line + ":12 greeting: unknown key \"txt\"; did you mean \"text\"?");
  }

  @Test
  void theEffectiveConfigurationHoldsTheSectionsTheirReadersWrite() throws IOException {
    FabricSpec spec =
        FabricFiles.load(
            minimal() + "greeting: {text: hello}\nnote: left behind\n", "sections.yaml");

    String written = FabricFiles.write(spec);

    // the default of times written out; note: has no writer, so it is left out, and said to be
    assertThat(written)
        .contains("greeting: {text: hello, times: 1}\n")
        .contains("# the note: section is left out: the module that reads it cannot write it\n")
        .doesNotContain("left behind");
    FabricSpec back = FabricFiles.load(written, "written.yaml");
    assertThat(back.section("greeting", Greeting.class)).contains(new Greeting("hello", 1));
    assertThat(back.sections()).containsOnlyKeys("greeting");
  }
}
