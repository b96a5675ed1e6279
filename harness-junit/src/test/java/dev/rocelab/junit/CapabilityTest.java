package dev.rocelab.junit;

import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.rocelab.api.backend.FabricBackendException;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

class CapabilityTest {

  @Test
  void aScenarioTheBackendCannotRunIsSkippedWithTheBackendsReason() {
    var events = Engine.run(NoFaultInjectionTestCase.class).testEvents();

    events.assertStatistics(s -> s.started(4).succeeded(1).aborted(3).failed(0));
    events
        .assertThatEvents()
        .haveExactly(1, event(test("incastRuns"), finishedSuccessfully()))
        .haveExactly(
            1,
            event(
                displayName("link failure leaf1:eth3 at 500 us · 4 MiB per flow"),
                abortedWithReason(
                    instanceOf(TestAbortedException.class),
                    message(
                        "backend scripted-nofaults cannot run \"link failure\": it lacks [LINK_FAULTS]"))))
        .haveExactly(
            1,
            event(
                displayName("PFC storm host1:nic0 prio 3 at 500 us · 4 MiB per flow"),
                abortedWithReason(
                    message(
                        "backend scripted-nofaults cannot run \"PFC storm\": it lacks [PFC_STORM]"))))
        .haveExactly(
            1,
            event(
                test("sessionRunOfAFaultIsSkippedToo"),
                abortedWithReason(
                    message(
                        "backend scripted-nofaults cannot run \"permutation\": it lacks [SWITCH_RESET]"))));
  }

  @Test
  void whatTheBackendRefusesOnlyWhenItRunsIsSkippedToo() {
    var events = Engine.run(RefusedAtRunTimeTestCase.class).testEvents();

    events.assertStatistics(s -> s.started(2).aborted(2));
    events
        .assertThatEvents()
        .haveExactly(
            2,
            event(
                abortedWithReason(
                    instanceOf(TestAbortedException.class),
                    message("scripted cannot run an incast of 7KiB messages today"))));
  }

  @Test
  void anInfrastructureProblemFailsAsItself() {
    Engine.run(UnreachableTestCase.class)
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    instanceOf(FabricBackendException.class),
                    message("lab host leaf1 unreachable"))));
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class RefusedAtRunTimeTestCase {

    @Incast(senders = 2, message = "7KiB")
    void byAnnotation(RunResult run) {}

    @Test
    void bySession(FabricSession fabric) {
      fabric.run(Scenario.incast().senders(2).message("7KiB"));
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class UnreachableTestCase {

    @Incast(senders = 2, message = "6KiB")
    void byAnnotation(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted-nofaults", phase = Phase.FAILURES)
  static class NoFaultInjectionTestCase {

    @Incast(senders = 4)
    void incastRuns(RunResult run) {}

    @LinkFailure(port = "leaf1:eth3", flowSize = "4MiB")
    void linkFailure(RunResult run) {
      throw new AssertionError("must not run");
    }

    @PfcStorm(nic = "host1:nic0", flowSize = "4MiB")
    void pfcStorm(RunResult run) {
      throw new AssertionError("must not run");
    }

    @Test
    void sessionRunOfAFaultIsSkippedToo(FabricSession fabric) {
      fabric.run(Scenario.permutation().with(Fault.switchReset("spine1", "1ms")));
      throw new AssertionError("must not get here");
    }
  }
}
