package dev.rocelab.reports.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.report.Check;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.Checks;
import dev.rocelab.assertj.FabricAssertions;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Incast;
import dev.rocelab.junit.Purpose;
import dev.rocelab.reports.AllureRecording;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the JUnit extension tells of each test lands in real Allure results: fixtures run on the
 * model with allure-jupiter recording into a directory, read back as the files Allure writes.
 */
class AllureTestReporterTest {

  @TempDir static Path results;

  @BeforeAll
  static void record() {
    var summary =
        AllureRecording.run(
            results,
            LabelledTestCase.class,
            FailingTestCase.class,
            AttachingTestCase.class,
            BrokenSetupTestCase.class);
    assertThat(summary.getTestsSucceededCount()).as("fixture tests passed").isEqualTo(3);
    assertThat(summary.getTestsFailedCount()).as("fixture tests failed").isEqualTo(1);
    assertThat(summary.getContainersFailedCount()).as("fixture classes failed").isEqualTo(1);
  }

  @Test
  void aScenarioTestIsLabelledWithPhaseScenarioCriterionFabricAndParameters() {
    JsonNode incast = result("incast stays lossless", "LabelledTestCase");
    assertThat(labels(incast))
        .contains(
            tuple("parentSuite", "Synthetic load"),
            tuple("epic", "Synthetic load"),
            tuple("feature", "incast"),
            tuple("story", "incast stays lossless"));
    assertThat(labels(incast))
        .filteredOn(l -> l.toList().get(0).equals("fabricSha256"))
        .singleElement()
        .satisfies(l -> assertThat((String) l.toList().get(1)).matches("[0-9a-f]{64}"));
    assertThat(names(incast.path("parameters")))
        .containsSubsequence(
            "fabric",
            "backend",
            "seed",
            "NIC firmware",
            "switch NOS",
            "senders",
            "message",
            "priority");
    assertThat(names(incast.path("attachments"))).contains("telemetry · incast", "rocelab checks");
  }

  @Test
  void everyCheckIsAStepWithItsMeasuredValueLimitAndSourceAndAllAreKeptAsData() throws IOException {
    JsonNode incast = result("incast stays lossless", "LabelledTestCase");
    JsonNode steps = incast.path("steps");
    assertThat(names(steps))
        .hasSize(2)
        .first()
        .isEqualTo("lossless traffic, lossless priority 3: 0 dropped packets, expected no drops");
    JsonNode p99 = steps.get(1);
    assertThat(p99.path("status").asText()).isEqualTo("passed");
    assertThat(names(p99.path("parameters")))
        .containsExactly("measured", "expected", "where", "limit from", "checked at");
    assertThat(parameter(p99, "limit from")).isEqualTo("criteria/test.yaml:4 p99Latency");
    assertThat(parameter(p99, "checked at")).startsWith("AllureTestReporterTest.java:");

    List<Check> checks = CheckData.of(incast, results.resolve("x-result.json"));
    assertThat(checks)
        .extracting(Check::summary)
        .containsExactly(names(steps).toArray(String[]::new));
    Check measured = checks.get(1);
    assertThat(measured.actual()).isEqualTo(parameter(p99, "measured"));
    assertThat(measured.magnitude())
        .contains(Check.Magnitude.of(SimTime.parse(parameter(p99, "measured"))));
    assertThat(measured.limitSource()).contains("criteria/test.yaml:4 p99Latency");
    assertThat(checks.get(0).magnitude()).isEmpty();
  }

  @Test
  void aFailedCheckIsAFailedStepAndThePurposeDescribesTheTest() throws IOException {
    JsonNode test = result("latency is tiny", "FailingTestCase");
    assertThat(test.path("description").asText())
        .isEqualTo("Latency under light load, against a limit no fabric meets.");
    assertThat(test.path("steps")).hasSize(1);
    JsonNode step = test.path("steps").get(0);
    assertThat(step.path("status").asText()).isEqualTo("failed");
    assertThat(step.path("name").asText()).endsWith(", expected less than 1ns");
    assertThat(step.path("statusDetails").path("message").asText())
        .isEqualTo(step.path("name").asText());
    assertThat(CheckData.of(test, results.resolve("x-result.json")))
        .singleElement()
        .satisfies(check -> assertThat(check.passed()).isFalse());
  }

