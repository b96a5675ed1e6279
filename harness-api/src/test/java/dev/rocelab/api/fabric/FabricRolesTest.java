package dev.rocelab.api.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Roles pick the same part on every fabric of a shape, and say what is missing where a fabric has
 * no part for the role.
 */
class FabricRolesTest {

  private static FabricRoles roles(Topology topology) {
    return FabricRoles.of(Fabrics.spec().with(topology).graph());
  }

  @Test
  void aRedundantUplinkIsTheFirstUplinkOfTheFirstLeafWithTwo() {
    FabricRoles leafSpine = roles(Fabrics.leafSpine(2, 2, 2, 1));
    assertThat(leafSpine.redundantUplink()).isEqualTo(Endpoint.parse("leaf1:eth5"));
    assertThat(leafSpine.port(FabricRoles.REDUNDANT_UPLINK))
        .isEqualTo(Endpoint.parse("leaf1:eth5"));
    // one spine, but two cables to it: losing one still leaves the leaf connected
    assertThat(roles(Fabrics.leafSpine(2, 1, 2, 2)).redundantUplink())
        .isEqualTo(Endpoint.parse("leaf1:eth5"));
    assertThat(roles(Fabrics.railOptimized(1, 4, 2)).redundantUplink().device()).isEqualTo("leaf1");
  }

  @Test
  void aFabricWhoseLeavesHaveOneUplinkEachHasNoRedundantUplink() {
    assertThatThrownBy(() -> roles(Fabrics.leafSpine(2, 1, 2, 1)).redundantUplink())
        .isInstanceOf(MissingShapeException.class)
        .hasMessageEndingWith("has two uplinks, so none loses one and stays connected");
    // a three-tier fabric's leaves with one spine each: the redundancy is above them
    assertThatThrownBy(() -> roles(Fabrics.threeTier(2, 2, 1, 2, 2)).redundantUplink())
        .isInstanceOf(MissingShapeException.class);
  }

  @Test
  void aRedundantSpineIsOneNoLeafDependsOnAlone() {
    assertThat(roles(Fabrics.leafSpine(2, 2, 2, 1)).redundantSpine()).isEqualTo("spine1");
    assertThat(roles(Fabrics.railOptimized(1, 4, 2)).redundantSpine()).isEqualTo("spine1");
    assertThatThrownBy(() -> roles(Fabrics.leafSpine(2, 1, 2, 2)).redundantSpine())
        .isInstanceOf(MissingShapeException.class)
        .hasMessageEndingWith("is some leaf's only way up");
    // in pods of one spine each, every spine is its pod's leaves' only way up
    assertThatThrownBy(() -> roles(Fabrics.threeTier(2, 2, 1, 2, 2)).redundantSpine())
        .isInstanceOf(MissingShapeException.class);
    assertThat(roles(Fabrics.threeTier(2, 2, 2, 2, 2)).redundantSpine()).isEqualTo("spine1");
  }

  @Test
  void neighboursAreTwoHostsNICsUnderOneLeaf() {
    // two two-NIC servers per leaf: host1's NICs first, then host2's
    assertThat(roles(Fabrics.leafSpine(2, 2, 2, 1)).neighbours())
        .containsExactly(Endpoint.parse("host1:nic0"), Endpoint.parse("host2:nic0"));
    assertThatThrownBy(() -> roles(Fabrics.leafSpine(2, 2, 1, 1)).neighbours())
        .isInstanceOf(MissingShapeException.class)
        .hasMessageEndingWith("has NICs of two hosts under it");
  }

  @Test
  void bystandersAreIdleNICsUnderAnotherLeafThanTheReceivers() {
    FabricRoles roles = roles(Fabrics.leafSpine(2, 2, 2, 1));
    Endpoint receiver = Endpoint.parse("host1:nic0");
    assertThat(roles.bystanders(receiver, java.util.List.of(Endpoint.parse("host2:nic0"))))
        .containsExactly(Endpoint.parse("host3:nic0"), Endpoint.parse("host4:nic0"));
    // the only other leaf's NICs all send in the incast
    assertThatThrownBy(
            () ->
                roles.bystanders(
                    receiver,
                    java.util.List.of(
                        Endpoint.parse("host3:nic0"),
                        Endpoint.parse("host3:nic1"),
                        Endpoint.parse("host4:nic0"))))
        .isInstanceOf(MissingShapeException.class)
        .hasMessageContaining("two idle NICs of two hosts");
  }

