package dev.rocelab.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.RunProgress;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.internal.session.Simulation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * A long run tells how far it has come while it goes on, without changing what it measures, and a
 * run out of its wall-clock budget stops with what it measured so far: its stop reason, its
 * counters, flows and series up to that point.
 */
class LongRunTest {

  private static final FabricSpec REFERENCE = ModelFixtures.reference();

  /** A 2 s PFC storm under a permutation: minutes of real time if left to run. */
  private static final Scenario STORM =
      Scenario.of(
              "storm",
              new Workload.Permutation(DataSize.mib(1), 1, OptionalInt.empty(), SimTime.ZERO))
          .with(
              new Fault.PfcStorm(
                  Endpoint.parse("host2:nic0"), 3, SimTime.micros(20), SimTime.seconds(2)))
          .withDuration(SimTime.millis(2100));

  @Test
  void aRunOutOfItsWallClockBudgetStopsWithWhatItMeasuredSoFar() {
    Simulation simulation = new Simulation(FabricGraph.of(REFERENCE), STORM);

    StopReason stop = simulation.run(Duration.ofMillis(200));
    RunResult partial = simulation.result("model");

    assertThat(stop).isEqualTo(StopReason.WALL_CLOCK_LIMIT);
    assertThat(partial.stopReason()).isEqualTo(StopReason.WALL_CLOCK_LIMIT);
    assertThat(partial.elapsed()).isGreaterThan(SimTime.ZERO).isLessThan(STORM.duration());
    assertThat(partial.ports()).isNotEmpty();
    assertThat(partial.series("queue_depth"))
        .isNotEmpty()
        .allSatisfy(
            s ->
                assertThat(s.timeOf(s.size() - 1))
                    .isLessThanOrEqualTo(partial.elapsed().plus(s.interval())));
    assertThat(partial.flows()).hasSize(64).anySatisfy(f -> assertThat(f.completed()).isFalse());
    assertThat(partial.unfinishedWork())
        .hasValueSatisfying(
            work ->
                assertThat(work)
                    .matches("\\d+ of 64 flows completed in .+ \\(wall clock limit\\)"));
  }

  @Test
  void theBudgetCoversTheWholeRunNotEachStep() {
    Simulation simulation = new Simulation(FabricGraph.of(REFERENCE), STORM);
    simulation.advance(SimTime.millis(1).picos(), Duration.ofHours(1), () -> {});
    Duration spent = simulation.progress().wall();
    long reached = simulation.network().simulator().now();

    // a budget the first step already used up: the next step stops after one slice of simulated
    // time
    simulation.advance(STORM.duration().picos(), spent, () -> {});

    assertThat(simulation.stopReason()).isEqualTo(StopReason.WALL_CLOCK_LIMIT);
    assertThat(simulation.network().simulator().now() - reached)
        .isLessThanOrEqualTo(SimTime.micros(100).picos());
    assertThat(simulation.progress().wall()).isGreaterThan(spent);
  }

  @Test
  void progressIsToldWhileTheRunGoesOnAndChangesNothingItMeasures() {
    Scenario incast = Scenario.incast().senders(16).message("4MiB").build();
    List<RunProgress> told = new ArrayList<>();
    RunResult reported;
    RunResult quiet;
    try (FabricSession session = new ModelBackend().open(REFERENCE)) {
      try (ScenarioRun run = session.start(incast)) {
        reported = run.finish(Duration.ofNanos(1), told::add);
      }
      quiet = session.run(incast);
    }

    assertThat(reported).isEqualTo(quiet);
    assertThat(told).hasSizeGreaterThan(2);
    for (int i = 1; i < told.size(); i++) {
      assertThat(told.get(i).reached()).isGreaterThanOrEqualTo(told.get(i - 1).reached());
      assertThat(told.get(i).events().getAsLong())
          .isGreaterThanOrEqualTo(told.get(i - 1).events().getAsLong());
      assertThat(told.get(i).wall()).isGreaterThanOrEqualTo(told.get(i - 1).wall());
    }
    RunProgress first = told.get(0);
    assertThat(first.work()).isEqualTo("0 of 16 flows completed");
    assertThat(told.get(told.size() - 1).work()).matches("\\d+ of 16 flows completed");
    assertThat(first.describe())
        .matches(
            "incast · [\\d.]+\\w+ of 10ms simulated \\(\\d+%\\) · \\d+s wall · \\d+"
                + " events · 0 of 16 flows completed");
  }

  @Test
  void aCollectiveTellsHowManyOfItsSizesAreMeasured() {
    Scenario sweep =
        Scenario.collective(CollectiveOperation.ALL_REDUCE)
            .sizes("1MiB", "16MiB", 2)
            .ranks(16)
            .build();
    List<RunProgress> told = new ArrayList<>();
    try (FabricSession session = new ModelBackend().open(REFERENCE);
        ScenarioRun run = session.start(sweep)) {
      run.finish(Duration.ofNanos(1), told::add);
    }

    assertThat(told)
        .extracting(RunProgress::work)
        .startsWith("0 of 5 collective sizes measured")
        .allMatch(work -> work.matches("[0-5] of 5 collective sizes measured"))
        .contains("4 of 5 collective sizes measured");
  }
}
