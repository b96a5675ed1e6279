package dev.rocelab.api.fabric;

import static dev.rocelab.api.fabric.Fabrics.graphHost;
import static dev.rocelab.api.fabric.Fabrics.graphLink;
import static dev.rocelab.api.fabric.Fabrics.graphSwitch;
import static dev.rocelab.api.fabric.Fabrics.port;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.tuple;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link FabricGraph#of} expands each kind of topology into devices and links, then applies
 * overrides.
 */
class FabricGraphTest {

  private static List<String> names(List<Device> devices) {
    return devices.stream().map(Device::name).toList();
  }

  private static List<String> strings(List<Endpoint> ports) {
    return ports.stream().map(Endpoint::toString).toList();
  }

  private static Function<Link, String> ends() {
    return link -> link.a() + " <-> " + link.b();
  }

  @Nested
  class LeafSpine {

    // 2 leaves, 2 spines, 2 hosts per leaf with 2 NICs each, 1 uplink per spine
    private final FabricGraph graph = Fabrics.spec().graph();

    @Test
    void countsHostsLeavesSpinesAndLinks() {
      assertThat(graph.hosts()).hasSize(4);
      assertThat(graph.switches()).hasSize(4);
      // 4 hosts × 2 NICs + 2 leaves × 2 spines × 1 uplink
      assertThat(graph.links()).hasSize(8 + 4);
    }

    @Test
    void knowsTiersUplinksLeavesAndTheLeafOfEachNic() {
      assertThat(graph.tierOf("host1")).isZero();
      assertThat(graph.tierOf("leaf2")).isEqualTo(1);
      assertThat(graph.tierOf("spine1")).isEqualTo(2);
      assertThatIllegalArgumentException()
          .isThrownBy(() -> graph.tierOf("leaf9"))
          .withMessage("no device named leaf9");
      assertThat(graph.uplinks("leaf1"))
          .extracting(p -> graph.linkAt(p).orElseThrow().peerOf(p).device())
          .containsExactly("spine1", "spine2");
      assertThat(graph.uplinks("spine1")).isEmpty();
      assertThat(graph.uplinks("host1")).isEqualTo(graph.ports("host1"));
      assertThat(graph.isLeaf("leaf1")).isTrue();
      assertThat(graph.isLeaf("spine1")).isFalse();
      assertThat(graph.isLeaf("host1")).isFalse();
      assertThat(graph.leafOf(new Endpoint("host3", "nic0"))).contains("leaf2");
      assertThat(graph.leafOf(new Endpoint("host3", "nic9"))).isEmpty();
    }

    @Test
    void equalsAnotherGraphOfAnEqualSpec() {
      assertThat(Fabrics.spec().graph())
          .isEqualTo(graph)
          .hasSameHashCodeAs(graph)
          .hasToString("fabric " + graph.spec().name());
      assertThat(Fabrics.spec().with(Fabrics.leafSpine(3, 2, 2, 1)).graph()).isNotEqualTo(graph);
    }

    @Test
    void listsHostsFirstThenLeavesThenSpines() {
      assertThat(graph.devices())
          .extracting(Device::name, Device::role, Device::tier)
          .containsExactly(
              tuple("host1", Device.Role.HOST, 0), tuple("host2", Device.Role.HOST, 0),
              tuple("host3", Device.Role.HOST, 0), tuple("host4", Device.Role.HOST, 0),
              tuple("leaf1", Device.Role.LEAF, 1), tuple("leaf2", Device.Role.LEAF, 1),
              tuple("spine1", Device.Role.SPINE, 2), tuple("spine2", Device.Role.SPINE, 2));
    }

    @Test
    void givesHostsTheirProfileAndSwitchesTheirRoleProfile() {
      assertThat(graph.device("host1")).map(Device::profile).contains(Fabrics.HOST_PROFILE);
      assertThat(graph.device("spine2")).map(Device::profile).contains(Fabrics.SWITCH_PROFILE);
      assertThat(graph.switchProfileOf("leaf1").name()).isEqualTo(Fabrics.SWITCH_PROFILE);
      assertThat(graph.hostProfileOf("host4").name()).isEqualTo(Fabrics.HOST_PROFILE);
    }

