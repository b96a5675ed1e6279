package dev.rocelab.api.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.Endpoint;
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
}
