package dev.rocelab.model.firmware;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A rolling upgrade half done: of 8 incast senders, 4 run {@value FirmwareRegistry#NIC_MLX5} and 4
 * still run {@value FirmwareRegistry#NIC_PAPER}. The two versions' DCQCN differs (mlx5: α₀ ≈ 1, a
 * cut allowed every 4 µs, 5 Mb/s additive steps every 300 µs; paper: a cut every 50 µs, 40 Mb/s
 * steps every 55 µs, F = 5), so the mixed fleet shares the receiver's link measurably less fairly
 * than a homogeneous one. Numbers come from the simulation; the test asserts their direction and a
 * lower bound on their size.
 */
class MixedFirmwareFleetTest {

  private static final Set<String> UPGRADED = Set.of("host1", "host2", "host3", "host4");
  private static final Scenario INCAST =
      Scenario.incast().senders(8).receiver("host17:nic0").message("64MiB").duration("3ms").build();

  /** star100g-dcqcn with every NIC on {@code version} and DCQCN left to the version's defaults. */
  private static FabricSpec fleetOn(String version) {
    return ModelFixtures.fabric(
        "star100g-dcqcn",
        "    dcqcn: {enabled: true, cnpInterval: 50us, minRate: 30Gbps}\n",
        "",
        "    firmware: model-1",
        "    firmware: " + version);
  }

  private static Scenario halfUpgraded() {
    Scenario s = INCAST;
    for (String host : UPGRADED) {
      s = s.with(new Fault.ConfigDrift(host, "firmware", FirmwareRegistry.NIC_MLX5, SimTime.ZERO));
    }
    return s;
  }

  /**
   * Jain's fairness index of the bytes each sender delivered: 1 is perfectly fair, 1/n the least.
   */
  static double jain(List<FlowResult> flows) {
    double sum = 0;
    double squares = 0;
    for (FlowResult f : flows) {
      double x = f.delivered().bytes();
      sum += x;
      squares += x * x;
    }
    return sum * sum / (flows.size() * squares);
  }

  private static long delivered(RunResult run, boolean upgraded) {
    return run.flows().stream()
        .filter(f -> UPGRADED.contains(f.source().device()) == upgraded)
        .mapToLong(f -> f.delivered().bytes())
        .sum();
  }

  @Test
  void aHalfUpgradedFleetSharesTheLinkLessFairlyThanAHomogeneousOne() {
    RunResult homogeneous = ModelFixtures.run(fleetOn(FirmwareRegistry.NIC_PAPER), INCAST).result();
    RunResult mixed =
        ModelFixtures.run(fleetOn(FirmwareRegistry.NIC_PAPER), halfUpgraded()).result();
    RunResult allUpgraded = ModelFixtures.run(fleetOn(FirmwareRegistry.NIC_MLX5), INCAST).result();

    double jainHomogeneous = jain(homogeneous.flows());
    double jainMixed = jain(mixed.flows());
    double jainUpgraded = jain(allUpgraded.flows());
    long upgradedBytes = delivered(mixed, true);
    long oldBytes = delivered(mixed, false);
    System.out.printf(
        "Jain homogeneous %s %.4f, mixed %.4f, homogeneous %s %.4f; mixed: upgraded senders %d B,"
            + " old senders %d B; total homogeneous %d B, mixed %d B, upgraded %d B%n",
        FirmwareRegistry.NIC_PAPER,
        jainHomogeneous,
        jainMixed,
        FirmwareRegistry.NIC_MLX5,
        jainUpgraded,
        upgradedBytes,
        oldBytes,
        delivered(homogeneous, true) + delivered(homogeneous, false),
        upgradedBytes + oldBytes,
        delivered(allUpgraded, true) + delivered(allUpgraded, false));
    assertThat(jainHomogeneous)
        .as("Jain index, every sender on " + FirmwareRegistry.NIC_PAPER)
        .isGreaterThan(0.95);
    assertThat(jainMixed).as("Jain index, half upgraded").isLessThan(jainHomogeneous - 0.3);
    assertThat(upgradedBytes)
        .as("bytes of the upgraded senders vs the others")
        .isGreaterThan(5 * oldBytes);
  }
}
