package dev.rocelab.model.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.result.TrainingResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Parallelism;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.TrainingBuilder;
import dev.rocelab.api.scenario.TrainingJob;
import dev.rocelab.api.scenario.TrainingStep;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Training steps on the reference fabric (8 servers × 8 GPUs, one 400G NIC per GPU, rail leaves,
 * 1:1): the step's schedule, what the network adds to it and what an ideal network would.
 */
class TrainingStepTest {

  private static final FabricSpec REFERENCE = ModelFixtures.reference();

  /** Two units of four servers, each rail leaf with one 400G uplink for four hosts (4:1). */
  private static final FabricSpec OVERSUBSCRIBED =
      ModelFixtures.reference(
          "scalableUnits: 1\n  hostsPerUnit: 8\n  spines: 4\n  uplinksPerSpine: 2",
          "scalableUnits: 2\n  hostsPerUnit: 4\n  spines: 1\n  uplinksPerSpine: 1");

  private static TrainingJob job(int pipeline, int microbatches) {
    return TrainingJob.dense(
            "small",
            Parallelism.of(8, pipeline, 8 / pipeline),
            microbatches,
            SimTime.micros(200),
            SimTime.micros(400),
            DataSize.mib(4),
            DataSize.mib(64))
        .withBucket(DataSize.mib(16));
  }

  private static TrainingResult train(FabricSpec fabric, TrainingJob job) {
    RunResult run =
        ModelFixtures.run(fabric, Scenario.training(job).duration("100ms").build()).result();
    assertThat(run.stopReason()).isEqualTo(StopReason.COMPLETED);
    return run.trainings().get(0);
  }

  @ParameterizedTest(name = "{0} stages, {1} microbatches")
  @CsvSource({"1, 4", "2, 4", "4, 8"})
  void withoutCommunicationAStepIsThePipelineSchedule(int stages, int microbatches) {
    TrainingResult step = train(REFERENCE, job(stages, microbatches));

    // 1F1B: (m + p − 1) forward-and-backward slots of 600 µs on the last stage's critical path
    assertThat(step.computeOnly()).isEqualTo(SimTime.micros(600L * (microbatches + stages - 1)));
    assertThat(step.stepTime()).isGreaterThanOrEqualTo(step.ideal().orElseThrow());
    assertThat(step.ideal().orElseThrow()).isGreaterThan(step.computeOnly());
  }

  @Test
  void activationsCrossToTheNextStageAtLineRate() {
    TrainingResult step = train(REFERENCE, job(2, 4));

    TrainingResult.OperationTimes activations = step.operation(TrainingJob.PIPELINE_ACTIVATIONS);
    // 4 MiB in 4 KiB packets with 62 bytes of headers and framing each, at 400 Gb/s: 85.6 µs,
    // plus the path's latency
    assertThat(activations.mean().toMicros()).isBetween(85.57, 85.57 * 1.02);
    // rail-optimized and 1:1, a job's traffic stays on its rail leaves: as on one ideal switch
    assertThat(activations.slowdown()).isEqualTo(1.0);
    assertThat(step.networkTax()).isEqualTo(SimTime.ZERO);
    assertThat(activations.count()).isEqualTo(2 * 64 * 4 / 2); // sends and receives, stage 0 → 1
  }

  @Test
  void gradientsReducedAfterTheLastBackwardPassAreWaitedFor() {
    TrainingJob oneBucket = job(1, 4).withBucket(DataSize.mib(64));

    TrainingResult step = train(REFERENCE, oneBucket);

    // the step ends when the slowest data-parallel group's all-reduce does
    TrainingResult.OperationTimes reduce = step.operation(TrainingJob.DATA_PARALLEL_GRADIENTS);
    assertThat(reduce.count()).isEqualTo(64);
    assertThat(step.stepTime()).isEqualTo(step.computeOnly().plus(reduce.longest()));
    assertThat(step.exposedCommunication()).isEqualTo(reduce.longest());
    assertThat(reduce.mean()).isGreaterThanOrEqualTo(reduce.idealMean());
  }

