package dev.rocelab.reports.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rocelab.api.fabric.MissingShapeException;
import dev.rocelab.api.report.Secrets;
import dev.rocelab.api.scenario.Phase;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * One run of the sign-off generator; see {@link dev.rocelab.reports.SignOff} for what it writes.
 */
@API(status = INTERNAL, since = "0.1")
public final class SignOffRun {

  static final String COMBINED = "combined";

  private final List<Path> results;
  private final Path output;
  private final AllureCommandLine allure;
  private final Path history;
  private final Map<String, String> environment;

  /**
   * @param results the Allure results directories to read, one or the shards of one run
   * @param output where to write
   * @param allureHome the unpacked Allure command line
   * @param history a previous output directory to carry history from
   * @param environment the process environment, where a CI build names itself and its commit
   * @throws IllegalArgumentException naming the path if the Allure command line is not there
   */
  public SignOffRun(
      List<Path> results,
      Path output,
      Path allureHome,
      Path history,
      Map<String, String> environment) {
    if (results.isEmpty()) {
      throw new IllegalArgumentException("name at least one Allure results directory");
    }
    this.results = results.stream().map(r -> r.toAbsolutePath().normalize()).toList();
    this.output = output.toAbsolutePath().normalize();
    this.allure = new AllureCommandLine(allureHome);
    this.history = history.toAbsolutePath().normalize();
    this.environment = Map.copyOf(environment);
  }

  /**
   * Writes the split results, the reports and the sign-off page.
   *
   * @param out where a summary line per phase goes
   * @return 0 if every phase that ran passed; 1 if one failed or broke, or nothing ran
   * @throws IllegalArgumentException naming the file if the results cannot be read
   */
  public int run(PrintStream out) {
    AllureResults all = AllureResults.read(results);
    String version = version();
    // Tests without a phase label (e.g. a suite project's own unit tests) belong to no phase's
    // verdict.
    List<AllureResult> phased = all.results().stream().filter(r -> r.phase().isPresent()).toList();
    List<AllureResult> withoutPhase =
        all.results().stream().filter(r -> r.phase().isEmpty()).toList();
    if (!withoutPhase.isEmpty()) {
      out.println(
          "sign-off: left out "
              + withoutPhase.size()
              + " test result"
              + (withoutPhase.size() == 1 ? "" : "s")
              + " without a phase label (not part of any phase's verdict):");
      withoutPhase.stream()
          .map(
              r ->
                  "  "
                      + r.status()
                      + "  "
                      + r.labels().getOrDefault("testClass", "")
                      + " "
                      + r.name())
          .sorted()
          .forEach(out::println);
    }
    Map<String, List<AllureResult>> byPhase = byPhase(phased);
    AuditRecord audit = AuditRecord.of(phased, version, environment, Path.of(""), Instant.now());
    Path split = output.resolve("results");
    deleteRecursively(split);

    List<PhaseOutcome> outcomes = new ArrayList<>();
    Map<Path, Path> toGenerate = new LinkedHashMap<>();
    for (Map.Entry<String, List<AllureResult>> phase : byPhase.entrySet()) {
      String slug = PhaseOutcome.slug(phase.getKey());
      List<AllureResult> tests = phase.getValue();
      Optional<String> report = Optional.empty();
      if (!tests.isEmpty()) {
        Path dir = split.resolve(slug);
        java.util.Set<String> uuids =
            tests.stream().map(AllureResult::uuid).collect(java.util.stream.Collectors.toSet());
        all.copyTo(dir, r -> uuids.contains(r.uuid()));
        decorate(dir, tests, phase.getKey(), audit, slug);
        toGenerate.put(dir, output.resolve(slug));
        report = Optional.of(slug + "/index.html");
      } else {
        deleteRecursively(output.resolve(slug));
      }
      outcomes.add(new PhaseOutcome(phase.getKey(), AllureResults.latest(tests), report));
    }
    Optional<String> combined = Optional.empty();
    if (!phased.isEmpty()) {
      Path dir = split.resolve(COMBINED);
      all.copyTo(dir, r -> r.phase().isPresent());
      decorate(dir, phased, "all phases", audit, COMBINED);
      toGenerate.put(dir, output.resolve(COMBINED));
      combined = Optional.of(COMBINED + "/index.html");
    }
    allure.generate(toGenerate);
    ObjectNode document = SignOffJson.document(outcomes, combined, audit);
    Optional<SignOffPage.Comparison> comparison =
        previous(output.resolve("signoff.json"), out)
            .map(
                before ->
                    new SignOffPage.Comparison(
                        generated(before), SignOffDiff.between(before, document)));
    comparison.ifPresent(c -> SignOffJson.compare(document, c.previousGenerated(), c.changes()));
    write(output.resolve("index.html"), SignOffPage.render(outcomes, combined, audit, comparison));
    write(output.resolve("signoff.json"), document.toPrettyString() + "\n");

    for (PhaseOutcome o : outcomes) {
      out.printf(
          "%-16s %-8s %d passed, %d failed, %d broken, %d not applicable, %d skipped%n",
          o.phase(),
          o.verdict().text(),
          o.count("passed"),
          o.count("failed"),
          o.count("broken"),
          o.count(PhaseOutcome.NOT_APPLICABLE),
          o.count("skipped"));
      for (AllureResult r : o.notApplicable()) {
        out.printf("  not applicable: %s — %s%n", r.name(), reason(r));
      }
    }
    Verdict overall = SignOffPage.overall(outcomes);
    out.println("sign-off " + overall.text() + ": " + output.resolve("index.html"));
    return overall == Verdict.PASSED ? 0 : 1;
  }

