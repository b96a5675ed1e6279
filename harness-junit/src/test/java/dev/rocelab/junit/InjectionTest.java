package dev.rocelab.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.junit.fake.ScriptedBackend;
import dev.rocelab.junit.fake.ScriptedSession;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

class InjectionTest {

  static final List<Object> SEEN = new CopyOnWriteArrayList<>();

  @BeforeEach
  void reset() {
    SEEN.clear();
    ScriptedBackend.reset();
  }

  @Test
  void scenarioTestGetsTheResultOfItsOwnScenarioComputedOnce() {
    Engine.run(ScenarioParametersTestCase.class)
        .testEvents()
        .assertStatistics(s -> s.started(1).succeeded(1));

    RunResult first = (RunResult) SEEN.get(0);
    assertThat(SEEN.get(1)).isSameAs(first);
    Scenario scenario = (Scenario) SEEN.get(2);
    assertThat(first.scenario()).isEqualTo(scenario);
    assertThat(scenario.name()).isEqualTo("incast");
    assertThat(scenario.workloads())
        .singleElement()
        .isInstanceOfSatisfying(
            Workload.Incast.class,
            incast -> {
              assertThat(incast.senders()).isEqualTo(4);
              assertThat(incast.message().toString()).isEqualTo("2MiB");
              assertThat(incast.dscp()).hasValue(26);
            });
    assertThat(scenario.seed()).isEqualTo(7);
    assertThat(scenario.duration().toString()).isEqualTo("5ms");
    assertThat(scenario.sampleInterval().toString()).isEqualTo("1us");
    assertThat(((FabricSpec) SEEN.get(3)).name()).isEqualTo("tiny");
    assertThat(((FabricSession) SEEN.get(4)).backend().id()).isEqualTo("scripted");
    assertThat(ScriptedBackend.sessions())
        .singleElement()
        .satisfies(session -> assertThat(session.scenarios()).containsExactly(scenario));
  }

  @Test
  void testsAndLifecycleMethodsGetTheSessionAndTheFabric() {
    Engine.run(SessionParametersTestCase.class)
        .testEvents()
        .assertStatistics(s -> s.started(1).succeeded(1));

    assertThat(SEEN).containsExactly("beforeAll tiny", "beforeEach scripted", "seed 7", "seed 3");
    ScriptedSession session = ScriptedBackend.sessions().get(0);
    assertThat(ScriptedBackend.sessions()).hasSize(1);
    assertThat(session.scenarios()).extracting(Scenario::seed).containsExactly(7L, 7L, 3L);
  }

  @Test
  void scenarioTestCanWatchItsRunLive() {
    Engine.run(LiveRunTestCase.class).testEvents().assertStatistics(s -> s.started(2).succeeded(2));

    assertThat(SEEN)
        .containsExactly("not finished at 0ps", "advanced to 10us", "finished", "finished");
  }

  @FabricTest(
      fabric = "fabrics/tiny.yaml",
      backend = "scripted",
      phase = Phase.SYNTHETIC_LOAD,
      seed = 7)
  static class ScenarioParametersTestCase {

    @Incast(senders = 4, message = "2MiB", priority = 3, duration = "5ms", sampleInterval = "1us")
    void incast(
        RunResult run,
        RunResult again,
        Scenario scenario,
        FabricSpec fabric,
        FabricSession session) {
      SEEN.addAll(List.of(run, again, scenario, fabric, session));
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.BASELINE, seed = 7)
  static class SessionParametersTestCase {

    @BeforeAll
    static void beforeAll(FabricSpec fabric, FabricSession session) {
      SEEN.add("beforeAll " + fabric.name());
      session.run(Scenario.baseline());
    }

    @BeforeEach
    void beforeEach(FabricSession session) {
      SEEN.add("beforeEach " + session.backend().id());
    }

    @Test
    void runsFluentScenarios(FabricSession session) {
      SEEN.add("seed " + session.run(Scenario.incast().senders(2)).scenario().seed());
      SEEN.add("seed " + session.run(Scenario.incast().senders(2).seed(3)).scenario().seed());
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class LiveRunTestCase {

    @Incast(senders = 4, message = "4MiB")
    @Order(1)
    void watches(ScenarioRun run) {
      SEEN.add((run.finished() ? "finished" : "not finished") + " at " + run.now());
      run.advance(Duration.ofNanos(10_000));
      SEEN.add("advanced to " + run.now());
      run.finish();
      SEEN.add(run.finished() ? "finished" : "running");
    }

    @Incast(senders = 4, message = "4MiB")
    @Order(2)
    void theSessionIsFreeAgainAfterALiveRun(RunResult result) {
      SEEN.add(
          result.stopReason() == dev.rocelab.api.result.StopReason.COMPLETED
              ? "finished"
              : "running");
    }
  }
}