  @Test
  void bucketsOverlapTheBackwardPassWhenItIsLongEnough() {
    TrainingJob longBackward =
        TrainingJob.dense(
            "long backward",
            Parallelism.of(8, 1, 8),
            1,
            SimTime.micros(1000),
            SimTime.micros(2000),
            DataSize.ZERO,
            DataSize.mib(32));
    TrainingResult oneBucket = train(REFERENCE, longBackward.withBucket(DataSize.mib(32)));
    TrainingResult fourBuckets = train(REFERENCE, longBackward.withBucket(DataSize.mib(8)));

    // one bucket: the whole all-reduce after the backward pass; four: three of them under it
    assertThat(oneBucket.exposedCommunication())
        .isEqualTo(oneBucket.operation(TrainingJob.DATA_PARALLEL_GRADIENTS).longest());
    assertThat(fourBuckets.exposedCommunication())
        .isLessThan(oneBucket.exposedCommunication().dividedBy(2));
  }

  @Test
  void aDistributedOptimizersParameterGathersAreAllExposed() {
    TrainingResult step = train(REFERENCE, job(1, 4).withDistributedOptimizer(SimTime.micros(50)));

    TrainingResult.OperationTimes gathers = step.operation(TrainingJob.DATA_PARALLEL_PARAMETERS);
    assertThat(gathers.count()).isEqualTo(64 * 4);
    assertThat(step.operation(TrainingJob.DATA_PARALLEL_GRADIENTS).count()).isEqualTo(64 * 4);
    // four 600 µs microbatches and the optimizer's 50 µs on its shard
    assertThat(step.computeOnly()).isEqualTo(SimTime.micros(2450));
    // the four bucket all-gathers follow the optimizer one after the other: nothing hides them
    assertThat(step.exposedCommunication()).isGreaterThanOrEqualTo(gathers.mean().times(4));
  }

  @Test
  void smallBucketsCostMoreThanTheyHideWhenTheBackwardPassIsShort() {
    TrainingResult oneBucket = train(REFERENCE, job(1, 4).withBucket(DataSize.mib(64)));
    TrainingResult eightBuckets = train(REFERENCE, job(1, 4).withBucket(DataSize.mib(8)));

    // eight 8 MiB all-reduces take longer than one of 64 MiB, and a 400 µs pass hides little
    assertThat(eightBuckets.exposedCommunication()).isGreaterThan(oneBucket.exposedCommunication());
  }

  @Test
  void stagesInTwoUnitsShareTheirLeavesUplinks() {
    TrainingResult oversubscribed = train(OVERSUBSCRIBED, job(2, 4));

    // stage 0 on the first unit's four hosts, stage 1 on the second's: on every rail, four hosts'
    // activations cross one 400G uplink
    TrainingResult.OperationTimes activations =
        oversubscribed.operation(TrainingJob.PIPELINE_ACTIVATIONS);
    System.out.printf(
        "two units: activations %s (ideal %s), network tax %.3f%n",
        activations.mean(), activations.idealMean(), oversubscribed.networkTaxShare());
    assertThat(activations.slowdown()).isGreaterThan(3.0);
    assertThat(oversubscribed.networkTaxShare()).isGreaterThan(0.1);
  }

  @Test
  void aDataParallelRingAcrossTwoUnitsCrossesEachUplinkOnce() {
    TrainingResult oversubscribed = train(OVERSUBSCRIBED, job(1, 4));
    System.out.printf(
        "data-parallel ring over two units: tax %.4f%n", oversubscribed.networkTaxShare());

    // a ring leaves a unit once per direction: one NIC's worth on a 400G uplink, no tax to speak of
    assertThat(oversubscribed.networkTaxShare()).isLessThan(0.01);
  }

