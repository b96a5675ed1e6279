package dev.rocelab.api.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.Fabrics;
import dev.rocelab.api.fabric.MissingShapeException;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The pairs every backend gives a permutation. */
class HostDerangementTest {

  /** Four hosts: host1 with three NICs, the others with one, two and two. */
  private static final List<Endpoint> NICS =
      List.of(
          Endpoint.parse("host1:nic0"),
          Endpoint.parse("host1:nic1"),
          Endpoint.parse("host1:nic2"),
          Endpoint.parse("host2:nic0"),
          Endpoint.parse("host3:nic0"),
          Endpoint.parse("host3:nic1"),
          Endpoint.parse("host4:nic0"),
          Endpoint.parse("host4:nic1"));

  @Test
  void everyNicReceivesOnceAndNeverFromItsOwnHostForAnySeed() {
    for (long seed = 0; seed < 200; seed++) {
      List<Endpoint> destinations = HostDerangement.draw(NICS, new SplittableRandom(seed));

      assertThat(destinations).containsExactlyInAnyOrderElementsOf(NICS);
      long ownHost =
          IntStream.range(0, NICS.size())
              .filter(i -> NICS.get(i).device().equals(destinations.get(i).device()))
              .count();
      assertThat(ownHost).as("seed %d: %s", seed, destinations).isZero();
    }
  }

  @Test
  void theSameSeedDrawsTheSamePairsAndAnotherSeedOthers() {
    assertThat(HostDerangement.draw(NICS, new SplittableRandom(7)))
        .isEqualTo(HostDerangement.draw(NICS, new SplittableRandom(7)))
        .isNotEqualTo(HostDerangement.draw(NICS, new SplittableRandom(8)));
  }

  @Test
  void aHostWithMoreThanHalfTheNicsCannotBePaired() {
    List<Endpoint> lopsided = NICS.subList(0, 5); // host1 holds 3 of 5

    assertThatThrownBy(() -> HostDerangement.draw(lopsided, new SplittableRandom(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "a permutation needs every host to hold at most half of the NICs but host1 holds 3 of"
                + " 5");
  }

  @Test
  void acrossLeavesEveryNicSendsUnderAnotherLeafAndOffItsHost() {
    FabricGraph leafSpine = Fabrics.leafSpineGraph(3, 2, 2);
    FabricGraph rails = Fabrics.railOptimizedGraph(1, 4, 2);
    for (FabricGraph fabric : List.of(leafSpine, rails)) {
      List<Endpoint> nics = fabric.nics();
      for (long seed = 0; seed < 100; seed++) {
        List<Endpoint> destinations =
            HostDerangement.draw(
                nics, Workload.Pairing.OTHER_LEAF, fabric, new SplittableRandom(seed));

        assertThat(destinations).containsExactlyInAnyOrderElementsOf(nics);
        for (int i = 0; i < nics.size(); i++) {
          Endpoint source = nics.get(i);
          Endpoint destination = destinations.get(i);
          assertThat(fabric.leafOf(destination))
              .as("seed %d: %s -> %s", seed, source, destination)
              .isNotEqualTo(fabric.leafOf(source));
          assertThat(destination.device()).isNotEqualTo(source.device());
        }
      }
    }
  }

  @Test
  void pairingOverHostsDrawsWhatThePairinglessDrawDraws() {
    FabricGraph fabric = Fabrics.leafSpineGraph(2, 2, 2);
    assertThat(
            HostDerangement.draw(
                fabric.nics(), Workload.Pairing.OTHER_HOST, fabric, new SplittableRandom(3)))
        .isEqualTo(HostDerangement.draw(fabric.nics(), new SplittableRandom(3)));
  }

  @Test
  void aFabricWithOneLeafCannotBePairedAcrossLeaves() {
    FabricGraph oneLeaf = Fabrics.leafSpineGraph(1, 2, 4);

    assertThatThrownBy(
            () ->
                HostDerangement.draw(
                    oneLeaf.nics(), Workload.Pairing.OTHER_LEAF, oneLeaf, new SplittableRandom(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "a permutation needs every leaf to hold at most half of the NICs but leaf1 holds 8 of"
                + " 8");
    // the extension's fit check says so before a run: not applicable, not broken
    Scenario across = Scenario.permutation().acrossLeaves().build();
    assertThatThrownBy(() -> ScenarioFit.require(across, oneLeaf))
        .isInstanceOf(MissingShapeException.class)
        .hasMessageContaining("leaf1 holds 8 of 8");
    ScenarioFit.require(Scenario.permutation().build(), oneLeaf);
  }

  @Test
  void aPermutationAcrossLeavesSaysSo() {
    assertThat(Scenario.permutation().flowSize("8MiB").acrossLeaves().build().workloads())
        .singleElement()
        .extracting(Workload::describe)
        .isEqualTo("permutation · 8MiB per flow · across leaves");
    assertThat(Scenario.permutation().acrossLeaves().dscp(0).workload().pairing())
        .isEqualTo(Workload.Pairing.OTHER_LEAF);
  }
}
