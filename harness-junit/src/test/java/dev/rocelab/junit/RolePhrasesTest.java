package dev.rocelab.junit;

import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.rocelab.api.fabric.FabricRoles;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Completion;
import dev.rocelab.api.scenario.Phase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * Every scenario annotation that takes a part of the fabric by name takes it by role as well, so a
 * suite names nothing of the fabric it was written on: on a fabric whose devices are called {@code
 * gpu-node-a}, {@code tor-a} and {@code core-1} the phrases pick the parts the javadoc of {@link
 * FabricRoles} says.
 */
class RolePhrasesTest {

  @Test
  void eachPhraseNamesThePartItsRolePicksOnAFabricOfOtherNames() {
    var events = Engine.run(NamedGraphTestCase.class).testEvents();

    events.assertStatistics(s -> s.succeeded(6).failed(0).aborted(0).skipped(0));
    events
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                displayName("PFC storm gpu-node-b:nic0 prio 3 at 20 us · 4 MiB per flow"),
                finishedSuccessfully()))
        .haveExactly(
            1, event(displayName("incast 2:1 → gpu-node-c:nic0 · 1 MiB"), finishedSuccessfully()))
        .haveExactly(
            1,
            event(
                displayName("link failure tor-a:eth1 at 20 us · 4 MiB per flow"),
                finishedSuccessfully()))
        .haveExactly(
            1,
            event(
                displayName("switch reset tor-a at 20 us · reboot 1 ms · 4 MiB per flow"),
                finishedSuccessfully()))
        .haveExactly(
            1,
            event(
                displayName("all_reduce · 1 MiB · auto · on gpu-node-a, gpu-node-c"),
                finishedSuccessfully()))
        .haveExactly(
            1,
            event(
                displayName("firmware mismatch gpu-node-a on 28.40.1000 · incast 2:1 · 1 MiB"),
                finishedSuccessfully()));
  }

  @Test
  void aNicPhraseNoRoleAnswersNamesTheNicRoles() {
    Engine.run(UnknownNicRoleTestCase.class)
        .containerEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    instanceOf(ExtensionConfigurationException.class),
                    message(
                        m ->
                            m.endsWith(
                                "\"the busiest NIC\" is neither a name nor a role; the roles here"
                                    + " are \"a NIC\", \"a NIC of another host\", \"a NIC under"
                                    + " another leaf\"")))));
  }

  @FabricTest(fabric = "fabrics/named-graph.yaml", backend = "scripted", phase = Phase.FAILURES)
  static class NamedGraphTestCase {

    // the storm stalls a flow to the storming NIC; the test is of the NIC chosen, not the flows
    @PfcStorm(
        nic = FabricRoles.A_NIC_OF_ANOTHER_HOST,
        at = "20us",
        flowSize = "4MiB",
        completion = Completion.WINDOW)
    void pfcStorm(RunResult run) {}

    @Incast(senders = 2, receiver = FabricRoles.A_NIC_UNDER_ANOTHER_LEAF)
    void incast(RunResult run) {}

    @LinkFailure(port = FabricRoles.A_HOST_LINK, at = "20us", flowSize = "4MiB")
    void hostLinkFailure(RunResult run) {}

    @SwitchReset(device = FabricRoles.A_LEAF, at = "20us", rebootTime = "1ms", flowSize = "4MiB")
    void leafReset(RunResult run) {}

    @Collective(size = "1MiB", hosts = FabricRoles.EVERY_OTHER_HOST)
    void collective(RunResult run) {}

    @FirmwareMismatch(devices = FabricRoles.A_HOST, firmware = "28.40.1000", senders = 2)
    void firmwareMismatch(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/named-graph.yaml", backend = "scripted", phase = Phase.FAILURES)
  static class UnknownNicRoleTestCase {

    @PfcStorm(nic = "the busiest NIC", flowSize = "4MiB")
    void pfcStorm(RunResult run) {}
  }
}