  @Test
  void theFirstNicAnchorsTheNicHostLeafAndHostLinkRoles() {
    // two two-NIC servers per leaf: host1's NICs on leaf1:eth1-2, host2's on eth3-4
    FabricRoles roles = roles(Fabrics.leafSpine(2, 2, 2, 1));
    assertThat(roles.nic(FabricRoles.A_NIC)).isEqualTo(Endpoint.parse("host1:nic0"));
    assertThat(roles.nic(FabricRoles.A_NIC_OF_ANOTHER_HOST))
        .isEqualTo(Endpoint.parse("host2:nic0"));
    assertThat(roles.nic(FabricRoles.A_NIC_UNDER_ANOTHER_LEAF))
        .isEqualTo(Endpoint.parse("host3:nic0"));
    assertThat(roles.device(FabricRoles.A_HOST)).isEqualTo("host1");
    assertThat(roles.device(FabricRoles.A_LEAF)).isEqualTo("leaf1");
    assertThat(roles.port(FabricRoles.A_HOST_LINK)).isEqualTo(Endpoint.parse("leaf1:eth1"));
    // on a rail-optimized fabric a host's second NIC is under the next rail's leaf
    FabricRoles rails = roles(Fabrics.railOptimized(1, 4, 2));
    assertThat(rails.nicUnderAnotherLeaf().device()).isEqualTo("host1");
    assertThat(rails.nicOfAnotherHost().device()).isEqualTo("host2");
  }

  @Test
  void hostPhrasesPickHalfTheHostsOrOneLeafsHosts() {
    FabricRoles roles = roles(Fabrics.leafSpine(3, 2, 2, 1));
    assertThat(roles.hosts(FabricRoles.EVERY_OTHER_HOST))
        .containsExactly("host1", "host3", "host5");
    assertThat(roles.hosts(FabricRoles.THE_HOSTS_UNDER_A_LEAF)).containsExactly("host1", "host2");
    assertThat(roles.hosts("host4")).containsExactly("host4");
    // on rails every host has a NIC under every rail's leaf of its unit
    assertThat(roles(Fabrics.railOptimized(2, 3, 2)).hostsUnderALeaf())
        .containsExactly("host1", "host2", "host3");
  }

  @Test
  void phrasesFollowTheFabricNotItsNames() {
    Topology.Graph named =
        new Topology.Graph(
            List.of(Fabrics.graphSwitch("core", 4), Fabrics.graphSwitch("tor-a", 4)),
            List.of(Fabrics.graphHost("gpu-node-a"), Fabrics.graphHost("gpu-node-b")),
            List.of(
                Fabrics.graphLink("gpu-node-a:nic0", "tor-a:eth3"),
                Fabrics.graphLink("gpu-node-a:nic1", "core:eth1"),
                Fabrics.graphLink("gpu-node-b:nic0", "tor-a:eth4"),
                Fabrics.graphLink("gpu-node-b:nic1", "core:eth2"),
                Fabrics.graphLink("tor-a:eth1", "core:eth3")));
    FabricRoles roles = roles(named);
    assertThat(roles.nic(FabricRoles.A_NIC_OF_ANOTHER_HOST))
        .isEqualTo(Endpoint.parse("gpu-node-b:nic0"));
    assertThat(roles.port(FabricRoles.A_HOST_LINK)).isEqualTo(Endpoint.parse("tor-a:eth3"));
    assertThat(roles.hosts(FabricRoles.EVERY_OTHER_HOST)).containsExactly("gpu-node-a");
  }

  @Test
  void nicRolesTheFabricCannotFillAreMissingShapes() {
    FabricRoles oneLeaf = roles(Fabrics.leafSpine(1, 1, 2, 1));
    assertThat(oneLeaf.nicOfAnotherHost()).isEqualTo(Endpoint.parse("host2:nic0"));
    assertThatThrownBy(oneLeaf::nicUnderAnotherLeaf)
        .isInstanceOf(MissingShapeException.class)
        .hasMessageEndingWith("hangs from leaf1");
    assertThatThrownBy(() -> roles(Fabrics.leafSpine(1, 1, 1, 1)).nic("a NIC of another host"))
        .isInstanceOf(MissingShapeException.class)
        .hasMessageEndingWith("has one host");
  }

  @Test
  void namesPassThroughAndUnknownPhrasesNameTheRoles() {
    FabricRoles roles = roles(Fabrics.leafSpine(2, 2, 2, 1));
    assertThat(roles.port("leaf2:eth4")).isEqualTo(Endpoint.parse("leaf2:eth4"));
    assertThat(roles.device(" spine2 ")).isEqualTo("spine2");
    assertThat(FabricRoles.isPhrase("a redundant uplink")).isTrue();
    assertThat(FabricRoles.isPhrase("leaf1:eth9")).isFalse();
    assertThatIllegalArgumentException()
        .isThrownBy(() -> roles.port("the busiest uplink"))
        .withMessage(
            "\"the busiest uplink\" is neither a name nor a role; the roles here are \"a host link\","
                + " \"a redundant uplink\"");
  }

  @Test
  void aMissingShapeReadsAsNotApplicableInAReport() {
    MissingShapeException missing = new MissingShapeException("no second host");
    assertThat(missing.reportText()).isEqualTo("not applicable: no second host");
    assertThat(MissingShapeException.isNotApplicable(missing.reportText())).isTrue();
    assertThat(MissingShapeException.isNotApplicable("the backend cannot run it")).isFalse();
    assertThat(MissingShapeException.isNotApplicable(null)).isFalse();
  }
}
