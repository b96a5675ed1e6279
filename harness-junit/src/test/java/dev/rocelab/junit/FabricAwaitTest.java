package dev.rocelab.junit;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.FabricAwait;
import dev.rocelab.assertj.Runs;
import dev.rocelab.junit.fake.ScriptedBackend;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class FabricAwaitTest {

  /** Traffic into host1:nic0 while it storms from 500us to 1.5ms. */
  static final Scenario STORM =
      Scenario.permutation()
          .flowSize("64MiB")
          .with(Fault.pfcStorm("host1:nic0", 3, "1ms").at("500us"))
          .build();

  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  static boolean stormed(RunResult now) {
    return now.events().stream().anyMatch(e -> e.kind() == FabricEvent.Kind.FAULT);
  }

  @Nested
  class OnSimulatedTime {

    private FabricSession session;
    private ScenarioRun run;

    @BeforeEach
    void start() {
      session = new ScriptedBackend().open(Runs.TINY.spec());
      run = session.start(STORM);
    }

    @AfterEach
    void stop() {
      run.close();
      session.close();
    }

    @Test
    void eachPollAdvancesSimulatedTimeUntilTheConditionHolds() {
      RunResult stormStarted =
          FabricAwait.await("the storm starts")
              .on(run)
              .atMost("1ms")
              .until(FabricAwaitTest::stormed);
      assertThat(stormStarted.elapsed()).isEqualTo(SimTime.micros(500));
      assertThat(run.now()).isEqualTo(SimTime.micros(500));

      RunResult calm =
          FabricAwait.await("pauses on leaf1:eth1 stop")
              .on(run)
              .atMost(Duration.ofMillis(2))
              .untilAsserted(
                  now -> assertThat(now).port("leaf1:eth1").pfc().isNotPausedInLast("50us"));
      // the last paused sample is the one at 1.49ms: 50us later no sample in the window is paused
      assertThat(calm.elapsed()).isEqualTo(SimTime.micros(1540));
    }

    @Test
    void theBoundIsSimulatedTimeFromTheStartOfTheWaitAndTheMessageCarriesTheAlias() {
      run.advance(Duration.ofNanos(50_000));

      assertThatThrownBy(
              () ->
                  FabricAwait.await("the storm starts")
                      .on(run)
                      .atMost("100us")
                      .until(FabricAwaitTest::stormed))
          .isInstanceOf(ConditionTimeoutException.class)
          .hasMessage(
              "Condition with alias 'the storm starts' didn't complete within 100us of simulated time because"
                  + " the condition was false at 150us.");
      assertThat(run.now()).isEqualTo(SimTime.micros(150));
    }

    @Test
    void aFailedAssertionBecomesTheReasonTheAwaitilityWay() {
      assertThatThrownBy(
              () ->
                  FabricAwait.await()
                      .on(run)
                      .atMost(Duration.ofNanos(30_000))
                      .pollInterval("20us")
                      .untilAsserted(
                          now -> {
                            throw new AssertionError("Pauses still seen at " + now.elapsed() + ".");
                          }))
          .isInstanceOf(ConditionTimeoutException.class)
          .hasMessage(
              "Condition didn't complete within 30us of simulated time because pauses still seen at 30us.")
          .hasCauseInstanceOf(AssertionError.class);
    }

    @Test
    void withoutABoundTheWaitEndsWithTheRun() {
      assertThat(run.finish().elapsed().toString()).isEqualTo("2342.17728us");
      assertThatThrownBy(
              () ->
                  FabricAwait.await("PFC storm over")
                      .on(run)
                      .untilAsserted(now -> assertThat(now).pfc().hasNoStorm()))
          .isInstanceOf(ConditionTimeoutException.class)
          .hasMessage(
              "Condition with alias 'PFC storm over' didn't complete before the run ended at 2.342ms of"
                  + " simulated time because PFC storm\n"
                  + "  run:        permutation · 64MiB per flow + PFC storm from host1:nic0 on priority 3 at 500us for 1ms,"
                  + " seed 1, fabric tiny, backend scripted\n"
                  + "  where:      all ports\n"
                  + "  expected:   no PFC watchdog trigger and no deadlock\n"
                  + "  actual:     WATCHDOG_TRIGGERED leaf1:eth1/3 at 1.5ms: PFC watchdog declared the queue stormed;"
                  + " dropping.");
    }

    @Test
    void theSettingsAreCheckedByTheTerminalMethodAndEachMethodReturnsACopy() {
      FabricAwait base = FabricAwait.await("x");
      FabricAwait bound = base.on(run).atMost("10us");

      assertThatIllegalStateException()
          .isThrownBy(() -> base.until(now -> true))
          .withMessage("no run to wait on; call on(run) first");
      assertThatIllegalStateException()
          .isThrownBy(() -> bound.atMost(Duration.ZERO).until(now -> true))
          .withMessage("atMost must be > 0 but was PT0S");
      assertThatIllegalStateException()
          .isThrownBy(() -> bound.pollInterval(Duration.ofSeconds(-1)).until(now -> true))
          .withMessage("pollInterval must be > 0 but was PT-1S");
      assertThat(bound.until(now -> true).elapsed()).isEqualTo(SimTime.ZERO);
    }
  }

  @Nested
  class OnRealTime {

    private FabricSession session;
    private ScenarioRun run;

    @BeforeEach
    void start() {
      session = new ScriptedBackend.RealTime().open(Runs.TINY.spec());
      run = session.start(STORM);
    }

    @AfterEach
    void stop() {
      run.close();
      session.close();
    }

    @Test
    void itIsAwaitilityPollingFreshSnapshots() {
      RunResult calm =
          FabricAwait.await("pauses on leaf1:eth1 stop")
              .on(run)
              .atMost(Duration.ofSeconds(10))
              .pollInterval(Duration.ofMillis(5))
              .untilAsserted(
                  now -> {
                    assertThat(stormed(now)).as("storm started").isTrue();
                    assertThat(now).port("leaf1:eth1").pfc().isNotPausedInLast("50us");
                  });

      assertThat(calm.elapsed()).isGreaterThanOrEqualTo(SimTime.micros(1540));
    }

    @Test
    void aTimeoutIsAwaitilitysWithTheAlias() {
      assertThatThrownBy(
              () ->
                  FabricAwait.await("the storm is over")
                      .on(run)
                      .atMost(Duration.ofMillis(100))
                      .pollInterval(Duration.ofMillis(10))
                      .untilAsserted(
                          now -> {
                            throw new AssertionError("Storm still on.");
                          }))
          .isInstanceOf(ConditionTimeoutException.class)
          .hasMessage(
              "Condition with alias 'the storm is over' didn't complete within 100 milliseconds because"
                  + " assertion condition with alias the storm is over Storm still on.");
    }
  }

  @Test
  void scenarioAnnotationsHandTheLiveRunToTheTest() {
    SEEN.clear();

    Engine.run(LiveTestCase.class).testEvents().assertStatistics(s -> s.started(1).succeeded(1));

    assertThat(SEEN).containsExactly("storm at 500us", "calm at 1.54ms");
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.FAILURES)
  static class LiveTestCase {

    @PfcStorm(nic = "host1:nic0", at = "500us", stormFor = "1ms")
    void pausesStopAfterTheStorm(ScenarioRun run) {
      SEEN.add(
          "storm at "
              + FabricAwait.await("the storm starts")
                  .on(run)
                  .until(FabricAwaitTest::stormed)
                  .elapsed());
      SEEN.add(
          "calm at "
              + FabricAwait.await("pauses on leaf1:eth1 stop")
                  .on(run)
                  .atMost("2ms")
                  .untilAsserted(
                      now -> assertThat(now).port("leaf1:eth1").pfc().isNotPausedInLast("50us"))
                  .elapsed());
    }
  }
}
