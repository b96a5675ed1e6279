package dev.rocelab.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The scenarios the suite's steps run, from the fabric they calibrate. */
class CalibrationStepTest {

  @Test
  void thePauseResponseStormsTheSourcesLeafNeighbourLongEnoughToFillTheLeafsBuffer() {
    FabricGraph lab8 = FabricGraph.of(CalibratorTest.fabric());

    Scenario scenario = CalibrationStep.PAUSE_RESPONSE.scenario(lab8, 1);

    Workload.RdmaFlow flow = (Workload.RdmaFlow) scenario.workloads().get(0);
    assertThat(flow.source()).isEqualTo(Endpoint.parse("host1:nic0"));
    assertThat(flow.destination())
        .as("host2 shares leaf1 with host1")
        .isEqualTo(Endpoint.parse("host2:nic0"));
    // twice the 16 MiB buffer, as 16 MiB messages
    assertThat(flow.message().times(flow.messages())).isEqualTo(DataSize.mib(32));
    // 16 MiB take 335.5 µs at 400 Gb/s: the storm lasts twice that
    assertThat(scenario.faults())
        .singleElement()
        .isEqualTo(
            new Fault.PfcStorm(Endpoint.parse("host2:nic0"), 3, SimTime.ZERO, SimTime.micros(672)));
  }

  @Test
  void theDcqcnRecoverysVictimComesFromAThirdHostAndMeetsBurstsAllItsLife() {
    FabricGraph lab8 = FabricGraph.of(CalibratorTest.fabric());

    Scenario scenario = CalibrationStep.RATE_RECOVERY.scenario(lab8, 1);

    assertThat(scenario.workloads()).hasSize(2);
    Workload.RdmaFlow victim = (Workload.RdmaFlow) scenario.workloads().get(0);
    Workload.RdmaFlow bursts = (Workload.RdmaFlow) scenario.workloads().get(1);
    assertThat(victim.source())
        .as("neither the source nor the destination")
        .isEqualTo(Endpoint.parse("host2:nic0"));
    assertThat(victim.destination()).isEqualTo(Endpoint.parse("host5:nic0"));
    assertThat(victim.message().times(victim.messages())).isEqualTo(DataSize.mib(64));
    assertThat(victim.period()).isEqualTo(SimTime.ZERO);
    assertThat(bursts.source()).isEqualTo(Endpoint.parse("host1:nic0"));
    assertThat(bursts.destination()).isEqualTo(victim.destination());
    assertThat(bursts.message()).isEqualTo(DataSize.mib(1));
    // 40 bursts 200 µs apart: 8 ms, longer than the victim takes at its slowest recovery
    assertThat(bursts.period()).isEqualTo(SimTime.micros(200));
    assertThat(bursts.messages()).isEqualTo(40);
  }

  @Test
  void twoHostsOnTwoLeavesHaveNoPauseResponseNeighbourAndNoRecoveryVictim() throws Exception {
    String oneHostPerLeaf =
        Files.readString(CalibratorTest.FABRIC).replace("hostsPerLeaf: 4", "hostsPerLeaf: 1");
    FabricGraph graph = FabricGraph.of(FabricFiles.load(oneHostPerLeaf, "lab2.yaml"));

    assertThatThrownBy(() -> CalibrationStep.PAUSE_RESPONSE.scenario(graph, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the pause response needs a second host on leaf1; it has only host1");
    assertThatThrownBy(() -> CalibrationStep.RATE_RECOVERY.scenario(graph, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the DCQCN recovery needs three hosts; the fabric has 2");
    assertThat(CalibrationStep.LINE_RATE.scenario(graph, 1).workloads()).hasSize(1);
  }
}
