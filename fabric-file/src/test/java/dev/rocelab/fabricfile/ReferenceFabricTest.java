package dev.rocelab.fabricfile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.EcnProfile;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricRoles;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.HeadroomPolicy;
import dev.rocelab.api.fabric.HostProfile;
import dev.rocelab.api.fabric.LinkSpec;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.PfcWatchdog;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.fabric.SwitchProfile;
import dev.rocelab.api.fabric.Topology;
import dev.rocelab.api.fabric.TrafficClass;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The reference fabric shipped with rocelab loads without a single problem and means what it says.
 */
class ReferenceFabricTest {

  static final Path REFERENCE = Path.of("../fabrics/reference.yaml");

  private static FabricFileReport report;
  private static FabricSpec spec;

  @BeforeAll
  static void load() {
    report = FabricFiles.check(REFERENCE);
    spec = report.orElseThrow();
  }

  @Test
  void hasNoProblemsAtAll() {
    assertThat(report.problems()).isEmpty();
  }

  @Test
  void nameAndDescription() {
    assertThat(spec.name()).isEqualTo("reference");
    assertThat(spec.description())
        .isEqualTo(
            "Rail-optimized 2-tier 400G RoCEv2 fabric, 8 hosts x 8 GPUs, 8 rail leaves, 4 spines, 1:1");
  }

  @Test
  void theRolesPickWhatTheirJavadocSaysTheyPickHere() {
    FabricRoles roles = FabricRoles.of(FabricGraph.of(spec));
    assertThat(roles.nic(FabricRoles.A_NIC)).hasToString("host1:nic0");
    assertThat(roles.nic(FabricRoles.A_NIC_OF_ANOTHER_HOST)).hasToString("host2:nic0");
    assertThat(roles.nic(FabricRoles.A_NIC_UNDER_ANOTHER_LEAF)).hasToString("host1:nic1");
    assertThat(roles.device(FabricRoles.A_HOST)).isEqualTo("host1");
    assertThat(roles.device(FabricRoles.A_LEAF)).isEqualTo("leaf1");
    assertThat(roles.device(FabricRoles.REDUNDANT_SPINE)).isEqualTo("spine1");
    assertThat(roles.port(FabricRoles.A_HOST_LINK)).hasToString("leaf1:eth1");
    assertThat(roles.port(FabricRoles.REDUNDANT_UPLINK)).hasToString("leaf1:eth9");
    assertThat(roles.hosts(FabricRoles.EVERY_OTHER_HOST))
        .containsExactly("host1", "host3", "host5", "host7");
    assertThat(roles.hosts(FabricRoles.THE_HOSTS_UNDER_A_LEAF))
        .containsExactly("host1", "host2", "host3", "host4", "host5", "host6", "host7", "host8");
  }

  @Test
  void topologyIsOneRailOptimizedUnit() {
    assertThat(spec.topology())
        .isEqualTo(
            new Topology.RailOptimized(
                1,
                8,
                4,
                2,
                new LinkSpec(Rate.gbps(400), Length.meters(3)),
                new LinkSpec(Rate.gbps(400), Length.meters(30)),
                "gpu-server",
                "spectrum4",
                "spectrum4"));
  }

  @Test
  void switchProfile() {
    SwitchProfile sw = spec.switchProfile("spectrum4");
    assertThat(sw.asic()).isEqualTo("Spectrum-4");
    assertThat(sw.nos()).isEqualTo("SONiC.202405.1");
    assertThat(sw.buffer()).isEqualTo(DataSize.mib(160));
    assertThat(sw.cellSize()).isEqualTo(DataSize.bytes(144));
    assertThat(sw.alpha()).isEqualTo(0.125);
    assertThat(sw.reserve()).isEqualTo(DataSize.kib(4));
    assertThat(sw.headroom())
        .isEqualTo(
            new HeadroomPolicy.Derived(DataSize.kib(1), DataSize.kib(18), 100, SimTime.ZERO));
    assertThat(sw.qos()).isEqualTo("rdma-lossless");
    assertThat(sw.forwarding()).isEqualTo(SwitchProfile.Forwarding.CUT_THROUGH);
    assertThat(sw.forwardingLatency()).isEqualTo(SimTime.nanos(600));
    assertThat(sw.watchdog()).isEqualTo(PfcWatchdog.SONIC_DEFAULT);
  }