  /** Why a test does not apply to the fabric: its skip message, without the marker. */
  static String reason(AllureResult notApplicable) {
    return notApplicable
        .message()
        .substring(MissingShapeException.NOT_APPLICABLE.length())
        .lines()
        .findFirst()
        .orElse("");
  }

  /** When a sign-off was written, to the second. */
  private static String generated(JsonNode signoff) {
    String text = signoff.path("generated").asText("");
    try {
      return Instant.parse(text).truncatedTo(ChronoUnit.SECONDS).toString();
    } catch (DateTimeParseException e) {
      return text.isEmpty() ? "an unknown time" : text;
    }
  }

  /**
   * The sign-off previously written to the output directory, to compare with; one that cannot be
   * read is said so and left to be overwritten.
   */
  private static Optional<JsonNode> previous(Path file, PrintStream out) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(new ObjectMapper().readTree(file.toFile()));
    } catch (IOException e) {
      out.println("sign-off: not comparing with the previous " + file + ": " + e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * @param results results that all have a phase label
   * @return every phase in sign-off order (empty ones too), then other phase labels by name
   */
  static Map<String, List<AllureResult>> byPhase(List<AllureResult> results) {
    Map<String, List<AllureResult>> byPhase = new LinkedHashMap<>();
    for (Phase phase : Phase.values()) {
      byPhase.put(phase.displayName(), new ArrayList<>());
    }
    TreeMap<String, List<AllureResult>> others = new TreeMap<>();
    for (AllureResult result : results) {
      String phase =
          result
              .phase()
              .orElseThrow(() -> new IllegalArgumentException(result.file() + ": no phase label"));
      if (byPhase.containsKey(phase)) {
        byPhase.get(phase).add(result);
      } else {
        others.computeIfAbsent(phase, p -> new ArrayList<>()).add(result);
      }
    }
    byPhase.putAll(others);
    return byPhase;
  }

  /** Adds what Allure shows beside the tests, and the previous report's history. */
  private void decorate(
      Path dir, List<AllureResult> tests, String what, AuditRecord audit, String slug) {
    String version = audit.version();
    write(dir.resolve("environment.properties"), EnvironmentProperties.of(tests, version));
    write(dir.resolve("categories.json"), Categories.json());
    ObjectNode executor = new ObjectMapper().createObjectNode();
    executor.put("name", "rocelab " + version);
    executor.put("type", "rocelab");
    executor.put("reportName", "rocelab · " + what);
    executor.put("reportUrl", "../" + slug + "/index.html");
    audit
        .build()
        .ifPresent(
            build -> {
              executor.put("buildName", build.name());
              build.url().ifPresent(url -> executor.put("buildUrl", url));
            });
    write(dir.resolve("executor.json"), executor.toPrettyString() + "\n");
    Path previous = history.resolve(slug).resolve("history");
    if (Files.isDirectory(previous)) {
      copyRecursively(previous, dir.resolve("history"));
    }
  }

  private static String version() {
    try (InputStream in =
        SignOffRun.class.getResourceAsStream("/dev/rocelab/reports/rocelab.properties")) {
      Properties properties = new Properties();
      if (in != null) {
        properties.load(in);
      }
      return properties.getProperty("version", "unknown");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path file, String content) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, Secrets.mask(content), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  private static void copyRecursively(Path from, Path to) {
    try {
      Files.walkFileTree(
          from,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
                throws IOException {
              Files.createDirectories(to.resolve(from.relativize(dir).toString()));
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              Files.copy(
                  file,
                  to.resolve(from.relativize(file).toString()),
                  StandardCopyOption.REPLACE_EXISTING);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy " + from + " to " + to, e);
    }
  }

  private static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try {
      Files.walkFileTree(
          dir,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              Files.delete(file);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
              Files.delete(d);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }
}
