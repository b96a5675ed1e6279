package dev.rocelab.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.junit.fake.ScriptedBackend;
import dev.rocelab.junit.fake.ScriptedSession;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Under JUnit's parallel execution every class gets its session, methods of one class share it in
 * turns (the scripted session fails on two runs at once), and JUnit closes every session — except
 * on a backend whose runs may overlap, where methods of one class run on its session side by side.
 */
class ParallelExecutionTest {

  static final CyclicBarrier CLASSES_TOGETHER = new CyclicBarrier(2);

  static final CyclicBarrier RUNS_TOGETHER = new CyclicBarrier(2);

  private static final Map<String, String> CONCURRENT_METHODS =
      Map.of(
          "junit.jupiter.execution.parallel.enabled", "true",
          "junit.jupiter.execution.parallel.mode.default", "concurrent",
          "junit.jupiter.execution.parallel.config.strategy", "fixed",
          "junit.jupiter.execution.parallel.config.fixed.parallelism", "2");

  @Test
  void fixtureClassesRunConcurrentlyAndEverySessionIsClosed() {
    ScriptedBackend.reset();
    CLASSES_TOGETHER.reset();

    var results =
        Engine.run(
            Map.of(
                "junit.jupiter.execution.parallel.enabled", "true",
                "junit.jupiter.execution.parallel.mode.default", "concurrent",
                "junit.jupiter.execution.parallel.mode.classes.default", "concurrent",
                "junit.jupiter.execution.parallel.config.strategy", "fixed",
                "junit.jupiter.execution.parallel.config.fixed.parallelism", "4"),
            FirstTestCase.class,
            SecondTestCase.class,
            ThirdTestCase.class);

    results.testEvents().assertStatistics(s -> s.started(16).succeeded(16).failed(0));
    assertThat(ScriptedBackend.sessions()).hasSize(3).noneMatch(ScriptedSession::isOpen);
    assertThat(ScriptedBackend.sessions()).flatExtracting(ScriptedSession::threads).hasSize(16);
    assertThat(
            ScriptedBackend.sessions().stream()
                .flatMap(s -> s.threads().stream())
                .distinct()
                .count())
        .isGreaterThan(1);
  }

  @Test
  void onABackendWhoseRunsMayOverlapTheMethodsOfAClassRunTogetherOnItsSession() {
    ScriptedBackend.reset();
    RUNS_TOGETHER.reset();

    var results = Engine.run(CONCURRENT_METHODS, OverlappingTestCase.class);

    results.testEvents().assertStatistics(s -> s.started(2).succeeded(2).failed(0));
    assertThat(ScriptedBackend.sessions())
        .singleElement()
        .satisfies(
            session -> {
              assertThat(session.mostRunsAtOnce()).isEqualTo(2);
              assertThat(session.isOpen()).isFalse();
            });
  }

  static void meetTheOtherClass() throws Exception {
    CLASSES_TOGETHER.await(10, TimeUnit.SECONDS);
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class FirstTestCase {

    @Incast(senders = {1, 2, 3, 4, 5, 6})
    void incast(RunResult run) {}

    @Test
    void meets(FabricSession session) throws Exception {
      meetTheOtherClass();
      session.run(Scenario.incast().senders(7));
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class SecondTestCase {

    @Microburst(senders = {1, 2, 3, 4, 5, 6})
    void microburst(RunResult run) {}

    @Test
    void meets(FabricSession session) throws Exception {
      meetTheOtherClass();
      session.run(Scenario.microburst().senders(2));
    }
  }

  @FabricTest(fabric = "fabrics/reference.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class ThirdTestCase {

    @Baseline(flowSize = {"64KiB", "128KiB"})
    void baseline(RunResult run) {}
  }

  @FabricTest(
      fabric = "fabrics/tiny.yaml",
      backend = "scripted-concurrent",
      phase = Phase.SYNTHETIC_LOAD)
  static class OverlappingTestCase {

    @Test
    void first(FabricSession session) throws Exception {
      runBesideTheOther(session);
    }

    @Test
    void second(FabricSession session) throws Exception {
      runBesideTheOther(session);
    }

    /** Starts a run and keeps it going until the other method's run is going too. */
    private static void runBesideTheOther(FabricSession session) throws Exception {
      try (ScenarioRun run = session.start(Scenario.incast().senders(3))) {
        RUNS_TOGETHER.await(10, TimeUnit.SECONDS);
        run.finish();
      }
    }
  }
}
