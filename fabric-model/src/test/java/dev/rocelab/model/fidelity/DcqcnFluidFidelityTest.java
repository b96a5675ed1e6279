package dev.rocelab.model.fidelity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.model.ModelFixtures;
import dev.rocelab.model.fidelity.DcqcnFluidModel.FixedPoint;
import dev.rocelab.model.fidelity.DcqcnFluidModel.Group;
import dev.rocelab.model.fidelity.DcqcnFluidModel.Rules;
import dev.rocelab.model.fidelity.DcqcnFluidModel.Trajectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The packet model's DCQCN against the DCQCN fluid model ({@link DcqcnFluidModel}), an independent
 * reference written from the papers' equations: N long flows into one receiver, measured over a
 * window after the start-up transient.
 *
 * <p>Tolerances, and why. The fluid model is a mean-field approximation: it treats marks, cuts and
 * timer expiries as rates, where the packet model runs them as events (a cut on the first marked
 * packet after the notification point's 50 µs pause, timers exactly 55 µs after the cut, a rate
 * that saw-tooths between cuts). Where its fixed point exists, utilisation and the fair share are
 * exact properties of it and are held tightly: goodput within 0.5%, and Jain's index of the flows'
 * mean rates over the window at least 0.99 — that is, their rates within about 10% of each other
 * (Jain = 1/(1 + cv²)), room for each flow's saw-tooth of cuts by α/2 (5–7% at the fixed point)
 * that has not averaged out over a window of some hundred cuts; the queue level and the marking
 * probability depend on how the events average out and are held to 35% and 75% (the packet model
 * sits 16–30% and 34–60% above: its cuts come slightly later than the fluid model's slotted ones,
 * so it needs more marking to balance the same increase), and their growth with N to 15%. Where the
 * fluid model oscillates, utilisation loss, the share of time the queue sits below Kmin and its
 * peak are compared.
 */
class DcqcnFluidFidelityTest {

  private static final int PAYLOAD = 1024;
  private static final int FRAME = PAYLOAD + Framing.ROCE_HEADERS;
  private static final int WIRE = FRAME + Framing.WIRE_OVERHEAD;
  private static final double GOODPUT_40G = 40e9 * PAYLOAD / WIRE;
  private static final double GOODPUT_100G = 100e9 * PAYLOAD / WIRE;
  private static final long KMIN_PAPER = 5_000;
  private static final String BOTTLENECK = "leaf1:eth1/3";

  /**
   * star40g-paper's DCQCN and ECN, as fluid model parameters; τ* from its 2 m cables and 1 µs
   * pipeline.
   */
  private static final DcqcnFluidModel.Parameters PAPER =
      new DcqcnFluidModel.Parameters(
          Rules.PAPER,
          40e9,
          40e9,
          WIRE,
          FRAME,
          KMIN_PAPER,
          200e3,
          0.01,
          1.0 / 256,
          50e-6,
          55e-6,
          55e-6,
          10e6,
          5,
          40e6,
          0,
          100e6,
          4e-6,
          50e-9);

  /** The benchmark fabric's DCQCN and ECN (ns-3 HPCC's parameter set); τ* from its 1 µs hops. */
  private static final DcqcnFluidModel.Parameters BENCH =
      new DcqcnFluidModel.Parameters(
          Rules.MLX5,
          100e9,
          100e9,
          WIRE,
          FRAME,
          400e3,
          1600e3,
          0.2,
          1.0 / 256,
          4e-6,
          1e-6,
          300e-6,
          0,
          1,
          20e6,
          200e6,
          1e9,
          5e-6,
          10e-9);

  private static RunResult incast(FabricSpec fabric, int senders, SimTime duration) {
    // messages far longer than the run: every sender stays backlogged
    return ModelFixtures.run(
            fabric,
            Scenario.of(
                    senders + " long flows",
                    new Workload.Incast(
                        senders,
                        Optional.empty(),
                        DataSize.gb(100),
                        OptionalInt.empty(),
                        SimTime.ZERO))
                .withDuration(duration)
                .withSampleInterval(SimTime.micros(10)))
        .result();
  }

