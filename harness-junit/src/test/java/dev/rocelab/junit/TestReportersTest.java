package dev.rocelab.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.report.Check;
import dev.rocelab.api.report.TestDescription;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.Checks;
import dev.rocelab.assertj.FabricAssertions;
import dev.rocelab.junit.RecordingReporter.Attached;
import dev.rocelab.junit.RecordingReporter.Checked;
import dev.rocelab.junit.RecordingReporter.ChecksEnded;
import dev.rocelab.junit.RecordingReporter.ClassStarted;
import dev.rocelab.junit.RecordingReporter.Event;
import dev.rocelab.junit.RecordingReporter.Started;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The extension tells the test reporters on the class path what each test is, every check it makes
 * (with the measured value as a number), when its checks end, and the texts to attach; here a
 * test-scope reporter ({@link RecordingReporter}) keeps what it is told. Module {@code reports}
 * tests how its reporter writes that to Allure.
 */
class TestReportersTest {

  private List<Event> events;

  @BeforeEach
  void record() {
    events = RecordingReporter.start();
  }

  @AfterEach
  void stop() {
    RecordingReporter.stop();
  }

  @Test
  void aScenarioTestIsDescribedWithPhaseScenarioCriterionAndParameters() {
    Engine.run(LabelledTestCase.class).testEvents().assertStatistics(s -> s.succeeded(2));

    TestDescription incast = described("incast stays lossless").get(0);
    assertThat(incast.phase()).isEqualTo(Phase.SYNTHETIC_LOAD);
    assertThat(incast.scenario()).contains("incast");
    assertThat(incast.fabricSha256()).isEqualTo(sha256("/fabrics/reference.yaml"));
    assertThat(incast.purpose()).isEmpty();
    assertThat(incast.sweepPoint())
        .hasValueSatisfying(id -> assertThat(id).contains("/[sweep-point:"));
    assertThat(incast.parameters())
        .containsExactly(
            Map.entry("fabric", "reference (fabrics/reference.yaml)"),
            Map.entry("backend", "scripted"),
            Map.entry("seed", "7"),
            Map.entry("NIC firmware", "28.39.1002"),
            Map.entry("switch NOS", "SONiC.202405.1"),
            Map.entry("senders", "8"),
            Map.entry("message", "4MiB"),
            Map.entry("priority", "3"));
  }

  @Test
  void aTestRunningScenariosThroughTheSessionHasNoScenarioOfItsOwn() {
    Engine.run(LabelledTestCase.class).testEvents().assertStatistics(s -> s.succeeded(2));

    TestDescription test = described("runs a permutation").get(0);
    assertThat(test.scenario()).isEmpty();
    assertThat(test.sweepPoint()).isEmpty();
    assertThat(test.parameters())
        .containsOnlyKeys("fabric", "backend", "seed", "NIC firmware", "switch NOS");
  }

  @Test
  void everyCheckReachesTheReportersWithItsValueLimitAndSourceThenTheirEnd() {
    Engine.run(LabelledTestCase.class).testEvents().assertStatistics(s -> s.succeeded(2));

    List<Event> incast = eventsOf("incast stays lossless");
    assertThat(incast).hasSize(3).last().isEqualTo(new ChecksEnded());
    List<Check> checks = checks(incast);
    assertThat(checks)
        .extracting(Check::summary, Check::passed)
        .containsExactly(
            tuple(
                "lossless traffic, lossless priority 3: 0 dropped packets, expected no drops",
                true),
            tuple(
                "p99 latency, priority 3, 1000 packets: 18us, expected less than 1ms"
                    + " (criteria/test.yaml:4 p99Latency)",
                true));
    Check p99 = checks.get(1);
    assertThat(p99.magnitude()).contains(Check.Magnitude.of(SimTime.parse("18us")));
    assertThat(p99.limitSource()).contains("criteria/test.yaml:4 p99Latency");
    assertThat(p99.checkedAt())
        .contains("TestReportersTest.java:" + lineMarked("// the p99 check"));
  }

  @Test
  void aRunIsComparedWithTheSameScenarioOnTheComparisonBackend() {
    Engine.run(ComparedTestCase.class).testEvents().assertStatistics(s -> s.succeeded(2));

    List<Attached> incast = attached(eventsOf("incast stays lossless"));
    assertThat(incast).extracting(Attached::name).containsExactly("agreement with model · incast");
    assertThat(incast.get(0).text())
        .startsWith("metric")
        .contains("scripted", "model", "completion_time (µs)", "pauses (frames)", "all ports");
    List<Attached> unsupported =
        attached(eventsOf("runs a PFC storm the model refuses at flow level"));
    assertThat(unsupported.get(0).text())
        .startsWith("not compared: model cannot run it: flow fidelity models link capacity");
  }

  @Test
  void aFailedCheckIsReportedFailedAndThePurposeDescribesTheTest() {
    Engine.run(FailingTestCase.class).testEvents().assertStatistics(s -> s.failed(1));

    assertThat(described("latency is tiny").get(0).purpose())
        .contains("Latency under light load, against a limit no fabric meets.");
    assertThat(checks(eventsOf("latency is tiny")))
        .singleElement()
        .satisfies(
            check -> {
              assertThat(check.passed()).isFalse();
              assertThat(check.summary())
                  .isEqualTo("p99 latency, priority 3, 1000 packets: 18us, expected less than 1ns");
            });
  }

  @Test
  void aClassIsAnnouncedWithItsPhaseBeforeAnyOfItsTestsRuns() {
    LauncherFactory.create()
        .execute(request().selectors(selectClass(FailingTestCase.class)).build());

    assertThat(events)
        .first()
        .isEqualTo(new ClassStarted(FailingTestCase.class.getName(), Phase.BASELINE));
    assertThat(events).filteredOn(ClassStarted.class::isInstance).hasSize(1);
  }

  /** The descriptions of the tests whose criterion is this, in order. */
  private List<TestDescription> described(String criterion) {
    return events.stream()
        .filter(Started.class::isInstance)
        .map(e -> ((Started) e).test())
        .filter(t -> t.criterion().equals(criterion))
        .toList();
  }

  /** The events of the first test with this criterion, from its description to before the next. */
  private List<Event> eventsOf(String criterion) {
    List<Event> of = new ArrayList<>();
    boolean in = false;
    for (Event e : events) {
      if (e instanceof Started s) {
        if (in) {
          break;
        }
        in = s.test().criterion().equals(criterion);
      } else if (in) {
        of.add(e);
      }
    }
    assertThat(in).as("a test described as %s", criterion).isTrue();
    return of;
  }

  private static List<Check> checks(List<Event> events) {
    return events.stream()
        .filter(Checked.class::isInstance)
        .map(e -> ((Checked) e).check())
        .toList();
  }

  private static List<Attached> attached(List<Event> events) {
    return events.stream().filter(Attached.class::isInstance).map(Attached.class::cast).toList();
  }

  /** The line of this test's source that ends with a marker comment. */
  private static int lineMarked(String marker) {
    try {
      List<String> lines =
          Files.readAllLines(Path.of("src/test/java/dev/rocelab/junit/TestReportersTest.java"));
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
    try (InputStream in = TestReportersTest.class.getResourceAsStream(resource)) {
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
  @Purpose("Latency under light load, against a limit no fabric meets.")
  static class FailingTestCase {

    @Incast(senders = 8, message = "4MiB", priority = 3)
    void latencyIsTiny(RunResult run) {
      FabricAssertions.assertThat(run).latency(3).p99().isLessThan("1ns");
    }
  }
}
