package dev.rocelab.calibration.synthetic;

import static dev.rocelab.api.scenario.Workload.Algorithm.RING;
import static dev.rocelab.api.scenario.Workload.CollectiveOperation.ALL_REDUCE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.CollectiveBuilder;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.calibration.CalibratedParameter;
import dev.rocelab.calibration.CalibratorTest;
import dev.rocelab.fabricfile.FabricFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real lab backend, driving the synthetic lab over SSH and Prometheus, measures what the model
 * of the hidden fabric does: the same completion times, latency, switch counters and bus bandwidth.
 */
class SyntheticLabTest {

  /** The fabric as its datasheets describe it: the lab backend is given this, with the lab. */
  private static final String FABRIC = fabricText();

  private static final long CELL = 144;

  private static final FabricSpec DATASHEET = FabricFiles.load(FABRIC, "lab8.yaml");

  /** What the synthetic lab really is: slower switches that mark ECN much earlier. */
  private static final FabricSpec HIDDEN =
      CalibratedParameter.SWITCH_LATENCY.applyTo(
          CalibratedParameter.ECN_KMIN.applyTo(DATASHEET, 100), 900);

  private static SyntheticLab synthetic;
  private static FabricSession lab;

  @BeforeAll
  static void openTheLab() throws IOException {
    synthetic = new SyntheticLab(HIDDEN);
    lab =
        FabricBackends.require("lab")
            .open(FabricFiles.load(FABRIC + synthetic.labSection(), "synthetic-lab.yaml"));
  }

  @AfterAll
  static void closeTheLab() throws IOException {
    if (lab != null) {
      lab.close();
    }
    if (synthetic != null) {
      synthetic.close();
    }
  }

  /**
   * perftest's latency test reports the hidden fabric's latency, not the datasheet's. (Its
   * completion time is perftest's ping-pong, 2 × mean × messages, not the model's back-to-back
   * messages: it is not compared.)
   */
  @Test
  void latencyProbeMeasuresTheHiddenLatency() {
    Scenario probe =
        Scenario.flow("host1:nic0", "host5:nic0").message("64B").messages(1000).build();
    Runs runs = Runs.of(probe);

    SimTime labMedian = runs.lab().flows().get(0).latency().orElseThrow().p50();
    SimTime modelMedian = runs.model().flows().get(0).latency().orElseThrow().p50();
    SimTime datasheetMedian =
        modelRun(DATASHEET, probe).flows().get(0).latency().orElseThrow().p50();
    assertThat(labMedian.picos()).isCloseTo(modelMedian.picos(), withinPercentage(1));
    assertThat(labMedian.picos()).isNotCloseTo(datasheetMedian.picos(), withinPercentage(1));
    assertThat(runs.lab().latency().get(3).p50()).isEqualTo(labMedian);
    runs.assertSwitchCountersAgree();
  }

  /** Each incast flow completes when the model's does; the switches count the model's marks. */
  @Test
  void incastFlowsCompleteAsInTheModel() {
    Runs runs =
        Runs.of(Scenario.incast().senders(2).receiver("host5:nic0").message("16MiB").build());

    assertThat(runs.lab().flows()).hasSize(2);
    for (FlowResult flow : runs.lab().flows()) {
      FlowResult model =
          runs.model().flows().stream()
              .filter(m -> m.source().equals(flow.source()))
              .findFirst()
              .orElseThrow();
      assertThat(flow.destination()).isEqualTo(model.destination());
      assertThat(flow.completionTime().orElseThrow().picos())
          .isCloseTo(model.completionTime().orElseThrow().picos(), withinPercentage(1));
    }
    assertThat(switchTotal(runs.model(), PortStats::ecnMarks)).isPositive();
    runs.assertSwitchCountersAgree();
  }

