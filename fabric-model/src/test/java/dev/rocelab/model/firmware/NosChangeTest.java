package dev.rocelab.model.firmware;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A switch's NOS version changing during a run: the buffer's alpha and the PFC watchdog's settings
 * that are still the old version's defaults take the new version's; what the switch profile wrote
 * stays. The fixture's leaf runs {@code nos-a} (alpha 1/4, watchdog off) and may move to {@code
 * nos-b} (alpha 1, a watchdog detecting in 500 us).
 */
class NosChangeTest {

  private static final SimTime CHANGE_AT = SimTime.millis(1);
  private static final SimTime POLL = SimTime.micros(100);
  private static final String VERSIONS =
      "firmwareProfiles:\n  switch:\n"
          + "    nos-a: {basedOn: sonic-default, alpha: 0.25, watchdog: {enabled: false}}\n"
          + "    nos-b: {basedOn: sonic-default, alpha: 1, watchdog: {enabled: true, detection: 500us,"
          + " restoration: 500us, pollInterval: 100us, action: drop}}\n"
          + "nicProfiles:";

  /**
   * star100g with its switch on nos-a; {@code alpha} is the profile's own line ("" for the
   * version's).
   */
  private static FabricSpec fabric(String alpha) {
    return ModelFixtures.fabric(
        "star100g",
        "nicProfiles:",
        VERSIONS,
        "    nos: model-1",
        "    nos: nos-a",
        "    alpha: 0.125\n",
        alpha);
  }

  private static Scenario toNosB(Scenario scenario) {
    return scenario.with(new Fault.ConfigDrift("leaf1", "nos", "nos-b", CHANGE_AT));
  }

  @Test
  void theNewVersionsWatchdogCatchesAStormTheOldOneLetRun() {
    Scenario storm =
        Scenario.flow("host2:nic0", "host1:nic0")
            .message("4MiB")
            .with(Fault.pfcStorm("host1:nic0", 3, "3ms").at("100us"))
            .duration("10ms")
            .build();

    RunResult unchanged = ModelFixtures.run(fabric(""), storm).result();
    RunResult changed = ModelFixtures.run(fabric(""), toNosB(storm)).result();

    assertThat(events(unchanged, FabricEvent.Kind.WATCHDOG_TRIGGERED))
        .as("watchdog on nos-a")
        .isEmpty();
    // leaf1:eth1 has been paused since the storm's first pauses, longer than the detection time,
    // so the first poll of the new watchdog, one interval after the change, declares it stormed
    List<FabricEvent> triggered = events(changed, FabricEvent.Kind.WATCHDOG_TRIGGERED);
    assertThat(triggered).extracting(FabricEvent::subject).containsExactly("leaf1:eth1/3");
    assertThat(triggered.get(0).time()).isEqualTo(CHANGE_AT.plus(POLL));
    assertThat(events(changed, FabricEvent.Kind.FAULT))
        .extracting(FabricEvent::detail)
        .contains("NOS version changed to nos-b");
  }

  @Test
  void aNewDefaultAlphaLetsTheBufferHoldMoreUnlessTheProfileWroteItsOwn() {
    // (a profile value equal to the old version's default cannot be told from the default: it
    // moves)
    Scenario incast =
        Scenario.incast()
            .senders(16)
            .receiver("host17:nic0")
            .message("4MiB")
            .duration("10ms")
            .build();

    long before = peakSharedBuffer(ModelFixtures.run(fabric(""), incast).result());
    long after = peakSharedBuffer(ModelFixtures.run(fabric(""), toNosB(incast)).result());
    long pinnedBefore =
        peakSharedBuffer(ModelFixtures.run(fabric("    alpha: 0.5\n"), incast).result());
    long pinnedAfter =
        peakSharedBuffer(ModelFixtures.run(fabric("    alpha: 0.5\n"), toNosB(incast)).result());
    System.out.printf(
        "peak shared buffer: %d B on nos-a, %d B after moving to nos-b; with alpha written in the"
            + " profile %d B / %d B%n",
        before, after, pinnedBefore, pinnedAfter);

    // each of 16 ingress groups may take alpha x the free pool: 16/(4+16) of it at 1/4, 16/17 at 1
    assertThat(after).as("peak after the change to alpha 1").isGreaterThan(before + before / 10);
    assertThat(pinnedAfter)
        .as("peak with the profile's alpha, after the change")
        .isEqualTo(pinnedBefore);
    assertThat(pinnedBefore).as("peak with the profile's alpha 1/2, before").isGreaterThan(before);
  }

  private static long peakSharedBuffer(RunResult run) {
    TimeSeries series =
        run.series("shared_buffer").stream()
            .filter(s -> s.subject().equals("leaf1"))
            .findFirst()
            .orElseThrow();
    long peak = 0;
    for (int i = 0; i < series.size(); i++) {
      peak = Math.max(peak, series.value(i));
    }
    return peak;
  }

  private static List<FabricEvent> events(RunResult run, FabricEvent.Kind kind) {
    return run.events().stream().filter(e -> e.kind() == kind).toList();
  }
}
