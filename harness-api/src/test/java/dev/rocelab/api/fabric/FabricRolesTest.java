package dev.rocelab.api.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
  void namesPassThroughAndUnknownPhrasesNameTheRoles() {
    FabricRoles roles = roles(Fabrics.leafSpine(2, 2, 2, 1));
    assertThat(roles.port("leaf2:eth4")).isEqualTo(Endpoint.parse("leaf2:eth4"));
    assertThat(roles.device(" spine2 ")).isEqualTo("spine2");
    assertThat(FabricRoles.isPhrase("a redundant uplink")).isTrue();
    assertThat(FabricRoles.isPhrase("leaf1:eth9")).isFalse();
    assertThatIllegalArgumentException()
        .isThrownBy(() -> roles.port("the busiest uplink"))
        .withMessage(
            "\"the busiest uplink\" is neither a name nor a role; the roles here are \"a redundant"
                + " uplink\"");
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
