package dev.rocelab.junit.readme;

// tag::training-step-test[]
import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Parallelism;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.TrainingJob;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.junit.FabricTest;
import org.junit.jupiter.api.Test;

@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.AI_WORKLOAD)
class TrainingStepTest {

  // 8 hosts × 8 GPUs: tensor parallel inside a host, 2 pipeline stages, 4 data-parallel replicas
  private static final TrainingJob JOB =
      TrainingJob.dense(
              "my-model",
              Parallelism.of(8, 2, 4),
              4, // microbatches per step
              SimTime.millis(1), // forward pass of a microbatch through a stage
              SimTime.millis(2), // backward pass
              DataSize.mib(8), // activations sent to the next stage per microbatch
              DataSize.mib(64)) // gradients all-reduced per GPU per step
          .withBucket(DataSize.mib(16));

  @Test
  void theStepWaitsLittleOnTheNetwork(FabricSession fabric) {
    RunResult run = fabric.run(Scenario.training(JOB).steps(2).duration("1s").build());

    assertThat(run).isLossless();
    assertThat(run).training().stepTime().isLessThan("20ms");
    assertThat(run).training().exposedCommunication().isLessThan(0.15);
    assertThat(run).training().networkTax().isAtMost(0.02);
    assertThat(run)
        .training()
        .operation(TrainingJob.PIPELINE_ACTIVATIONS)
        .slowdown()
        .isAtMost(1.05);
  }
}
// end::training-step-test[]
