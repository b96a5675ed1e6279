package dev.rocelab.api.backend;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Fabrics;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ScenarioRunTest {

  @Test
  void aSessionThatCannotBeWatchedStartsAFinishedRun() {
    AtomicInteger runs = new AtomicInteger();
    FabricSession session = new RecordingSession(runs);

    try (ScenarioRun run = session.start(Scenario.incast().senders(4))) {
      assertThat(runs).hasValue(1);
      assertThat(run.finished()).isTrue();
      assertThat(run.simulatedTime()).isTrue();
      assertThat(run.now()).isEqualTo(SimTime.micros(20));
      run.advance(Duration.ofMillis(1));
      assertThat(run.snapshot()).isSameAs(run.finish());
      assertThat(run.scenario().name()).isEqualTo("incast");
    }
  }

  @Test
  void runStartsTheScenarioAndFinishesIt() {
    AtomicInteger runs = new AtomicInteger();
    FabricSession session = new RecordingSession(runs);

    assertThat(session.run(Scenario.incast().senders(2)).scenario().workloads())
        .singleElement()
        .extracting("senders")
        .isEqualTo(2);
    assertThat(runs).hasValue(1);
  }

  private static final class RecordingSession implements FabricSession {
    private final AtomicInteger runs;

    RecordingSession(AtomicInteger runs) {
      this.runs = runs;
    }

    @Override
    public FabricSpec fabric() {
      return null;
    }

    @Override
    public FabricBackend backend() {
      return new FabricBackend() {
        @Override
        public String id() {
          return "recording";
        }

        @Override
        public Set<Capability> capabilities() {
          return EnumSet.allOf(Capability.class);
        }

        @Override
        public FabricSession open(FabricSpec spec) {
          return RecordingSession.this;
        }
      };
    }

    @Override
    public ScenarioRun start(Scenario scenario) {
      requireSupported(scenario);
      runs.incrementAndGet();
      return ScenarioRun.completed(
          new RunResult(
              scenario,
              "recording",
              Fabrics.minimal(),
              StopReason.COMPLETED,
              SimTime.micros(20),
              List.of(),
              List.of(),
              Map.of(),
              List.of(),
              List.of(),
              List.of(),
              List.of()));
    }

    @Override
    public void close() {}
  }
}