  /**
   * A flow on four queue pairs: perftest runs {@code -q 4}, each queue pair sending a quarter of
   * every message, and reports the iterations of one queue pair; the lab counts them all, and the
   * flow delivers every byte when the model's does.
   */
  @Test
  void aFlowOnSeveralQueuePairsDeliversEveryByteWhenTheModelDoes() {
    Runs runs =
        Runs.of(
            Scenario.flow("host1:nic0", "host5:nic0").message("4MiB").messages(8).qps(4).build());

    FlowResult flow = runs.lab().flows().get(0);
    FlowResult model = runs.model().flows().get(0);
    assertThat(flow.delivered()).isEqualTo(model.delivered()).isEqualTo(DataSize.mib(32));
    assertThat(flow.completionTime().orElseThrow().picos())
        .isCloseTo(model.completionTime().orElseThrow().picos(), withinPercentage(1));
  }

  /**
   * The launcher's nccl-tests table is the model's. The lab launches collectives on its host file
   * and cannot place them on chosen hosts, so the two hosts are the host file's first two: eight
   * ranks, four GPUs each.
   */
  @Test
  void ringAllReduceHasTheModelsBusBandwidth() {
    CollectiveBuilder allReduce = Scenario.collective(ALL_REDUCE).algorithm(RING).size("256MiB");
    assertThat(lab.unsupported(allReduce.hosts("host1", "host5").build()))
        .hasValueSatisfying(reason -> assertThat(reason).contains("chosen hosts"));
    Runs runs = Runs.of(allReduce.ranks(8).build());

    assertThat(runs.lab().collectives()).hasSize(1);
    assertThat(runs.lab().collectives().get(0).largest().outOfPlace().busGigabytesPerSecond())
        .isCloseTo(
            runs.model().collectives().get(0).largest().outOfPlace().busGigabytesPerSecond(),
            withinPercentage(1));
    runs.assertSwitchCountersAgree();
  }

  private static String fabricText() {
    try {
      return Files.readString(CalibratorTest.FABRIC);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static long switchTotal(RunResult run, ToLongFunction<PortStats> counter) {
    return switchPorts(run).mapToLong(counter).sum();
  }

  private static long peakQueue(RunResult run) {
    return switchPorts(run).mapToLong(p -> p.maxQueue().bytes()).max().orElse(0);
  }

  private static Stream<PortStats> switchPorts(RunResult run) {
    return run.ports().stream()
        .filter(p -> run.fabric().device(p.port().device()).filter(Device::isSwitch).isPresent());
  }

  private static RunResult modelRun(FabricSpec fabric, Scenario scenario) {
    try (FabricSession session = FabricBackends.require("model").open(fabric)) {
      return session.run(scenario);
    }
  }

  /**
   * A scenario's run on the lab and on the model of the hidden fabric.
   *
   * @param lab the lab backend's result
   * @param model the model's
   */
  private record Runs(RunResult lab, RunResult model) {

    /** Serves the scenario, then runs it on the lab and, separately, on the hidden model. */
    static Runs of(Scenario scenario) {
      synthetic.serve(scenario);
      return new Runs(SyntheticLabTest.lab.run(scenario), modelRun(HIDDEN, scenario));
    }

    /**
     * The switch ports' ECN marks, pauses and bytes sum to the model's, and the deepest queue is
     * the model's within a buffer cell.
     */
    void assertSwitchCountersAgree() {
      Map<String, ToLongFunction<PortStats>> counters = new LinkedHashMap<>();
      counters.put("ECN marks", PortStats::ecnMarks);
      counters.put("pauses sent", PortStats::pausesSent);
      counters.put("pauses received", PortStats::pausesReceived);
      counters.put("bytes sent", PortStats::txBytes);
      counters.forEach(
          (name, counter) ->
              assertThat(switchTotal(lab, counter))
                  .as("switch ports' " + name)
                  .isEqualTo(switchTotal(model, counter)));
      assertThat(peakQueue(lab))
          .as("deepest switch queue")
          .isCloseTo(peakQueue(model), within(CELL));
    }
  }
}
