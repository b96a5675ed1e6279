package dev.rocelab.model.balancing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import org.junit.jupiter.api.Test;

/**
 * Config drifts of the settings a load-balancing test matrix varies: a switch's {@code
 * loadBalancing} mode, a NIC's {@code outOfOrder} handling (both at any time) and its RoCE {@code
 * mtu} (at time zero). A drift at time zero runs as the fabric written that way would.
 */
class SettingDriftTest {

  private static final Scenario ALL_REDUCE =
      Scenario.collective(CollectiveOperation.ALL_REDUCE).size("8MiB").channels(1).seed(1).build();

  @Test
  void aDriftAtTimeZeroRunsAsTheFabricWrittenThatWay() {
    Scenario drifted =
        ALL_REDUCE
            .with(drift("leaf1", "loadBalancing", "packet"))
            .with(drift("leaf2", "loadBalancing", "packet"))
            .with(drift("host1", "outOfOrder", "tolerate"))
            .with(drift("host2", "outOfOrder", "tolerate"))
            .with(drift("host3", "outOfOrder", "tolerate"))
            .with(drift("host4", "outOfOrder", "tolerate"))
            .with(drift("host5", "outOfOrder", "tolerate"))
            .with(drift("host6", "outOfOrder", "tolerate"))
            .with(drift("host7", "outOfOrder", "tolerate"))
            .with(drift("host8", "outOfOrder", "tolerate"));

    RunResult viaDrift = ModelFixtures.run(fabric("ecmp", "retransmit"), drifted).result();
    RunResult written = ModelFixtures.run(fabric("packet", "tolerate"), ALL_REDUCE).result();

    assertThat(viaDrift.ports()).isEqualTo(written.ports());
    assertThat(viaDrift.flows()).isEqualTo(written.flows());
    assertThat(viaDrift.events()).hasSize(10);
  }

  @Test
  void aSmallerMtuAtTimeZeroSendsTwiceThePackets() {
    RunResult mtu4096 = ModelFixtures.run(fabric("ecmp", "retransmit"), ALL_REDUCE).result();
    Scenario smaller = ALL_REDUCE;
    for (int host = 1; host <= 8; host++) {
      smaller = smaller.with(drift("host" + host, "mtu", "2048"));
    }
    RunResult mtu2048 = ModelFixtures.run(fabric("ecmp", "retransmit"), smaller).result();

    assertThat(dataPacketsFrom(mtu2048, "host1:nic0"))
        .isEqualTo(2 * dataPacketsFrom(mtu4096, "host1:nic0"));
    assertThat(mtu2048.flows()).allSatisfy(f -> assertThat(f.completed()).isTrue());
  }

  @Test
  void settingsTheModelCannotChangeOrValuesItDoesNotKnowAreRefusedByName() {
    FabricSpec fabric = fabric("ecmp", "retransmit");

    assertThatThrownBy(() -> run(fabric, drift("host1", "mtu", "2048").at(SimTime.micros(5))))
        .hasMessageContaining("sets a NIC's \"mtu\" at time zero only");
    assertThatThrownBy(() -> run(fabric, drift("host1", "mtu", "9000")))
        .hasMessageContaining("\"9000\" is not a RoCE MTU");
    assertThatThrownBy(() -> run(fabric, drift("leaf1", "loadBalancing", "spray")))
        .hasMessageContaining("\"spray\" is not one of ecmp, flowlet, packet, global");
    assertThatThrownBy(() -> run(fabric, drift("host1", "outOfOrder", "drop")))
        .hasMessageContaining("\"drop\" is not one of retransmit, tolerate");
    assertThatThrownBy(() -> run(fabric, drift("leaf1", "mtu", "2048")))
        .hasMessageContaining("\"loadBalancing\" (its mode), not \"mtu\"");
  }

  private static Fault.ConfigDrift drift(String device, String setting, String value) {
    return new Fault.ConfigDrift(device, setting, value, SimTime.ZERO);
  }

  private static void run(FabricSpec fabric, Fault fault) {
    ModelFixtures.run(fabric, ALL_REDUCE.with(fault));
  }

  /** What a NIC sent on the RoCE priority: data only (ACKs and CNPs go on priority 6). */
  private static long dataPacketsFrom(RunResult run, String nic) {
    return run.port(nic).stream()
        .filter(p -> p.priority() == 3)
        .mapToLong(PortStats::txPackets)
        .sum();
  }

  private static FabricSpec fabric(String mode, String outOfOrder) {
    return ModelFixtures.example(
        "low-entropy",
        "{mode: ecmp}",
        "{mode: " + mode + "}",
        "outOfOrder: retransmit",
        "outOfOrder: " + outOfOrder);
  }
}
