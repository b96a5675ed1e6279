package dev.rocelab.junit.readme;

// tag::load-balancing-test[]
import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.junit.Collective;
import dev.rocelab.junit.FabricTest;

@FabricTest(fabric = "fabrics/examples/low-entropy.yaml", phase = Phase.AI_WORKLOAD)
class LoadBalancingTest {

  // 8 single-NIC hosts alternating over 2 leaves: a ring puts 4 elephant flows on 4 uplinks
  @Collective(size = "32MiB", channels = 1)
  void sprayingSpreadsTheRingsThatHashingPilesUp(Scenario ring, FabricSession fabric) {
    RunResult hashed = fabric.run(ring);
    RunResult sprayed = fabric.run(ring.with(spraying("leaf1"), spraying("leaf2")));

    assertThat(hashed).loadBalance().egressImbalance().isGreaterThan(0.5);
    assertThat(sprayed).loadBalance().egressImbalance().isLessThan(0.10);
    assertThat(sprayed).isLossless();
    // these NICs go back N on a gap: every reordered packet costs a resend
    assertThat(sprayed).loadBalance().flows().outOfOrder().isGreaterThan(0);
    assertThat(sprayed).flows().retransmissions().isGreaterThan(0);
  }

  private static Fault spraying(String leaf) {
    return new Fault.ConfigDrift(leaf, "loadBalancing", "packet", SimTime.ZERO);
  }
}
// end::load-balancing-test[]
