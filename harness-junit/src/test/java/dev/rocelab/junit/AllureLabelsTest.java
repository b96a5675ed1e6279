package dev.rocelab.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.Checks;
import dev.rocelab.assertj.FabricAssertions;
import io.qameta.allure.Allure;
import io.qameta.allure.AllureLifecycle;
import io.qameta.allure.AllureResultsWriter;
import io.qameta.allure.model.Attachment;
import io.qameta.allure.model.Label;
import io.qameta.allure.model.Parameter;
import io.qameta.allure.model.Status;
import io.qameta.allure.model.StepResult;
import io.qameta.allure.model.TestResult;
import io.qameta.allure.model.TestResultContainer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Tests are labelled for Allure when a test case is being recorded. Here a test-scope extension
 * plays allure-jupiter's part (start a test case before each test, write it after) against an
 * in-memory results writer.
 */
class AllureLabelsTest {

  private final MemoryWriter writer = new MemoryWriter();
  private AllureLifecycle previous;

  @BeforeEach
  void recordInMemory() {
    previous = Allure.getLifecycle();
    Allure.setLifecycle(new AllureLifecycle(writer));
  }

  @AfterEach
  void restore() {
    Allure.setLifecycle(previous);
  }

  @Test
  void scenarioTestsAreLabelledWithPhaseScenarioCriterionAndParameters() {
    Engine.run(LabelledTestCase.class).testEvents().assertStatistics(s -> s.succeeded(2));

    TestResult incast = writer.result("incast 8:1 · 4 MiB · prio 3");
    assertThat(incast.getLabels())
        .extracting(Label::getName, Label::getValue)
        .contains(
            tuple("parentSuite", "Synthetic load"),
            tuple("epic", "Synthetic load"),
            tuple("feature", "incast"),
            tuple("story", "incast stays lossless"),
            tuple("fabricSha256", sha256("/fabrics/reference.yaml")));
    assertThat(incast.getParameters())
        .extracting(Parameter::getName, Parameter::getValue)
        .containsExactly(
            tuple("fabric", "reference (fabrics/reference.yaml)"),
            tuple("backend", "scripted"),
            tuple("seed", "7"),
            tuple("NIC firmware", "28.39.1002"),
            tuple("switch NOS", "SONiC.202405.1"),
            tuple("senders", "8"),
            tuple("message", "4MiB"),
            tuple("priority", "3"));
    assertThat(incast.getAttachments())
        .extracting(Attachment::getName, Attachment::getType)
        .containsExactly(tuple("telemetry · incast", "text/plain"));
    assertThat(writer.attachment(incast.getAttachments().get(0)))
        .startsWith(
            "scenario  incast · incast 8:1 · 4MiB · dscp 26 (seed 7)\n"
                + "fabric    reference on backend scripted\n")
        .contains(
            "drops     none\n",
            "pauses    ",
            "ECN       ",
            "latency   priority 3: p50 6us, p99 18us, max 26us",
            "FCT       8 of 8 flows completed");
  }

  @Test
  void testsRunningScenariosThroughTheSessionGetTheScenarioAsFeature() {
    Engine.run(LabelledTestCase.class).testEvents().assertStatistics(s -> s.succeeded(2));

    TestResult test = writer.result("runs a permutation");
    assertThat(test.getLabels())
        .extracting(Label::getName, Label::getValue)
        .contains(
            tuple("epic", "Synthetic load"),
            tuple("feature", "permutation"),
            tuple("story", "runs a permutation"));
    assertThat(test.getParameters())
        .extracting(Parameter::getName)
        .containsExactly("fabric", "backend", "seed", "NIC firmware", "switch NOS");
    assertThat(test.getAttachments())
        .extracting(Attachment::getName)
        .containsExactly("telemetry · permutation", "telemetry · permutation");
  }

  @Test
  void aRunIsComparedWithTheSameScenarioOnTheComparisonBackend() {
    Engine.run(ComparedTestCase.class).testEvents().assertStatistics(s -> s.succeeded(2));

    TestResult incast = writer.result("incast 8:1 · 4 MiB · prio 3");
    assertThat(incast.getAttachments())
        .extracting(Attachment::getName)
        .containsExactly("telemetry · incast", "agreement with model · incast");
    assertThat(writer.attachment(incast.getAttachments().get(1)))
        .startsWith("metric")
        .contains("scripted", "model", "completion_time (µs)", "pauses (frames)", "all ports");
    TestResult unsupported = writer.result("runs a PFC storm the model refuses at flow level");
    assertThat(writer.attachment(unsupported.getAttachments().get(1)))
        .startsWith("not compared: model cannot run it: flow fidelity models link capacity");
  }

  @Test
  void everyCheckIsAStepWithItsMeasuredValueLimitAndSource() {
    Engine.run(LabelledTestCase.class).testEvents().assertStatistics(s -> s.succeeded(2));

    TestResult incast = writer.result("incast 8:1 · 4 MiB · prio 3");
    assertThat(incast.getSteps())
        .extracting(StepResult::getName, StepResult::getStatus)
        .containsExactly(
            tuple(
                "lossless traffic, lossless priority 3: 0 dropped packets, expected no drops",
                Status.PASSED),
            tuple(
                "p99 latency, priority 3, 1000 packets: 18us, expected less than 1ms"
                    + " (criteria/test.yaml:4 p99Latency)",
                Status.PASSED));
    assertThat(incast.getSteps().get(1).getParameters())
        .extracting(Parameter::getName, Parameter::getValue)
        .containsExactly(
            tuple("measured", "18us"),
            tuple("expected", "less than 1ms"),
            tuple("where", "priority 3, 1000 packets"),
            tuple("limit from", "criteria/test.yaml:4 p99Latency"),
            tuple("checked at", "AllureLabelsTest.java:" + lineMarked("// the p99 check")));
  }

