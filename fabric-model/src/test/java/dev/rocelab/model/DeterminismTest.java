package dev.rocelab.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Parallelism;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.TrainingJob;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The same scenario and seed give the same run, event for event: the engine's fingerprint of the
 * trajectory (every event's time and component) and the whole result are equal whether the run is
 * first, follows another scenario, or shares the JVM with concurrent runs. A permutation on the
 * reference fabric, cut at 1 ms, exercises ECMP collisions, random ECN marking, CNPs and DCQCN
 * timers (~200 000 events).
 */
class DeterminismTest {

  private static final Scenario PERMUTATION =
      Scenario.of(
              "permutation",
              new Workload.Permutation(DataSize.mib(2), 2, OptionalInt.empty(), SimTime.ZERO))
          .withDuration(SimTime.millis(1));

  private static FabricSpec reference;
  private static ExecutorService threads;

  /** What two runs must agree on. */
  private record Outcome(long fingerprint, long events, RunResult result) {}

  @BeforeAll
  static void setUp() {
    reference = FabricFiles.load(Path.of("../fabrics/reference.yaml"));
    threads = Executors.newFixedThreadPool(4);
  }

  @AfterAll
  static void tearDown() {
    threads.shutdownNow();
  }

  private static Outcome run(Scenario scenario) {
    ModelFixtures.Run run = ModelFixtures.run(reference, scenario);
    return new Outcome(
        run.network().simulator().fingerprint(), run.network().simulator().events(), run.result());
  }

  @Test
  void theSameSeedGivesTheSameTrajectoryAndResultInSequence() {
    Outcome first = run(PERMUTATION);
    run(PERMUTATION.withSeed(2)); // a different run in between must leave nothing behind
    Outcome again = run(PERMUTATION);

    assertThat(first.events()).as("GIVEN a run of some substance").isGreaterThan(100_000);
    assertThat(first.result().ports())
        .as("GIVEN random ECN marks were drawn")
        .anySatisfy(p -> assertThat(p.ecnMarks()).isPositive());
    assertThat(again.fingerprint()).as("event fingerprint").isEqualTo(first.fingerprint());
    assertThat(again.events()).as("events").isEqualTo(first.events());
    assertThat(again.result()).as("run result").isEqualTo(first.result());
  }

  @Test
  void theSameSeedGivesTheSameTrajectoryAndResultOnConcurrentThreads() throws Exception {
    Outcome alone = run(PERMUTATION);
    List<Future<Outcome>> concurrent = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      concurrent.add(threads.submit(() -> run(PERMUTATION)));
    }

    for (Future<Outcome> future : concurrent) {
      Outcome outcome = future.get();
      assertThat(outcome.fingerprint()).as("event fingerprint").isEqualTo(alone.fingerprint());
      assertThat(outcome.result()).as("run result").isEqualTo(alone.result());
    }
  }

  @Test
  void aTrainingStepIsTheSameOnConcurrentThreadsAtPacketAndFlowFidelity() throws Exception {
    for (Fidelity fidelity : Fidelity.values()) {
      Scenario training =
          Scenario.training(
                  TrainingJob.dense(
                          "job",
                          Parallelism.of(8, 2, 4),
                          2,
                          SimTime.micros(100),
                          SimTime.micros(200),
                          DataSize.mib(2),
                          DataSize.mib(16))
                      .withBucket(DataSize.mib(8)))
              .fidelity(fidelity)
              .duration("100ms")
              .build();
      Outcome alone = run(training);
      List<Future<Outcome>> concurrent = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        concurrent.add(threads.submit(() -> run(training)));
      }

      assertThat(alone.result().trainings().get(0).finished()).as(fidelity.name()).isTrue();
      for (Future<Outcome> future : concurrent) {
        Outcome outcome = future.get();
        assertThat(outcome.fingerprint()).as("event fingerprint").isEqualTo(alone.fingerprint());
        assertThat(outcome.result()).as("run result").isEqualTo(alone.result());
      }
    }
  }

  @Test
  void anotherSeedGivesAnotherTrajectory() {
    Outcome one = run(PERMUTATION);
    Outcome other = run(PERMUTATION.withSeed(2));

    assertThat(other.fingerprint()).isNotEqualTo(one.fingerprint());
    assertThat(other.result().flows())
        .as("flows of another permutation")
        .isNotEqualTo(one.result().flows());
  }

  @Test
  void anotherSeedSendsTheSameFlowsOverOtherPaths() {
    // the same eight cross-rail flows whatever the seed: only the switches' ECMP seeds differ
    List<Workload> flows = new ArrayList<>();
    for (int nic = 0; nic < 8; nic++) {
      flows.add(
          new Workload.RdmaFlow(
              Endpoint.parse("host1:nic" + nic),
              Endpoint.parse("host2:nic" + (nic + 1) % 8),
              DataSize.kib(256),
              1,
              2,
              OptionalInt.empty(),
              SimTime.ZERO,
              Workload.Verb.WRITE));
    }
    Scenario crossRail = Scenario.of("cross-rail flows", flows.toArray(new Workload[0]));

    Outcome one = run(crossRail);
    Outcome other = run(crossRail.withSeed(2));

    assertThat(other.fingerprint()).isNotEqualTo(one.fingerprint());
    assertThat(run(crossRail).fingerprint()).isEqualTo(one.fingerprint());
  }
}
