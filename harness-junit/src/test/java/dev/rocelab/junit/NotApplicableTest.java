package dev.rocelab.junit;

import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricRoles;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.opentest4j.TestAbortedException;

/**
 * A scenario that names a part by its role runs on every fabric that has one, and is not applicable
 * — skipped with the reason, never passed, never broken — on a fabric that lacks it.
 */
class NotApplicableTest {

  private static final String NO_REDUNDANT_UPLINK =
      "not applicable: no leaf of fabric single-spine has two uplinks, so none loses one and"
          + " stays connected";

  @Test
  void aRoleTheFabricLacksMakesTheTestNotApplicableWithTheReason() {
    var results = Engine.run(SingleSpineTestCase.class);
    var events = results.testEvents();

    events.assertStatistics(s -> s.skipped(2).aborted(1).failed(0).succeeded(0));
    events
        .assertThatEvents()
        .haveExactly(1, event(test("linkFailure"), skippedWithReason(NO_REDUNDANT_UPLINK)))
        .haveExactly(
            1,
            event(
                test("spineReset"),
                skippedWithReason(
                    "not applicable: every switch above the leaves of fabric single-spine is some"
                        + " leaf's only way up")))
        .haveExactly(
            1,
            event(
                test("askedInCode"),
                abortedWithReason(
                    instanceOf(TestAbortedException.class), message(NO_REDUNDANT_UPLINK))));
    // a phrase no role answers is a mistake in the test, not a shape the fabric lacks
    results
        .containerEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    instanceOf(ExtensionConfigurationException.class),
                    message(
                        "@LinkFailure(port = \"the busiest uplink\") on"
                            + " dev.rocelab.junit.NotApplicableTest$SingleSpineTestCase"
                            + "#anUnknownRole(RunResult): \"the busiest uplink\" is neither a name"
                            + " nor a role; the roles here are \"a host link\", \"a redundant uplink\""))));
  }

  @Test
  void aSweepPointTheFabricIsTooSmallForIsNotApplicableWhileTheOthersRun() {
    var events = Engine.run(SmallFabricTestCase.class).testEvents();

    events.assertStatistics(s -> s.succeeded(1).aborted(2).failed(0));
    events
        .assertThatEvents()
        .haveExactly(1, event(displayName("incast 2:1 · 1 MiB · prio 3"), finishedSuccessfully()))
        .haveExactly(
            1,
            event(
                displayName("incast 8:1 · 1 MiB · prio 3"),
                abortedWithReason(
                    message(
                        "not applicable: incast of 8 senders needs as many NICs besides the"
                            + " receiver host1:nic0; fabric single-spine has 7"))))
        .haveExactly(
            1,
            event(
                test("aCollectiveTooLargeInCode"),
                abortedWithReason(
                    message(
                        "not applicable: a collective over 16 ranks needs as many GPUs; fabric"
                            + " single-spine has 8"))));
  }

  @Test
  void aCountThatIsAMostRunsWithWhatTheFabricHas() {
    var events = Engine.run(MostValuesTestCase.class).testEvents();

    // 7 NICs besides the receiver and 8 GPUs: 8 and 16 senders both run as 7, once; 0 ranks stays
    // all of them
    events.assertStatistics(s -> s.succeeded(5).aborted(0).failed(0).skipped(0));
    Assertions.assertThat(
            events.succeeded().map(e -> e.getTestDescriptor().getDisplayName()).toList())
        .hasSize(5)
        .contains("incast 2:1 · 1 MiB · prio 3", "incast 7:1 · 1 MiB · prio 3")
        .anySatisfy(name -> Assertions.assertThat(name).endsWith(" · 4 ranks"))
        .anySatisfy(name -> Assertions.assertThat(name).endsWith(" · 8 ranks"))
        .anySatisfy(
            name -> Assertions.assertThat(name).startsWith("all_reduce").doesNotContain(" ranks"));
  }

  @Test
  void aMostRankCountIsNotForAPlacementOnNamedHosts() {
    Engine.run(MostRanksOnHostsTestCase.class)
        .containerEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    instanceOf(ExtensionConfigurationException.class),
                    message(
                        m -> m.contains("caps ranks at the fabric's GPUs, so not with hosts")))));
  }

  @Test
  void onAFabricWithTheShapeTheRoleNamesItsPart() {
    var events = Engine.run(TwoSpinesTestCase.class).testEvents();

    events.assertStatistics(s -> s.succeeded(2).failed(0).skipped(0).aborted(0));
    events
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                displayName("link failure leaf1:eth5 at 20 us · 4 MiB per flow"),
                finishedSuccessfully()))
        .haveExactly(
            1,
            event(
                displayName("switch reset spine1 at 20 us · reboot 1 ms · 4 MiB per flow"),
                finishedSuccessfully()));
  }

  @FabricTest(fabric = "fabrics/single-spine.yaml", backend = "scripted", phase = Phase.FAILURES)
  static class SingleSpineTestCase {

    @LinkFailure(port = FabricRoles.REDUNDANT_UPLINK, flowSize = "4MiB")
    void linkFailure(RunResult run) {}

    @SwitchReset(device = FabricRoles.REDUNDANT_SPINE, rebootTime = "1ms", flowSize = "4MiB")
    void spineReset(RunResult run) {}

    @Test
    void askedInCode(FabricSpec fabric) {
      FabricRoles.of(FabricGraph.of(fabric)).redundantUplink();
    }

    @LinkFailure(port = "the busiest uplink", flowSize = "4MiB")
    void anUnknownRole(RunResult run) {}
  }

  @FabricTest(
      fabric = "fabrics/single-spine.yaml",
      backend = "scripted",
      phase = Phase.SYNTHETIC_LOAD)
  static class SmallFabricTestCase {

    @Incast(
        senders = {2, 8},
        message = "1MiB",
        priority = 3)
    void incast(RunResult run) {}

    @Test
    void aCollectiveTooLargeInCode(FabricSession fabric) {
      fabric.run(Scenario.collective(Workload.CollectiveOperation.ALL_REDUCE).ranks(16));
    }
  }

  @FabricTest(
      fabric = "fabrics/single-spine.yaml",
      backend = "scripted",
      phase = Phase.SYNTHETIC_LOAD)
  static class MostValuesTestCase {

    @Incast(
        senders = {2, 8, 16},
        message = "1MiB",
        priority = 3,
        atMost = true)
    void incast(RunResult run) {}

    @Collective(
        size = "1MiB",
        ranks = {0, 4, 16},
        atMost = true)
    void collective(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/single-spine.yaml", backend = "scripted", phase = Phase.AI_WORKLOAD)
  static class MostRanksOnHostsTestCase {

    @Collective(
        size = "1MiB",
        ranks = 4,
        atMost = true,
        hosts = {"host1", "host2"})
    void collective(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.FAILURES)
  static class TwoSpinesTestCase {

    @LinkFailure(port = FabricRoles.REDUNDANT_UPLINK, at = "20us", flowSize = "4MiB")
    void linkFailure(RunResult run) {}

    @SwitchReset(
        device = FabricRoles.REDUNDANT_SPINE,
        at = "20us",
        rebootTime = "1ms",
        flowSize = "4MiB")
    void spineReset(RunResult run) {}
  }
}
