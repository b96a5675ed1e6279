package dev.rocelab.suites.failures;

import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Purpose;
import dev.rocelab.suites.DerivedLimits;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Failures: a rolling NIC firmware upgrade during traffic. Half the hosts move, one every 100 µs
 * (closer where more than ten move, so that all of them do within 1 ms), to another firmware
 * version ({@value FirmwareRegistry#NIC_MLX5_ADAPTIVE}, whose retransmission timeout adapts where
 * the fabric's current version waits the fixed local ACK timeout) while a permutation runs;
 * lossless traffic must keep its criteria through the mixed-version window.
 */
@Purpose(
    "Failures: a rolling NIC firmware upgrade during traffic. Half the hosts move, one every 100 µs or all within 1 ms, to a firmware version whose retransmission timeout adapts, while a permutation runs; lossless traffic keeps its criteria through the mixed-version window.")
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.FAILURES)
class RollingUpgradeTest {

  private static final String UPGRADE_TO = FirmwareRegistry.NIC_MLX5_ADAPTIVE;
  private static final SimTime FIRST = SimTime.micros(200);
  private static final SimTime STEP = SimTime.micros(100);
  private static final SimTime WINDOW = SimTime.millis(1);

  @Test
  void trafficStaysLosslessWhileHalfTheNicsMoveToAnotherVersion(
      FabricSession fabric, FabricSpec spec) {
    List<String> hosts = FabricGraph.of(spec).hosts().stream().map(Device::name).toList();
    List<String> upgraded = hosts.subList(0, hosts.size() / 2);
    // every move happens under traffic however many hosts there are: they move within 1 ms (128
    // of 256 hosts 7.8 us apart), and the permutation runs at line rate until a step after the
    // last, on any link speed
    SimTime step = SimTime.picos(Math.min(STEP.picos(), WINDOW.picos() / upgraded.size()));
    SimTime last = moveOf(upgraded.size() - 1, step);
    DataSize outlasting = DerivedLimits.flowOutlasting(spec, last.plus(step));
    DataSize flowSize = outlasting.compareTo(DataSize.mib(16)) > 0 ? outlasting : DataSize.mib(16);
    Scenario upgrade =
        Scenario.permutation().flowSize(flowSize).duration("30ms").named("rolling upgrade").build();
    for (int i = 0; i < upgraded.size(); i++) {
      upgrade =
          upgrade.with(
              new Fault.ConfigDrift(upgraded.get(i), "firmware", UPGRADE_TO, moveOf(i, step)));
    }

    RunResult run = fabric.run(upgrade);

    assertThat(run).isLossless();
    assertThat(run).hasNoDeadlock();
    assertThat(run).flows().allCompleted();
    org.assertj.core.api.Assertions.assertThat(run.events())
        .as("firmware changes")
        .filteredOn(e -> e.kind() == FabricEvent.Kind.FAULT)
        .extracting(FabricEvent::subject)
        .containsExactlyElementsOf(upgraded);
  }

  /** When the {@code i}th host moves: from {@link #FIRST}, one every {@code step}. */
  private static SimTime moveOf(int i, SimTime step) {
    return FIRST.plus(SimTime.picos(step.picos() * i));
  }
}