  @Test
  void expertsExchangeTokensWithAllToAllsInEveryPass() {
    TrainingJob moe = job(1, 2).withExperts(2, DataSize.mib(2), DataSize.mib(16), 4);

    TrainingResult step = train(REFERENCE, moe);

    TrainingResult.OperationTimes exchange = step.operation(TrainingJob.EXPERT_ALL_TO_ALL);
    // per rank: 2 microbatches × (forward, backward) × 2 layers × (dispatch, combine)
    assertThat(exchange.count()).isEqualTo(64 * 2 * 2 * 2 * 2);
    assertThat(exchange.mean()).isGreaterThanOrEqualTo(exchange.idealMean());
    assertThat(step.operation(TrainingJob.EXPERT_GRADIENTS).count()).isEqualTo(64);
    assertThat(step.stepTime()).isGreaterThan(step.computeOnly());
  }

  @Test
  void severalStepsRunOneAfterTheOther() {
    RunResult run =
        ModelFixtures.run(
                REFERENCE, Scenario.training(job(2, 4)).steps(3).duration("100ms").build())
            .result();

    TrainingResult steps = run.trainings().get(0);
    assertThat(steps.steps()).hasSize(3);
    assertThat(run.elapsed()).isGreaterThanOrEqualTo(steps.steps().get(0).times(3));
    assertThat(steps.slowestStep()).isGreaterThanOrEqualTo(steps.stepTime());
  }

  @Test
  void oneSlowGpuHoldsTheWholeJobBack() {
    TrainingJob dataParallel = job(1, 4);
    TrainingResult healthy = train(REFERENCE, dataParallel);

    RunResult run =
        ModelFixtures.run(
                REFERENCE,
                Scenario.training(dataParallel).slowGpu("host3", 5, 1.25).duration("100ms").build())
            .result();
    TrainingResult straggling = run.trainings().get(0);
    System.out.printf(
        "slow GPU: step %s, healthy %s, compute-only %s, ideal %s%n",
        straggling.stepTime(), healthy.stepTime(), straggling.computeOnly(), straggling.ideal());

    // four microbatches of 600 µs on 63 GPUs, of 750 µs on host3's GPU 5
    assertThat(straggling.computeOnly()).isEqualTo(SimTime.micros(3000));
    // its data-parallel group's all-reduces wait for it: the first gradient bucket is ready
    // 2.1 ms into the step on a healthy GPU, 25 % later on the slow one, and the four bucket
    // all-reduces after it take as long as before
    assertThat(straggling.stepTime().minus(healthy.stepTime()).toMicros())
        .isCloseTo(2100 * 0.25, within(1.0));
    assertThat(straggling.networkTaxShare()).isLessThan(0.01);
    assertThat(run.scenario().workloads().get(0).describe()).endsWith(" · slow host3 GPU 5 ×1.25");
  }

  @Test
  void oneSlowNicIsNetworkTaxAnIdealNetworkDoesNotPay() {
    TrainingJob dataParallel = job(1, 4);
    TrainingResult healthy = train(REFERENCE, dataParallel);

    // host3's rail-5 NIC came up at a quarter of its 400G
    RunResult run =
        ModelFixtures.run(
                REFERENCE,
                Scenario.training(dataParallel)
                    .with(new Fault.ConfigDrift("host3:nic5", "speed", "100Gbps", SimTime.ZERO))
                    .duration("100ms")
                    .build())
            .result();
    TrainingResult slow = run.trainings().get(0);
    TrainingResult.OperationTimes gradients = slow.operation(TrainingJob.DATA_PARALLEL_GRADIENTS);
    TrainingResult.OperationTimes healthyGradients =
        healthy.operation(TrainingJob.DATA_PARALLEL_GRADIENTS);
    System.out.printf(
        "slow NIC: step %s, healthy %s; longest gradient all-reduce %s, healthy %s%n",
        slow.stepTime(), healthy.stepTime(), gradients.longest(), healthyGradients.longest());

    assertThat(slow.computeOnly()).isEqualTo(healthy.computeOnly());
    assertThat(slow.ideal()).as("the ideal network has no faults").isEqualTo(healthy.ideal());
    assertThat(healthy.networkTax()).isEqualTo(SimTime.ZERO);
    assertThat(slow.networkTax()).isEqualTo(slow.stepTime().minus(healthy.stepTime()));
    // rail 5's data-parallel ring runs at the slow NIC's pace; the other rails' do not
    assertThat(gradients.longest().ratioTo(healthyGradients.longest()))
        .as("longest gradient all-reduce, slow vs healthy")
        .isGreaterThan(3.0);
    assertThat(gradients.mean().ratioTo(healthyGradients.mean()))
        .as("mean gradient all-reduce over the eight rails")
        .isLessThan(gradients.longest().ratioTo(healthyGradients.longest()) / 2);
    assertThat(slow.networkTaxShare())
        .as("step " + slow.stepTime() + " healthy " + healthy.stepTime())
        .isGreaterThan(0.1);
  }

