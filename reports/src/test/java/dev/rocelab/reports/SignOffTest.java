package dev.rocelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
            SignOffFixtures.WithoutPhaseTestCase.class);
    assertThat(summary.getTestsSucceededCount()).as("fixture tests passed").isEqualTo(2);
    assertThat(summary.getTestsFailedCount()).as("fixture tests failed").isEqualTo(3);
    output = work.resolve("signoff");
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
            "sign-off: left out 1 test result without a phase label (not part of any phase's verdict)",
            "Laboratory       not run  0 passed, 0 failed, 0 broken, 0 skipped",
            "Baseline         passed   1 passed, 0 failed, 0 broken, 0 skipped",
            "Synthetic load   failed   1 passed, 1 failed, 0 broken, 0 skipped",
            "Failures         broken   0 passed, 0 failed, 1 broken, 0 skipped",
            "sign-off failed: " + output.resolve("index.html"));
  }

  @Test
  void splitsTheResultsOnePhasePerDirectoryWithTheirAttachments() throws IOException {
    assertThat(resultFiles(output.resolve("results/baseline"))).hasSize(1);
    assertThat(resultFiles(output.resolve("results/synthetic-load"))).hasSize(2);
    assertThat(resultFiles(output.resolve("results/failures"))).hasSize(1);
    assertThat(resultFiles(output.resolve("results/combined"))).hasSize(4);
    assertThat(output.resolve("results/laboratory")).doesNotExist();
    assertThat(resultFiles(results)).as("recorded, the test without a phase included").hasSize(5);
    try (Stream<Path> dirs = Files.list(output.resolve("results"))) {
      assertThat(dirs.map(d -> d.getFileName().toString()))
          .containsExactlyInAnyOrder("baseline", "synthetic-load", "failures", "combined");
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
                + "<td class=\"verdict verdict-passed\">passed</td><td>1</td><td>0</td><td>0</td><td>0</td>"
                + "<td><a href=\"baseline/index.html\">Baseline report</a></td></tr>")
        .contains(
            "<tr data-phase=\"Operational\"><td><a href=\"#operational\">Operational</a></td>"
                + "<td class=\"verdict verdict-not-run\">not run</td>")
        .contains(
            "Failed: Synthetic load did not meet its criteria (Laboratory, AI workload, Operational not run)")
        .contains("<dt>category</dt><dd class=\"category\">Latency regression</dd>")
        .contains("p99 latency\n  run:")
        .contains("<dt>category</dt><dd class=\"category\">Infrastructure problem (broken)</dd>")
        .contains("lab controller unreachable")
        .contains("href=\"combined/index.html\"")
        .doesNotContain("aPlainUnitTestFails", "not a phase criterion", "Without phase")
        .doesNotContain("<script", "http://", "https://");
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