  @Test
  void aTestRunningScenariosThroughTheSessionGetsTheScenarioAsFeature() {
    JsonNode test = result("runs a permutation", "LabelledTestCase");
    assertThat(labels(test))
        .contains(tuple("feature", "permutation"), tuple("story", "runs a permutation"));
    assertThat(names(test.path("parameters")))
        .contains("fabric", "backend", "seed", "NIC firmware", "switch NOS")
        .doesNotContain("senders");
    assertThat(names(test.path("attachments"))).startsWith("telemetry · permutation");
  }

  @Test
  void aTextIsAttachedToTheRunningTest() throws IOException {
    JsonNode test = result("attaches a note", "AttachingTestCase");
    JsonNode note = attachment(test, "agreement with lab · incast");
    assertThat(note.path("type").asText()).isEqualTo("text/plain");
    assertThat(Files.readString(results.resolve(note.path("source").asText())))
        .isEqualTo("metric  model  lab");
  }

  @Test
  void aResultWrittenForAFailedClassSetupGetsItsClassesPhase() {
    JsonNode broken = result("Broken setup test case", "BrokenSetupTestCase");
    assertThat(broken.path("status").asText()).isEqualTo("broken");
    assertThat(labels(broken)).contains(tuple("parentSuite", "Operational"));
  }

  /** The one result of a fixture class with this name, or this criterion (a sweep point's). */
  private static JsonNode result(String name, String fixture) {
    List<JsonNode> found = new ArrayList<>();
    try (Stream<Path> files = Files.list(results)) {
      for (Path file : files.filter(f -> f.toString().endsWith("-result.json")).toList()) {
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        boolean named =
            json.path("name").asText().equals(name) || labels(json).contains(tuple("story", name));
        if (named && json.path("fullName").asText().contains(fixture)) {
          found.add(json);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertThat(found).as("results named %s of %s", name, fixture).hasSize(1);
    return found.get(0);
  }

  private static List<org.assertj.core.groups.Tuple> labels(JsonNode result) {
    List<org.assertj.core.groups.Tuple> labels = new ArrayList<>();
    result
        .path("labels")
        .forEach(l -> labels.add(tuple(l.path("name").asText(), l.path("value").asText())));
    return labels;
  }

  private static List<String> names(JsonNode array) {
    List<String> names = new ArrayList<>();
    array.forEach(n -> names.add(n.path("name").asText()));
    return names;
  }

  private static String parameter(JsonNode step, String name) {
    for (JsonNode p : step.path("parameters")) {
      if (p.path("name").asText().equals(name)) {
        return p.path("value").asText();
      }
    }
    throw new AssertionError("no parameter " + name + " in " + step);
  }

  private static JsonNode attachment(JsonNode result, String name) {
    for (JsonNode a : result.path("attachments")) {
      if (a.path("name").asText().equals(name)) {
        return a;
      }
    }
    throw new AssertionError(
        "no attachment " + name + " among " + names(result.path("attachments")));
  }

  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD, seed = 7)
  static class LabelledTestCase {

    @Incast(senders = 2, message = "256KiB", priority = 3)
    void incastStaysLossless(RunResult run) {
      SimTime limit = SimTime.parse("1ms");
      Checks.limitFrom(limit, "criteria/test.yaml:4 p99Latency");
      FabricAssertions.assertThat(run).isLossless();
      FabricAssertions.assertThat(run).latency(3).p99().isLessThan(limit);
    }

    @Test
    void runsAPermutation(FabricSession fabric) {
      fabric.run(Scenario.permutation().flowSize("64KiB"));
    }
  }

  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.BASELINE, seed = 7)
  @Purpose("Latency under light load, against a limit no fabric meets.")
  static class FailingTestCase {

    @Incast(senders = 2, message = "256KiB", priority = 3)
    void latencyIsTiny(RunResult run) {
      FabricAssertions.assertThat(run).latency(3).p99().isLessThan("1ns");
    }
  }

  /** The reporter's attachments, as the extension's comparisons with another backend make them. */
  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
  static class AttachingTestCase {

    @Test
    void attachesANote() {
      new AllureTestReporter().attach("agreement with lab · incast", () -> "metric  model  lab");
    }
  }

  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.OPERATIONAL)
  static class BrokenSetupTestCase {

    @BeforeAll
    static void startSomethingThatFails() {
      throw new IllegalStateException("the lab's container did not start");
    }

    @Test
    void neverRuns() {}
  }
}