  @Test
  void aSlowGpuMustBeOneOfTheJobs() {
    assertThatThrownBy(
            () ->
                ModelFixtures.run(
                    REFERENCE,
                    Scenario.training(job(1, 4)).slowGpu("host3", 9, 1.25).duration("1ms").build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageEndingWith(": the slow host3 GPU 9 ×1.25 is not one of the job's GPUs");
  }

  @Test
  void aNeighbourOnTheSameUplinksSlowsTheStepWhereRailLeavesKeepItApart() {
    // the victim: two stages, host1-2 and host5-6; the neighbour: host3-4 writing to host7-8
    Workload.Training victim =
        Scenario.training(
                TrainingJob.dense(
                        "victim",
                        Parallelism.of(8, 2, 2),
                        4,
                        SimTime.micros(200),
                        SimTime.micros(400),
                        DataSize.mib(4),
                        DataSize.mib(16))
                    .withBucket(DataSize.mib(16)))
            .hosts("host1", "host2", "host5", "host6")
            .workload();
    List<Workload> beside = new ArrayList<>(List.of(victim));
    for (int nic = 0; nic < 8; nic++) {
      for (String[] pair : new String[][] {{"host3", "host7"}, {"host4", "host8"}}) {
        beside.add(
            Scenario.flow(pair[0] + ":nic" + nic, pair[1] + ":nic" + nic)
                .message("256MiB")
                .workload());
      }
    }

    for (FabricSpec fabric : List.of(REFERENCE, OVERSUBSCRIBED)) {
      RunResult alone =
          ModelFixtures.run(fabric, Scenario.of("alone", victim).withDuration(SimTime.millis(100)))
              .result();
      RunResult shared =
          ModelFixtures.run(
                  fabric,
                  Scenario.of("beside a neighbour", beside.toArray(Workload[]::new))
                      .withDuration(SimTime.millis(100)))
              .result();
      double ratio =
          shared.trainings().get(0).stepTime().ratioTo(alone.trainings().get(0).stepTime());
      System.out.printf(
          "%s: step beside the neighbour / alone %.3f%n",
          fabric == REFERENCE ? "reference" : "two 4:1 units", ratio);
      if (fabric == REFERENCE) {
        // every rail's traffic stays on its rail leaf: the neighbour's flows never meet the job's
        assertThat(ratio).as("reference").isLessThan(1.01);
      } else {
        // across the 4:1 spine the neighbour's streams share the victim's uplinks, where its
        // activations already went two to a 400G uplink: now four (7 % on the step here)
        assertThat(ratio).as("two units").isGreaterThan(1.05);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"reference, 0.02", "two 4:1 units, 0.10"})
  void atFlowFidelityAStepTakesAsLongAsWithPackets(String fabricName, double tolerance) {
    FabricSpec fabric = fabricName.equals("reference") ? REFERENCE : OVERSUBSCRIBED;
    TrainingJob job = job(2, 4);

    TrainingResult packets = train(fabric, job);
    RunResult flows =
        ModelFixtures.run(
                fabric, Scenario.training(job).fidelity(Fidelity.FLOW).duration("100ms").build())
            .result();
    TrainingResult flowLevel = flows.trainings().get(0);

    assertThat(flows.stopReason()).isEqualTo(StopReason.COMPLETED);
    assertThat(flowLevel.computeOnly()).isEqualTo(packets.computeOnly());
    assertThat(flowLevel.stepTime().ratioTo(packets.stepTime())).isCloseTo(1.0, within(tolerance));
    assertThat(flowLevel.ideal().orElseThrow().ratioTo(packets.ideal().orElseThrow()))
        .isCloseTo(1.0, within(0.02));
  }

  @Test
  void atFlowFidelityAStepFinishesAfterAnUplinkItsTransfersCrossFails() {
    // eight single-GPU hosts alternating over two leaves, four spines: stage 0 on leaf1's hosts,
    // stage 1 on leaf2's, so every activation crosses a spine
    FabricSpec lowEntropy = ModelFixtures.example("low-entropy");
    TrainingJob job =
        TrainingJob.dense(
            "across",
            Parallelism.of(1, 2, 4),
            8,
            SimTime.micros(50),
            SimTime.micros(100),
            DataSize.mib(2),
            DataSize.mib(1));
    TrainingBuilder training =
        Scenario.training(job)
            .hosts("host1", "host3", "host5", "host7", "host2", "host4", "host6", "host8")
            .fidelity(Fidelity.FLOW)
            .duration("100ms");

    TrainingResult healthy =
        ModelFixtures.run(lowEntropy, training.build()).result().trainings().get(0);
    RunResult failed =
        ModelFixtures.run(
                lowEntropy, training.with(Fault.linkDown("leaf1:eth5").at("300us")).build())
            .result();

    // the transfers on the failed uplink wait for routes to move them, then share three uplinks
    assertThat(failed.stopReason()).isEqualTo(StopReason.COMPLETED);
    TrainingResult rerouted = failed.trainings().get(0);
    assertThat(rerouted.stepTime()).isGreaterThan(healthy.stepTime());
    assertThat(rerouted.networkTaxShare()).isGreaterThan(healthy.networkTaxShare());
  }

  @Test
  void theSameSeedGivesTheSameSteps() {
    Scenario scenario = Scenario.training(job(2, 4)).steps(2).duration("100ms").build();

    TrainingResult first = ModelFixtures.run(REFERENCE, scenario).result().trainings().get(0);
    TrainingResult second = ModelFixtures.run(REFERENCE, scenario).result().trainings().get(0);

    assertThat(second).isEqualTo(first);
  }

  @Test
  void aStepWhoseRanksWaitForEachOtherInACircleIsRefused() {
    TrainingStep.Builder circle = TrainingStep.builder("circle", 2);
    int r0 = circle.recv(0, 1, DataSize.mib(1), "exchange");
    circle.send(0, 1, DataSize.mib(1), "exchange", r0);
    int r1 = circle.recv(1, 0, DataSize.mib(1), "exchange");
    circle.send(1, 0, DataSize.mib(1), "exchange", r1);

    assertThatThrownBy(
            () ->
                ModelFixtures.run(
                    REFERENCE, Scenario.training(circle.build()).duration("1ms").build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot finish a step")
        .hasMessageContaining(
            "rank 0 waits at operation 0 (exchange: receive from rank 1, not sent)");
  }

  @Test
  void aJobNeedsAsManyGpusAsItHasRanks() {
    TrainingJob tooLarge =
        TrainingJob.dense(
            "large",
            Parallelism.of(8, 1, 16),
            1,
            SimTime.micros(1),
            SimTime.micros(2),
            DataSize.ZERO,
            DataSize.mib(1));

    assertThatThrownBy(() -> ModelFixtures.run(REFERENCE, Scenario.training(tooLarge).build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageEndingWith("needs 128 GPUs but fabric reference has 64");
    assertThatThrownBy(
            () ->
                ModelFixtures.run(
                    REFERENCE, Scenario.training(job(1, 1)).hosts("host1", "leaf1").build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is placed on leaf1, which is not a host of fabric reference");
  }
}
