package dev.rocelab.api.fabric;

import static dev.rocelab.api.fabric.Fabrics.graphHost;
import static dev.rocelab.api.fabric.Fabrics.graphLink;
import static dev.rocelab.api.fabric.Fabrics.graphSwitch;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Finding.Severity;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** One test per rule of {@link FabricValidator}, each asserting the exact findings. */
class FabricValidatorTest {

  private static Finding error(String path, String message) {
    return new Finding(Severity.ERROR, path, message);
  }

  private static Finding drift(String path, String message) {
    return new Finding(Severity.DRIFT, path, message);
  }

  private static Topology.LeafSpine leafSpine(
      LinkSpec hostLink, String host, String leaf, String spine) {
    return new Topology.LeafSpine(2, 2, 2, 1, hostLink, Fabrics.FABRIC_LINK, host, leaf, spine);
  }

  /**
   * gpu1, gpu2 (2 NICs each) on tor1, tor2; both ToRs up to core; {@code extra} appended as
   * links[6..].
   */
  private static Topology.Graph graph(Topology.GraphLink... extra) {
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

  @Nested
  class ValidFabrics {

    @Test
    void minimalLeafSpineHasNoFindings() {
      assertThat(Fabrics.spec().findings()).isEmpty();
    }

    @Test
    void everyTopologyKindOfTheFixtureHasNoFindings() {
      assertThat(Fabrics.spec().with(Fabrics.threeTier(2, 2, 2, 2, 2)).findings()).isEmpty();
      assertThat(Fabrics.spec().with(Fabrics.railOptimized(2, 4, 2)).findings()).isEmpty();
      assertThat(Fabrics.spec().with(graph()).findings()).isEmpty();
    }

    @Test
    void consistentOverridesHaveNoFindings() {
      FabricSpec spec =
          Fabrics.spec()
              .with(Fabrics.switchProfile().named("sn5600-canary").build())
              .with(Fabrics.nic().named("cx7-canary").build())
              .with(Fabrics.switchOverride("sn5600-canary", "leaf2"))
              .with(Fabrics.nicOverride("cx7-canary", "host3", "host4:nic1"))
              .build();

      assertThat(FabricValidator.validate(spec)).isEmpty();
    }
  }

  @Nested
  class ProfileReferences {

    @Test
    void unknownTopologyHostProfile() {
      assertThat(
              Fabrics.spec()
                  .with(leafSpine(Fabrics.HOST_LINK, "hgx", "sn5600", "sn5600"))
                  .findings())
          .containsExactly(
              error("topology.hostProfile", "no host profile named \"hgx\"; known: dgx"));
    }

    @Test
    void unknownTopologyLeafProfile() {
      assertThat(
              Fabrics.spec()
                  .with(leafSpine(Fabrics.HOST_LINK, "dgx", "sn4600", "sn5600"))
                  .findings())
          .containsExactly(
              error("topology.leafProfile", "no switch profile named \"sn4600\"; known: sn5600"));
    }

    @Test
    void unknownTopologySpineProfile() {
      assertThat(
              Fabrics.spec()
                  .with(leafSpine(Fabrics.HOST_LINK, "dgx", "sn5600", "sn4600"))
                  .findings())
          .containsExactly(
              error("topology.spineProfile", "no switch profile named \"sn4600\"; known: sn5600"));
    }

    @Test
    void unknownTopologySuperSpineProfile() {
      Topology.ThreeTier t = Fabrics.threeTier(1, 1, 1, 1, 1);
      Topology.ThreeTier badSuper =
          new Topology.ThreeTier(
              1,
              1,
              1,
              1,
              1,
              1,
              1,
              t.hostLink(),
              t.fabricLink(),
              t.coreLink(),
              t.hostProfile(),
              t.leafProfile(),
              t.spineProfile(),
              "sn9600");

      assertThat(Fabrics.spec().with(badSuper).findings())
          .containsExactly(
              error(
                  "topology.superSpineProfile",
                  "no switch profile named \"sn9600\"; known: sn5600"));
    }

    @Test
    void unknownRailOptimizedLeafProfile() {
      Topology.RailOptimized rails =
          new Topology.RailOptimized(
              1,
              2,
              2,
              1,
              Fabrics.HOST_LINK,
              Fabrics.FABRIC_LINK,
              Fabrics.HOST_PROFILE,
              "rail-leaf",
              Fabrics.SWITCH_PROFILE);

      assertThat(Fabrics.spec().with(rails).findings())
          .containsExactly(
              error(
                  "topology.leafProfile", "no switch profile named \"rail-leaf\"; known: sn5600"));
    }

    @Test
    void hostProfileNamingUnknownNicProfile() {
      assertThat(Fabrics.spec().with(Fabrics.host().nicProfile("cx9").build()).findings())
          .containsExactly(
              error("hostProfiles.dgx.nicProfile", "no NIC profile named \"cx9\"; known: cx7"));
    }

    @Test
    void switchProfileNamingUnknownQosPolicy() {
      assertThat(Fabrics.spec().with(Fabrics.switchProfile().qos("lossy").build()).findings())
          .containsExactly(
              error("switchProfiles.sn5600.qos", "no QoS policy named \"lossy\"; known: rdma"));
    }

    @Test
    void reportsEveryBrokenReferenceInFileOrder() {
      List<Finding> findings =
          Fabrics.spec()
              .with(Fabrics.host().nicProfile("cx9").build())
              .with(Fabrics.switchProfile().qos("lossy").build())
              .with(leafSpine(Fabrics.HOST_LINK, "dgx", "sn5600", "sn4600"))
              .findings();

      assertThat(findings)
          .extracting(Finding::path)
          .containsExactly(
              "hostProfiles.dgx.nicProfile", "switchProfiles.sn5600.qos", "topology.spineProfile");
      assertThat(findings).allMatch(Finding::isError);
    }
  }

  @Nested
  class GraphReferences {

    @Test
    void linkToMissingDevice() {
      assertThat(Fabrics.spec().with(graph(graphLink("tor1:eth4", "ghost:eth1"))).findings())
          .containsExactly(
              error(
                  "topology.links[6].b",
                  "no device named ghost; devices: core, gpu1, gpu2, tor1, tor2"));
    }

    @Test
    void linkToMissingSwitchPort() {
      assertThat(Fabrics.spec().with(graph(graphLink("tor1:eth4", "tor2:eth5"))).findings())
          .containsExactly(
              error("topology.links[6].b", "tor2 has no port eth5; its ports are eth1..eth4"));
    }

    @Test
    void linkToMissingNic() {
      assertThat(Fabrics.spec().with(graph(graphLink("gpu1:nic2", "tor1:eth4"))).findings())
          .containsExactly(
              error("topology.links[6].a", "gpu1 has no port nic2; its ports are nic0..nic1"));
    }

    @Test
    void portUsedByTwoLinks() {
      assertThat(Fabrics.spec().with(graph(graphLink("tor1:eth3", "tor2:eth4"))).findings())
          .containsExactly(
              error("topology.links[6].a", "tor1:eth3 is already used by topology.links[4]"));
    }

    @Test
    void duplicateSwitchName() {
      Topology.Graph g = graph();
      Topology.Graph twice =
          new Topology.Graph(
              List.of(
                  g.switches().get(0),
                  g.switches().get(1),
                  g.switches().get(2),
                  graphSwitch("tor1", 8)),
              g.hosts(),
              g.links());

      assertThat(Fabrics.spec().with(twice).findings())
          .containsExactly(error("topology.switches[3].name", "device name tor1 is used twice"));
    }

    @Test
    void nicCabledToAnotherNic() {
      assertThat(Fabrics.spec().with(graph(graphLink("gpu1:nic1", "gpu2:nic1"))).findings())
          .containsExactly(
              error("topology.links[6].a", "gpu1:nic1 is already used by topology.links[1]"),
              error("topology.links[6].b", "gpu2:nic1 is already used by topology.links[3]"),
              error(
                  "topology.links[6]",
                  "gpu1:nic1 and gpu2:nic1 are both NICs; a NIC is cabled to a switch"));
    }

    @Test
    void hostNamedLikeASwitchIsReportedOnceWithoutFollowOnPortErrors() {
      Topology.Graph g = graph();
      Topology.Graph clash =
          new Topology.Graph(
              g.switches(),
              List.of(g.hosts().get(0), g.hosts().get(1), graphHost("core")),
              g.links());

      assertThat(Fabrics.spec().with(clash).findings())
          .containsExactly(error("topology.hosts[2].name", "device name core is used twice"));
    }

    @Test
    void hostWithUnknownProfileIsStillADevice() {
      Topology.Graph g = graph();
      Topology.Graph unknown =
          new Topology.Graph(
              g.switches(),
              List.of(g.hosts().get(0), new Topology.GraphHost("gpu2", "hgx")),
              g.links());

      assertThat(Fabrics.spec().with(unknown).findings())
          .containsExactly(
              error("topology.hosts[1].profile", "no host profile named \"hgx\"; known: dgx"));
    }

    @Test
    void unknownGraphSwitchProfile() {
      Topology.Graph g = graph();
      Topology.Graph unknown =
          new Topology.Graph(
              List.of(
                  g.switches().get(0),
                  new Topology.GraphSwitch("tor1", "sn2700", 4),
                  g.switches().get(2)),
              g.hosts(),
              g.links());

      assertThat(Fabrics.spec().with(unknown).findings())
          .containsExactly(
              error(
                  "topology.switches[1].profile",
                  "no switch profile named \"sn2700\"; known: sn5600"));
    }
  }

  @Nested
  class LinkSpeeds {

    @Test
    void hostLinkSlowerThanTheNicIsReportedOnce() {
      LinkSpec slow = new LinkSpec(Rate.gbps(200), Length.meters(3));

      assertThat(Fabrics.spec().with(leafSpine(slow, "dgx", "sn5600", "sn5600")).findings())
          .containsExactly(
              error(
                  "topology.hostLink.speed",
                  "link speed 200Gbps does not match NIC profile cx7 (400Gbps) at host1:nic0"));
    }

    @Test
    void overriddenNicOfAnotherSpeedIsReportedAtItsFirstNic() {
      FabricSpec spec =
          Fabrics.spec()
              .with(Fabrics.nic().named("cx6").speed(Rate.gbps(200)).build())
              .with(Fabrics.nicOverride("cx6", "host3"))
              .build();

      assertThat(FabricValidator.validate(spec))
          .containsExactly(
              error(
                  "topology.hostLink.speed",
                  "link speed 400Gbps does not match NIC profile cx6 (200Gbps) at host3:nic0"));
    }

    @Test
    void graphLinkSlowerThanTheNicIsReportedAtThatLink() {
      Topology.Graph g = graph();
      List<Topology.GraphLink> links = new ArrayList<>(g.links());
      links.set(
          2, graphLink("gpu2:nic0", "tor2:eth1", new LinkSpec(Rate.gbps(100), Length.meters(3))));

      assertThat(Fabrics.spec().with(new Topology.Graph(g.switches(), g.hosts(), links)).findings())
          .containsExactly(
              error(
                  "topology.links[2].speed",
                  "link speed 100Gbps does not match NIC profile cx7 (400Gbps) at gpu2:nic0"));
    }
  }

  @Nested
  class NicsAgainstSwitches {

    @Test
    void losslessPriorityWithoutPfcInTheQosPolicy() {
      assertThat(Fabrics.spec().with(Fabrics.qos().pfc().build()).findings())
          .containsExactly(error("qos.rdma.pfcPriorities", "lossless priority 3 has no PFC"));
    }

    @Test
    void aDcqcnMinimumRateNotBelowTheNicsSpeedIsAnErrorUnlessDcqcnIsOff() {
      assertThat(
              Fabrics.spec()
                  .with(Fabrics.nic().dcqcn(dcqcn(true, Fabrics.SPEED)).build())
                  .findings())
          .containsExactly(
              error(
                  "nicProfiles.cx7.dcqcn.minRate",
                  "DCQCN's minimum rate 400Gbps is not below the NIC's speed 400Gbps, so DCQCN could"
                      + " never cut the rate; set it below (mlx5's default is 1Mbps) or disable"
                      + " DCQCN"));
      Rate justBelow = Rate.bps(Fabrics.SPEED.bitsPerSecond() - 1);
      assertThat(
              Fabrics.spec().with(Fabrics.nic().dcqcn(dcqcn(true, justBelow)).build()).findings())
          .isEmpty();
      assertThat(
              Fabrics.spec()
                  .with(Fabrics.nic().dcqcn(dcqcn(false, Rate.gbps(800))).build())
                  .findings())
          .isEmpty();
      // a profile no host uses runs nowhere
      assertThat(
              Fabrics.spec()
                  .with(Fabrics.nic().named("spare").dcqcn(dcqcn(true, Rate.gbps(800))).build())
                  .findings())
          .isEmpty();
    }

    @Test
    void cnpsOnTheRoceDataPriorityAreDriftWhereDcqcnIsOn() {
      NicProfile shared = Fabrics.nic().cnp(Fabrics.ROCE_DSCP, Fabrics.ROCE_PRIORITY).build();
      assertThat(Fabrics.spec().with(shared).findings())
          .containsExactly(
              drift(
                  "nicProfiles.cx7.cnp.priority",
                  "CNPs are sent on priority 3 with the RoCE data they report on: they queue"
                      + " behind that congestion and PFC pauses them, so DCQCN reacts late; give"
                      + " them a priority of their own, scheduled strictly (mlx5's default: DSCP 48,"
                      + " priority 6)"));
      NicProfile off =
          Fabrics.nic()
              .cnp(Fabrics.ROCE_DSCP, Fabrics.ROCE_PRIORITY)
              .dcqcn(dcqcn(false, DcqcnParameters.MLX5_DEFAULTS.minRate()))
              .build();
      assertThat(Fabrics.spec().with(off).findings()).isEmpty();
    }

    private static DcqcnParameters dcqcn(boolean enabled, Rate minRate) {
      return DcqcnParameters.MLX5_DEFAULTS.withEnabled(enabled).withMinRate(minRate);
    }

    @Test
    void losslessPriorityWithoutPfcOnTheNic() {
      assertThat(Fabrics.spec().with(Fabrics.nic().pfcPriorities().build()).findings())
          .containsExactly(
              error(
                  "nicProfiles.cx7.pfcPriorities",
                  "lossless priority 3 (QoS policy rdma) has no PFC on this NIC"));
    }

    @Test
    void roceMtuLargerThanTheSwitchMtu() {
      assertThat(Fabrics.spec().with(Fabrics.qos().mtu(DataSize.bytes(4000)).build()).findings())
          .containsExactly(
              error(
                  "nicProfiles.cx7.mtu",
                  "RoCE MTU 4KiB needs an IP MTU of 4140B but QoS policy rdma forwards 4000B"));
    }

    @Test
    void roceMtuPlusIpUdpAndBthHeadersExactlyFillingTheSwitchMtuFits() {
      // 4096 + IPv4 20 + UDP 8 + BTH 12 + ICRC 4 = 4140
      assertThat(Fabrics.spec().with(Fabrics.qos().mtu(DataSize.bytes(4140)).build()).findings())
          .isEmpty();
      assertThat(Fabrics.spec().with(Fabrics.qos().mtu(DataSize.bytes(4139)).build()).findings())
          .extracting(Finding::path)
          .containsExactly("nicProfiles.cx7.mtu");
    }

    @Test
    void nicRoceDscpMappedToAnotherPriorityIsDrift() {
      assertThat(Fabrics.spec().with(Fabrics.qos().map(26, 4).build()).findings())
          .containsExactly(
              drift(
                  "nicProfiles.cx7.roce.dscp",
                  "RoCE DSCP 26 is sent on priority 3 but QoS policy rdma maps it to priority 4"));
    }

    @Test
    void nicCnpDscpMappedToAnotherPriorityIsDrift() {
      assertThat(Fabrics.spec().with(Fabrics.qos().map(48, 0).build()).findings())
          .containsExactly(
              drift(
                  "nicProfiles.cx7.cnp.dscp",
                  "CNP DSCP 48 is sent on priority 6 but QoS policy rdma maps it to priority 0"));
    }

    @Test
    void roceOnALossyPriorityIsDrift() {
      // DSCP 0 is unmapped, so the switch agrees on priority 0, which is not lossless
      assertThat(Fabrics.spec().with(Fabrics.nic().roce(0, 0).build()).findings())
          .containsExactly(
              drift(
                  "nicProfiles.cx7.roce.priority",
                  "RoCE traffic is sent on priority 0, which is not lossless in QoS policy rdma"));
    }

    @Test
    void checksOnlyThePoliciesOfSwitchesTheNicsAttachTo() {
      // the spines run a policy without any lossless priority; no NIC attaches to a spine
      FabricSpec spec =
          Fabrics.spec()
              .with(Fabrics.qos().named("spine-qos").lossless().pfc().build())
              .with(Fabrics.switchProfile().named("spine").qos("spine-qos").build())
              .with(leafSpine(Fabrics.HOST_LINK, "dgx", "sn5600", "spine"))
              .build();

      assertThat(FabricValidator.validate(spec))
          .extracting(Finding::path)
          .doesNotContain("nicProfiles.cx7.roce.priority", "nicProfiles.cx7.pfcPriorities");
    }
  }

  @Nested
  class QosDrift {

    /** The spines run their own profile "spine" with QoS policy "spine-qos". */
    private List<Finding> withSpineQos(Fabrics.QosBuilder spineQos) {
      return Fabrics.spec()
          .with(spineQos.named("spine-qos").build())
          .with(Fabrics.switchProfile().named("spine").qos("spine-qos").build())
          .with(leafSpine(Fabrics.HOST_LINK, "dgx", "sn5600", "spine"))
          .findings();
    }

    @Test
    void identicalPoliciesUnderAnotherNameAreNotDrift() {
      assertThat(withSpineQos(Fabrics.qos())).isEmpty();
    }

    @Test
    void differentDscpMap() {
      assertThat(withSpineQos(Fabrics.qos().map(10, 1)))
          .containsExactly(
              drift(
                  "qos.spine-qos.dscpToPriority",
                  "used by spine1, maps DSCP {10=1, 26=3, 48=6} where QoS policy rdma (used by leaf1) has {26=3, 48=6}"));
    }

    @Test
    void differentEcnProfile() {
      EcnProfile aggressive = new EcnProfile(DataSize.kib(400), DataSize.kib(1600), 0.5);

      assertThat(withSpineQos(Fabrics.qos().ecn(aggressive)))
          .containsExactly(
              drift(
                  "qos.spine-qos.ecn",
                  "used by spine1, marks ECN with {3=EcnProfile[kmin=400KiB, kmax=1600KiB, pmax=0.5]}"
                      + " where QoS policy rdma (used by leaf1) has {3=EcnProfile[kmin=400KiB, kmax=1600KiB, pmax=0.2]}"));
    }

    @Test
    void differentMtu() {
      assertThat(withSpineQos(Fabrics.qos().mtu(DataSize.bytes(9216))))
          .containsExactly(
              drift(
                  "qos.spine-qos.mtu",
                  "used by spine1, has MTU 9KiB where QoS policy rdma (used by leaf1) has 9100B"));
    }

    @Test
    void differentLosslessAndPfcPriorities() {
      assertThat(withSpineQos(Fabrics.qos().lossless(3, 4).pfc(3, 4)))
          .containsExactly(
              drift(
                  "qos.spine-qos.losslessPriorities",
                  "used by spine1, has lossless priorities [3, 4] where QoS policy rdma (used by leaf1) has [3]"),
              drift(
                  "qos.spine-qos.pfcPriorities",
                  "used by spine1, has PFC on [3, 4] where QoS policy rdma (used by leaf1) has [3]"),
              drift(
                  "qos.spine-qos.ecn",
                  "lossless priority 4 has no ECN marking (the policy marks [3]): DCQCN gets no"
                      + " congestion signal there"));
    }

    @Test
    void ecnMarkingFromBeyondTheBufferIsDriftForItNeverMarks() {
      FabricSpec spec =
          Fabrics.spec()
              .with(
                  Fabrics.qos()
                      .ecn(new EcnProfile(DataSize.mib(64), DataSize.mib(128), 1.0))
                      .build())
              .build();

      assertThat(FabricValidator.validate(spec))
          .containsExactly(
              drift(
                  "qos.rdma.ecn.3.kmin",
                  "lossless priority 3 is marked from Kmin 64MiB, but switch profile sn5600 has a"
                      + " buffer of 64MiB: its queues never reach Kmin, so DCQCN gets no congestion"
                      + " signal there"));
      FabricSpec justBelow =
          Fabrics.spec()
              .with(
                  Fabrics.qos()
                      .ecn(
                          new EcnProfile(
                              DataSize.bytes(DataSize.mib(64).bytes() - 1), DataSize.mib(128), 1.0))
                      .build())
              .build();
      assertThat(FabricValidator.validate(justBelow)).isEmpty();
    }

    @Test
    void aPolicyIntroducedByAnOverrideIsComparedWithTheFirstSwitchsPolicy() {
      FabricSpec spec =
          Fabrics.spec()
              .with(Fabrics.qos().named("canary-qos").mtu(DataSize.bytes(9216)).build())
              .with(Fabrics.switchProfile().named("canary").qos("canary-qos").build())
              .with(Fabrics.switchOverride("canary", "spine2"))
              .build();

      assertThat(FabricValidator.validate(spec))
          .containsExactly(
              drift(
                  "qos.canary-qos.mtu",
                  "used by spine2, has MTU 9KiB where QoS policy rdma (used by leaf1) has 9100B"));
    }
  }

  @Nested
  class Buffers {

    @Test
    void fixedHeadroomMissingALosslessPriority() {
      HeadroomPolicy.Fixed onlyPriority4 = new HeadroomPolicy.Fixed(Map.of(4, DataSize.kib(100)));

      assertThat(
              Fabrics.spec()
                  .with(Fabrics.switchProfile().headroom(onlyPriority4).build())
                  .findings())
          .containsExactly(
              error("switchProfiles.sn5600.headroom", "no headroom for lossless priority 3"));
    }

    @Test
    void fixedHeadroomAndReserveExceedingTheBuffer() {
      // leaf1 has 6 ports: headroom 6 × 10 KiB = 60 KiB, reserve 6 × 8 × 1 KiB = 48 KiB; 108 KiB >
      // 100 KiB
      SwitchProfile small =
          Fabrics.switchProfile()
              .headroom(new HeadroomPolicy.Fixed(Map.of(3, DataSize.kib(10))))
              .reserve(DataSize.kib(1))
              .buffer(DataSize.kib(100))
              .build();

      assertThat(Fabrics.spec().with(small).findings())
          .filteredOn(f -> f.severity() == Severity.ERROR)
          .containsExactly(
              error(
                  "switchProfiles.sn5600.buffer",
                  "leaf1 needs 60KiB of headroom and 48KiB of reserve, more than its buffer 100KiB"));
    }

    @Test
    void headroomAndReserveFillingTheBufferExactlyFit() {
      SwitchProfile exact =
          Fabrics.switchProfile()
              .headroom(new HeadroomPolicy.Fixed(Map.of(3, DataSize.kib(10))))
              .reserve(DataSize.kib(1))
              .buffer(DataSize.kib(108))
              .build();

      assertThat(Fabrics.spec().with(exact).findings())
          .filteredOn(f -> f.severity() == Severity.ERROR)
          .isEmpty();
    }

    @Test
    void fixedHeadroomShortOfWhatTheCablesNeedIsDrift() {
      // 10 KiB of XOFF where 400 Gbps needs 157 KiB over a 3 m host cable and 165 KiB over a 10 m
      // fabric cable (the Spectrum formula defaults)
      SwitchProfile short10k =
          Fabrics.switchProfile()
              .headroom(new HeadroomPolicy.Fixed(Map.of(3, DataSize.kib(10))))
              .build();

      assertThat(Fabrics.spec().with(short10k).findings())
          .containsExactly(
              drift(
                  "switchProfiles.sn5600.headroom",
                  "XOFF 10KiB for lossless priority 3 is short of the 157KiB that 400Gbps over 3m"
                      + " needs, on leaf1:eth1 and 7 more ports (a lossless frame is dropped when"
                      + " in-flight bytes overflow it)"),
              drift(
                  "switchProfiles.sn5600.headroom",
                  "XOFF 10KiB for lossless priority 3 is short of the 165KiB that 400Gbps over 10m"
                      + " needs, on leaf1:eth5 and 7 more ports (a lossless frame is dropped when"
                      + " in-flight bytes overflow it)"));
    }

    @Test
    void derivedHeadroomAndReserveExceedingTheBuffer() {
      // leaf1: 4 host ports (3 m) × (155 + 18) KiB + 2 uplinks (10 m) × (163 + 18) KiB = 1054 KiB,
      // reserve 6 ports × 8 × 4 KiB = 192 KiB; the spines (2 × 181 + 64 KiB) fit in 1 MiB
      assertThat(
              Fabrics.spec()
                  .with(Fabrics.switchProfile().buffer(DataSize.mib(1)).build())
                  .findings())
          .containsExactly(
              error(
                  "switchProfiles.sn5600.buffer",
                  "leaf1 needs 1054KiB of headroom and 192KiB of reserve, more than its buffer 1MiB"));
    }
  }

  @Nested
  class Firmware {

    @Test
    void unapprovedNicFirmwareIsDrift() {
      FirmwarePolicy pins = new FirmwarePolicy(Set.of("28.40.1000"), Set.of(Fabrics.NOS));

      assertThat(Fabrics.spec().with(pins).findings())
          .containsExactly(
              drift(
                  "nicProfiles.cx7.firmware",
                  "NIC firmware 28.39.1002 (8 NICs) is not approved; approved: 28.40.1000"));
    }

    @Test
    void unapprovedSwitchNosIsDrift() {
      FirmwarePolicy pins =
          new FirmwarePolicy(
              Set.of(Fabrics.NIC_FIRMWARE), Set.of("SONiC.202505.1", "SONiC.202411.1"));

      assertThat(Fabrics.spec().with(pins).findings())
          .containsExactly(
              drift(
                  "switchProfiles.sn5600.nos",
                  "switch NOS SONiC.202405.1 (4 switches) is not approved; approved: SONiC.202411.1, SONiC.202505.1"));
    }

    @Test
    void unpinnedFirmwareApprovesEverything() {
      assertThat(
              Fabrics.spec()
                  .with(Fabrics.nic().firmware("0.0.1").build())
                  .with(FirmwarePolicy.UNPINNED)
                  .findings())
          .isEmpty();
    }

    @Test
    void unusedProfileWithUnapprovedFirmwareIsNotReported() {
      assertThat(
              Fabrics.spec().with(Fabrics.nic().named("cx6").firmware("20.1.0").build()).findings())
          .isEmpty();
    }

    @Test
    void nicOverrideToOtherFirmwareIsNonHomogeneous() {
      FabricSpec spec =
          Fabrics.spec()
              .with(Fabrics.nic().named("cx7-old").firmware("28.35.1000").build())
              .with(Fabrics.nicOverride("cx7-old", "host2"))
              .with(
                  new FirmwarePolicy(
                      Set.of("28.35.1000", Fabrics.NIC_FIRMWARE), Set.of(Fabrics.NOS)))
              .build();

      assertThat(FabricValidator.validate(spec))
          .containsExactly(
              drift(
                  "nicProfiles",
                  "NIC firmware is not homogeneous: 2 NICs on 28.35.1000, 6 NICs on 28.39.1002"));
    }

    @Test
    void unapprovedOverriddenFirmwareIsNamedByItsProfileAndCounted() {
      FabricSpec spec =
          Fabrics.spec()
              .with(Fabrics.nic().named("cx7-old").firmware("28.35.1000").build())
              .with(Fabrics.nicOverride("cx7-old", "host4:nic1"))
              .build();

      assertThat(FabricValidator.validate(spec))
          .containsExactly(
              drift(
                  "nicProfiles.cx7-old.firmware",
                  "NIC firmware 28.35.1000 (1 NIC) is not approved; approved: 28.39.1002"),
              drift(
                  "nicProfiles",
                  "NIC firmware is not homogeneous: 1 NIC on 28.35.1000, 7 NICs on 28.39.1002"));
    }

    @Test
    void switchOverrideToOtherNosIsNonHomogeneous() {
      FabricSpec spec =
          Fabrics.spec()
              .with(Fabrics.switchProfile().named("sn5600-old").nos("SONiC.202311.1").build())
              .with(Fabrics.switchOverride("sn5600-old", "leaf2"))
              .with(
                  new FirmwarePolicy(
                      Set.of(Fabrics.NIC_FIRMWARE), Set.of("SONiC.202311.1", Fabrics.NOS)))
              .build();

      assertThat(FabricValidator.validate(spec))
          .containsExactly(
              drift(
                  "switchProfiles",
                  "switch NOS is not homogeneous: 1 switch on SONiC.202311.1, 3 switches on SONiC.202405.1"));
    }
  }

  @Nested
  class Overrides {

    @Test
    void overrideNamingUnknownDevice() {
      assertThat(
              Fabrics.spec()
                  .with(Fabrics.switchOverride(Fabrics.SWITCH_PROFILE, "leaf9"))
                  .findings())
          .containsExactly(error("overrides[0].devices[0]", "no device or NIC named leaf9"));
    }

    @Test
    void overrideNamingUnknownNic() {
      assertThat(
              Fabrics.spec()
                  .with(Fabrics.nicOverride(Fabrics.NIC_PROFILE, "host1", "host1:nic2"))
                  .findings())
          .containsExactly(error("overrides[0].devices[1]", "no device or NIC named host1:nic2"));
    }

    @Test
    void overrideNamingUnknownProfile() {
      assertThat(Fabrics.spec().with(Fabrics.switchOverride("sn9600", "leaf1")).findings())
          .containsExactly(
              error(
                  "overrides[0].switchProfile",
                  "no switch profile named \"sn9600\"; known: sn5600"));
    }

    @Test
    void switchOverrideWithoutSwitchProfile() {
      assertThat(Fabrics.spec().with(Fabrics.nicOverride(Fabrics.NIC_PROFILE, "leaf1")).findings())
          .containsExactly(
              error(
                  "overrides[0].devices[0]",
                  "leaf1 is a switch but the override sets no switchProfile"));
    }

    @Test
    void hostOverrideWithoutNicProfile() {
      assertThat(
              Fabrics.spec()
                  .with(Fabrics.switchOverride(Fabrics.SWITCH_PROFILE, "host1"))
                  .findings())
          .containsExactly(
              error(
                  "overrides[0].devices[0]", "host1 has NICs but the override sets no nicProfile"));
    }

    @Test
    void pathsCountOverridesFromZero() {
      List<Finding> findings =
          Fabrics.spec()
              .with(Fabrics.switchOverride(Fabrics.SWITCH_PROFILE, "leaf1"))
              .with(Fabrics.switchOverride(Fabrics.SWITCH_PROFILE, "spine1", "spine7"))
              .findings();

      assertThat(findings)
          .containsExactly(error("overrides[1].devices[1]", "no device or NIC named spine7"));
    }
  }
}
