package dev.rocelab.api.scenario;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrainingStepTest {

  private static final DataSize MIB = DataSize.mib(1);

  @Test
  void operationsWaitOnlyForEarlierOperationsOfTheirOwnRank() {
    TrainingStep.Builder step = TrainingStep.builder("s", 2);
    int a = step.compute(0, SimTime.micros(1), "forward");
    step.compute(1, SimTime.micros(1), "forward");

    step.compute(1, SimTime.micros(1), "backward", a);
    assertThatThrownBy(step::build)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "operation 2 of rank 1 waits for operation 0 of rank 0; ranks wait for each other"
                + " through communication only");
    assertThatThrownBy(() -> new StepOp.Compute(3, 0, SimTime.ZERO, List.of(3), "forward"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("operation 3 may only wait for earlier operations but waits for 3");
  }

  @Test
  void everyRankOfAGroupMakesTheSameCollectivesInTheSameOrder() {
    TrainingStep.Builder step = TrainingStep.builder("s", 2);
    step.collective(0, CollectiveOperation.ALL_REDUCE, MIB, List.of(0, 1), "grads");
    step.collective(1, CollectiveOperation.ALL_GATHER, MIB, List.of(0, 1), "grads");

    assertThatThrownBy(step::build)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "collective 0 on group [0, 1] is all_reduce of 1MiB on rank 0 (operation 0) but"
                + " all_gather of 1MiB on rank 1 (operation 1)");

    TrainingStep.Builder missing = TrainingStep.builder("s", 2);
    missing.collective(0, CollectiveOperation.ALL_REDUCE, MIB, List.of(0, 1), "grads");
    assertThatThrownBy(missing::build)
        .hasMessage("on group [0, 1] rank 0 issues 1 collectives but rank 1 issues 0");
  }

  @Test
  void everySendHasItsReceiveOfTheSameSize() {
    TrainingStep.Builder unmatched = TrainingStep.builder("s", 2);
    unmatched.send(0, 1, MIB, "activations");
    assertThatThrownBy(unmatched::build)
        .hasMessage("operation 0 (rank 0 sends 1MiB to rank 1) has no counterpart");

    TrainingStep.Builder sizes = TrainingStep.builder("s", 2);
    sizes.send(0, 1, MIB, "activations");
    sizes.recv(1, 0, DataSize.mib(2), "activations");
    assertThatThrownBy(sizes::build)
        .hasMessage("operation 0 sends 1MiB but its receive, operation 1, expects 2MiB");

    TrainingStep.Builder orphan = TrainingStep.builder("s", 2);
    orphan.recv(1, 0, MIB, "activations");
    assertThatThrownBy(orphan::build)
        .hasMessage("operation 0 (rank 1 receives 1MiB from rank 0) has no counterpart");
  }

  @Test
  void ranksAndGroupsMustBeTheStepsRanks() {
    TrainingStep.Builder step = TrainingStep.builder("s", 2);
    step.compute(2, SimTime.micros(1), "forward");
    assertThatThrownBy(step::build).hasMessage("operation 0 names rank 2 but the step has 2 ranks");
    assertThatThrownBy(
            () ->
                TrainingStep.builder("s", 2)
                    .collective(0, CollectiveOperation.ALL_REDUCE, MIB, List.of(1, 2), "x"))
        .hasMessage("rank 0 issues a collective on group [1, 2], which it is not in");
    assertThatThrownBy(
            () ->
                TrainingStep.builder("s", 2)
                    .collective(0, CollectiveOperation.BROADCAST, MIB, List.of(0, 1), "x"))
        .hasMessage("broadcast has a root; a training step's collectives have none");
    assertThatThrownBy(() -> TrainingStep.builder("empty", 2).build())
        .hasMessage("training step empty has no operations");
    assertThatThrownBy(() -> TrainingStep.builder("s", 1).build())
        .hasMessage("a training step needs at least 2 ranks but has 1");
  }
}
