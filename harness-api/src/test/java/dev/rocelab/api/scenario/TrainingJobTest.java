package dev.rocelab.api.scenario;

import static dev.rocelab.api.scenario.Workload.CollectiveOperation.ALL_GATHER;
import static dev.rocelab.api.scenario.Workload.CollectiveOperation.REDUCE_SCATTER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrainingJobTest {

  private static TrainingJob job(Parallelism parallelism, int microbatches) {
    return TrainingJob.dense(
            "job",
            parallelism,
            microbatches,
            SimTime.micros(100),
            SimTime.micros(200),
            DataSize.mib(1),
            DataSize.mib(60))
        .withBucket(DataSize.mib(16));
  }

  private static List<String> computeLabels(TrainingStep step, int rank) {
    return step.opsOf(rank).stream()
        .filter(op -> op instanceof StepOp.Compute)
        .map(StepOp::label)
        .toList();
  }

  @Test
  void eachStageRunsOneForwardOneBackward() {
    TrainingStep step = job(Parallelism.of(1, 2, 1), 3).step();

    // stage 0 fills the pipeline with one forward pass; the last stage has none to fill
    assertThat(computeLabels(step, 0))
        .containsExactly(
            "forward", "forward", "backward", "forward", "backward", "backward", "optimizer");
    assertThat(computeLabels(step, 1))
        .containsExactly(
            "forward", "backward", "forward", "backward", "forward", "backward", "optimizer");
  }

  @Test
  void stagesExchangeActivationsForwardAndGradientsBack() {
    TrainingStep step = job(Parallelism.of(2, 2, 1), 3).step();

    // rank = tensor + 2 · stage: rank 1 (stage 0) sends to rank 3 (stage 1)
    assertThat(step.opsOf(1).stream().filter(op -> op instanceof StepOp.Send))
        .hasSize(3)
        .allSatisfy(
            op -> {
              assertThat(((StepOp.Send) op).peer()).isEqualTo(3);
              assertThat(op.label()).isEqualTo(TrainingJob.PIPELINE_ACTIVATIONS);
            });
    assertThat(step.opsOf(3).stream().filter(op -> op instanceof StepOp.Send))
        .hasSize(3)
        .allSatisfy(op -> assertThat(op.label()).isEqualTo(TrainingJob.PIPELINE_GRADIENTS));
  }

  @Test
  void gradientsAreReducedBucketByBucketDuringTheLastBackwardPass() {
    TrainingStep step = job(Parallelism.of(2, 1, 4), 2).step();

    List<StepOp.CollectiveCall> reductions =
        step.opsOf(1).stream()
            .filter(op -> op instanceof StepOp.CollectiveCall)
            .map(op -> (StepOp.CollectiveCall) op)
            .toList();
    assertThat(reductions)
        .extracting(StepOp.CollectiveCall::size)
        .containsExactly(DataSize.mib(16), DataSize.mib(16), DataSize.mib(16), DataSize.mib(12));
    assertThat(reductions).allSatisfy(c -> assertThat(c.group()).containsExactly(1, 3, 5, 7));
    // the last backward pass is cut where each bucket is ready: four quarters of 50 µs
    assertThat(
            step.opsOf(1).stream()
                .filter(op -> op instanceof StepOp.Compute c && op.label().equals("backward"))
                .map(op -> ((StepOp.Compute) op).duration()))
        .containsExactly(
            SimTime.micros(200),
            SimTime.micros(50),
            SimTime.micros(50),
            SimTime.micros(50),
            SimTime.micros(50));
    // the optimizer waits for every reduction
    StepOp optimizer = step.opsOf(1).get(step.opsOf(1).size() - 1);
    assertThat(optimizer.after()).containsAll(reductions.stream().map(StepOp::id).toList());
  }

  @Test
  void aDistributedOptimizerReduceScattersTheBucketsAndGathersTheParametersAfterwards() {
    TrainingJob job = job(Parallelism.of(2, 1, 4), 2).withDistributedOptimizer(SimTime.micros(30));

    List<StepOp> ops = job.step().opsOf(1);
    List<StepOp.CollectiveCall> calls =
        ops.stream()
            .filter(op -> op instanceof StepOp.CollectiveCall)
            .map(op -> (StepOp.CollectiveCall) op)
            .toList();
    StepOp optimizer =
        ops.stream()
            .filter(op -> op.label().equals(TrainingJob.OPTIMIZER))
            .findFirst()
            .orElseThrow();

    assertThat(calls)
        .extracting(StepOp.CollectiveCall::operation)
        .containsExactly(
            REDUCE_SCATTER,
            REDUCE_SCATTER,
            REDUCE_SCATTER,
            REDUCE_SCATTER,
            ALL_GATHER,
            ALL_GATHER,
            ALL_GATHER,
            ALL_GATHER);
    assertThat(calls.subList(4, 8))
        .allSatisfy(
            c -> {
              assertThat(c.after()).containsExactly(optimizer.id());
              assertThat(c.label()).isEqualTo(TrainingJob.DATA_PARALLEL_PARAMETERS);
              assertThat(c.group()).containsExactly(1, 3, 5, 7);
            })
        .extracting(StepOp.CollectiveCall::size)
        .containsExactly(DataSize.mib(16), DataSize.mib(16), DataSize.mib(16), DataSize.mib(12));
    assertThat(((StepOp.Compute) optimizer).duration()).isEqualTo(SimTime.micros(30));
    assertThat(job.describe()).endsWith(" · distributed optimizer");
  }

  @Test
  void expertsExchangeTokensWithinTheirGroupAndReduceOverTheirReplicas() {
    TrainingJob moe =
        job(Parallelism.of(1, 1, 4), 1).withExperts(1, DataSize.mib(2), DataSize.mib(8), 2);

    TrainingStep step = moe.step();

    List<StepOp.CollectiveCall> calls =
        step.opsOf(3).stream()
            .filter(op -> op instanceof StepOp.CollectiveCall)
            .map(op -> (StepOp.CollectiveCall) op)
            .toList();
    assertThat(calls)
        .filteredOn(c -> c.label().equals(TrainingJob.EXPERT_ALL_TO_ALL))
        .hasSize(4)
        .allSatisfy(c -> assertThat(c.group()).containsExactly(2, 3));
    assertThat(calls)
        .filteredOn(c -> c.label().equals(TrainingJob.EXPERT_GRADIENTS))
        .singleElement()
        .satisfies(c -> assertThat(c.group()).containsExactly(1, 3));
  }

  @Test
  void aJobSaysWhatItNeeds() {
    assertThatThrownBy(
            () -> job(Parallelism.of(1, 2, 1), 1).withExperts(1, DataSize.mib(1), DataSize.ZERO, 1))
        .hasMessage("expertLayers 1 need expert parallelism >= 2: tp1 pp2 dp1");
    assertThatThrownBy(
            () ->
                TrainingJob.dense(
                    "j",
                    Parallelism.of(1, 2, 1),
                    1,
                    SimTime.micros(1),
                    SimTime.micros(1),
                    DataSize.ZERO,
                    DataSize.ZERO))
        .hasMessage("a job with 2 pipeline stages needs activations > 0");
    assertThatThrownBy(() -> new Parallelism(1, 1, 6, 4))
        .hasMessage("expert parallelism 4 must divide data parallelism 6");
    assertThat(new Parallelism(2, 4, 8, 2).ranks()).isEqualTo(64);
    assertThat(new Parallelism(2, 4, 8, 2)).hasToString("tp2 pp4 dp8 ep2");
  }
}