  @Test
  void theSteadyStateOfTwoFourAndEightFlowsIsTheFluidModelsFixedPoint() {
    FabricSpec fabric = ModelFixtures.fabric("star40g-paper");
    DcqcnFluidModel fluid = new DcqcnFluidModel(PAPER);
    int[] flows = {2, 4, 8};
    double[] queues = new double[flows.length];
    double[] fixedQueues = new double[flows.length];
    for (int i = 0; i < flows.length; i++) {
      FixedPoint fixed = fluid.fixedPoint(flows[i]);
      SteadyState packet =
          SteadyState.of(
              incast(fabric, flows[i], SimTime.millis(160)),
              BOTTLENECK,
              SimTime.millis(80),
              KMIN_PAPER,
              PAYLOAD);
      System.out.printf(
          "N=%d fluid fixed point: queue %.0f B, marking %.5f; packet model: %s%n",
          flows[i], fixed.queueBytes(), fixed.markingProbability(), packet);

      assertThat(packet.goodputBps())
          .as("N=%d goodput", flows[i])
          .isCloseTo(GOODPUT_40G, within(0.005 * GOODPUT_40G));
      assertThat(packet.jain()).as("N=%d Jain's index", flows[i]).isGreaterThanOrEqualTo(0.99);
      assertThat(packet.meanQueueBytes())
          .as("N=%d mean queue", flows[i])
          .isCloseTo(fixed.queueBytes(), within(0.35 * fixed.queueBytes()));
      assertThat(packet.markingProbability())
          .as("N=%d marking probability", flows[i])
          .isCloseTo(fixed.markingProbability(), within(0.75 * fixed.markingProbability()));
      queues[i] = packet.meanQueueBytes();
      fixedQueues[i] = fixed.queueBytes();
    }
    for (int i = 1; i < flows.length; i++) {
      double expected = fixedQueues[i] / fixedQueues[0];
      assertThat(queues[i] / queues[0])
          .as("queue of %d flows over that of 2", flows[i])
          .isCloseTo(expected, within(0.15 * expected));
    }
  }

