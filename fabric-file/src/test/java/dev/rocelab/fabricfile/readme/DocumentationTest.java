package dev.rocelab.fabricfile.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the pages under {@code docs/} as a reader meets them: every relative link and
 * anchor resolves, every Java sample is code the build compiles (a tagged region of a test source),
 * and the README stays short.
 */
class DocumentationTest {

  private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern FENCED = Pattern.compile("(?ms)^```.*?^```[ \\t]*$");
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} (.+)$");
  private static final Pattern JAVA_BLOCK = Pattern.compile("(?ms)^```java\\n(.*?)^```");
  private static final Pattern TAGGED =
      Pattern.compile(
          "(?ms)^[ \\t]*// tag::([\\w-]+)\\[\\][ \\t]*\\n(.*?)^[ \\t]*// end::\\1\\[\\]");

  /** A measured-figure marker: {@code <!-- figure: NAME -->} on a line of its own. */
  private static final Pattern FIGURE = Pattern.compile("(?m)^<!-- figure: ([\\w-]+) -->\n");

  /** A date, or a time with its unit: {@code 5 min 46 s}, {@code 3 min}, {@code 50.5 s}. */
  private static final Pattern QUANTITY =
      Pattern.compile(
          "\\b(?:\\d{4}-\\d{2}-\\d{2}|\\d+ min \\d+ s|\\d+ min|\\d+(?:\\.\\d+)? (?:ms|s))\\b");

  @Test
  void theReadmeIsAtMost250Lines() throws IOException {
    assertThat(Files.readAllLines(REPOSITORY.resolve("README.md"))).hasSizeLessThanOrEqualTo(250);
  }

  @Test
  void everyRelativeLinkAndAnchorResolves() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path page : pages()) {
      String text =
          INLINE_CODE.matcher(FENCED.matcher(Files.readString(page)).replaceAll("")).replaceAll("");
      Matcher link = LINK.matcher(text);
      while (link.find()) {
        String target = link.group(1);
        if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
          continue; // https:, mailto:
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        String where = REPOSITORY.relativize(page) + ": " + target;
        if (!Files.exists(resolved)) {
          broken.add(where + " (no such file)");
        } else if (hash >= 0
            && resolved.toString().endsWith(".md")
            && !anchors(resolved).contains(target.substring(hash + 1))) {
          broken.add(where + " (no such heading)");
        }
      }
    }
    assertThat(broken).as("links that do not resolve").isEmpty();
  }

  /**
   * The README quotes one measured time per command, and only times the measured-figures page
   * states: the line after each {@code <!-- figure: NAME -->} marker of the README may name only
   * times and dates that the page's section under the same marker names.
   */
  @Test
  void everyTimeTheReadmeQuotesIsOneTheMeasuredFiguresPageStates() throws IOException {
    Map<String, String> readme = figures(Files.readString(REPOSITORY.resolve("README.md")), true);
    Map<String, String> page =
        figures(Files.readString(REPOSITORY.resolve("docs/measured-figures.md")), false);
    assertThat(readme).as("the README's quoted figures").containsKeys("main-job", "test-command");
    readme.forEach(
        (name, quoted) -> {
          assertThat(page).as("the measured-figures page's sections").containsKey(name);
          List<String> times = quantities(quoted);
          assertThat(times).as("the README's %s figure names a time", name).isNotEmpty();
          assertThat(quantities(page.get(name)))
              .as("what the measured-figures page states for %s", name)
              .containsAll(times);
        });
  }

  @Test
  void quotedTimesAreReadWholeWithTheirUnits() {
    assertThat(quantities("5 min 46 s (2026-12-02), 50.5 s, 65 s, 3 min, 120 ms and 7 cells"))
        .containsExactly("5 min 46 s", "2026-12-02", "50.5 s", "65 s", "3 min", "120 ms");
  }

  /**
   * The text after each figure marker: its next line where {@code line}, else up to the next marker
   * or heading.
   */
  private static Map<String, String> figures(String text, boolean line) {
    Map<String, String> figures = new HashMap<>();
    Matcher marker = FIGURE.matcher(text);
    while (marker.find()) {
      int end = line ? text.indexOf('\n', marker.end()) : nextSection(text, marker.end());
      figures.put(marker.group(1), text.substring(marker.end(), end < 0 ? text.length() : end));
    }
    return figures;
  }

  private static int nextSection(String text, int from) {
    Matcher next = Pattern.compile("(?m)^(?:#|<!-- figure:)").matcher(text);
    return next.find(from) ? next.start() : text.length();
  }

  private static List<String> quantities(String text) {
    List<String> found = new ArrayList<>();
    Matcher quantity = QUANTITY.matcher(text.replaceAll("\\s+", " "));
    while (quantity.find()) {
      found.add(quantity.group());
    }
    return found;
  }

  @Test
  void everyJavaSampleIsATaggedRegionOfATestSource() throws IOException {
    Set<String> compiled = taggedRegions();
    List<String> strays = new ArrayList<>();
    for (Path page : pages()) {
      Matcher block = JAVA_BLOCK.matcher(Files.readString(page));
      while (block.find()) {
        if (!compiled.contains(block.group(1))) {
          String first = block.group(1).lines().findFirst().orElse("");
          strays.add(REPOSITORY.relativize(page) + ": the sample starting \"" + first + "\"");
        }
      }
    }
    assertThat(strays).as("Java samples no test compiles").isEmpty();
  }

  @Test
  void theConsumerPomPinsTheVersionsRocelabIsBuiltWith() throws IOException {
    String build = Files.readString(REPOSITORY.resolve("pom.xml"));
    Map<String, String> pinned =
        Map.of(
            "junit-bom", property(build, "junit.version"),
            "maven-surefire-plugin", property(build, "surefire.version"),
            "maven-compiler-plugin", property(build, "compiler-plugin.version"));
    String rocelab = match(build, "<artifactId>rocelab-parent</artifactId>\\s*<version>([^<]+)<");
    String maven =
        match(
            Files.readString(REPOSITORY.resolve(".mvn/wrapper/maven-wrapper.properties")),
            "apache-maven-([0-9.]+)-bin");
    for (String page : List.of("README.md", "docs/getting-started.md")) {
      String text = Files.readString(REPOSITORY.resolve(page));
      Matcher xml = Pattern.compile("(?ms)^```xml\\n(.*?)^```").matcher(text);
      assertThat(xml.find()).as("%s shows a pom.xml", page).isTrue();
      String pom = xml.group(1);
      assertThat(pom)
          .as("%s: rocelab's version", page)
          .contains("<rocelab.version>" + rocelab + "<");
      pinned.forEach(
          (artifact, version) ->
              assertThat(
                      match(pom, "<artifactId>" + artifact + "</artifactId>\\s*<version>([^<]+)<"))
                  .as("%s: the version of %s", page, artifact)
                  .isEqualTo(version));
      assertThat(text.replaceAll("\\s+", " "))
          .as("%s names the versions it pins", page)
          .contains("Maven " + maven)
          .contains("Surefire " + pinned.get("maven-surefire-plugin"))
          .contains("JUnit " + pinned.get("junit-bom"));
    }
  }

  private static String property(String pom, String name) {
    return match(pom, "<" + Pattern.quote(name) + ">([^<]+)</");
  }

  private static String match(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    assertThat(m.find()).as("%s in the text", regex).isTrue();
    return m.group(1);
  }

  @Test
  void headingsBecomeTheAnchorsGitHubGivesThem() {
    assertThat(slug("`switchProfiles.NAME`")).isEqualTo("switchprofilesname");
    assertThat(slug("NCCL's choice of algorithm and protocol"))
        .isEqualTo("nccls-choice-of-algorithm-and-protocol");
    assertThat(slug("Operational: alert rules proven to fire"))
        .isEqualTo("operational-alert-rules-proven-to-fire");
    assertThat(slug("1. Start from the closest fabric"))
        .isEqualTo("1-start-from-the-closest-fabric");
  }

  /**
   * Every Markdown page of the repository: the README, docs/, the modules' and the examples' own
   * pages, the corpus's findings (build output, Git's and npm's directories left out).
   */
  static List<Path> pages() throws IOException {
    try (Stream<Path> files = Files.walk(REPOSITORY)) {
      return files
          .filter(p -> p.toString().endsWith(".md"))
          .filter(
              p -> {
                String relative = "/" + REPOSITORY.relativize(p);
                return !relative.contains("/target/")
                    && !relative.startsWith("/.git/")
                    && !relative.contains("/node_modules/");
              })
          .sorted()
          .collect(Collectors.toList());
    }
  }

  private static Set<String> anchors(Path page) {
    try {
      String text = FENCED.matcher(Files.readString(page)).replaceAll("");
      Set<String> anchors = new LinkedHashSet<>();
      Map<String, Integer> seen = new HashMap<>();
      Matcher heading = HEADING.matcher(text);
      while (heading.find()) {
        String slug = slug(heading.group(1));
        int n = seen.merge(slug, 1, Integer::sum) - 1;
        anchors.add(n == 0 ? slug : slug + "-" + n);
      }
      return anchors;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
  static String slug(String heading) {
    return heading
        .strip()
        .toLowerCase(Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
        .replace(' ', '-');
  }

  /** Every tagged region of the repository's test sources, its common indentation removed. */
  private static Set<String> taggedRegions() throws IOException {
    Set<String> regions = new LinkedHashSet<>();
    List<Path> sources;
    try (Stream<Path> files = Files.walk(REPOSITORY)) {
      sources =
          files
              .filter(p -> p.toString().endsWith(".java"))
              .filter(p -> REPOSITORY.relativize(p).toString().contains("/src/test/java/"))
              .filter(p -> !REPOSITORY.relativize(p).toString().contains("/target/"))
              .collect(Collectors.toList());
    }
    for (Path source : sources) {
      Matcher region = TAGGED.matcher(Files.readString(source));
      while (region.find()) {
        regions.add(unindented(region.group(2)));
      }
    }
    return regions;
  }

  private static String unindented(String region) {
    int indent =
        region
            .lines()
            .filter(line -> !line.isBlank())
            .mapToInt(line -> line.length() - line.stripLeading().length())
            .min()
            .orElse(0);
    return region
        .lines()
        .map(line -> line.length() >= indent ? line.substring(indent) : line.strip())
        .collect(Collectors.joining("\n", "", "\n"));
  }
}