  @Test
  void nicProfileKeepsTheFirmwareVersionAsWritten() {
    NicProfile nic = spec.nicProfile("cx7");
    assertThat(nic.speed()).isEqualTo(Rate.gbps(400));
    assertThat(nic.firmware()).isEqualTo("28.39.1002");
    assertThat(nic.roce()).isEqualTo(new TrafficClass(26, 3));
    assertThat(nic.cnp()).isEqualTo(new TrafficClass(48, 6));
    assertThat(nic.pfcPriorities()).containsExactly(3);
    assertThat(nic.mtu()).isEqualTo(DataSize.bytes(4096));
    assertThat(nic.qpsPerConnection()).isEqualTo(2);
  }

  @Test
  void dcqcnIsThePapersScaledTo400G() {
    assertThat(spec.nicProfile("cx7").dcqcn())
        .isEqualTo(
            new DcqcnParameters(
                true,
                1.0 / 256,
                1.0,
                SimTime.micros(55),
                SimTime.micros(50),
                SimTime.micros(55),
                DataSize.mb(100),
                5,
                Rate.mbps(400),
                Rate.gbps(4),
                Rate.mbps(100),
                SimTime.micros(50)));
  }

  @Test
  void hostProfile() {
    HostProfile host = spec.hostProfile("gpu-server");
    assertThat(host.gpus()).isEqualTo(8);
    assertThat(host.nics()).isEqualTo(8);
    assertThat(host.nicProfile()).isEqualTo("cx7");
    assertThat(host.gpuToNic()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
    assertThat(host.nvlinkBandwidth()).isEqualTo(Rate.gbps(3600));
    assertThat(host.nvlinkLatency()).isEqualTo(SimTime.micros(1));
  }

  @Test
  void qosPolicy() {
    QosPolicy qos = spec.qosPolicy("rdma-lossless");
    assertThat(qos.dscpToPriority())
        .containsExactly(Map.entry(0, 0), Map.entry(26, 3), Map.entry(48, 6));
    assertThat(qos.losslessPriorities()).containsExactly(3);
    assertThat(qos.pfcPriorities()).containsExactly(3);
    assertThat(qos.xonOffset()).isEqualTo(DataSize.kib(18));
    assertThat(qos.ecn())
        .as("NVIDIA's RoCE lossless defaults")
        .containsExactly(Map.entry(3, new EcnProfile(DataSize.kb(150), DataSize.kb(1500), 1.0)));
    assertThat(qos.scheduler().strict()).containsExactly(6);
    assertThat(qos.scheduler().weights()).containsExactly(Map.entry(0, 1), Map.entry(3, 4));
    assertThat(qos.mtu()).isEqualTo(DataSize.bytes(9100));
  }

  @Test
  void theNicFirmwareRunsMlx5sReactionPoint() {
    assertThat(spec.firmwareRegistry().nicBehaviour("28.39.1002"))
        .isEqualTo(
            spec.firmwareRegistry().nicBehaviour(FirmwareRegistry.NIC_MLX5).named("28.39.1002"));
  }

  @Test
  void firmwareIsPinnedAndNothingIsOverridden() {
    assertThat(spec.firmware().approvedNic()).isEqualTo(Set.of("28.39.1002"));
    assertThat(spec.firmware().approvedSwitch()).isEqualTo(Set.of("SONiC.202405.1"));
    assertThat(spec.overrides()).isEqualTo(List.of());
  }

  @Test
  void expandsToEightRailLeavesFourSpinesAndSixtyFourNics() {
    FabricGraph graph = FabricGraph.of(spec);

    assertThat(graph.hosts()).hasSize(8);
    assertThat(graph.switches()).hasSize(8 + 4);
    assertThat(graph.nics()).hasSize(64);
    assertThat(graph.links()).hasSize(64 + 8 * 4 * 2);
  }
}