  @Test
  void sixteenFlowsHoldTheQueueNearKmaxWhereTheFluidModelHasNoFixedPoint() {
    DcqcnFluidModel fluid = new DcqcnFluidModel(PAPER);
    assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> fluid.fixedPoint(16)))
        .hasMessage("no fixed point with p* <= Pmax = 0.01 for 16 flows");
    Trajectory trajectory = fluid.run(16, 0.16, 10e-6);
    double fluidQueue = trajectory.meanQueue(trajectory.at(0.08), trajectory.at(0.16));

    SteadyState packet =
        SteadyState.of(
            incast(ModelFixtures.fabric("star40g-paper"), 16, SimTime.millis(160)),
            BOTTLENECK,
            SimTime.millis(80),
            KMIN_PAPER,
            PAYLOAD);
    System.out.printf("N=16 fluid queue %.0f B; packet model: %s%n", fluidQueue, packet);

    assertThat(fluidQueue).isGreaterThan(KMIN_PAPER + 0.75 * (200e3 - KMIN_PAPER));
    assertThat(packet.meanQueueBytes()).isCloseTo(fluidQueue, within(0.2 * fluidQueue));
    assertThat(packet.goodputBps()).isCloseTo(GOODPUT_40G, within(0.005 * GOODPUT_40G));
    assertThat(packet.jain()).isGreaterThanOrEqualTo(0.99);
  }

  @Test
  void aLongFeedbackDelayMakesTenFlowsOscillateButNotTwo() {
    // CoNEXT 2016 §4: DCQCN's stability is not monotonic in N. 4 km cables make the feedback delay
    // 84 us (four 20 us cables, the pipelines and serialisation): there the fluid model settles
    // for 2 flows and falls into a limit cycle for 10, the queue draining empty between bursts
    FabricSpec fabric = ModelFixtures.fabric("star40g-paper", "length: 2m}", "length: 4000m}");
    DcqcnFluidModel fluid = new DcqcnFluidModel(PAPER.withFeedbackDelay(84e-6));
    for (int flows : new int[] {2, 10}) {
      Trajectory trajectory = fluid.run(flows, 0.2, 10e-6);
      int from = trajectory.at(0.1);
      int to = trajectory.at(0.2);
      double fluidGoodput = trajectory.meanAggregate(from, to) * PAYLOAD / WIRE;
      double fluidBelow = trajectory.shareBelow(KMIN_PAPER, from, to);
      double fluidPeak = trajectory.maxQueue(from, to);
      SteadyState packet =
          SteadyState.of(
              incast(fabric, flows, SimTime.millis(200)),
              BOTTLENECK,
              SimTime.millis(100),
              KMIN_PAPER,
              PAYLOAD);
      System.out.printf(
          "N=%d, 84 us: fluid goodput %.3f Gb/s, below Kmin %.3f, peak %.0f B; packet model: %s%n",
          flows, fluidGoodput / 1e9, fluidBelow, fluidPeak, packet);

      double fluidLoss = 1 - fluidGoodput / GOODPUT_40G;
      double packetLoss = 1 - packet.goodputBps() / GOODPUT_40G;
      if (flows == 2) {
        assertThat(fluidLoss).as("the fluid model's utilisation loss, 2 flows").isLessThan(0.001);
        assertThat(packetLoss).as("utilisation loss, 2 flows").isLessThan(0.01);
      } else {
        assertThat(fluidLoss)
            .as("the fluid model's utilisation loss, 10 flows")
            .isGreaterThan(0.03);
        assertThat(packetLoss).as("utilisation loss, 10 flows").isCloseTo(fluidLoss, within(0.025));
        assertThat(packet.shareBelowKmin())
            .as("share of time the queue is below Kmin, 10 flows")
            .isCloseTo(fluidBelow, within(0.15));
        assertThat(packet.maxQueueBytes())
            .as("peak queue, 10 flows")
            .isCloseTo(fluidPeak, within(0.25 * fluidPeak));
      }
    }
  }

  @Test
  void aFlowJoiningTwoOthersReachesItsShareAsFastAsTheFluidModelSays() {
    // the DCQCN paper's convergence to the fair share, for its parameter set: two flows share the
    // link from 0, a third joins at 60 ms with α = 1 while theirs has settled
    DcqcnFluidModel fluid = new DcqcnFluidModel(PAPER);
    Trajectory trajectory = fluid.run(List.of(new Group(2, 0), new Group(1, 0.06)), 0.2, 10e-6);
    double fluidTime = Double.NaN;
    for (double t = 0.06; t < 0.2 && Double.isNaN(fluidTime); t += 0.001) {
      int from = trajectory.at(t);
      int to = trajectory.at(t + 0.005);
      if (trajectory.meanFlow(1, from, to) >= 0.9 * trajectory.meanFlow(0, from, to)) {
        fluidTime = t - 0.06;
      }
    }

    Scenario join =
        Scenario.of(
                "a third flow joins",
                Scenario.flow("host2:nic0", "host1:nic0").message("100GB").workload(),
                Scenario.flow("host3:nic0", "host1:nic0").message("100GB").workload(),
                Scenario.flow("host4:nic0", "host1:nic0").message("100GB").start("60ms").workload())
            .withDuration(SimTime.millis(200))
            .withSampleInterval(SimTime.millis(5));
    RunResult run = ModelFixtures.run(ModelFixtures.fabric("star40g-paper"), join).result();
    List<TimeSeries> rates = run.series("throughput");
    double packetTime = Double.NaN;
    for (int i = 13;
        i < rates.get(0).size() && Double.isNaN(packetTime);
        i++) { // windows from 60 ms
      double old = (rates.get(0).value(i) + rates.get(1).value(i)) / 2.0;
      if (rates.get(2).value(i) >= 0.9 * old) {
        packetTime = rates.get(2).timeOf(i).picos() / 1e12 - 0.06;
      }
    }
    SteadyState settled = SteadyState.of(run, BOTTLENECK, SimTime.millis(140), KMIN_PAPER, PAYLOAD);
    System.out.printf(
        "a third flow reaches 90%% of the others' rate %.0f ms after joining (fluid model %.0f ms); "
            + "from 140 ms: %s%n",
        packetTime * 1e3, fluidTime * 1e3, settled);

    assertThat(fluidTime).as("the fluid model's convergence time").isBetween(0.02, 0.1);
    assertThat(packetTime).as("convergence time").isCloseTo(fluidTime, within(0.35 * fluidTime));
    assertThat(settled.jain()).as("Jain's index once converged").isGreaterThanOrEqualTo(0.99);
  }

  @Test
  void theBenchmarkParametersUseTheWholeLinkOnceTheStartIsOver() throws IOException {
    // The question of issue 15: two flows used about half of a 100G link with DESIGN.md's
    // benchmark parameters. Run as the reference runs them (mlx5's reaction point, no byte counter,
    // a CNP per marked packet), both the fluid model and the packet model use the whole link from a
    // few milliseconds on; the first milliseconds after a synchronised start are another matter
    // (the packet model's rates collapse after the first overshoot and wait for the 300 us timer,
    // which the fluid model smooths into a rate).
    Path bench = Path.of("../rocelab-cli/src/main/resources/dev/rocelab/cli/bench");
    FabricSpec fabric =
        FabricFiles.load(
            Files.readString(bench.resolve("incast.yaml"))
                + "\n"
                + Files.readString(bench.resolve("common.yaml")),
            "bench/incast.yaml");
    DcqcnFluidModel fluid = new DcqcnFluidModel(BENCH);
    for (int flows : new int[] {2, 8}) {
      Trajectory trajectory = fluid.run(flows, 0.05, 10e-6);
      double fluidGoodput =
          trajectory.meanAggregate(trajectory.at(0.01), trajectory.at(0.05)) * PAYLOAD / WIRE;
      SteadyState packet =
          SteadyState.of(
              incast(fabric, flows, SimTime.millis(50)),
              BOTTLENECK,
              SimTime.millis(10),
              400_000,
              PAYLOAD);
      System.out.printf(
          "bench, N=%d: fluid goodput %.3f Gb/s; packet model: %s%n",
          flows, fluidGoodput / 1e9, packet);

      assertThat(fluidGoodput)
          .as("the fluid model's goodput, %d flows", flows)
          .isGreaterThan(0.985 * GOODPUT_100G);
      assertThat(packet.goodputBps())
          .as("goodput, %d flows", flows)
          .isGreaterThan(0.985 * GOODPUT_100G);
      assertThat(packet.jain()).as("Jain's index, %d flows", flows).isGreaterThanOrEqualTo(0.99);
    }
  }
}
