package dev.rocelab.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The sign-off generator on real Allure results (fixtures run on the model with allure-jupiter
 * recording) and the real Allure command line.
 */
class SignOffTest {

  @TempDir static Path work;

  static Path results;
  static Path output;
  static int status;
  static String printed;

  @BeforeAll
  static void recordAndSignOff() {
    results = work.resolve("allure-results");
    TestExecutionSummary summary =
        AllureRecording.run(
            results,
            SignOffFixtures.BaselineTestCase.class,
            SignOffFixtures.SyntheticLoadTestCase.class,
            SignOffFixtures.FailuresTestCase.class,
            SignOffFixtures.SetupFailsTestCase.class,
            SignOffFixtures.WithoutPhaseTestCase.class);
    assertThat(summary.getTestsSucceededCount()).as("fixture tests passed").isEqualTo(2);
    assertThat(summary.getTestsFailedCount()).as("fixture tests failed").isEqualTo(3);
    output = work.resolve("signoff");
    // a sign-off written here before, of the same fabric on older NIC firmware, whose Baseline
    // failed: this one is compared with it
    try {
      Files.createDirectories(output);
      Files.writeString(
          output.resolve("signoff.json"),
          "{\"generated\": \"2026-11-24T10:00:00Z\", \"nicFirmware\": [\"28.36.1010\"],"
              + " \"phases\": [{\"phase\": \"Baseline\", \"verdict\": \"failed\"}]}");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    status =
        SignOff.run(
            new String[] {
              "--results",
              results.toString(),
              "--output",
              output.toString(),
              "--allure",
              System.getProperty("rocelab.allure.home")
            },
            new PrintStream(out, true, StandardCharsets.UTF_8),
            System.err);
    printed = out.toString(StandardCharsets.UTF_8);
  }

  static Path allureHome() {
    return Path.of(System.getProperty("rocelab.allure.home"));
  }

  @Test
  void exitsNonZeroBecauseAPhaseFailedAndPrintsEachPhase() {
    assertThat(status).isEqualTo(1);
    assertThat(printed)
        .contains(
            "sign-off: left out 1 test result without a phase label (not part of any phase's"
                + " verdict):\n"
                + "  failed  dev.rocelab.reports.SignOffFixtures$WithoutPhaseTestCase"
                + " aPlainUnitTestFails()\n",
            "Laboratory       not run  0 passed, 0 failed, 0 broken, 0 not applicable, 0 skipped",
            "Baseline         passed   1 passed, 0 failed, 0 broken, 1 not applicable, 0 skipped\n"
                + "  not applicable: needs a tier above the spines — fabric reference has no tier"
                + " above its spines\n",
            "Synthetic load   failed   1 passed, 1 failed, 0 broken, 0 not applicable, 0 skipped",
            "Failures         broken   0 passed, 0 failed, 1 broken, 0 not applicable, 0 skipped",
            // its class setup failed before any test ran: counted in its phase, never left out
            "Operational      broken   0 passed, 0 failed, 1 broken, 0 not applicable, 0 skipped",
            "sign-off failed: " + output.resolve("index.html"));
  }

  @Test
  void splitsTheResultsOnePhasePerDirectoryWithTheirAttachments() throws IOException {
    // the passed incast and the check that does not apply to the fabric
    assertThat(resultFiles(output.resolve("results/baseline"))).hasSize(2);
    assertThat(resultFiles(output.resolve("results/synthetic-load"))).hasSize(2);
    assertThat(resultFiles(output.resolve("results/failures"))).hasSize(1);
    assertThat(resultFiles(output.resolve("results/operational"))).hasSize(1);
    assertThat(resultFiles(output.resolve("results/combined"))).hasSize(6);
    assertThat(output.resolve("results/laboratory")).doesNotExist();
    assertThat(resultFiles(results)).as("recorded, the test without a phase included").hasSize(7);
    try (Stream<Path> dirs = Files.list(output.resolve("results"))) {
      assertThat(dirs.map(d -> d.getFileName().toString()))
          .containsExactlyInAnyOrder(
              "baseline", "synthetic-load", "failures", "operational", "combined");
    }
    for (Path result : resultFiles(output.resolve("results/synthetic-load"))) {
      JsonNode json = new ObjectMapper().readTree(result.toFile());
      for (JsonNode attachment : json.path("attachments")) {
        assertThat(
                output
                    .resolve("results/synthetic-load")
                    .resolve(attachment.path("source").asText()))
            .as("attachment %s of %s", attachment.path("name").asText(), json.path("name").asText())
            .isRegularFile();
      }
    }
  }

  @Test
  void writesEnvironmentCategoriesAndExecutorPerPhase() throws IOException {
    Properties environment = new Properties();
    environment.load(
        new StringReader(
            Files.readString(output.resolve("results/baseline/environment.properties"))));
    assertThat(environment)
        .containsEntry("backend", "model")
        .containsEntry("fabric", "reference (fabrics/reference.yaml)")
        .containsEntry("nic.firmware", "28.39.1002")
        .containsEntry("switch.nos", "SONiC.202405.1")
        .containsKey("seed")
        .containsKey("rocelab.version");
    JsonNode categories =
        new ObjectMapper().readTree(output.resolve("results/failures/categories.json").toFile());
    assertThat(categories.findValuesAsText("name"))
        .containsExactly(
            "Lossless violation",
            "Latency regression",
            "Throughput shortfall",
            "Congestion signalling out of bounds",
            "Configuration inconsistency",
            "Alerting gap",
            "Configuration drift",
            "Infrastructure problem (broken)");
    JsonNode executor =
        new ObjectMapper()
            .readTree(output.resolve("results/synthetic-load/executor.json").toFile());
    assertThat(executor.path("reportName").asText()).isEqualTo("rocelab · Synthetic load");
  }

  @Test
  void generatesOneReportPerPhaseThatRanAndACombinedOneWithoutAnalytics() throws IOException {
    for (String report : List.of("baseline", "synthetic-load", "failures", "combined")) {
      assertThat(output.resolve(report).resolve("index.html")).isRegularFile();
      assertThat(Files.readString(output.resolve(report).resolve("index.html")))
          .doesNotContain("googletagmanager");
    }
    assertThat(output.resolve("laboratory")).doesNotExist();
    // the failed latency test lands in its category in the phase report
    assertThat(Files.readString(output.resolve("synthetic-load/data/categories.json")))
        .contains("Latency regression")
        .doesNotContain("Infrastructure problem");
  }

  @Test
  void theSignOffPageGivesEachPhaseItsVerdictAndWhatDecidedIt() throws IOException {
    String page = Files.readString(output.resolve("index.html"));
    assertThat(page)
        .contains(
            "<tr data-phase=\"Baseline\"><td><a href=\"#baseline\">Baseline</a></td>"
                + "<td class=\"verdict verdict-passed\">passed</td><td>1</td><td>0</td><td>0</td><td>1</td>"
                + "<td>0</td><td>1</td><td><a href=\"baseline/index.html\">Baseline report</a></td></tr>")
        .contains(
            "<p>Not applicable on this fabric (never counted as passed):</p>\n"
                + "<ul class=\"not-applicable\">\n"
                + "<li>needs a tier above the spines — fabric reference has no tier above its"
                + " spines</li>")
        .contains(
            "<tr data-phase=\"AI workload\"><td><a href=\"#ai-workload\">AI workload</a></td>"
                + "<td class=\"verdict verdict-not-run\">not run</td>")
        .contains(
            "<tr data-phase=\"Operational\"><td><a href=\"#operational\">Operational</a></td>"
                + "<td class=\"verdict verdict-broken\">broken</td><td>0</td><td>0</td><td>1</td>")
        .contains("promtool runs in a Docker container and no Docker engine answers")
        .contains(
            "Failed: Synthetic load did not meet its criteria; Failures, Operational could not be"
                + " decided (Laboratory, AI workload not run); 1 test does not apply to this fabric"
                + " (listed under its phase)")
        .contains("<dt>category</dt><dd class=\"category\">Latency regression</dd>")
        .contains("p99 latency\n  run:")
        .contains("<dt>category</dt><dd class=\"category\">Infrastructure problem (broken)</dd>")
        .contains("lab controller unreachable")
        .contains("href=\"combined/index.html\"")
        .doesNotContain("aPlainUnitTestFails", "not a phase criterion", "Without phase")
        // nothing loaded from elsewhere (a CI build's link may be there, as a link)
        .doesNotContain("<script", "<link", " src=");
  }

  @Test
  void everyCheckIsListedWithItsMeasuredValueAndLimitOnThePageAndInTheJson() throws IOException {
    String page = Files.readString(output.resolve("index.html"));
    assertThat(page)
        .contains(
            "<details class=\"key-figures\" open><summary>Key figures: the 1 check of 1 test,"
                + " with measured values and limits</summary>")
        .contains(
            "<tr class=\"check-passed\"><td>small incast is lossless incast 2:1 · 256 KiB · prio 3</td>"
                + "<td>lossless traffic, lossless priority 3</td><td class=\"measured\">0 dropped"
                + " packets</td><td>no drops</td><td class=\"source\"></td></tr>")
        .contains(
            "<tr class=\"check-failed\"><td>latency below one nanosecond</td><td>p99 latency,"
                + " priority 3, 256 packets</td><td class=\"measured\">16.59us</td>"
                + "<td>less than 1ns</td>");
    JsonNode checks =
        new ObjectMapper().readTree(output.resolve("signoff.json").toFile()).at("/phases");
    assertThat(checks.findValues("checks").stream().mapToInt(JsonNode::size).sum()).isEqualTo(3);
    // a measured quantity travels as a number in its unit; a count of drops as a message does not
    List<JsonNode> all = new java.util.ArrayList<>();
    checks.findValues("checks").forEach(phase -> phase.forEach(all::add));
    assertThat(all)
        .filteredOn(c -> c.path("measured").asText().equals("16.59us"))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.at("/magnitude/unit").asText()).isEqualTo("ps");
              assertThat(c.at("/magnitude/value").asDouble()).isCloseTo(16.59e6, within(5e3));
            });
    assertThat(all)
        .filteredOn(c -> c.path("measured").asText().equals("0 dropped packets"))
        .allSatisfy(c -> assertThat(c.has("magnitude")).isFalse());
  }

  @Test
  void thePageOpensWithTheAuditRecord() throws IOException {
    String page = Files.readString(output.resolve("index.html"));

    assertThat(page)
        .contains(
            "<dl id=\"audit\">\n<dt>signed off</dt><dd>",
            "<dt>tests ran</dt><dd>",
            "<dt>rocelab</dt><dd>" + version() + "</dd>",
            "<dt>commit</dt><dd>",
            "<dt>fabric</dt><dd>reference (fabrics/reference.yaml) · SHA-256 "
                + referenceSha256()
                + "</dd>",
            "<dt>backend</dt><dd>model</dd>",
            "<a href=\"signoff.json\">signoff.json</a>");
  }

  @Test
  void signoffJsonHoldsTheVerdictsAndTheAuditRecordAsItsSchemaSays() throws IOException {
    JsonNode json = new ObjectMapper().readTree(output.resolve("signoff.json").toFile());

    assertThat(signOffSchema().validate(json)).isEmpty();
    assertThat(json.get("verdict").asText()).isEqualTo("failed");
    assertThat(json.get("phases").findValuesAsText("phase"))
        .containsExactly(
            "Laboratory", "Baseline", "Synthetic load", "AI workload", "Failures", "Operational");
    assertThat(json.get("phases").findValuesAsText("verdict"))
        .containsExactly("not run", "passed", "failed", "not run", "broken", "broken");
    assertThat(json.at("/phases/2/failed").asInt()).isEqualTo(1);
    assertThat(json.at("/phases/1/passed").asInt()).isEqualTo(1);
    assertThat(json.at("/phases/1/notApplicable").asInt()).isEqualTo(1);
    assertThat(json.at("/phases/1/skipped").asInt()).isZero();
    assertThat(json.at("/phases/1/notApplicableBecause/0/reason").asText())
        .isEqualTo("fabric reference has no tier above its spines");
    assertThat(json.at("/phases/2/decidedBy/0/category").asText()).isEqualTo("Latency regression");
    assertThat(json.at("/phases/2/report").asText()).isEqualTo("synthetic-load/index.html");
    assertThat(json.at("/fabrics/0/fabric").asText())
        .isEqualTo("reference (fabrics/reference.yaml)");
    assertThat(json.at("/fabrics/0/sha256").size()).isEqualTo(1);
    assertThat(json.at("/fabrics/0/sha256/0").asText()).isEqualTo(referenceSha256());
    assertThat(json.get("rocelabVersion").asText()).isEqualTo(version());
    Instant start = Instant.parse(json.at("/run/start").asText());
    Instant stop = Instant.parse(json.at("/run/stop").asText());
    Instant generated = Instant.parse(json.get("generated").asText());
    assertThat(start).isBeforeOrEqualTo(stop);
    assertThat(stop).isBeforeOrEqualTo(generated);
    assertThat(json.at("/run/durationSeconds").asDouble())
        .isEqualTo(Duration.between(start, stop).toMillis() / 1000.0);
  }

  @Test
  void theSchemaRefusesASignOffWithoutItsVerdict() throws IOException {
    ObjectNode json =
        (ObjectNode) new ObjectMapper().readTree(output.resolve("signoff.json").toFile());
    json.remove("verdict");
    json.put("surprise", 1);

    assertThat(signOffSchema().validate(json))
        .map(ValidationMessage::getMessage)
        .anySatisfy(m -> assertThat(m).contains("verdict"))
        .anySatisfy(m -> assertThat(m).contains("surprise"));
  }

  @Test
  void saysWhatChangedSinceThePreviousSignOffInTheSameDirectory() throws IOException {
    JsonNode since =
        new ObjectMapper().readTree(output.resolve("signoff.json").toFile()).path("sincePrevious");
    assertThat(since.path("previousGenerated").asText()).isEqualTo("2026-11-24T10:00:00Z");
    assertThat(since.path("changes").findValuesAsText("what"))
        .contains("NIC firmware", "fabric", "Baseline");
    assertThat(Files.readString(output.resolve("index.html")))
        .contains(
            "<tr><td>configuration</td><td>NIC firmware</td><td>28.36.1010</td>"
                + "<td>28.39.1002</td></tr>",
            "<tr><td>verdict</td><td>Baseline</td><td>failed</td><td>passed</td></tr>");
  }

  private static JsonSchema signOffSchema() throws IOException {
    try (InputStream in =
        SignOff.class.getResourceAsStream("/dev/rocelab/reports/signoff.schema.json")) {
      return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
    }
  }

  private static String version() throws IOException {
    Properties environment = new Properties();
    environment.load(
        new StringReader(
            Files.readString(output.resolve("results/baseline/environment.properties"))));
    return environment.getProperty("rocelab.version");
  }

  /** The fixtures' fabric, as the JUnit extension found it on the class path. */
  private static String referenceSha256() throws IOException {
    try (InputStream in = SignOffTest.class.getResourceAsStream("/fabrics/reference.yaml")) {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void carriesTheHistoryOfThePreviousReportIntoTheNextOne() throws IOException {
    Path again = work.resolve("signoff-again");
    int second =
        SignOff.run(
            new String[] {
              "--results",
              results.toString(),
              "--output",
              again.toString(),
              "--allure",
              allureHome().toString(),
              "--history",
              output.toString()
            },
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            System.err);

    assertThat(second).isEqualTo(1);
    assertThat(output.resolve("baseline/history/history.json")).isRegularFile();
    assertThat(again.resolve("results/baseline/history/history.json"))
        .hasSameTextualContentAs(output.resolve("baseline/history/history.json"));
    // the second report's history has two runs of the baseline test
    JsonNode history =
        new ObjectMapper().readTree(again.resolve("baseline/history/history.json").toFile());
    assertThat(history.elements().next().path("items").size()).isEqualTo(2);
  }

  @Test
  void badInputIsNamed() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        SignOff.run(
            new String[] {
              "--results",
              work.resolve("missing").toString(),
              "--output",
              work.resolve("x").toString(),
              "--allure",
              allureHome().toString()
            },
            System.out,
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(code).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo("sign-off: " + work.resolve("missing") + ": no such Allure results directory\n");

    assertThat(
            SignOff.run(
                new String[] {"--results", "r", "--bogus", "x"},
                System.out,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)))
        .isEqualTo(SignOff.USAGE);
  }

  static List<Path> resultFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith("-result.json")).toList();
    }
  }
}
