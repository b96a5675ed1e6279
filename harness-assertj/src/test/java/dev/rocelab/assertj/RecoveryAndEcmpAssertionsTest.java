package dev.rocelab.assertj;

import static dev.rocelab.assertj.DropsAndLatencyAssertionsTest.lines;
import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import org.junit.jupiter.api.Test;

class RecoveryAndEcmpAssertionsTest {

  private static final long G = 1_000_000_000L;
  private static final Scenario LINK_DOWN =
      Scenario.permutation().with(Fault.linkDown("leaf1:eth5").at("450us")).build();
  private static final String RUN =
      "  run:        permutation · 1MiB per flow + link down leaf1:eth5 at 450us, seed 1,"
          + " fabric tiny, backend scripted";

  private final RunResult recovers =
      Runs.run()
          .scenario(LINK_DOWN)
          .event("450us", FabricEvent.Kind.FAULT, "leaf1:eth5", "link down leaf1:eth5 at 450us")
          .series(
              "throughput",
              "f1",
              "100us",
              0,
              200 * G,
              200 * G,
              200 * G,
              200 * G,
              50 * G,
              50 * G,
              150 * G,
              200 * G,
              200 * G)
          .series(
              "throughput",
              "f2",
              "100us",
              0,
              200 * G,
              200 * G,
              200 * G,
              200 * G,
              50 * G,
              50 * G,
              150 * G,
              200 * G,
              200 * G)
          .build();

  /** 400 Gb/s until the link fails at 450 µs, 100 Gb/s after. */
  static final RunResult STAYS_DOWN =
      Runs.run()
          .scenario(LINK_DOWN)
          .event("450us", FabricEvent.Kind.FAULT, "leaf1:eth5", "link down leaf1:eth5 at 450us")
          .series(
              "throughput",
              "f1",
              "100us",
              0,
              400 * G,
              400 * G,
              400 * G,
              400 * G,
              100 * G,
              100 * G,
              100 * G,
              100 * G,
              100 * G)
          .build();

  @Test
  void recoveryIsTheTimeFromTheFaultUntilThroughputIsBackNearItsPreFaultMean() {
    assertThatThrownBy(() -> assertThat(recovers).recovery().isFasterThan("300us"))
        .hasMessage(
            lines(
                "recovery time",
                RUN,
                "  where:      after FAULT leaf1:eth5 at 450us (link down leaf1:eth5 at 450us); throughput of the flows"
                    + " (2 series) back to at least 90% of what the flows still running carried before it (400Gbps at the fault) for 3 samples",
                "  expected:   less than 300us",
                "  actual:     350us (recovered at 800us)"));
    assertThatCode(() -> assertThat(recovers).recovery().isFasterThan("351us").isAtMost("350us"))
        .doesNotThrowAnyException();
  }

