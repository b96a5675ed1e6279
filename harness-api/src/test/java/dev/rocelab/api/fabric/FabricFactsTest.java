package dev.rocelab.api.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.rocelab.api.fabric.FabricFacts.HeadroomClass;
import dev.rocelab.api.fabric.FabricFacts.TierCut;
import dev.rocelab.api.fabric.FabricFacts.TierOversubscription;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class FabricFactsTest {

  /** The reference fabric's switch inputs (fabrics/reference.yaml, profile spectrum4). */
  private static final HeadroomPolicy.Derived SPECTRUM4 =
      new HeadroomPolicy.Derived(DataSize.kib(1), DataSize.kib(18), 100, SimTime.ZERO);

  @Nested
  class TwoToOneLeafSpine {

    // 2 leaves × 2 spines, 4 hosts per leaf with one 100G NIC, one 100G uplink from each leaf to
    // each spine
    private final FabricFacts facts =
        FabricFacts.of(
            FabricGraph.of(
                fabric(
                    new Topology.LeafSpine(
                        2, 2, 4, 1, link(100, 3), link(100, 10), "server", "leaf", "spine"),
                    100)));

    @Test
    void countsDevicesAndLinks() {
      assertThat(facts.hosts()).isEqualTo(8);
      assertThat(facts.gpus()).isEqualTo(8 * 2);
      assertThat(facts.nics()).isEqualTo(8);
      assertThat(facts.switchesByRole())
          .containsExactly(Map.entry(Device.Role.LEAF, 2), Map.entry(Device.Role.SPINE, 2));
      assertThat(facts.switches()).isEqualTo(4);
      assertThat(facts.links()).isEqualTo(8 + 2 * 2);
    }

    @Test
    void sumsNicBandwidth() {
      assertThat(facts.nicBandwidth()).isEqualTo(Rate.gbps(800));
      assertThat(facts.hostInterfaceBandwidth()).as("every host keeps up").isEmpty();
    }

    @Test
    void sumsWhatHostsBehindNarrowerPcieMove() {
      FabricSpec narrow =
          fabric(
              new Topology.LeafSpine(
                  2, 2, 4, 1, link(100, 3), link(100, 10), "server", "leaf", "spine"),
              100,
              Optional.of(Rate.gbps(60)));

      FabricFacts narrowFacts = FabricFacts.of(FabricGraph.of(narrow));

      assertThat(narrowFacts.nicBandwidth()).isEqualTo(Rate.gbps(800));
      assertThat(narrowFacts.hostInterfaceBandwidth()).contains(Rate.gbps(480));
    }

    @Test
    void bisectionIsHalfTheNarrowestTierCut() {
      // hosts→leaves: 8 × 100G = 800G; leaves→spines: 2 × 2 × 100G = 400G
      assertThat(facts.tierCuts())
          .containsExactly(new TierCut(0, Rate.gbps(800)), new TierCut(1, Rate.gbps(400)));
      assertThat(facts.bisection()).isEqualTo(Rate.gbps(200));
    }

    @Test
    void leavesAreTwoToOneOversubscribed() {
      // leaves: 8 × 100G down, 4 × 100G up; spines have no uplinks and are left out
      assertThat(facts.oversubscription())
          .containsExactly(
              new TierOversubscription(1, Device.Role.LEAF, 2, Rate.gbps(800), Rate.gbps(400)));
      assertThat(facts.oversubscription().get(0).ratio()).isEqualTo(2.0);
    }

    @Test
    void groupsHeadroomBySwitchProfileSpeedAndCable() {
      assertThat(facts.headroom())
          .extracting(
              HeadroomClass::switchProfile,
              HeadroomClass::speed,
              HeadroomClass::cable,
              HeadroomClass::ports)
          .containsExactly(
              tuple("leaf", Rate.gbps(100), Length.meters(3), 8),
              tuple("leaf", Rate.gbps(100), Length.meters(10), 4),
              tuple("spine", Rate.gbps(100), Length.meters(10), 4));
      assertThat(facts.headroom()).allSatisfy(h -> assertThat(h.xon()).isEqualTo(DataSize.kib(18)));
    }

    @Test
    void takesTheWorstSwitchOfEachProfile() {
      // every leaf has 4 host ports and 2 uplinks; every spine 2 downlinks: one budget line per
      // profile
      assertThat(facts.buffers())
          .extracting(FabricFacts.ProfileBudget::switchProfile)
          .containsExactly("leaf", "spine");
      FabricFacts.ProfileBudget leaf = facts.buffers().get(0);
      assertThat(leaf.switches()).isEqualTo(2);
      assertThat(leaf.worst().device()).isEqualTo("leaf1");
      assertThat(leaf.buffer()).isEqualTo(DataSize.mib(32));
      assertThat(leaf.reserve()).isEqualTo(DataSize.kib(4 * 8 * 6));
      HeadroomClass hostPort = facts.headroom().get(0);
      HeadroomClass uplink = facts.headroom().get(1);
      assertThat(leaf.headroom())
          .isEqualTo(hostPort.total().times(4).plus(uplink.total().times(2)));
      assertThat(leaf.sharedBytes())
          .isEqualTo(DataSize.mib(32).bytes() - leaf.headroom().bytes() - leaf.reserve().bytes());
    }

    @Test
    void tallysFirmwareInUse() {
      assertThat(facts.nicFirmware()).containsExactly(Map.entry("28.39.1002", 8));
      assertThat(facts.switchNos()).containsExactly(Map.entry("SONiC.202405.1", 4));
    }
  }

  @Test
  void derivesTheReferenceHeadroomFor400gAnd5mCable() {
    FabricFacts facts =
        FabricFacts.of(
            FabricGraph.of(
                fabric(
                    new Topology.LeafSpine(
                        1, 1, 1, 1, link(400, 5), link(400, 5), "server", "leaf", "spine"),
                    400)));

    // Headroom.java, reference switch inputs, 400G, 5 m, port MTU 9100B, lossless frame 4096 + 62 =
    // 4158B:
    //   cell occupancy = (100 − 100 + 100 × 144/64) / 100                  = 2.25   (144B cell > 2
    // × 64B)
    //   bytes on cable = 2 × 5 m / 198 000 000 m/s × 400e9 b/s / 8        = 2525.25
    //   peer response  = 905 quanta × 512 bit / 8                           = 57 920
    //   in flight      = 9100 + 2525.25 + 2 × 0 + 1024 + 57 920            = 70 569.25
    //   xoff           = 4158 + 70 569.25 × 2.25 = 162 938.8 B = 159.12 KiB → rounded up 160 KiB
    // (≈160 KB)
    //   xon            = pipeline latency 18 KiB
    DataSize expectedXoff = DataSize.kib(160);
    assertThat(facts.headroom()).extracting(HeadroomClass::xoff).containsOnly(expectedXoff);
    assertThat(facts.headroom()).extracting(HeadroomClass::xon).containsOnly(DataSize.kib(18));
    assertThat(facts.headroom()).extracting(HeadroomClass::total).containsOnly(DataSize.kib(178));
    assertThat(facts.headroom()).extracting(HeadroomClass::xoffNeeded).containsOnly(expectedXoff);
    assertThat(
            Headroom.xoff(
                SPECTRUM4,
                DataSize.bytes(144),
                Rate.gbps(400),
                Length.meters(5),
                DataSize.bytes(9100),
                DataSize.bytes(4096 + Framing.ROCE_HEADERS)))
        .isEqualTo(expectedXoff);
  }

  @Test
  void headroomConfiguredByHandStandsBesideWhatEachKindOfPortNeeds() {
    SwitchProfile short10k =
        Fabrics.switchProfile()
            .headroom(new HeadroomPolicy.Fixed(Map.of(3, DataSize.kib(10))))
            .build();

    FabricFacts facts = FabricFacts.of(FabricGraph.of(Fabrics.spec().with(short10k).build()));

    // the same Spectrum-default needs the validator reports as drift: 3 m host and 10 m fabric
    // cables at 400 Gbps
    assertThat(facts.headroom())
        .extracting(HeadroomClass::cable, HeadroomClass::xoff, HeadroomClass::xoffNeeded)
        .containsExactly(
            tuple(Length.meters(3), DataSize.kib(10), DataSize.kib(157)),
            tuple(Length.meters(10), DataSize.kib(10), DataSize.kib(165)));
  }

  @Test
  void everyThreeTierBoundaryCountsAndTheCoreIsTheBottleneck() {
    // 2 pods × (2 leaves, 2 spines), 2 super-spines, 2 hosts per leaf; 100G everywhere but a 50G
    // core
    FabricFacts facts =
        FabricFacts.of(
            FabricGraph.of(
                fabric(
                    new Topology.ThreeTier(
                        2,
                        2,
                        2,
                        2,
                        2,
                        1,
                        1,
                        link(100, 3),
                        link(100, 10),
                        link(50, 30),
                        "server",
                        "leaf",
                        "spine",
                        "super"),
                    100)));

    // hosts→leaves 8 × 100G, leaves→spines 4 × 2 × 100G, spines→supers 4 × 2 × 50G
    assertThat(facts.tierCuts())
        .containsExactly(
            new TierCut(0, Rate.gbps(800)),
            new TierCut(1, Rate.gbps(800)),
            new TierCut(2, Rate.gbps(400)));
    assertThat(facts.bisection()).isEqualTo(Rate.gbps(200));
    assertThat(facts.oversubscription())
        .containsExactly(
            new TierOversubscription(1, Device.Role.LEAF, 4, Rate.gbps(800), Rate.gbps(800)),
            new TierOversubscription(2, Device.Role.SPINE, 4, Rate.gbps(800), Rate.gbps(400)));
    assertThat(facts.switchesByRole())
        .containsExactly(
            Map.entry(Device.Role.LEAF, 4),
            Map.entry(Device.Role.SPINE, 4),
            Map.entry(Device.Role.SUPER_SPINE, 2));
  }

  @Test
  void aFabricWithoutLinksHasNoBisection() {
    Topology.Graph lonely =
        new Topology.Graph(
            List.of(new Topology.GraphSwitch("sw1", "leaf", 4)),
            List.of(new Topology.GraphHost("h1", "server")),
            List.of());
    FabricFacts facts = FabricFacts.of(FabricGraph.of(fabric(lonely, 100)));

    assertThat(facts.tierCuts()).isEmpty();
    assertThat(facts.bisection()).isEqualTo(Rate.bps(0));
    assertThat(facts.oversubscription()).isEmpty();
    assertThat(facts.headroom()).isEmpty();
    assertThat(facts.buffers())
        .singleElement()
        .satisfies(b -> assertThat(b.headroom()).isEqualTo(DataSize.ZERO));
  }

  private static LinkSpec link(long gbps, long meters) {
    return new LinkSpec(Rate.gbps(gbps), Length.meters(meters));
  }

  private static FabricSpec fabric(Topology topology, long nicGbps) {
    return fabric(topology, nicGbps, Optional.empty());
  }

  private static FabricSpec fabric(Topology topology, long nicGbps, Optional<Rate> pcie) {
    Map<String, SwitchProfile> switches = new LinkedHashMap<>();
    for (String name : List.of("leaf", "spine", "super")) {
      switches.put(
          name,
          new SwitchProfile(
              name,
              "Spectrum-4",
              "SONiC.202405.1",
              DataSize.mib(32),
              DataSize.bytes(144),
              0.125,
              DataSize.kib(4),
              SPECTRUM4,
              "lossless",
              SwitchProfile.Forwarding.CUT_THROUGH,
              SimTime.nanos(600),
              PfcWatchdog.SONIC_DEFAULT,
              Convergence.FAST));
    }
    NicProfile nic =
        new NicProfile(
            "nic",
            Rate.gbps(nicGbps),
            "28.39.1002",
            new TrafficClass(26, 3),
            new TrafficClass(48, 6),
            Set.of(3),
            DataSize.bytes(4096),
            1,
            DcqcnParameters.MLX5_DEFAULTS);
    HostProfile server =
        new HostProfile(
            "server", 2, 1, "nic", List.of(0, 0), Rate.gbps(3600), SimTime.micros(1), false, pcie);
    QosPolicy qos =
        new QosPolicy(
            "lossless",
            Map.of(26, 3, 48, 6),
            Set.of(3),
            Set.of(3),
            DataSize.kib(18),
            Map.of(3, new EcnProfile(DataSize.kib(400), DataSize.kib(1600), 0.2)),
            new Scheduler(Set.of(6), Map.of(0, 1, 3, 4)),
            DataSize.bytes(9100));
    return new FabricSpec(
        "small",
        "",
        topology,
        switches,
        Map.of("nic", nic),
        Map.of("server", server),
        Map.of("lossless", qos),
        new FirmwarePolicy(Set.of("28.39.1002"), Set.of("SONiC.202405.1")),
        List.<DeviceOverride>of(),
        java.util.Map.of(),
        FirmwareRegistry.EMPTY);
  }
}
