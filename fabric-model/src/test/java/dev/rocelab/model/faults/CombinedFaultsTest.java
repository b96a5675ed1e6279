package dev.rocelab.model.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.model.ModelFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Several faults in one run: a spine uplink fails during a 16:1 incast while another NIC's receive
 * path is stuck (a PFC storm), on the reference fabric with a fast PFC watchdog. Each effect shows
 * in the result on its own.
 */
class CombinedFaultsTest {

  private static final String SONIC_TIMERS =
      "detection: 200ms, restoration: 200ms, pollInterval: 200ms";

  @Test
  void linkFailureDuringIncastWhileOneNicStormsReportsAllThreeEffects() throws IOException {
    String reference = Files.readString(Path.of("../fabrics/reference.yaml"));
    String fast = "detection: 400us, restoration: 400us, pollInterval: 100us";
    assertThat(reference).contains(SONIC_TIMERS);
    FabricSpec fastWatchdog =
        FabricFiles.load(reference.replace(SONIC_TIMERS, fast), "reference-fast-watchdog.yaml");
    Workload incast =
        new Workload.Incast(
            16,
            Optional.of(Endpoint.parse("host1:nic0")),
            DataSize.mib(8),
            OptionalInt.empty(),
            SimTime.ZERO);
    Workload toStormer =
        new Workload.RdmaFlow(
            Endpoint.parse("host3:nic5"),
            Endpoint.parse("host2:nic5"),
            DataSize.mib(8),
            1,
            1,
            OptionalInt.empty(),
            SimTime.ZERO,
            Workload.Verb.WRITE);
    Scenario scenario =
        new Scenario(
            "incast + link down + storm",
            List.of(incast, toStormer),
            List.of(
                Fault.linkDown("leaf1:eth9").at("50us"),
                Fault.pfcStorm("host2:nic5", 3, "1ms").at("20us")),
            SimTime.millis(60),
            1,
            SimTime.micros(10));

    RunResult run = ModelFixtures.run(fastWatchdog, scenario).result();

    // the link failure: frames lost on it, routes reconverged
    assertThat(
            run.ports().stream()
                .mapToLong(p -> p.drops().getOrDefault(DropReason.LINK_DOWN, 0L))
                .sum())
        .isPositive();
    assertThat(run.events()).extracting(FabricEvent::kind).contains(FabricEvent.Kind.RECONVERGENCE);
    // the storm: the leaf port facing the stuck NIC was paused, and the watchdog stepped in
    PortStats facingStormer =
        run.port("leaf6:eth2").stream().filter(p -> p.priority() == 3).findFirst().orElseThrow();
    assertThat(facingStormer.pausesReceived()).isPositive();
    assertThat(run.events())
        .filteredOn(e -> e.kind() == FabricEvent.Kind.WATCHDOG_TRIGGERED)
        .extracting(FabricEvent::subject)
        .contains("leaf6:eth2/3");
    // the incast: the receiver's leaf held its senders back with PFC
    assertThat(
            run.ports().stream()
                .filter(p -> p.port().device().equals("leaf1"))
                .mapToLong(PortStats::pausesSent)
                .sum())
        .isPositive();
    assertThat(run.flows()).allMatch(FlowResult::completed);
  }
}
