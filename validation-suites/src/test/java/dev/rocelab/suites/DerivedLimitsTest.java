package dev.rocelab.suites;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.UnloadedLatency;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.model.ModelBackend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class DerivedLimitsTest {

  private static final FabricSpec REFERENCE =
      FabricFiles.load(Path.of("../fabrics/reference.yaml"));

  @Test
  void allToAllIsBoundByTheShareOfEachRanksDataThatLeavesItsHost() {
    // 8 GPUs per host: 16 ranks send 8 of 15 shares off the host, 64 ranks 56 of 63
    assertThat(DerivedLimits.allToAllBusBandwidthFraction(REFERENCE, 16)).isEqualTo(15.0 / 64);
    assertThat(DerivedLimits.allToAllBusBandwidthFraction(REFERENCE, 64))
        .isEqualTo(63.0 / (8 * 56));
  }

  @Test
  void allToAllOverAnOversubscribedLeafIsBoundByItsUplinks() {
    // 12 one-GPU hosts, six under each of two leaves with 800G up: each leaf sends 36 × S/12 = 3·S
    // across its uplinks, so busbw ≤ S·11/12 / (3·S / 800G) = 244.4G, 0.611 of a 400G NIC; a
    // NIC alone would allow 11/12 / (11/12) = 1
    FabricSpec threeToOne = FabricFiles.load(Path.of("../fabrics/corpus/leafspine-400g-3to1.yaml"));

    assertThat(DerivedLimits.allToAllBusBandwidthFraction(threeToOne, 12))
        .isCloseTo((11.0 / 12) * 800 / 3 / 400, within(1e-12));
    // four ranks under one leaf never cross its uplinks: the NICs bound them
    assertThat(DerivedLimits.allToAllBusBandwidthFraction(threeToOne, 4))
        .isCloseTo(1.0, within(1e-12));
  }

  @Test
  void aMessageAtLineRateTakesItsSizeOverTheSlowestHostLink() {
    // 400G host links: 20 ps per byte
    assertThat(DerivedLimits.lineRateTime(REFERENCE, DataSize.mib(8)))
        .isEqualTo(SimTime.picos(8L * 1024 * 1024 * 20));
  }

  @Test
  void oneFlowIsHeldToAShareOfWhatItsMtusFramingAllows() throws IOException {
    // 4096 B of payload in 4096 + 62 + 20 wire bytes
    assertThat(
            DerivedLimits.singleFlowLineRateFraction(REFERENCE, Endpoint.parse("host1:nic0"), 0.95))
        .isEqualTo(0.95 * 4096 / 4178);
    FabricSpec smallMtu =
        FabricFiles.load(
            Files.readString(Path.of("../fabrics/reference.yaml"))
                .replace("mtu: 4096B", "mtu: 1024B"),
            "small-mtu.yaml");
    assertThat(
            DerivedLimits.singleFlowLineRateFraction(smallMtu, Endpoint.parse("host1:nic0"), 0.95))
        .isEqualTo(0.95 * 1024 / 1106);
  }

  @Test
  void lightTrafficMayQueueTheAllowanceOnTopOfItsSlowestUnloadedPath() {
    // host1:nic0 and host2:nic0 share rail leaf 1; host2:nic1 is under rail leaf 2, a spine away
    Endpoint host1 = Endpoint.parse("host1:nic0");
    Endpoint neighbour = Endpoint.parse("host2:nic0");
    Endpoint acrossTheSpines = Endpoint.parse("host2:nic1");
    RunResult run =
        onTheReference(
            "two flows",
            flow(host1, neighbour),
            flow(Endpoint.parse("host3:nic0"), acrossTheSpines));
    UnloadedLatency unloaded = UnloadedLatency.of(FabricGraph.of(REFERENCE));
    DataSize mtu = DataSize.bytes(4096);
    assertThat(unloaded.between(host1, neighbour, mtu))
        .isLessThan(unloaded.between(Endpoint.parse("host3:nic0"), acrossTheSpines, mtu));

    // 256 KiB at 400G: 262,144 × 20 ps
    assertThat(DerivedLimits.lightTrafficP99Latency(run, DataSize.kib(256)))
        .isEqualTo(
            unloaded
                .between(Endpoint.parse("host3:nic0"), acrossTheSpines, mtu)
                .plus(SimTime.picos(262_144L * 20)));
  }

  @Test
  void anIncastsSendingWindowLeavesOutTheFirstFramesTravelAndTheLastAcknowledgements() {
    // two senders into host1:nic0: its rail-leaf neighbour and one a spine away, 1 MiB each
    Endpoint receiver = Endpoint.parse("host1:nic0");
    Endpoint neighbour = Endpoint.parse("host2:nic0");
    Endpoint acrossTheSpines = Endpoint.parse("host2:nic1");
    RunResult run =
        onTheReference(
            "incast 2:1",
            flow(neighbour, receiver, DataSize.mib(1)),
            flow(acrossTheSpines, receiver, DataSize.mib(1)));
    UnloadedLatency unloaded = UnloadedLatency.of(FabricGraph.of(REFERENCE));
    long last =
        run.flows().stream().mapToLong(f -> f.completion().orElseThrow().picos()).max().getAsLong();
    // the neighbour's frame is the first in; 4,178 wire bytes at 400G are 83,560 ps
    long firstOut = unloaded.earliest(neighbour, receiver, DataSize.bytes(4096)).picos() - 83_560;
    long ackBack = unloaded.earliest(receiver, neighbour, DataSize.ZERO).picos();

    SimTime window = DerivedLimits.incastSendingWindow(run);

    assertThat(window).isEqualTo(SimTime.picos(last - firstOut - ackBack));
    // the port facing the receiver sent both flows in it at nearly its line rate, never above
    Endpoint facingIt = run.fabric().linkAt(receiver).orElseThrow().peerOf(receiver);
    long sent =
        run.ports().stream()
            .filter(p -> p.port().equals(facingIt))
            .mapToLong(p -> p.txBytes())
            .sum();
    double fraction = sent * 8.0 * 1e12 / window.picos() / 400e9;
    assertThat(fraction).isBetween(0.95, 1.0);
    assertThat(sent * 8.0 * 1e12 / run.elapsed().picos() / 400e9).isLessThan(fraction);
  }

  @Test
  void anIncastReceiverBehindNarrowerPcieIsHeldToWhatItsHostTakes() {
    // three-tier's hosts: one 200G NIC behind 180 Gb/s of PCIe
    FabricGraph threeTier =
        FabricGraph.of(
            FabricFiles.load(Path.of("../fabric-file/src/test/resources/valid/three-tier.yaml")));
    Endpoint nic = threeTier.nics().get(0);
    assertThat(DerivedLimits.incastReceiverBusyFraction(threeTier, nic, 0.9))
        .isCloseTo(0.9 * 180 / 200, within(1e-12));
    // the reference's 400G NICs have no narrower host interface
    assertThat(
            DerivedLimits.incastReceiverBusyFraction(
                FabricGraph.of(REFERENCE), Endpoint.parse("host1:nic0"), 0.9))
        .isEqualTo(0.9);
  }

  private static RunResult onTheReference(String name, Workload... flows) {
    try (FabricSession session = new ModelBackend().open(REFERENCE)) {
      return session.run(Scenario.of(name, flows));
    }
  }

  private static Workload flow(Endpoint from, Endpoint to) {
    return flow(from, to, DataSize.kib(64));
  }

  private static Workload flow(Endpoint from, Endpoint to, DataSize size) {
    return new Workload.RdmaFlow(
        from, to, size, 1, 1, OptionalInt.empty(), SimTime.ZERO, Workload.Verb.WRITE, SimTime.ZERO);
  }

  @Test
  void aPermutationsFlowsAreHeldToTheirShareOfAnOversubscribedLeafsUplinks() {
    // 3:1: six 400G hosts under each leaf, 800G up. Six flows from leaf1's hosts to leaf2's share
    // 800G at each end, 133.3G each; one flow inside leaf2 shares host8:nic0's 400G with the flow
    // that arrives there, 200G. The median of the seven is a cross-leaf flow's.
    FabricSpec threeToOne = FabricFiles.load(Path.of("../fabrics/corpus/leafspine-400g-3to1.yaml"));
    List<Workload> flows = new ArrayList<>();
    for (int h = 1; h <= 6; h++) {
      flows.add(
          flow(
              Endpoint.parse("host" + h + ":nic0"),
              Endpoint.parse("host" + (h + 6) + ":nic0"),
              DataSize.mib(1)));
    }
    flows.add(flow(Endpoint.parse("host7:nic0"), Endpoint.parse("host8:nic0"), DataSize.mib(1)));
    RunResult run;
    try (FabricSession session = new ModelBackend().open(threeToOne)) {
      run = session.run(Scenario.of("across the 3:1 leaves", flows.toArray(Workload[]::new)));
    }

    SimTime limit =
        DerivedLimits.permutationMedianCompletion(threeToOne, run, 3, "a policy of this test");

    long crossLeaf = (long) Math.ceil(1024L * 1024 * 8e12 / (800e9 / 6));
    assertThat(limit).isEqualTo(SimTime.picos(3 * crossLeaf));
  }

  @Test
  void aPermutationOnANonBlockingFabricIsHeldToLineRate() {
    RunResult run =
        onTheReference(
            "two flows across the spines",
            flow(Endpoint.parse("host1:nic0"), Endpoint.parse("host2:nic1"), DataSize.mib(1)),
            flow(Endpoint.parse("host2:nic0"), Endpoint.parse("host1:nic1"), DataSize.mib(1)));

    assertThat(DerivedLimits.permutationMedianCompletion(REFERENCE, run, 2, "a policy"))
        .isEqualTo(SimTime.picos(2 * 1024L * 1024 * 20));
  }

  @Test
  void aFlowOutlastingAFaultCarriesWhatTheSlowestHostLinkSendsUntilItEnds() {
    // 400G for 1.1 ms: 55,000,000 bytes, 52.45 MiB, so 53 MiB
    assertThat(DerivedLimits.flowOutlasting(REFERENCE, SimTime.micros(1100)))
        .isEqualTo(DataSize.mib(53));
    assertThat(DerivedLimits.flowOutlasting(REFERENCE, SimTime.ZERO)).isEqualTo(DataSize.ZERO);
  }

  @Test
  void anAllToAllOnOneHostHasNoFabricBound() {
    assertThatThrownBy(() -> DerivedLimits.allToAllBusBandwidthFraction(REFERENCE, 8))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "an all-to-all on 8 ranks stays on one host of 8 GPUs in fabric reference: the fabric does not bound it");
  }
}