  @Test
  void aFailedCheckIsAFailedStepAndThePurposeDescribesTheTest() {
    Engine.run(FailingTestCase.class).testEvents().assertStatistics(s -> s.failed(1));

    TestResult test = writer.result("incast 8:1 · 4 MiB · prio 3");
    assertThat(test.getDescription())
        .isEqualTo("Latency under light load, against a limit no fabric meets.");
    assertThat(test.getSteps())
        .singleElement()
        .satisfies(
            step -> {
              assertThat(step.getStatus()).isEqualTo(Status.FAILED);
              assertThat(step.getName())
                  .isEqualTo("p99 latency, priority 3, 1000 packets: 18us, expected less than 1ns");
              assertThat(step.getStatusDetails().getMessage()).isEqualTo(step.getName());
            });
  }

  /** The line of this test's source that ends with a marker comment. */
  private static int lineMarked(String marker) {
    try {
      List<String> lines =
          Files.readAllLines(Path.of("src/test/java/dev/rocelab/junit/AllureLabelsTest.java"));
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).endsWith(marker)) {
          return i + 1;
        }
      }
      throw new AssertionError("no line ends with " + marker);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The SHA-256 of a class path resource, as {@code sha256sum} prints it. */
  private static String sha256(String resource) {
    try (InputStream in = AllureLabelsTest.class.getResourceAsStream(resource)) {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @FabricTest(
      fabric = "fabrics/reference.yaml",
      backend = "scripted",
      phase = Phase.SYNTHETIC_LOAD,
      seed = 7)
  @ExtendWith(AllureTestCases.class)
  static class LabelledTestCase {

    @Incast(senders = 8, message = "4MiB", priority = 3)
    void incastStaysLossless(RunResult run) {
      SimTime limit = SimTime.parse("1ms");
      Checks.limitFrom(limit, "criteria/test.yaml:4 p99Latency");
      FabricAssertions.assertThat(run).isLossless();
      FabricAssertions.assertThat(run).latency(3).p99().isLessThan(limit); // the p99 check
    }

    @Test
    void runsAPermutation(FabricSession fabric) {
      fabric.run(Scenario.permutation());
      fabric.run(Scenario.permutation().flowSize("2MiB"));
    }
  }

  @FabricTest(
      fabric = "fabrics/reference.yaml",
      backend = "scripted",
      phase = Phase.SYNTHETIC_LOAD,
      seed = 7,
      compareWith = "model")
  @ExtendWith(AllureTestCases.class)
  static class ComparedTestCase {

    @Incast(senders = 8, message = "4MiB", priority = 3)
    void incastStaysLossless(RunResult run) {
      FabricAssertions.assertThat(run).isLossless();
    }

    @Test
    void runsAPfcStormTheModelRefusesAtFlowLevel(FabricSession fabric) {
      fabric.run(
          Scenario.collective(CollectiveOperation.ALL_REDUCE)
              .size("1MiB")
              .fidelity(Fidelity.FLOW)
              .with(Fault.pfcStorm("host1:nic0", 3, "1ms").at(SimTime.micros(10)))
              .build());
    }
  }

  @FabricTest(
      fabric = "fabrics/reference.yaml",
      backend = "scripted",
      phase = Phase.BASELINE,
      seed = 7)
  @ExtendWith(AllureTestCases.class)
  @Purpose("Latency under light load, against a limit no fabric meets.")
  static class FailingTestCase {

    @Incast(senders = 8, message = "4MiB", priority = 3)
    void latencyIsTiny(RunResult run) {
      FabricAssertions.assertThat(run).latency(3).p99().isLessThan("1ns");
    }
  }

  /** What allure-jupiter does around each test, in a few lines. */
  static final class AllureTestCases implements BeforeEachCallback, AfterEachCallback {

    @Override
    public void beforeEach(ExtensionContext context) {
      String uuid = UUID.randomUUID().toString();
      context.getStore(ExtensionContext.Namespace.GLOBAL).put("allure-uuid", uuid);
      Allure.getLifecycle()
          .scheduleTestCase(
              new TestResult()
                  .setUuid(uuid)
                  .setName(context.getDisplayName())
                  .setFullName(context.getUniqueId()));
      Allure.getLifecycle().startTestCase(uuid);
    }

    @Override
    public void afterEach(ExtensionContext context) {
      String uuid =
          context.getStore(ExtensionContext.Namespace.GLOBAL).get("allure-uuid", String.class);
      Allure.getLifecycle().stopTestCase(uuid);
      Allure.getLifecycle().writeTestCase(uuid);
    }
  }

  /** Keeps results and attachments in memory. */
  static final class MemoryWriter implements AllureResultsWriter {
    private final List<TestResult> results = new CopyOnWriteArrayList<>();
    private final Map<String, String> attachments = new ConcurrentHashMap<>();

    @Override
    public void write(TestResult testResult) {
      results.add(testResult);
    }

    @Override
    public void write(TestResultContainer testResultContainer) {}

    @Override
    public void write(String source, InputStream attachment) {
      try (attachment) {
        attachments.put(source, new String(attachment.readAllBytes(), StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    TestResult result(String name) {
      return results.stream()
          .filter(r -> r.getName().equals(name))
          .findFirst()
          .orElseThrow(
              () ->
                  new AssertionError(
                      "no result named "
                          + name
                          + " among "
                          + results.stream().map(TestResult::getName).toList()));
    }

    String attachment(Attachment attachment) {
      return attachments.get(attachment.getSource());
    }
  }
}