  @Test
  void toleranceStabilityAndFlowsAreConfigurable() {
    assertThatCode(() -> assertThat(recovers).recovery().tolerance(0.3).time().isAtMost("250us"))
        .doesNotThrowAnyException();
    assertThatCode(
            () ->
                assertThat(recovers)
                    .recovery()
                    .tolerance(0.3)
                    .stableFor(1)
                    .ofFlows("f1")
                    .time()
                    .isAtMost("250us"))
        .doesNotThrowAnyException();
    assertThatThrownBy(
            () ->
                assertThat(recovers).recovery().ofFlows("f2").tolerance(0.05).isFasterThan("100us"))
        .hasMessage(
            lines(
                "recovery time",
                RUN,
                "  where:      after FAULT leaf1:eth5 at 450us (link down leaf1:eth5 at 450us); throughput of flows f2"
                    + " (1 series) back to at least 95% of what the flows still running carried before it (200Gbps at the fault) for 3 samples",
                "  expected:   less than 100us",
                "  actual:     350us (recovered at 800us)"));
    assertThatIllegalArgumentException()
        .isThrownBy(() -> assertThat(recovers).recovery().tolerance(1))
        .withMessage("tolerance must be in [0, 1) but was 1.0");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> assertThat(recovers).recovery().stableFor(0))
        .withMessage("samples must be >= 1 but was 0");
  }

  @Test
  void throughputThatNeverRecoversFailsAnyBound() {
    assertThatThrownBy(() -> assertThat(STAYS_DOWN).recovery().isFasterThan("10ms"))
        .hasMessage(
            lines(
                "recovery time",
                RUN,
                "  where:      after FAULT leaf1:eth5 at 450us (link down leaf1:eth5 at 450us); throughput of the flows"
                    + " (1 series) back to at least 90% of what the flows still running carried before it (400Gbps at the fault) for 3 samples",
                "  expected:   less than 10ms",
                "  actual:     not recovered by the last sample at 900us (throughput then 100Gbps)"));
  }

  @Test
  void aFlowThatCompletesAfterTheFaultLeavesWhatIsExpected() {
    // f2 finishes at 650us; f1 alone carries its own rate: the fabric recovered, the work wound
    // down
    RunResult windingDown =
        Runs.run()
            .scenario(LINK_DOWN)
            .elapsed("1ms")
            .event("450us", FabricEvent.Kind.FAULT, "leaf1:eth5", "link down leaf1:eth5 at 450us")
            .flow("f1", "host1:nic0", "host3:nic0", "1MiB", "1MiB", "1ms")
            .flow("f2", "host2:nic0", "host4:nic0", "1MiB", "1MiB", "650us")
            .series(
                "throughput",
                "f1",
                "100us",
                0,
                200 * G,
                200 * G,
                200 * G,
                200 * G,
                150 * G,
                200 * G,
                200 * G,
                200 * G,
                200 * G)
            .series(
                "throughput",
                "f2",
                "100us",
                0,
                200 * G,
                200 * G,
                200 * G,
                200 * G,
                150 * G,
                100 * G,
                0,
                0,
                0)
            .build();

    assertThatCode(() -> assertThat(windingDown).recovery().time().isAtMost("250us"))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> assertThat(windingDown).recovery().time().isLessThan("250us"))
        .hasMessageContaining("actual:     250us (recovered at 700us)");
  }

  @Test
  void recoveryNeedsAFaultAndThroughputSamples() {
    assertThatThrownBy(() -> assertThat(Runs.run().build()).recovery().time())
        .hasMessage(
            lines(
                "recovery time",
                DropsAndLatencyAssertionsTest.RUN,
                "  expected:   a recovery that can be measured",
                "  actual:     the run has no FAULT event to recover from"));
    RunResult noSeries =
        Runs.run()
            .scenario(LINK_DOWN)
            .event("450us", FabricEvent.Kind.FAULT, "leaf1:eth5", "link down leaf1:eth5 at 450us")
            .build();
    assertThatThrownBy(() -> assertThat(noSeries).recovery().time())
        .hasMessage(
            lines(
                "recovery time",
                RUN,
                "  where:      FAULT leaf1:eth5 at 450us (link down leaf1:eth5 at 450us)",
                "  expected:   a recovery that can be measured",
                "  actual:     the run has no throughput series to measure recovery on; the backend must sample throughput"
                    + " per flow"));
    RunResult faultFirst =
        Runs.run()
            .scenario(LINK_DOWN)
            .event("0ps", FabricEvent.Kind.FAULT, "leaf1:eth5", "link down leaf1:eth5 at 0ps")
            .series("throughput", "f1", "100us", 400 * G, 400 * G)
            .build();
    assertThatThrownBy(() -> assertThat(faultFirst).recovery().time())
        .hasMessage(
            lines(
                "recovery time",
                RUN,
                "  where:      FAULT leaf1:eth5 at 0ps (link down leaf1:eth5 at 0ps)",
                "  expected:   a recovery that can be measured",
                "  actual:     no throughput was sampled before the fault at 0ps to compare with"));
  }

  @Test
  void loadBalanceNamesTheGroupItsBusiestAndIdlestUplinks() {
    RunResult run = unevenUplinks();

    assertThatCode(() -> assertThat(run).loadBalance().group("leaf2").egressImbalance().isAtMost(0))
        .doesNotThrowAnyException();
    assertThatThrownBy(
            () -> assertThat(run).loadBalance().group("leaf1").egressImbalance().isLessThan(0.1))
        .hasMessage(
            lines(
                "egress imbalance of leaf1",
                DropsAndLatencyAssertionsTest.RUN,
                "  where:      2 uplinks of leaf1",
                "  expected:   less than 0.1",
                "  actual:     0.5 (busiest leaf1:eth5 sent 3MiB, idlest leaf1:eth6 1MiB, mean 2MiB)"));
    assertThatThrownBy(() -> assertThat(run).loadBalance().group("spine1").egressImbalance())
        .hasMessage(
            lines(
                "egress imbalance of spine1",
                DropsAndLatencyAssertionsTest.RUN,
                "  where:      uplinks",
                "  expected:   traffic on the uplinks of spine1 (a switch with two or more)",
                "  actual:     spine1 sent nothing up"));
  }

  @Test
  void outOfOrderPacketsAreSummedAndTheWorstFlowNamed() {
    RunResult run =
        Runs.run()
            .flow("f1", "host1:nic0", "host2:nic0", "1MiB", "1MiB", "1ms", 0, 12)
            .flow("f2", "host2:nic0", "host1:nic0", "1MiB", "1MiB", "1ms", 0, 30)
            .build();

    assertThatCode(() -> assertThat(run).loadBalance().flows().outOfOrder().isEqualTo(42L))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> assertThat(run).flows().outOfOrder().isZero())
        .hasMessage(
            lines(
                "out-of-order packets",
                DropsAndLatencyAssertionsTest.RUN,
                "  where:      2 flows, most by f2 host2:nic0 → host1:nic0 (30)",
                "  expected:   0",
                "  actual:     42"));
  }

  @Test
  void ecmpImbalanceIsTheBusiestUplinkOverTheMeanOfItsSwitch() {
    RunResult run = unevenUplinks();

    assertThatThrownBy(() -> assertThat(run).ecmp().imbalance().isAtMost(0.25))
        .hasMessage(
            lines(
                "egress imbalance",
                DropsAndLatencyAssertionsTest.RUN,
                "  where:      2 uplinks of leaf1, the most uneven of 2 groups",
                "  expected:   at most 0.25",
                "  actual:     0.5 (busiest leaf1:eth5 sent 3MiB, idlest leaf1:eth6 1MiB, mean 2MiB)"));
    assertThatThrownBy(() -> assertThat(Runs.run().build()).ecmp().imbalance())
        .hasMessage(
            lines(
                "egress imbalance",
                DropsAndLatencyAssertionsTest.RUN,
                "  where:      uplinks",
                "  expected:   traffic on the uplinks of a switch with two or more",
                "  actual:     no such switch sent anything up"));
  }

  /** leaf1 sends 3 MiB up one uplink and 1 MiB up the other; leaf2 2 MiB up each. */
  private static RunResult unevenUplinks() {
    return Runs.run()
        .port("leaf1:eth5", 3, p -> p.tx(3 << 20, 768))
        .port("leaf1:eth6", 3, p -> p.tx(1 << 20, 256))
        .port("leaf2:eth5", 3, p -> p.tx(2 << 20, 512))
        .port("leaf2:eth6", 3, p -> p.tx(2 << 20, 512))
        .build();
  }
}
