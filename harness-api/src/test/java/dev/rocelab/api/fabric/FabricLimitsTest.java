package dev.rocelab.api.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.rocelab.api.fabric.Finding.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A fabric beyond {@link FabricLimits} is refused from the topology's numbers, naming the field,
 * the count and the limit, before anything is expanded — products that overflow an int or a long
 * included.
 */
class FabricLimitsTest {

  private static List<Finding> validate(Topology topology) {
    return FabricValidator.validate(Fabrics.spec().with(topology).build());
  }

  @Test
  void tooManyHostsPerLeafIsRefusedAtThatField() {
    assertThat(validate(Fabrics.leafSpine(2, 2, 1_000_000, 1)))
        .containsExactly(
            new Finding(
                Severity.ERROR,
                "topology.hostsPerLeaf",
                "2 leaves × 1000000 hosts per leaf = 2000000 hosts; a fabric may have at most "
                    + FabricLimits.DEFAULT_HOSTS
                    + " (rocelab.limits.hosts)"));
  }

  @Test
  void productsBeyondALongSaturateInsteadOfWrapping() {
    // 2^31 − 1 pods × 2^31 − 1 leaves × 2^31 − 1 hosts overflows a long
    int most = Integer.MAX_VALUE;
    assertThat(validate(Fabrics.threeTier(most, most, 1, 1, most)))
        .extracting(Finding::message)
        .containsExactly(
            most
                + " pods × "
                + most
                + " leaves per pod × "
                + most
                + " hosts per leaf = more than "
                + Long.MAX_VALUE
                + " hosts; a fabric may have at most "
                + FabricLimits.DEFAULT_HOSTS
                + " (rocelab.limits.hosts)",
            "4611686014132420609 leaves + 2147483647 spines + 1 super spines = 4611686016279904257 switches; a fabric"
                + " may have at most "
                + FabricLimits.DEFAULT_SWITCHES
                + " (rocelab.limits.switches)");
  }

  @Test
  void tooManyLinksAreRefusedWhenHostsAndSwitchesFit() {
    // 64 leaves × 1000 hosts × 2 NICs = 128,000 NIC links; 64 × 64 spines × 256 uplinks = 1,048,576
    assertThat(
            validate(
                new Topology.LeafSpine(
                    64,
                    64,
                    1000,
                    256,
                    Fabrics.HOST_LINK,
                    Fabrics.FABRIC_LINK,
                    Fabrics.HOST_PROFILE,
                    Fabrics.SWITCH_PROFILE,
                    Fabrics.SWITCH_PROFILE)))
        .containsExactly(
            new Finding(
                Severity.ERROR,
                "topology",
                "128000 NIC links + 1048576 switch links = 1176576 links; a fabric"
                    + " may have at most "
                    + FabricLimits.DEFAULT_LINKS
                    + " (rocelab.limits.links)"));
  }

  @Test
  void aGraphRefusesItsListsByLength() {
    // the counts come from the lists alone; nothing else is looked at once a limit is passed
    List<Topology.GraphHost> hosts =
        java.util.stream.IntStream.range(0, FabricLimits.DEFAULT_HOSTS + 1)
            .mapToObj(i -> Fabrics.graphHost("h" + i))
            .toList();
    Topology.Graph graph =
        new Topology.Graph(List.of(Fabrics.graphSwitch("s1", 4)), hosts, List.of());

    assertThat(validate(graph))
        .containsExactly(
            new Finding(
                Severity.ERROR,
                "topology.hosts",
                (FabricLimits.DEFAULT_HOSTS + 1)
                    + " hosts listed = "
                    + (FabricLimits.DEFAULT_HOSTS + 1)
                    + " hosts; a fabric may have at most "
                    + FabricLimits.DEFAULT_HOSTS
                    + " (rocelab.limits.hosts)"));
  }

  @Test
  void expandingAFabricBeyondTheLimitsThrowsBeforeBuildingIt() {
    FabricSpec huge = Fabrics.spec().with(Fabrics.railOptimized(Integer.MAX_VALUE, 8, 4)).build();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> FabricGraph.of(huge))
        .withMessageStartingWith(
            "topology.scalableUnits: 2147483647 scalable units × 8 hosts per unit = 17179869176"
                + " hosts; a fabric may have at most "
                + FabricLimits.DEFAULT_HOSTS);
  }

  @Test
  void aHostWithMoreNicsOrGpusThanTheLimitIsRefusedByItsProfile() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                new HostProfile(
                    "big",
                    1_000_000_000,
                    8,
                    "cx7",
                    List.of(),
                    Fabrics.host().build().nvlinkBandwidth(),
                    Fabrics.host().build().nvlinkLatency()))
        .withMessage(
            "gpus must be at most " + FabricLimits.DEFAULT_PER_HOST + " but was 1000000000");
  }

  @Test
  void theLimitsAreTheDefaultsUnlessASystemPropertySaysOtherwise() {
    assertThat(FabricLimits.hosts()).isEqualTo(FabricLimits.DEFAULT_HOSTS);
    String key = "rocelab.limits.hosts";
    System.setProperty(key, "8");
    try {
      assertThat(FabricLimits.hosts()).isEqualTo(8);
      assertThat(validate(Fabrics.leafSpine(3, 2, 3, 1)))
          .extracting(Finding::path)
          .containsExactly("topology.leaves");
    } finally {
      System.clearProperty(key);
    }
  }
}
