package dev.rocelab.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Pairing;
import dev.rocelab.assertj.FabricAssertions;
import dev.rocelab.junit.fake.ScriptedBackend;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.Event;

class SweepTest {

  static final List<String> SCENARIOS = new CopyOnWriteArrayList<>();

  @BeforeEach
  void reset() {
    SCENARIOS.clear();
    ScriptedBackend.reset();
  }

  @Test
  void eachCombinationOfValuesIsAnInvocationWithItsOwnResult() {
    var events = Engine.run(IncastSweepTestCase.class).testEvents();

    events.assertStatistics(s -> s.started(6).succeeded(4).failed(2));
    assertThat(displayNames(events.started().list()))
        .containsExactly(
            "incast 8:1 · 1 MiB · prio 3",
            "incast 8:1 · 4 MiB · prio 3",
            "incast 32:1 · 1 MiB · prio 3",
            "incast 32:1 · 4 MiB · prio 3",
            "incast 63:1 · 1 MiB · prio 3",
            "incast 63:1 · 4 MiB · prio 3");
    events
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                displayName("incast 63:1 · 4 MiB · prio 3"),
                finishedWithFailure(
                    message(
                        m ->
                            m.startsWith(
                                "lossless traffic\n  run:        incast 63:1 · 4MiB · dscp 26, seed 1, fabric reference")))));
    events
        .assertThatEvents()
        .haveExactly(1, event(displayName("incast 32:1 · 4 MiB · prio 3"), finishedSuccessfully()));
    assertThat(SCENARIOS)
        .containsExactly(
            "incast 8:1 · 1MiB · dscp 26",
            "incast 8:1 · 4MiB · dscp 26",
            "incast 32:1 · 1MiB · dscp 26",
            "incast 32:1 · 4MiB · dscp 26",
            "incast 63:1 · 1MiB · dscp 26",
            "incast 63:1 · 4MiB · dscp 26");
  }

  @Test
  void sweepEndsRunsOnlyEachSweepsFirstAndLastPoint() {
    var events =
        Engine.run(Map.of("rocelab.sweep", "ends"), IncastSweepTestCase.class).testEvents();

    assertThat(displayNames(events.started().list()))
        .containsExactly("incast 8:1 · 1 MiB · prio 3", "incast 63:1 · 4 MiB · prio 3");
    // a selection the extension does not know is refused, naming the ones it does
    Engine.run(Map.of("rocelab.sweep", "corners"), IncastSweepTestCase.class)
        .containerEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    message("-Drocelab.sweep=corners: a sweep selection is all or ends"))));
  }

  @Test
  void everyScenarioAnnotationHasAReadableDisplayName() {
    var events = Engine.run(EveryScenarioTestCase.class).testEvents();

    events.assertStatistics(s -> s.started(15).succeeded(15));
    assertThat(displayNames(events.started().list()))
        .containsExactlyInAnyOrder(
            "baseline · 64 KiB per flow",
            "baseline · 1 MiB per flow · dscp 0",
            "incast 4:1 → host2:nic1 · 1 MiB",
            "microburst 4:1 · 32 KiB every 10 us × 5 · prio 3",
            "microburst 4:1 · 32 KiB every 20 us × 5 · prio 3",
            "mixed traffic · lossless 2:1 · 1 MiB + lossy 3:1 · 2 MiB on prio 0",
            "link failure leaf1:eth3 at 500 us · 64 MiB per flow",
            "link failure leaf1:eth3 at 500 us · down for 200 us · 64 MiB per flow across leaves",
            "switch reset spine1 at 500 us · reboot 1 ms · 64 MiB per flow",
            "PFC storm host1:nic0 prio 3 at 100 us for 2 ms · 64 MiB per flow",
            "firmware mismatch host1, host2 on 28.36.1010 · incast 4:1 · 1 MiB",
            "all_reduce · 64 MiB · ring · auto",
            "all_reduce · 64 MiB · tree · auto",
            "all_gather · 64 MiB .. 1 GiB ×4 · auto · 4 ranks · 2 QPs (split) · on host2, host1",
            "all_gather · 64 MiB .. 1 GiB ×4 · auto · 4 ranks · 2 QPs (split) · flow · on host2, host1");
  }

  @Test
  void aSizeAtALinkSpeedScalesToTheFabricsHostLinks() {
    var events = Engine.run(ScaledSizeTestCase.class).testEvents();

    // the reference's host links are 400G: a megabyte at 100G takes as long as four there
    events.assertStatistics(s -> s.started(2).succeeded(2));
    assertThat(displayNames(events.started().list()))
        .containsExactly("incast 4:1 · 4 MiB · prio 3", "incast 4:1 · 512 KiB · prio 3");
  }

  @FabricTest(fabric = "fabrics/reference.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class ScaledSizeTestCase {

    @Incast(
        senders = 4,
        message = {"1MiB at 100Gbps", "1MiB at 800Gbps"},
        priority = 3)
    void scaled(RunResult run) {
      FabricAssertions.assertThat(run).isLossless();
    }
  }

  @Test
  void parameterizedTestsSweepWithAnInjectedSession() {
    var events = Engine.run(ParameterizedTestCase.class).testEvents();

    events.assertStatistics(s -> s.started(2).succeeded(2));
    assertThat(SCENARIOS).containsExactly("incast 2:1 · 1MiB", "incast 6:1 · 1MiB");
  }

  @Test
  void scenarioAnnotationsComposeIntoATeamsOwnAnnotations() {
    var events = Engine.run(ComposedTestCase.class).testEvents();

    events.assertStatistics(s -> s.started(2).succeeded(2));
    assertThat(displayNames(events.started().list()))
        .containsExactly("incast 4:1 · 4 MiB · prio 3", "incast 7:1 · 4 MiB · prio 3");
  }

  /** A team's standard incast sweep. */
  @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
  @java.lang.annotation.Target(java.lang.annotation.ElementType.METHOD)
  @Incast(
      senders = {4, 7},
      message = "4MiB",
      priority = 3)
  @interface StandardIncast {}

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class ComposedTestCase {

    @StandardIncast
    void standard(RunResult run) {
      FabricAssertions.assertThat(run).isLossless();
    }
  }

  private static List<String> displayNames(List<Event> events) {
    return events.stream().map(e -> e.getTestDescriptor().getDisplayName()).toList();
  }

  @FabricTest(fabric = "fabrics/reference.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class IncastSweepTestCase {

    @Incast(
        senders = {8, 32, 63},
        message = {"1MiB", "4MiB"},
        priority = 3)
    void incastStaysLossless(RunResult run) {
      SCENARIOS.add(run.scenario().describe());
      FabricAssertions.assertThat(run).isLossless();
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class EveryScenarioTestCase {

    @Baseline
    void baseline(RunResult run) {}

    @Baseline(flowSize = "1MiB", dscp = 0)
    void baselineWithDscp(RunResult run) {}

    @Incast(senders = 4, receiver = "host2:nic1")
    void incast(RunResult run) {}

    @Microburst(
        senders = 4,
        burst = "32KiB",
        period = {"10us", "20us"},
        bursts = 5,
        priority = 3)
    void microburst(RunResult run) {}

    @MixedTraffic(senders = 2, lossySenders = 3, lossyMessage = "2MiB")
    void mixedTraffic(RunResult run) {}

    // flows long enough to be running when each fault strikes (64 MiB: 1.3 ms at 400G)
    @LinkFailure(
        port = "leaf1:eth3",
        downFor = {},
        flowSize = "64MiB")
    void linkFailure(RunResult run) {}

    @LinkFailure(
        port = "leaf1:eth3",
        downFor = "200us",
        flowSize = "64MiB",
        pairing = Pairing.OTHER_LEAF)
    void linkFlap(RunResult run) {
      assertThat(run.scenario().workloads())
          .singleElement()
          .extracting(Workload::describe)
          .isEqualTo("permutation · 64MiB per flow · across leaves");
    }

    @SwitchReset(device = "spine1", flowSize = "64MiB")
    void switchReset(RunResult run) {}

    @PfcStorm(nic = "host1:nic0", at = "100us", stormFor = "2ms", flowSize = "64MiB")
    void pfcStorm(RunResult run) {}

    @FirmwareMismatch(
        devices = {"host1", "host2"},
        firmware = "28.36.1010",
        senders = 4)
    void firmwareMismatch(RunResult run) {}

    @Collective(
        size = "64MiB",
        algorithm = {
          dev.rocelab.api.scenario.Workload.Algorithm.RING,
          dev.rocelab.api.scenario.Workload.Algorithm.TREE
        })
    void allReduce(RunResult run) {}

    @Collective(
        operation = CollectiveOperation.ALL_GATHER,
        size = "64MiB",
        maxSize = "1GiB",
        stepFactor = 4,
        ranks = 4,
        qpsPerConnection = 2,
        splitDataOnQps = true,
        fidelity = {Fidelity.PACKET, Fidelity.FLOW},
        hosts = {"host2", "host1"})
    void allGather(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class ParameterizedTestCase {

    @ParameterizedTest(name = "incast {0}:1")
    @ValueSource(ints = {2, 6})
    void incast(int senders, FabricSession fabric) {
      SCENARIOS.add(fabric.run(Scenario.incast().senders(senders)).scenario().describe());
    }
  }
}
