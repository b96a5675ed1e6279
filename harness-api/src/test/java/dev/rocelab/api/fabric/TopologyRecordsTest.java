package dev.rocelab.api.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Endpoints, links, devices, overrides, topologies and the spec itself validate what they are
 * given.
 */
class TopologyRecordsTest {

  @Nested
  class Endpoints {

    @Test
    void parsesDeviceColonPort() {
      Endpoint port = Endpoint.parse("leaf1:eth3");

      assertThat(port).isEqualTo(new Endpoint("leaf1", "eth3"));
      assertThat(port).hasToString("leaf1:eth3");
    }

    @Test
    void rejectsTextWithoutColon() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Endpoint.parse("leaf1eth1"))
          .withMessage("\"leaf1eth1\" is not a port; write device:port (e.g. \"leaf1:eth3\")");
    }

    @Test
    void rejectsTextWithTwoColons() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Endpoint.parse("a:b:c"))
          .withMessage("\"a:b:c\" is not a port; write device:port (e.g. \"leaf1:eth3\")");
    }

    @ParameterizedTest
    @ValueSource(strings = {":eth1", "leaf1:", ":"})
    void rejectsMissingDeviceOrPort(String text) {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Endpoint.parse(text))
          .withMessage("\"" + text + "\" is not a port; write device:port (e.g. \"leaf1:eth3\")");
    }

    @Test
    void rejectsBlanksInNames() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new Endpoint("leaf 1", "eth1"))
          .withMessage(
              "device must hold only letters, digits, '.', '_', '-' and '/' (as network"
                  + " inventories name devices and ports), but \"leaf 1\" has a blank");
    }

    @Test
    void rejectsWhatAShellWouldReadAsMoreThanAName() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new Endpoint("leaf1", "eth1;reboot"))
          .withMessageEndingWith("but \"eth1;reboot\" has ';'");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new Device("sw$(id)", Device.Role.LEAF, "spectrum4", 1))
          .withMessageStartingWith("name must hold only")
          .withMessageEndingWith("but \"sw$(id)\" has '$', '(', ')'");
      assertThatCode(() -> new Endpoint("leaf-1.dc2", "Ethernet1/1")).doesNotThrowAnyException();
    }

    @Test
    void ordersNumbersByValue() {
      List<Endpoint> ports =
          new ArrayList<>(
              List.of(
                  Fabrics.port("leaf10:eth1"),
                  Fabrics.port("leaf2:eth10"),
                  Fabrics.port("leaf2:eth2"),
                  Fabrics.port("leaf1:eth9")));

      ports.sort(null);

      assertThat(ports)
          .extracting(Endpoint::toString)
          .containsExactly("leaf1:eth9", "leaf2:eth2", "leaf2:eth10", "leaf10:eth1");
    }
  }

  @Test
  void leadingZerosMakeDifferentNamesThatStillSortByValue() {
    assertThat(Endpoint.parse("host1:nic1")).isLessThan(Endpoint.parse("host1:nic01"));
    assertThat(Endpoint.parse("host1:nic01")).isLessThan(Endpoint.parse("host1:nic2"));
  }

  @Nested
  class Links {

    private final Link link =
        new Link(Fabrics.port("leaf1:eth5"), Fabrics.port("spine1:eth1"), Fabrics.FABRIC_LINK);

    @Test
    void peerOfEitherEndIsTheOther() {
      assertThat(link.peerOf(Fabrics.port("leaf1:eth5"))).isEqualTo(Fabrics.port("spine1:eth1"));
      assertThat(link.peerOf(Fabrics.port("spine1:eth1"))).isEqualTo(Fabrics.port("leaf1:eth5"));
    }

    @Test
    void peerOfAForeignPortIsRejected() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> link.peerOf(Fabrics.port("leaf1:eth6")))
          .withMessage("leaf1:eth6 is not an end of leaf1:eth5 <-> spine1:eth1 (400Gbps, 10m)");
    }

    @Test
    void linkSpecRejectsZeroSpeed() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new LinkSpec(Rate.bps(0), Length.meters(3)))
          .withMessage("speed must be > 0bps but was 0bps");
    }

    @Test
    void graphLinkRejectsBothEndsOnOnePort() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.graphLink("tor1:eth1", "tor1:eth1"))
          .withMessage("a link must join two different ports but both ends are tor1:eth1");
    }
  }

  @Nested
  class Overrides {

    @Test
    void rejectsOverrideThatSetsNothing() {
      assertThatIllegalArgumentException()
          .isThrownBy(
              () -> new DeviceOverride(List.of("leaf1"), Optional.empty(), Optional.empty()))
          .withMessage("an override must set switchProfile or nicProfile");
    }

    @Test
    void rejectsOverrideOfNoDevices() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new DeviceOverride(List.of(), Optional.of("sn5600"), Optional.empty()))
          .withMessage("devices must not be empty");
    }
  }

  @Nested
  class Topologies {

    @Test
    void leafSpineRejectsZeroLeaves() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.leafSpine(0, 2, 2, 1))
          .withMessage("leaves must be > 0 but was 0");
    }

    @Test
    void leafSpineRejectsZeroUplinks() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.leafSpine(2, 2, 2, 0))
          .withMessage("uplinksPerSpine must be > 0 but was 0");
    }

    @Test
    void threeTierRejectsZeroSuperSpines() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.threeTier(2, 2, 2, 0, 1))
          .withMessage("superSpines must be > 0 but was 0");
    }

    @Test
    void railOptimizedRejectsZeroUnits() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.railOptimized(0, 2, 2))
          .withMessage("scalableUnits must be > 0 but was 0");
    }

    @Test
    void graphSwitchRejectsZeroPorts() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> Fabrics.graphSwitch("tor1", 0))
          .withMessage("ports must be > 0 but was 0");
    }

    @Test
    void deviceRejectsNegativeTier() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> new Device("leaf1", Device.Role.LEAF, "sn5600", -1))
          .withMessage("tier must be >= 0 but was -1");
    }

    @Test
    void onlyHostsAreNotSwitches() {
      assertThat(new Device("host1", Device.Role.HOST, "dgx", 0).isSwitch()).isFalse();
      assertThat(
              List.of(
                  Device.Role.LEAF, Device.Role.SPINE, Device.Role.SUPER_SPINE, Device.Role.SWITCH))
          .allSatisfy(role -> assertThat(new Device("sw", role, "sn5600", 1).isSwitch()).isTrue());
    }
  }

  @Nested
  class Specs {

    @Test
    void profileLookupNamesTheKnownProfiles() {
      FabricSpec spec =
          Fabrics.spec().with(Fabrics.switchProfile().named("sn4600").build()).build();

      assertThat(spec.switchProfile("sn4600").name()).isEqualTo("sn4600");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> spec.switchProfile("sn2700"))
          .withMessage("no switch profile named \"sn2700\"; known: sn5600, sn4600");
    }

    @Test
    void everyLookupNamesWhatItLooksFor() {
      FabricSpec spec = Fabrics.spec().build();

      assertThatIllegalArgumentException()
          .isThrownBy(() -> spec.nicProfile("cx6"))
          .withMessage("no NIC profile named \"cx6\"; known: cx7");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> spec.hostProfile("hgx"))
          .withMessage("no host profile named \"hgx\"; known: dgx");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> spec.qosPolicy("lossy"))
          .withMessage("no QoS policy named \"lossy\"; known: rdma");
    }

    @Test
    void qosOfResolvesTheSwitchProfilesPolicy() {
      FabricSpec spec = Fabrics.spec().build();

      assertThat(spec.qosOf(spec.switchProfile(Fabrics.SWITCH_PROFILE)))
          .isSameAs(spec.qosPolicy(Fabrics.QOS));
    }

    @Test
    void rejectsBlankName() {
      FabricSpec valid = Fabrics.spec().build();

      assertThatIllegalArgumentException()
          .isThrownBy(() -> valid.withName(" "))
          .withMessage("name must not be blank");
    }
  }

  @Nested
  class Findings {

    @Test
    void printsSeverityPathAndMessage() {
      Finding finding = new Finding(Finding.Severity.DRIFT, "qos.spine.mtu", "has MTU 9KiB");

      assertThat(finding).hasToString("drift qos.spine.mtu: has MTU 9KiB");
      assertThat(finding.isError()).isFalse();
      assertThat(new Finding(Finding.Severity.ERROR, "name", "bad").isError()).isTrue();
    }
  }

  @Nested
  class Frames {

    @Test
    void roceHeadersAre62Bytes() {
      assertThat(Framing.ROCE_HEADERS).isEqualTo(62);
    }

    @Test
    void wireBytesAddHeadersPreambleAndGap() {
      assertThat(Framing.wireBytes(4096)).isEqualTo(4096 + 62 + 20);
    }

    @Test
    void wireBytesPadTinyPayloadsToTheMinimumFrame() {
      assertThat(Framing.wireBytes(0)).isEqualTo(64 + 20);
    }
  }
}
