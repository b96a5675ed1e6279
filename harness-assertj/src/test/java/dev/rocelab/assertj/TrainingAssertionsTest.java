package dev.rocelab.assertj;

import static dev.rocelab.assertj.DropsAndLatencyAssertionsTest.RUN;
import static dev.rocelab.assertj.DropsAndLatencyAssertionsTest.lines;
import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TrainingResult;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Step time, exposed communication and network tax of a training job. */
class TrainingAssertionsTest {

  private static final String JOB = "  where:      llama · tp8 pp2 dp4 · 2 steps";

  private static TrainingResult.OperationTimes reduce(String mean, String ideal) {
    return new TrainingResult.OperationTimes(
        "data-parallel gradients",
        true,
        64,
        SimTime.parse(mean),
        SimTime.parse(ideal),
        SimTime.parse(mean));
  }

  private final RunResult run =
      Runs.run()
          .training(
              new TrainingResult(
                  "llama · tp8 pp2 dp4",
                  64,
                  List.of(SimTime.millis(100), SimTime.millis(120)),
                  SimTime.millis(88),
                  Optional.of(SimTime.millis(100)),
                  List.of(reduce("2ms", "1ms")),
                  List.of()))
          .build();

  @Test
  void stepTimeIsTheMeanOfTheSteps() {
    assertThatThrownBy(() -> assertThat(run).training().stepTime().isLessThan("100ms"))
        .hasMessage(
            lines("step time", RUN, JOB, "  expected:   less than 100ms", "  actual:     110ms"));
    assertThatCode(() -> assertThat(run).training().stepTime().isBetween("109ms", "111ms"))
        .doesNotThrowAnyException();
    assertThatCode(() -> assertThat(run).training().slowestStep().isAtLeast("120ms"))
        .doesNotThrowAnyException();
  }

  @Test
  void exposedCommunicationIsAShareOfTheStep() {
    // (110 − 88) / 110 = 0.2
    assertThatThrownBy(() -> assertThat(run).training().exposedCommunication().isLessThan(0.1))
        .hasMessage(
            lines(
                "exposed communication (share of the step)",
                RUN,
                JOB,
                "  expected:   less than 0.1",
                "  actual:     0.2 (22ms of 110ms, compute-only step 88ms)"));
  }

  @Test
  void networkTaxIsAShareOfTheIdealStep() {
    assertThatThrownBy(() -> assertThat(run).training().networkTax().isAtMost(0.05))
        .hasMessage(
            lines(
                "network tax (share of the ideal step)",
                RUN,
                JOB,
                "  expected:   at most 0.05",
                "  actual:     0.1 (step 110ms, on an ideal network 100ms)"));
    assertThatCode(
            () ->
                assertThat(run)
                    .training()
                    .operation("data-parallel gradients")
                    .slowdown()
                    .isBetween(1.99, 2.01))
        .doesNotThrowAnyException();
  }

  @Test
  void isolationComparesTheStepTimeWithAnotherRun() {
    RunResult alone =
        Runs.run()
            .training(
                new TrainingResult(
                    "llama · tp8 pp2 dp4",
                    64,
                    List.of(SimTime.millis(100)),
                    SimTime.millis(88),
                    Optional.empty(),
                    List.of(),
                    List.of()))
            .build();

    assertThatThrownBy(() -> assertThat(run).training().stepTimeRelativeTo(alone).isAtMost(1.05))
        .hasMessageContaining("step time relative to ")
        .hasMessageContaining("expected:   at most 1.05")
        .hasMessageContaining("actual:     1.1× (110ms against 100ms)");
    assertThatCode(() -> assertThat(run).training().stepTimeRelativeTo(alone).isAtMost(1.11))
        .doesNotThrowAnyException();
    assertThatThrownBy(
            () -> assertThat(run).training().stepTimeRelativeTo(Runs.run().build()).isAtMost(2))
        .hasMessageContaining("has no finished training step");
  }

  @Test
  void aRunWithoutATrainingJobOrAnUnknownLabelFails() {
    assertThatThrownBy(() -> assertThat(Runs.run().build()).training().stepTime().isLessThan("1s"))
        .hasMessageContaining("exactly one training job");
    assertThatThrownBy(() -> assertThat(run).training().operation("forward"))
        .hasMessageContaining("operations labelled 'forward'")
        .hasMessageContaining("labels [data-parallel gradients]");
  }

  @Test
  void withoutAFinishedStepEveryFigureFails() {
    RunResult unfinished =
        Runs.run()
            .training(
                new TrainingResult(
                    "llama",
                    64,
                    List.of(),
                    SimTime.millis(88),
                    Optional.empty(),
                    List.of(),
                    List.of()))
            .build();

    assertThatThrownBy(() -> assertThat(unfinished).training().stepTime().isLessThan("1s"))
        .hasMessageContaining("llama · 0 steps finished");
    assertThatThrownBy(() -> assertThat(unfinished).training().networkTax().isLessThan(0.1))
        .hasMessageContaining("network tax");
  }
}
