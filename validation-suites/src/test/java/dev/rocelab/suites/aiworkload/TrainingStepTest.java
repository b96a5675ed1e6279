package dev.rocelab.suites.aiworkload;

import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.MissingShapeException;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Parallelism;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.TrainingJob;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Purpose;
import dev.rocelab.suites.Criteria;
import org.junit.jupiter.api.Test;

@Purpose(
    "AI workload: a training step. A dense job fills the fabric the Megatron-LM way (tensor parallelism inside each host, two pipeline stages over the two halves of the hosts, data parallelism across hosts, 1F1B, gradient buckets all-reduced during the last backward pass), its step shape from the criteria. The same step also runs on an ideal network (its hosts alone on one non-blocking switch). Pass: no loss, the step at most the criterion's share longer than on the ideal network, and the GPUs waiting on communication for at most the criterion's share of the step. The step's summary and timeline are attached.")
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.AI_WORKLOAD)
class TrainingStepTest {

  private final Criteria criteria = Criteria.of(Phase.AI_WORKLOAD);

  @Test
  void aTrainingStepTakesLittleLongerThanOnAnIdealNetwork(FabricSession session, FabricSpec spec) {
    FabricGraph fabric = FabricGraph.of(spec);
    int hosts = fabric.hosts().size();
    int gpus = fabric.hostProfileOf(fabric.hosts().get(0).name()).gpus();
    MissingShapeException.unless(
        hosts >= 2 && hosts % 2 == 0,
        "two pipeline stages need an even number of hosts; the fabric has " + hosts);
    TrainingJob job =
        TrainingShape.dense(criteria, fabric, "training step", Parallelism.of(gpus, 2, hosts / 2));

    RunResult run = session.run(Scenario.training(job).duration("1s").build());

    assertThat(run).isLossless();
    assertThat(run).hasNoDeadlock();
    assertThat(run).training().networkTax().isAtMost(criteria.number("trainingNetworkTax"));
    assertThat(run)
        .training()
        .exposedCommunication()
        .isAtMost(criteria.number("trainingExposedCommunication"));
  }
}
