package dev.rocelab.fabricfile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwarePolicy;
import dev.rocelab.api.fabric.HeadroomPolicy;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.PfcWatchdog;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.fabric.Scheduler;
import dev.rocelab.api.fabric.SwitchProfile;
import dev.rocelab.api.fabric.Topology;
import dev.rocelab.api.fabric.TrafficClass;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every topology kind loads from a small example, with the defaults filled in, and expands as
 * expected.
 */
class ValidFabricFilesTest {

  static final Path VALID = Path.of("src/test/resources/valid");

  static Stream<Path> validFiles() throws IOException {
    try (Stream<Path> files = Files.list(VALID)) {
      return files.sorted().toList().stream();
    }
  }

  private static FabricSpec load(String name) {
    return FabricFiles.load(VALID.resolve(name));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("validFiles")
  void loadsWithoutAnyProblem(Path file) {
    assertThat(FabricFiles.check(file).problems()).isEmpty();
  }

  @ParameterizedTest(name = "{0}: {1} hosts, {2} switches, {3} links")
  @CsvSource({
    "leaf-spine.yaml,     2,  3,  6", // 2 hosts x 2 NICs + 2 leaves x 1 spine
    "three-tier.yaml,     4, 10, 28", // 4 hosts x 1 NIC + 2 pods x 2 leaves x 2 spines + 4 spines x
    // 2 supers x 2
    "rail-optimized.yaml, 4, 10, 32", // 4 hosts x 4 NICs + 8 rail leaves x 2 spines
    "graph.yaml,          2,  1,  3"
  })
  void expandsToTheExpectedDevicesAndLinks(String file, int hosts, int switches, int links) {
    FabricGraph graph = FabricGraph.of(load(file));

    assertThat(graph.hosts()).as("hosts").hasSize(hosts);
    assertThat(graph.switches()).as("switches").hasSize(switches);
    assertThat(graph.links()).as("links").hasSize(links);
  }

  @Test
  void leftOutKeysTakeTheirDefaults() {
    FabricSpec spec = load("leaf-spine.yaml");

    assertThat(spec.description()).isEmpty();
    assertThat(spec.firmware()).isEqualTo(FirmwarePolicy.UNPINNED);
    assertThat(spec.overrides()).isEmpty();
    assertThat(((Topology.LeafSpine) spec.topology()).uplinksPerSpine()).isEqualTo(1);

    SwitchProfile sw = spec.switchProfile("switch");
    assertThat(sw.reserve()).isEqualTo(DataSize.ZERO);
    assertThat(sw.headroom())
        .isEqualTo(
            new HeadroomPolicy.Derived(DataSize.kib(1), DataSize.kib(18), 100, SimTime.ZERO));
    assertThat(sw.qos()).as("the only QoS policy").isEqualTo("lossless");
    assertThat(sw.forwarding()).isEqualTo(SwitchProfile.Forwarding.CUT_THROUGH);
    assertThat(sw.forwardingLatency()).isEqualTo(SimTime.nanos(600));
    assertThat(sw.watchdog()).isEqualTo(PfcWatchdog.SONIC_DEFAULT);

    NicProfile nic = spec.nicProfile("cx7");
    assertThat(nic.cnp()).isEqualTo(new TrafficClass(48, 6));
    assertThat(nic.mtu()).isEqualTo(DataSize.bytes(4096));
    assertThat(nic.qpsPerConnection()).isEqualTo(1);
    assertThat(nic.dcqcn()).isEqualTo(DcqcnParameters.MLX5_DEFAULTS);

    assertThat(spec.hostProfile("server").gpuToNic()).containsExactly(0, 1);
    assertThat(spec.hostProfile("server").nvlinkBandwidth()).isEqualTo(Rate.gbps(3600));
    assertThat(spec.hostProfile("server").nvlinkLatency()).isEqualTo(SimTime.micros(1));
    assertThat(spec.hostProfile("server").nvswitch())
        .as("NVSwitch reduction unless said")
        .isFalse();
    assertThat(spec.hostProfile("server").pcieBandwidth())
        .as("a host interface that keeps up unless said")
        .isEmpty();

    QosPolicy qos = spec.qosPolicy("lossless");
    assertThat(qos.pfcPriorities()).as("PFC on the lossless priorities").containsExactly(3);
    assertThat(qos.xonOffset()).isEqualTo(DataSize.kib(18));
    assertThat(qos.scheduler()).isEqualTo(Scheduler.roundRobin());
    assertThat(qos.mtu()).isEqualTo(DataSize.bytes(9100));
  }

  @Test
  void partialMapsOverrideDefaultsOneByOne() {
    FabricSpec spec = load("three-tier.yaml");

    assertThat(spec.switchProfile("core").watchdog())
        .isEqualTo(
            new PfcWatchdog(
                true,
                SimTime.millis(200),
                SimTime.millis(200),
                SimTime.millis(200),
                PfcWatchdog.Action.FORWARD));
    DcqcnParameters dcqcn = spec.nicProfile("cx6").dcqcn();
    assertThat(dcqcn.minRate()).isEqualTo(Rate.mbps(100));
    assertThat(dcqcn.additiveIncrease())
        .isEqualTo(DcqcnParameters.MLX5_DEFAULTS.additiveIncrease());
    assertThat(dcqcn.cnpInterval()).isEqualTo(DcqcnParameters.MLX5_DEFAULTS.cnpInterval());
    assertThat(spec.hostProfile("server").nvswitch()).isTrue();
    assertThat(spec.hostProfile("server").pcieBandwidth()).contains(Rate.gbps(180));
  }

  @Test
  void fixedHeadroomSizeAppliesToEveryLosslessPriority() {
    SwitchProfile tor = load("three-tier.yaml").switchProfile("tor");

    assertThat(tor.headroom()).isEqualTo(new HeadroomPolicy.Fixed(Map.of(3, DataSize.kib(320))));
    assertThat(tor.forwarding()).isEqualTo(SwitchProfile.Forwarding.STORE_AND_FORWARD);
  }

  @Test
  void threeTierNamesItsTiers() {
    FabricGraph graph = FabricGraph.of(load("three-tier.yaml"));

    assertThat(graph.device("super2"))
        .get()
        .extracting(Device::role)
        .isEqualTo(Device.Role.SUPER_SPINE);
    assertThat(graph.device("spine4")).get().extracting(Device::tier).isEqualTo(2);
    assertThat(graph.linkAt(dev.rocelab.api.fabric.Endpoint.parse("host1:nic0")))
        .get()
        .extracting(l -> l.spec().speed())
        .isEqualTo(Rate.gbps(200));
  }

  @Test
  void railOptimizedPutsNicIOnRailLeafI() {
    FabricGraph graph = FabricGraph.of(load("rail-optimized.yaml"));

    assertThat(graph.linkAt(dev.rocelab.api.fabric.Endpoint.parse("host3:nic2")))
        .get()
        .extracting(l -> l.peerOf(dev.rocelab.api.fabric.Endpoint.parse("host3:nic2")).device())
        .as("host3 is in the second unit, whose rail leaves are leaf5..leaf8")
        .isEqualTo("leaf7");
    assertThat(load("rail-optimized.yaml").hostProfile("dgx").gpuToNic())
        .containsExactly(0, 1, 2, 3, 0, 1, 2, 3);
  }

  @Test
  void ratesMayBeGivenInBytesPerSecond() {
    assertThat(load("rail-optimized.yaml").hostProfile("dgx").nvlinkBandwidth())
        .isEqualTo(Rate.gbps(7200));
  }

  @Test
  void graphTakesLinksAnchorsMergeKeysAndOverrides() {
    FabricSpec spec = load("graph.yaml");
    Topology.Graph topology = (Topology.Graph) spec.topology();

    assertThat(topology.links().get(2).a()).hasToString("beta:nic1");
    assertThat(topology.links().get(2).link().length()).isEqualTo(Length.millimeters(2500));
    SwitchProfile spare = spec.switchProfile("spare");
    assertThat(spare.buffer()).as("merged from the anchor").isEqualTo(DataSize.mib(42));
    assertThat(spare.qos()).as("given explicitly").isEqualTo("lossy");
    assertThat(spare.headroom()).isEqualTo(new HeadroomPolicy.Fixed(Map.of(3, DataSize.kib(64))));
    assertThat(spec.hostProfile("server").gpuToNic()).isEqualTo(List.of(1, 0));
    assertThat(spec.firmware().approvedNic()).containsExactly("16.35.2000");
    assertThat(FabricGraph.of(spec).switchProfileOf("sw1").name()).isEqualTo("spare");
  }
}