    @Test
    void numbersLeafDownlinksFirstThenUplinks() {
      assertThat(strings(graph.ports("leaf1")))
          .containsExactly(
              "leaf1:eth1", "leaf1:eth2", "leaf1:eth3", "leaf1:eth4", "leaf1:eth5", "leaf1:eth6");
      assertThat(graph.linkAt(port("leaf1:eth1")))
          .map(l -> l.peerOf(port("leaf1:eth1")))
          .contains(port("host1:nic0"));
      assertThat(graph.linkAt(port("leaf1:eth4")))
          .map(l -> l.peerOf(port("leaf1:eth4")))
          .contains(port("host2:nic1"));
      assertThat(graph.linkAt(port("leaf1:eth5")))
          .map(l -> l.peerOf(port("leaf1:eth5")))
          .contains(port("spine1:eth1"));
      assertThat(graph.linkAt(port("leaf1:eth6")))
          .map(l -> l.peerOf(port("leaf1:eth6")))
          .contains(port("spine2:eth1"));
    }

    @Test
    void attachesTheHostsOfLeafTwoToLeafTwo() {
      assertThat(graph.linkAt(port("host3:nic0")))
          .map(l -> l.peerOf(port("host3:nic0")))
          .contains(port("leaf2:eth1"));
      assertThat(graph.linkAt(port("host4:nic1")))
          .map(l -> l.peerOf(port("host4:nic1")))
          .contains(port("leaf2:eth4"));
    }

    @Test
    void numbersSpinePortsByLeaf() {
      assertThat(graph.links().stream().filter(l -> l.b().device().equals("spine1")).map(ends()))
          .containsExactly("leaf1:eth5 <-> spine1:eth1", "leaf2:eth5 <-> spine1:eth2");
    }

    @Test
    void putsTheLowerTierEndFirstAndUsesTheRightLinkSpec() {
      assertThat(graph.linkAt(port("leaf1:eth1")).orElseThrow())
          .isEqualTo(new Link(port("host1:nic0"), port("leaf1:eth1"), Fabrics.HOST_LINK));
      assertThat(graph.linkAt(port("spine2:eth2")).orElseThrow())
          .isEqualTo(new Link(port("leaf2:eth6"), port("spine2:eth2"), Fabrics.FABRIC_LINK));
    }

    @Test
    void parallelUplinksTakeConsecutivePorts() {
      FabricGraph parallel = Fabrics.spec().with(Fabrics.leafSpine(1, 2, 1, 2)).graph();

      // leaf1: eth1/eth2 to host1's NICs, then 2 uplinks to spine1, then 2 to spine2
      assertThat(parallel.links().stream().filter(l -> l.a().device().equals("leaf1")).map(ends()))
          .containsExactly(
              "leaf1:eth3 <-> spine1:eth1", "leaf1:eth4 <-> spine1:eth2",
              "leaf1:eth5 <-> spine2:eth1", "leaf1:eth6 <-> spine2:eth2");
    }

    @Test
    void linkAtAnUnconnectedOrUnknownPortIsEmpty() {
      assertThat(graph.linkAt(port("leaf1:eth7"))).isEmpty();
      assertThat(graph.linkAt(port("leaf9:eth1"))).isEmpty();
      assertThat(graph.ports("leaf9")).isEmpty();
      assertThat(graph.device("leaf9")).isEmpty();
    }

    @Test
    void everyHostPortIsANicWithItsHostsNicProfile() {
      assertThat(strings(graph.nics()))
          .containsExactly(
              "host1:nic0",
              "host1:nic1",
              "host2:nic0",
              "host2:nic1",
              "host3:nic0",
              "host3:nic1",
              "host4:nic0",
              "host4:nic1");
      assertThat(graph.nics())
          .allSatisfy(
              nic -> assertThat(graph.nicProfileOf(nic).name()).isEqualTo(Fabrics.NIC_PROFILE));
    }

