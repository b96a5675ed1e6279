package dev.rocelab.junit;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.rocelab.api.backend.FabricBackendException;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.scenario.Completion;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;

/**
 * A run that stops at its bound with its workload unfinished fails its test unless the scenario
 * declares that it measures a window: "lossless" over a tenth of an incast says nothing about the
 * incast that was asked for. A run stopped by its wall-clock budget did not cover the time it was
 * meant to, window or not: its test is broken (the machine's limit, not the fabric's verdict).
 */
class UnfinishedWorkTest {

  private static final String ADVICE =
      "raise the scenario's duration or shrink its messages, or declare"
          + " Completion.WINDOW if the test measures a window of traffic";

  /** 1 GiB per sender at 100 Gb/s takes 86 ms, so 1 ms ends with nothing delivered in full. */
  private static final Scenario TOO_LONG =
      Scenario.incast().senders(4).message("1GiB").duration("1ms").build();

  @Test
  void anAnnotatedScenarioThatDidNotCompleteFailsThoughItsAssertionsHold() {
    Events events = Engine.run(AnnotatedTestCase.class).testEvents();

    events
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                test("tooLong"),
                finishedWithFailure(
                    instanceOf(AssertionFailedError.class),
                    message(
                        "workload unfinished: incast 4:1 · 1GiB: 0 of 4 flows completed in 1ms (duration reached); "
                            + ADVICE))));
  }

  @Test
  void aWindowByDeclarationACompletedRunAndADeadlockStopAreNotFailedForIt() {
    Events events = Engine.run(AnnotatedTestCase.class).testEvents();

    events
        .assertThatEvents()
        .haveExactly(1, event(test("window"), finishedSuccessfully()))
        .haveExactly(1, event(test("completes"), finishedSuccessfully()))
        .haveExactly(1, event(test("deadlocks"), finishedSuccessfully()));
  }

  @Test
  void runsThroughTheSessionAreHeldToTheSameRule() {
    Events events = Engine.run(SessionTestCase.class).testEvents();

    events
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                test("oneRun"),
                finishedWithFailure(
                    message(
                        "workload unfinished: incast 4:1 · 1GiB: 0 of 4 flows completed in 1ms (duration reached); "
                            + ADVICE))))
        .haveExactly(
            1,
            event(
                test("liveRun"),
                finishedWithFailure(
                    message(
                        m ->
                            m.startsWith(
                                "workload unfinished: incast 4:1 · 1GiB: 0 of 4 flows completed in 1ms")))))
        .haveExactly(
            1,
            event(
                test("twoRuns"),
                finishedWithFailure(
                    message(
                        "workload unfinished in 2 runs:\n"
                            + "  incast 4:1 · 1GiB: 0 of 4 flows completed in 1ms (duration reached)\n"
                            + "  incast 2:1 · 1GiB: 0 of 2 flows completed in 1ms (duration reached)\n"
                            + ADVICE))))
        .haveExactly(1, event(test("windowRun"), finishedSuccessfully()));
  }

  @Test
  void aFailingAssertionStaysTheFailureAndSaysTheWorkWasUnfinished() {
    Throwable thrown = thrownBySessionTest("assertion fails");

    // the assertion's own failure, not the unfinished work's
    assertThat(thrown)
        .hasMessageStartingWith("stop reason")
        .hasMessageContaining("  unfinished: 0 of 4 flows completed in 1ms (duration reached)");
    assertThat(List.of(thrown.getSuppressed()))
        .singleElement()
        .satisfies(
            s -> assertThat(s).hasMessageStartingWith("workload unfinished: incast 4:1 · 1GiB"));
  }

  @Test
  void aTestThatTripsOverAnUnfinishedRunFailsForTheRunNotBrokenForTheTrip() {
    Throwable thrown = thrownBySessionTest("trips over");

    assertThat(thrown)
        .isInstanceOf(AssertionFailedError.class)
        .hasMessageStartingWith("workload unfinished: incast 4:1 · 1GiB");
    assertThat(List.of(thrown.getSuppressed()))
        .singleElement()
        .isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void theScenariosPageShowsTheFailureItsExampleGetsOnTheModel() throws IOException {
    Throwable thrown = thrownBy(DocumentedTestCase.class, "incast 16:1");

    assertThat(thrown).isInstanceOf(AssertionFailedError.class);
    assertThat(Files.readString(Path.of("../docs/scenarios.md")))
        .as("docs/scenarios.md shows the failure of its @Incast(senders = 16, message = \"10GB\")")
        .contains("```text\n" + thrown.getMessage() + "\n```");
  }

  /** What the failed test of {@link SessionTestCase} whose display name starts so threw. */
  private static Throwable thrownBySessionTest(String displayNameStart) {
    return thrownBy(SessionTestCase.class, displayNameStart);
  }

  /** What the failed test of the test case whose display name starts so threw. */
  private static Throwable thrownBy(Class<?> testCase, String displayNameStart) {
    Event failed =
        Engine.run(testCase)
            .testEvents()
            .failed()
            .filter(e -> e.getTestDescriptor().getDisplayName().startsWith(displayNameStart))
            .findFirst()
            .orElseThrow();
    return failed
        .getPayload(org.junit.platform.engine.TestExecutionResult.class)
        .orElseThrow()
        .getThrowable()
        .orElseThrow();
  }

  @Test
  void aRunOutOfItsWallClockBudgetBreaksItsTestWhateverItDeclared() {
    Events events = Engine.run(WallClockTestCase.class).testEvents();

    String stopped = "workload unfinished: incast 2:1 · 3KiB: 0 of 2 flows completed in ";
    String advice = "s: raise it with -Drocelab.limits.wallClock=… or make the scenario smaller";
    events
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                test("required"),
                finishedWithFailure(
                    instanceOf(FabricBackendException.class),
                    message(
                        m ->
                            m.startsWith(stopped)
                                && m.contains(
                                    "(wall clock limit); a run took longer in real time"
                                        + " than its budget of ")
                                && m.endsWith(advice)))))
        .haveExactly(
            1,
            event(
                test("window"),
                finishedWithFailure(
                    instanceOf(FabricBackendException.class), message(m -> m.startsWith(stopped)))))
        // with a run that stopped at its duration too, the test fails: that part is a verdict on
        // the test
        .haveExactly(
            1,
            event(
                test("withARunShortOfItsDuration"),
                finishedWithFailure(
                    instanceOf(AssertionFailedError.class),
                    message(
                        m ->
                            m.startsWith("workload unfinished in 2 runs:")
                                && m.contains(ADVICE + "; a run took longer in real time")))));
  }

  @Test
  void runsOfAClassSetUpFailTheClass() {
    Events containers = Engine.run(SetUpTestCase.class).containerEvents();

    containers
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                container(SetUpTestCase.class),
                finishedWithFailure(
                    message(
                        "workload unfinished: incast 4:1 · 1GiB: 0 of 4 flows completed in 1ms (duration reached); "
                            + ADVICE))));
    Engine.run(SetUpTestCase.class).testEvents().assertStatistics(s -> s.succeeded(1).failed(0));
  }

  /**
   * A fault scheduled after the run's traffic has all completed never takes effect: the test did
   * not check the fabric under it, and fails, whatever its assertions said. A fault in time passes.
   */
  @Test
  void aFaultTheRunEndedBeforeFailsItsTestThoughItsAssertionsHold() {
    Events events = Engine.run(LateFaultTestCase.class).testEvents();

    events
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                test("faultAfterTheTraffic"),
                finishedWithFailure(
                    instanceOf(AssertionFailedError.class),
                    message(
                        m ->
                            m.startsWith("fault never applied: incast 2:1 · 64KiB")
                                && m.contains(
                                    " + link down leaf1:eth5 at 1s: link down leaf1:eth5 at 1s"
                                        + " never applied: the run ended at ")
                                && m.endsWith(
                                    "; schedule the fault while the traffic still runs, or give"
                                        + " the scenario traffic or a duration that reaches"
                                        + " it")))))
        .haveExactly(1, event(test("faultDuringTheTraffic"), finishedSuccessfully()));
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.FAILURES)
  static class LateFaultTestCase {

    @Test
    void faultAfterTheTraffic(FabricSession session) {
      RunResult run = session.run(withLinkDownAt("1s"));
      assertThat(run).hasNoDeadlock();
    }

    @Test
    void faultDuringTheTraffic(FabricSession session) {
      RunResult run = session.run(withLinkDownAt("1us"));
      assertThat(run).hasNoDeadlock();
    }

    private static Scenario withLinkDownAt(String time) {
      return Scenario.incast()
          .senders(2)
          .message("64KiB")
          .with(Fault.linkDown("leaf1:eth5").at(time))
          .build();
    }
  }

  /** The example of {@code docs/scenarios.md}, on the built-in model of the reference fabric. */
  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
  static class DocumentedTestCase {

    @Incast(senders = 16, message = "10GB")
    void incast(RunResult run) {
      assertThat(run).isLossless();
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class AnnotatedTestCase {

    @Incast(senders = 4, message = "1GiB", duration = "1ms")
    void tooLong(RunResult run) {
      assertThat(run).isLossless();
    }

    @Incast(senders = 4, message = "1GiB", duration = "1ms", completion = Completion.WINDOW)
    void window(RunResult run) {
      assertThat(run).isLossless().hasStopReason(StopReason.DURATION_REACHED);
    }

    @Incast(senders = 4, message = "64KiB")
    void completes(RunResult run) {
      assertThat(run).hasStopReason(StopReason.COMPLETED);
    }

    /** The scripted backend stops an incast of 5 KiB messages on a PFC deadlock. */
    @Incast(senders = 2, message = "5KiB")
    void deadlocks(RunResult run) {
      assertThat(run).hasStopReason(StopReason.DEADLOCK);
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class SessionTestCase {

    @Test
    void oneRun(FabricSession fabric) {
      fabric.run(TOO_LONG);
    }

    @Test
    void liveRun(FabricSession fabric) {
      try (ScenarioRun run = fabric.start(TOO_LONG)) {
        run.finish();
      }
    }

    @Test
    void twoRuns(FabricSession fabric) {
      fabric.run(TOO_LONG);
      fabric.run(Scenario.incast().senders(2).message("1GiB").duration("1ms").build());
    }

    @Test
    void windowRun(FabricSession fabric) {
      fabric.run(TOO_LONG.withCompletion(Completion.WINDOW));
    }

    @Test
    void assertionFails(FabricSession fabric) {
      assertThat(fabric.run(TOO_LONG)).hasStopReason(StopReason.COMPLETED);
    }

    /** Reads a measurement the unfinished run never made: the test trips, the run explains it. */
    @Test
    void tripsOverWhatWasNotMeasured(FabricSession fabric) {
      fabric.run(TOO_LONG).flows().get(99);
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class WallClockTestCase {

    /** The scripted backend stops an incast of 3 KiB messages at its wall-clock budget. */
    @Incast(senders = 2, message = "3KiB")
    void required(RunResult run) {
      assertThat(run).hasStopReason(StopReason.WALL_CLOCK_LIMIT);
    }

    @Incast(senders = 2, message = "3KiB", completion = Completion.WINDOW)
    void window(RunResult run) {
      assertThat(run).hasStopReason(StopReason.WALL_CLOCK_LIMIT);
    }

    @Test
    void withARunShortOfItsDuration(FabricSession fabric) {
      fabric.run(TOO_LONG);
      fabric.run(Scenario.incast().senders(2).message("3KiB").build());
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class SetUpTestCase {

    @BeforeAll
    static void setUp(FabricSession fabric) {
      fabric.run(TOO_LONG);
    }

    @Test
    void test() {}
  }
}
