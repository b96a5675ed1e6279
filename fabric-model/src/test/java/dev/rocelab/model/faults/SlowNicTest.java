package dev.rocelab.model.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.CollectiveBuilder;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import org.junit.jupiter.api.Test;

/**
 * A grey failure: one NIC whose link came up at a quarter of its speed (a {@code speed} config
 * drift at time zero). Nothing is lost and nothing is down, yet a collective runs at the pace of
 * its slowest rank: the two ring channels on that NIC's rail take four times as long, and the
 * collective waits for them.
 */
class SlowNicTest {

  private static final FabricSpec REFERENCE = ModelFixtures.reference();

  private static final CollectiveBuilder ALL_REDUCE =
      Scenario.collective(CollectiveOperation.ALL_REDUCE)
          .algorithm(Algorithm.RING)
          .size("256MiB")
          .ranks(16);

  private static final Fault SLOW =
      new Fault.ConfigDrift("host2:nic0", "speed", "100Gbps", SimTime.ZERO);

  private static double busbw(RunResult run) {
    return run.collectives().get(0).largest().outOfPlace().busGigabytesPerSecond();
  }

  @Test
  void oneNicAtAQuarterOfItsSpeedHoldsTheWholeCollectiveBack() {
    RunResult healthy = ModelFixtures.run(REFERENCE, ALL_REDUCE.build()).result();
    RunResult slow = ModelFixtures.run(REFERENCE, ALL_REDUCE.with(SLOW).build()).result();

    System.out.printf(
        "busbw %.1f GB/s healthy, %.1f with host2:nic0 at 100G%n", busbw(healthy), busbw(slow));
    assertThat(slow.losslessDrops()).isZero();
    assertThat(slow.events())
        .filteredOn(e -> e.kind() == FabricEvent.Kind.FAULT)
        .extracting(FabricEvent::subject, FabricEvent::detail)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("host2:nic0", "link speed 100Gbps"));
    long sent =
        slow.ports().stream()
            .filter(p -> p.port().toString().equals("host2:nic0"))
            .mapToLong(PortStats::txBytes)
            .sum();
    assertThat(sent * 8e12 / slow.elapsed().picos())
        .as("host2:nic0's average rate, bit/s")
        .isLessThanOrEqualTo(100e9);
    assertThat(busbw(slow))
        .as("busbw with one NIC of 16 at 100G vs %.1f GB/s healthy", busbw(healthy))
        .isLessThan(0.26 * busbw(healthy))
        .isGreaterThan(0.1 * busbw(healthy));
  }

  /**
   * The flow level gives the bandwidth bound: a quarter of the healthy busbw. The packet model
   * reaches it with DCQCN off; with DCQCN on, the ECN marks at the slow port make the senders on
   * its rail back off below 100G and cost a little more (87.6 GB/s against 91.4 when written). It
   * stays within a tenth of the bound because a sender's pacing follows DCQCN's restored rate at
   * once, as ns-3 HPCC's re-timed gap does; before the model re-timed the gap, senders cut to a low
   * rate waited out gaps computed at it and the straggler cost a further third.
   */
  @Test
  void theSlowRailBoundsTheCollectiveAndDcqcnsReactionCostsMore() {
    FabricSpec noCc =
        ModelFixtures.reference(
            "    dcqcn:\n      enabled: true", "    dcqcn:\n      enabled: false");
    double bound =
        busbw(
            ModelFixtures.run(REFERENCE, ALL_REDUCE.fidelity(Fidelity.FLOW).with(SLOW).build())
                .result());
    double healthyFlow =
        busbw(ModelFixtures.run(REFERENCE, ALL_REDUCE.fidelity(Fidelity.FLOW).build()).result());
    double withoutCc = busbw(ModelFixtures.run(noCc, ALL_REDUCE.with(SLOW).build()).result());
    double withCc = busbw(ModelFixtures.run(REFERENCE, ALL_REDUCE.with(SLOW).build()).result());
    System.out.printf(
        "flow level: %.1f GB/s healthy, %.1f slow; packet level slow: %.1f DCQCN off, %.1f on%n",
        healthyFlow, bound, withoutCc, withCc);

    assertThat(bound)
        .as("flow-level busbw with the slow NIC vs healthy %.1f GB/s", healthyFlow)
        .isCloseTo(healthyFlow / 4, org.assertj.core.data.Percentage.withPercentage(5));
    assertThat(withoutCc)
        .as("packet level, DCQCN off")
        .isCloseTo(bound, org.assertj.core.data.Percentage.withPercentage(5));
    assertThat(withCc)
        .as("packet level, DCQCN on")
        .isLessThan(withoutCc)
        .isGreaterThan(0.9 * bound);
  }

  @Test
  void aSpeedTheNicCannotRunAtOrLaterThanTimeZeroIsRefused() {
    assertThatThrownBy(
            () ->
                ModelFixtures.run(
                    REFERENCE,
                    ALL_REDUCE
                        .with(new Fault.ConfigDrift("host2:nic0", "speed", "800Gbps", SimTime.ZERO))
                        .build()))
        .hasMessage(
            "config drift of host2:nic0: speed 800Gbps is faster than its NIC profile cx7's"
                + " 400Gbps");
    assertThatThrownBy(
            () ->
                ModelFixtures.run(
                    REFERENCE,
                    ALL_REDUCE
                        .with(new Fault.ConfigDrift("host2", "speed", "fast", SimTime.ZERO))
                        .build()))
        .hasMessageStartingWith("config drift of host2: \"fast\" is not a link speed");
    assertThatThrownBy(
            () ->
                ModelFixtures.run(
                    REFERENCE,
                    ALL_REDUCE
                        .with(
                            new Fault.ConfigDrift(
                                "host2:nic0", "speed", "100Gbps", SimTime.micros(5)))
                        .build()))
        .hasMessage(
            "config drift of host2:nic0 at 5us: the model sets a NIC's link \"speed\" at time zero"
                + " only (its ports are built with it)");
  }
}