    @Test
    void rejectsProfileQueriesForThingsThatAreNotThere() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> graph.nicProfileOf(port("leaf1:eth1")))
          .withMessage("leaf1:eth1 is not a NIC of this fabric");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> graph.switchProfileOf("leaf9"))
          .withMessage("no device named leaf9");
    }

    @Test
    void keepsTheSpecItWasExpandedFrom() {
      FabricSpec spec = Fabrics.spec().build();

      assertThat(FabricGraph.of(spec).spec()).isSameAs(spec);
    }
  }

  @Nested
  class Ordering {

    // 10 leaves with one host each: names with one and two digits
    private final FabricGraph graph = Fabrics.spec().with(Fabrics.leafSpine(10, 1, 1, 1)).graph();

    @Test
    void ordersDevicesByNumberNotByText() {
      assertThat(names(graph.switches()))
          .containsExactly(
              "leaf1", "leaf2", "leaf3", "leaf4", "leaf5", "leaf6", "leaf7", "leaf8", "leaf9",
              "leaf10", "spine1");
      assertThat(names(graph.hosts())).endsWith("host9", "host10");
    }

    @Test
    void ordersNicsByHostNumberThenNicNumber() {
      assertThat(strings(graph.nics()))
          .endsWith("host9:nic0", "host9:nic1", "host10:nic0", "host10:nic1");
    }

    @Test
    void spineDownlinksFollowLeafNumbers() {
      assertThat(strings(graph.ports("spine1")))
          .containsExactly(
              "spine1:eth1",
              "spine1:eth2",
              "spine1:eth3",
              "spine1:eth4",
              "spine1:eth5",
              "spine1:eth6",
              "spine1:eth7",
              "spine1:eth8",
              "spine1:eth9",
              "spine1:eth10");
      assertThat(graph.linkAt(port("spine1:eth10"))).map(l -> l.a()).contains(port("leaf10:eth3"));
    }

    @Test
    void expandingTwiceGivesEqualLists() {
      FabricGraph again = Fabrics.spec().with(Fabrics.leafSpine(10, 1, 1, 1)).graph();

      assertThat(again.devices()).isEqualTo(graph.devices());
      assertThat(again.links()).isEqualTo(graph.links());
      assertThat(again.nics()).isEqualTo(graph.nics());
    }
  }

  @Nested
  class ThreeTier {

    // 2 pods × (2 leaves, 2 spines), 2 super-spines, 1 host per leaf with 2 NICs
    private final FabricGraph graph = Fabrics.spec().with(Fabrics.threeTier(2, 2, 2, 2, 1)).graph();

    @Test
    void countsDevicesAndLinks() {
      assertThat(graph.hosts()).hasSize(4);
      assertThat(graph.switches()).hasSize(4 + 4 + 2);
      // NICs 4 × 2; leaf–spine 2 pods × 2 × 2; spine–super 4 × 2
      assertThat(graph.links()).hasSize(8 + 8 + 8);
    }

    @Test
    void placesTiersZeroToThree() {
      assertThat(graph.devices())
          .extracting(Device::name, Device::role, Device::tier)
          .containsExactly(
              tuple("host1", Device.Role.HOST, 0), tuple("host2", Device.Role.HOST, 0),
              tuple("host3", Device.Role.HOST, 0), tuple("host4", Device.Role.HOST, 0),
              tuple("leaf1", Device.Role.LEAF, 1), tuple("leaf2", Device.Role.LEAF, 1),
              tuple("leaf3", Device.Role.LEAF, 1), tuple("leaf4", Device.Role.LEAF, 1),
              tuple("spine1", Device.Role.SPINE, 2), tuple("spine2", Device.Role.SPINE, 2),
              tuple("spine3", Device.Role.SPINE, 2), tuple("spine4", Device.Role.SPINE, 2),
              tuple("super1", Device.Role.SUPER_SPINE, 3),
                  tuple("super2", Device.Role.SUPER_SPINE, 3));
    }

    @Test
    void connectsLeavesOnlyToTheSpinesOfTheirPod() {
      assertThat(graph.links().stream().filter(l -> l.a().device().startsWith("leaf")).map(ends()))
          .containsExactly(
              "leaf1:eth3 <-> spine1:eth1", "leaf1:eth4 <-> spine2:eth1",
              "leaf2:eth3 <-> spine1:eth2", "leaf2:eth4 <-> spine2:eth2",
              "leaf3:eth3 <-> spine3:eth1", "leaf3:eth4 <-> spine4:eth1",
              "leaf4:eth3 <-> spine3:eth2", "leaf4:eth4 <-> spine4:eth2");
    }

    @Test
    void meshesEverySpineWithEverySuperSpineAfterItsDownlinks() {
      assertThat(graph.links().stream().filter(l -> l.b().device().startsWith("super")).map(ends()))
          .containsExactly(
              "spine1:eth3 <-> super1:eth1", "spine1:eth4 <-> super2:eth1",
              "spine2:eth3 <-> super1:eth2", "spine2:eth4 <-> super2:eth2",
              "spine3:eth3 <-> super1:eth3", "spine3:eth4 <-> super2:eth3",
              "spine4:eth3 <-> super1:eth4", "spine4:eth4 <-> super2:eth4");
      assertThat(graph.linkAt(port("super2:eth4")).orElseThrow().spec())
          .isEqualTo(Fabrics.CORE_LINK);
    }

    @Test
    void numbersHostsAcrossPods() {
      assertThat(graph.linkAt(port("host3:nic1"))).map(l -> l.b()).contains(port("leaf3:eth2"));
    }
  }

  @Nested
  class RailOptimized {

    private static final String RAIL4 = "rail4";

    // 4 rails: every host has 4 NICs
    private FabricGraph rails(int units, int hostsPerUnit, int spines) {
      return Fabrics.spec()
          .with(Fabrics.host().named(RAIL4).nics(4).build())
          .with(
              new Topology.RailOptimized(
                  units,
                  hostsPerUnit,
                  spines,
                  1,
                  Fabrics.HOST_LINK,
                  Fabrics.FABRIC_LINK,
                  RAIL4,
                  Fabrics.SWITCH_PROFILE,
                  Fabrics.SWITCH_PROFILE))
          .graph();
    }

    @Test
    void railOptimizedAttachesNicIToRailLeafI() {
      FabricGraph graph = rails(1, 3, 2);

      for (int h = 1; h <= 3; h++) {
        for (int i = 0; i < 4; i++) {
          Endpoint nic = port("host" + h + ":nic" + i);
          assertThat(graph.linkAt(nic))
              .as("rail leaf of %s", nic)
              .map(l -> l.peerOf(nic))
              .contains(port("leaf" + (i + 1) + ":eth" + h));
        }
      }
    }

    @Test
    void givesEachScalableUnitItsOwnRailLeaves() {
      FabricGraph graph = rails(2, 2, 2);

      // unit 1: host1, host2 on leaf1..leaf4; unit 2: host3, host4 on leaf5..leaf8
      assertThat(graph.linkAt(port("host2:nic3"))).map(l -> l.b()).contains(port("leaf4:eth2"));
      assertThat(graph.linkAt(port("host3:nic0"))).map(l -> l.b()).contains(port("leaf5:eth1"));
      assertThat(graph.linkAt(port("host4:nic2"))).map(l -> l.b()).contains(port("leaf7:eth2"));
    }

    @Test
    void countsLeavesPerRailPerUnit() {
      FabricGraph graph = rails(2, 2, 2);

      assertThat(graph.hosts()).hasSize(4);
      assertThat(names(graph.switches()))
          .containsExactly(
              "leaf1", "leaf2", "leaf3", "leaf4", "leaf5", "leaf6", "leaf7", "leaf8", "spine1",
              "spine2");
      // NICs 4 hosts × 4; every one of 8 leaves to each of 2 spines
      assertThat(graph.links()).hasSize(16 + 16);
    }

    @Test
    void everyRailLeafUplinksToEverySpineAfterItsHosts() {
      FabricGraph graph = rails(2, 2, 2);

      assertThat(strings(graph.ports("leaf8")))
          .containsExactly("leaf8:eth1", "leaf8:eth2", "leaf8:eth3", "leaf8:eth4");
      assertThat(graph.linkAt(port("leaf8:eth3"))).map(l -> l.b()).contains(port("spine1:eth8"));
      assertThat(graph.linkAt(port("leaf8:eth4"))).map(l -> l.b()).contains(port("spine2:eth8"));
    }
  }

  @Nested
  class ExplicitGraph {

    // gpu1, gpu2 (2 NICs each) on tor1, tor2; both ToRs up to core
    private Topology.Graph topology(Topology.GraphLink... extra) {
      List<Topology.GraphLink> links =
          new ArrayList<>(
              List.of(
                  graphLink("gpu1:nic0", "tor1:eth1"),
                  graphLink("gpu1:nic1", "tor1:eth2"),
                  graphLink("gpu2:nic0", "tor2:eth1"),
                  graphLink("gpu2:nic1", "tor2:eth2"),
                  graphLink("tor1:eth3", "core:eth1", Fabrics.FABRIC_LINK),
                  graphLink("tor2:eth3", "core:eth2", Fabrics.FABRIC_LINK)));
      links.addAll(List.of(extra));
      return new Topology.Graph(
          List.of(graphSwitch("core", 4), graphSwitch("tor1", 4), graphSwitch("tor2", 4)),
          List.of(graphHost("gpu1"), graphHost("gpu2")),
          links);
    }

    @Test
    void keepsTheGivenLinksInOrder() {
      FabricGraph graph = Fabrics.spec().with(topology()).graph();

      assertThat(graph.links())
          .map(ends())
          .containsExactly(
              "gpu1:nic0 <-> tor1:eth1", "gpu1:nic1 <-> tor1:eth2",
              "gpu2:nic0 <-> tor2:eth1", "gpu2:nic1 <-> tor2:eth2",
              "tor1:eth3 <-> core:eth1", "tor2:eth3 <-> core:eth2");
      assertThat(graph.linkAt(port("core:eth2")).orElseThrow().spec())
          .isEqualTo(Fabrics.FABRIC_LINK);
    }

    @Test
    void infersTiersByDistanceFromTheHosts() {
      FabricGraph graph = Fabrics.spec().with(topology()).graph();

      assertThat(graph.devices())
          .extracting(Device::name, Device::role, Device::tier)
          .containsExactly(
              tuple("gpu1", Device.Role.HOST, 0),
              tuple("gpu2", Device.Role.HOST, 0),
              tuple("tor1", Device.Role.SWITCH, 1),
              tuple("tor2", Device.Role.SWITCH, 1),
              tuple("core", Device.Role.SWITCH, 2));
    }

    @Test
    void aSwitchReachedThroughAShorterPathTakesTheLowerTier() {
      // core also gets a direct host link, so it is one hop from a host
      Topology.Graph shortcut =
          new Topology.Graph(
              List.of(graphSwitch("core", 4), graphSwitch("tor1", 4)),
              List.of(graphHost("gpu1")),
              List.of(
                  graphLink("gpu1:nic0", "tor1:eth1"),
                  graphLink("tor1:eth2", "core:eth1"),
                  graphLink("gpu1:nic1", "core:eth2")));

      FabricGraph graph = Fabrics.spec().with(shortcut).graph();

      assertThat(graph.device("core")).map(Device::tier).contains(1);
    }

    @Test
    void everyHostGetsOneNicPerProfileNicEvenIfUnconnected() {
      Topology.Graph half =
          new Topology.Graph(
              List.of(graphSwitch("tor1", 4)),
              List.of(graphHost("gpu1")),
              List.of(graphLink("gpu1:nic0", "tor1:eth1")));

      FabricGraph graph = Fabrics.spec().with(half).graph();

      assertThat(strings(graph.nics())).containsExactly("gpu1:nic0", "gpu1:nic1");
      assertThat(graph.linkAt(port("gpu1:nic1"))).isEmpty();
    }

    @Test
    void theSlowestHostLinkIsTheSlowestLinkAtANic() {
      assertThat(mixedSpeedHost().slowestHostLink()).contains(Rate.gbps(100));
      assertThat(uncabledHost().slowestHostLink()).isEmpty();
    }

    @Test
    void aSizeMeantForOneHostLinkSpeedIsScaledToTakeAsLongOnTheSlowestHostLink() {
      FabricGraph graph = mixedSpeedHost();
      FabricGraph uncabled = uncabledHost();

      assertThat(graph.scaledToTheHostLinks(DataSize.mib(32), Rate.gbps(400)))
          .isEqualTo(DataSize.mib(8));
      assertThat(graph.scaledToTheHostLinks(DataSize.mib(16), Rate.gbps(100)))
          .isEqualTo(DataSize.mib(16));
      // to the nearest byte: 1000 B at 300G is 333.3 B at 100G
      assertThat(graph.scaledToTheHostLinks(DataSize.bytes(1000), Rate.gbps(300)))
          .isEqualTo(DataSize.bytes(333));
      assertThatIllegalStateException()
          .isThrownBy(() -> uncabled.scaledToTheHostLinks(DataSize.mib(1), Rate.gbps(400)))
          .withMessageContaining("has no cabled NIC");
    }

    @Test
    void aHostsLineRateIsWhatItsCabledNicsCarryTogether() {
      assertThat(mixedSpeedHost().hostLineRate("gpu1"))
          .isEqualTo(Fabrics.HOST_LINK.speed().plus(Rate.gbps(100)));
      assertThat(uncabledHost().hostLineRate("gpu1")).isEqualTo(Rate.bps(0));
      assertThatIllegalArgumentException()
          .isThrownBy(() -> uncabledHost().hostLineRate("gpu9"))
          .withMessageContaining("has no host gpu9");
    }

    /** One host, gpu1, with a NIC at the default host link speed and one at 100G. */
    private FabricGraph mixedSpeedHost() {
      return Fabrics.spec()
          .with(
              new Topology.Graph(
                  List.of(graphSwitch("tor1", 4)),
                  List.of(graphHost("gpu1")),
                  List.of(
                      graphLink("gpu1:nic0", "tor1:eth1"),
                      graphLink(
                          "gpu1:nic1",
                          "tor1:eth2",
                          new LinkSpec(Rate.gbps(100), Length.meters(3))))))
          .graph();
    }

    /** One host, gpu1, none of whose NICs is cabled. */
    private FabricGraph uncabledHost() {
      return Fabrics.spec()
          .with(
              new Topology.Graph(
                  List.of(graphSwitch("tor1", 4)), List.of(graphHost("gpu1")), List.of()))
          .graph();
    }

    @Test
    void rejectsLinkToAPortBeyondTheSwitch() {
      Fabrics.SpecBuilder spec = Fabrics.spec().with(topology(graphLink("gpu2:nic1", "tor2:eth5")));

      assertThatIllegalArgumentException()
          .isThrownBy(spec::graph)
          .withMessage("link gpu2:nic1 <-> tor2:eth5: tor2 has no port eth5");
    }

    @Test
    void rejectsSwitchPortZero() {
      Fabrics.SpecBuilder spec = Fabrics.spec().with(topology(graphLink("tor1:eth0", "tor2:eth4")));

      assertThatIllegalArgumentException()
          .isThrownBy(spec::graph)
          .withMessage("link tor1:eth0 <-> tor2:eth4: tor1 has no port eth0");
    }

    @Test
    void rejectsNicBeyondTheHostProfile() {
      Fabrics.SpecBuilder spec = Fabrics.spec().with(topology(graphLink("gpu1:nic2", "tor1:eth4")));

      assertThatIllegalArgumentException()
          .isThrownBy(spec::graph)
          .withMessage("link gpu1:nic2 <-> tor1:eth4: gpu1 has no port nic2");
    }

    @Test
    void rejectsSwitchPortNameOnAHost() {
      Fabrics.SpecBuilder spec = Fabrics.spec().with(topology(graphLink("gpu1:eth1", "tor1:eth4")));

      assertThatIllegalArgumentException()
          .isThrownBy(spec::graph)
          .withMessage("link gpu1:eth1 <-> tor1:eth4: gpu1 has no port eth1");
    }

    @Test
    void rejectsLinkToAMissingDevice() {
      Fabrics.SpecBuilder spec =
          Fabrics.spec().with(topology(graphLink("tor1:eth4", "ghost:eth1")));

      assertThatIllegalArgumentException()
          .isThrownBy(spec::graph)
          .withMessage("link tor1:eth4 <-> ghost:eth1: no device named ghost");
    }
  }

  @Nested
  class Overrides {

    @Test
    void switchOverrideChangesOnlyThatSwitchsProfile() {
      FabricGraph graph =
          Fabrics.spec()
              .with(Fabrics.switchProfile().named("sn5600-canary").build())
              .with(Fabrics.switchOverride("sn5600-canary", "leaf2"))
              .graph();

      assertThat(graph.device("leaf2").orElseThrow())
          .isEqualTo(new Device("leaf2", Device.Role.LEAF, "sn5600-canary", 1));
      assertThat(graph.switchProfileOf("leaf2").name()).isEqualTo("sn5600-canary");
      assertThat(graph.switchProfileOf("leaf1").name()).isEqualTo(Fabrics.SWITCH_PROFILE);
      assertThat(graph.switchProfileOf("spine2").name()).isEqualTo(Fabrics.SWITCH_PROFILE);
    }

    @Test
    void hostOverrideChangesAllItsNics() {
      FabricGraph graph =
          Fabrics.spec()
              .with(Fabrics.nic().named("cx7-canary").build())
              .with(Fabrics.nicOverride("cx7-canary", "host2"))
              .graph();

      assertThat(graph.nicProfileOf(port("host2:nic0")).name()).isEqualTo("cx7-canary");
      assertThat(graph.nicProfileOf(port("host2:nic1")).name()).isEqualTo("cx7-canary");
      assertThat(graph.nicProfileOf(port("host1:nic0")).name()).isEqualTo(Fabrics.NIC_PROFILE);
      assertThat(graph.nicProfileOf(port("host3:nic1")).name()).isEqualTo(Fabrics.NIC_PROFILE);
      assertThat(graph.device("host2")).map(Device::profile).contains(Fabrics.HOST_PROFILE);
    }

    @Test
    void nicOverrideChangesOnlyThatNic() {
      FabricGraph graph =
          Fabrics.spec()
              .with(Fabrics.nic().named("cx7-canary").build())
              .with(Fabrics.nicOverride("cx7-canary", "host2:nic1"))
              .graph();

      assertThat(graph.nics())
          .filteredOn(nic -> graph.nicProfileOf(nic).name().equals("cx7-canary"))
          .containsExactly(port("host2:nic1"));
    }

    @Test
    void laterOverridesWin() {
      FabricGraph graph =
          Fabrics.spec()
              .with(Fabrics.nic().named("cx7-a").build())
              .with(Fabrics.nic().named("cx7-b").build())
              .with(Fabrics.nicOverride("cx7-a", "host1:nic0"))
              .with(Fabrics.nicOverride("cx7-b", "host1"))
              .graph();

      assertThat(graph.nicProfileOf(port("host1:nic0")).name()).isEqualTo("cx7-b");
      assertThat(graph.nicProfileOf(port("host1:nic1")).name()).isEqualTo("cx7-b");
    }

    @Test
    void switchOverrideAlsoAppliesToExplicitGraphs() {
      Topology.Graph graphTopology =
          new Topology.Graph(
              List.of(graphSwitch("tor1", 4)),
              List.of(graphHost("gpu1")),
              List.of(graphLink("gpu1:nic0", "tor1:eth1")));

      FabricGraph graph =
          Fabrics.spec()
              .with(graphTopology)
              .with(Fabrics.switchProfile().named("sn5600-canary").build())
              .with(Fabrics.switchOverride("sn5600-canary", "tor1"))
              .graph();

      assertThat(graph.device("tor1")).map(Device::profile).contains("sn5600-canary");
    }

    @Test
    void rejectsOverrideOfAnUnknownDevice() {
      Fabrics.SpecBuilder spec =
          Fabrics.spec().with(Fabrics.switchOverride(Fabrics.SWITCH_PROFILE, "leaf9"));

      assertThatIllegalArgumentException()
          .isThrownBy(spec::graph)
          .withMessage("override names leaf9, which is not a device of this fabric");
    }

    @Test
    void rejectsOverrideOfAnUnknownNic() {
      Fabrics.SpecBuilder spec =
          Fabrics.spec().with(Fabrics.nicOverride(Fabrics.NIC_PROFILE, "host1:nic2"));

      assertThatIllegalArgumentException()
          .isThrownBy(spec::graph)
          .withMessage("override names host1:nic2, which is not a NIC of this fabric");
    }
  }
}
