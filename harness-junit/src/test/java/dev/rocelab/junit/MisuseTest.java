package dev.rocelab.junit;

import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Every misuse fails with an {@link ExtensionConfigurationException} naming the class, method or
 * annotation.
 */
class MisuseTest {

  private static final String SCENARIOS =
      "@Baseline, @Incast, @Microburst, @MixedTraffic, @LinkFailure, @SwitchReset, @PfcStorm, @FirmwareMismatch, @Collective";

  @Test
  void unknownFabricFileFailsTheClass() {
    assertFails(
        UnknownFabricTestCase.class,
        "@FabricTest(fabric = \"fabrics/nope.yaml\") on "
            + name(UnknownFabricTestCase.class)
            + ": there is no class path resource or file \"fabrics/nope.yaml\" (working directory "
            + Path.of("").toAbsolutePath()
            + ")");
  }

  @Test
  void fabricFileWithErrorsFailsTheClassListingThem() {
    assertFails(
        BrokenFabricTestCase.class,
        "@FabricTest(fabric = \"fabrics/broken.yaml\") on "
            + name(BrokenFabricTestCase.class)
            + ": the fabric file has errors:\n"
            + "fabrics/broken.yaml:9:23 topology.fabricLink.speed: \"fast\" is not a rate; use bps, Kbps, Mbps, Gbps, Tbps,"
            + " or bytes per second: B/s, KB/s, MB/s, GB/s, TB/s (e.g. \"400Gbps\", \"48GB/s\")");
  }

  @Test
  void unknownBackendFailsTheClassNamingTheAvailableOnes() {
    assertFails(
        UnknownBackendTestCase.class,
        "@FabricTest(backend = \"lab\") on "
            + name(UnknownBackendTestCase.class)
            + ": no fabric backend with id \"lab\"; available: model, scripted, scripted-concurrent, scripted-nofaults, scripted-realtime");
  }

  @Test
  void overridesAreNamedWhenTheyAreWrong() {
    assertFails(
        Map.of(FabricTest.BACKEND_PROPERTY, "lab"),
        UnknownBackendTestCase.class,
        "backend \"lab\" (from"
            + " rocelab.backend) for "
            + name(UnknownBackendTestCase.class)
            + ": no fabric backend with id \"lab\"; available: model, scripted, scripted-concurrent, scripted-nofaults, scripted-realtime");
    assertFails(
        Map.of(FabricTest.COMPARE_WITH_PROPERTY, "lab"),
        TwoScenariosTestCase.class,
        "compareWith \"lab\" (from rocelab.compareWith) for "
            + name(TwoScenariosTestCase.class)
            + ": no fabric backend with id \"lab\"; available: model, scripted, scripted-concurrent, scripted-nofaults, scripted-realtime");
    assertFails(
        Map.of(FabricTest.SEED_PROPERTY, "abc"),
        TwoScenariosTestCase.class,
        "seed \"abc\" (from rocelab.seed)"
            + " for "
            + name(TwoScenariosTestCase.class)
            + ": not a whole number");
  }

  @Test
  void twoScenarioAnnotationsOnOneMethodConflict() {
    assertFails(
        TwoScenariosTestCase.class,
        name(TwoScenariosTestCase.class)
            + "#both(RunResult) declares 2 scenario"
            + " annotations, @Incast and @Microburst; a test method runs one — inject a FabricSession to run several"
            + " scenarios in one test");
  }

  @Test
  void aScenarioAnnotationIsATestOfItsOwn() {
    assertFails(
        TestAndScenarioTestCase.class,
        name(TestAndScenarioTestCase.class)
            + "#m(RunResult) is annotated with"
            + " @Incast and @Test; a scenario annotation makes the method a test of its own (give an attribute several"
            + " values to sweep, or take a FabricSession in a @ParameterizedTest)");
    assertFails(
        ParameterizedAndScenarioTestCase.class,
        name(ParameterizedAndScenarioTestCase.class)
            + "#m(int,"
            + " RunResult) is annotated with @Incast and @ParameterizedTest; a scenario annotation makes the method a test"
            + " of its own (give an attribute several values to sweep, or take a FabricSession in a @ParameterizedTest)");
  }

  @Test
  void aParameterTheExtensionCannotResolveIsNamed() {
    assertFails(
        UnresolvableScenarioParameterTestCase.class,
        name(UnresolvableScenarioParameterTestCase.class)
            + "#m(PortStats): cannot inject parameter 0 of type dev.rocelab.api.result.PortStats; a scenario test takes"
            + " RunResult or ScenarioRun, and Scenario, FabricSession or FabricSpec");
    assertFails(
        UnresolvableTestParameterTestCase.class,
        name(UnresolvableTestParameterTestCase.class)
            + "#m(FabricBackend): cannot inject parameter 0 of type dev.rocelab.api.backend.FabricBackend; a @FabricTest"
            + " method takes FabricSession or FabricSpec");
    assertFails(
        RunResultWithoutScenarioTestCase.class,
        name(RunResultWithoutScenarioTestCase.class)
            + "#m(RunResult): a RunResult parameter needs a scenario annotation on the method ("
            + SCENARIOS
            + " or one of your own with @ScenarioSource); a test"
            + " without one can take a FabricSession and run scenarios itself");
    assertFails(
        ResultAndRunTestCase.class,
        name(ResultAndRunTestCase.class)
            + "#m(RunResult, ScenarioRun): takes both"
            + " a RunResult and a ScenarioRun; take the RunResult to judge the finished run, or the ScenarioRun to watch it"
            + " (its finish() gives the result)");
  }

  @Test
  void invalidAttributeValuesNameTheAnnotationAttributeAndMethod() {
    String method = name(BadAttributesTestCase.class);
    EngineExecutionResults results = Engine.run(BadAttributesTestCase.class);
    results
        .allEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            misuse(
                "@Incast(message = \"4 MBs\") on "
                    + method
                    + "#badSize(RunResult): \"4 MBs\" is not a"
                    + " size; use B, KiB, MiB, GiB, KB, MB, GB (e.g. \"16MiB\")"))
        .haveExactly(
            1,
            misuse(
                "@Incast(senders = {}) on "
                    + method
                    + "#noSenders(RunResult): needs at least one value"))
        .haveExactly(
            1,
            misuse(
                "@Incast on "
                    + method
                    + "#priorityAndDscp(RunResult): set priority or dscp, not both"))
        .haveExactly(
            1,
            misuse(
                "@Incast(priority = 5) on "
                    + method
                    + "#unmappedPriority(RunResult): no DSCP maps to"
                    + " priority 5 in QoS policy lossless of the fabric tiny"))
        .haveExactly(
            1,
            misuse(
                "@LinkFailure(port = \"leaf9:eth1\") on "
                    + method
                    + "#unknownPort(RunResult): the"
                    + " fabric tiny has no link at leaf9:eth1"))
        .haveExactly(
            1,
            misuse(
                "@SwitchReset(device = \"host1\") on "
                    + method
                    + "#resetAHost(RunResult): host1 is a"
                    + " host, not a switch"))
        .haveExactly(
            1,
            misuse(
                "@MixedTraffic(lossyPriority = 3) on "
                    + method
                    + "#losslessBackground(RunResult):"
                    + " priority 3 is lossless in QoS policy lossless; lossy traffic needs a lossy priority"))
        .haveExactly(
            1,
            misuse(
                "@Incast(duration = \"0ms\") on "
                    + method
                    + "#zeroDuration(RunResult): must be > 0"))
        .haveExactly(
            1,
            misuse(
                "@Incast(message = \"1MiB at fast\") on "
                    + method
                    + "#badLinkSpeed(RunResult): \"fast\" is not a rate; use bps, Kbps, Mbps, Gbps,"
                    + " Tbps, or bytes per second: B/s, KB/s, MB/s, GB/s, TB/s (e.g. \"400Gbps\","
                    + " \"48GB/s\")"));
  }

  @Test
  void aScenarioAnnotationNeedsAFabricTestClass() {
    assertFails(
        NotAFabricTestTestCase.class,
        name(NotAFabricTestTestCase.class)
            + "#m(RunResult) with @Incast needs "
            + name(NotAFabricTestTestCase.class)
            + " to be annotated @FabricTest(fabric = …, phase = …)");
  }

  private static void assertFails(Class<?> fixture, String expected) {
    assertFails(Map.of(), fixture, expected);
  }

  private static void assertFails(
      Map<String, String> parameters, Class<?> fixture, String expected) {
    Engine.run(parameters, fixture).allEvents().assertThatEvents().haveAtLeastOne(misuse(expected));
  }

  private static org.assertj.core.api.Condition<org.junit.platform.testkit.engine.Event> misuse(
      String expected) {
    return event(
        finishedWithFailure(instanceOf(ExtensionConfigurationException.class), message(expected)));
  }

  private static String name(Class<?> fixture) {
    return fixture.getName();
  }

  @FabricTest(fabric = "fabrics/nope.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class UnknownFabricTestCase {
    @Incast(senders = 2)
    void m(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/broken.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class BrokenFabricTestCase {
    @Incast(senders = 2)
    void m(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "lab", phase = Phase.SYNTHETIC_LOAD)
  static class UnknownBackendTestCase {
    @Incast(senders = 2)
    void m(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class TwoScenariosTestCase {
    @Incast(senders = 2)
    @Microburst(senders = 2)
    void both(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class TestAndScenarioTestCase {
    @Test
    @Incast(senders = 2)
    void m(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class ParameterizedAndScenarioTestCase {
    @ParameterizedTest
    @ValueSource(ints = 1)
    @Incast(senders = 2)
    void m(int x, RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class UnresolvableScenarioParameterTestCase {
    @Incast(senders = 2)
    void m(PortStats stats) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class UnresolvableTestParameterTestCase {
    @Test
    void m(FabricBackend backend) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class RunResultWithoutScenarioTestCase {
    @Test
    void m(RunResult run) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class ResultAndRunTestCase {
    @Incast(senders = 2)
    void m(RunResult result, ScenarioRun run) {}
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.SYNTHETIC_LOAD)
  static class BadAttributesTestCase {
    @Incast(senders = 2, message = "4 MBs")
    void badSize(RunResult run) {}

    @Incast(senders = {})
    void noSenders(RunResult run) {}

    @Incast(senders = 2, priority = 3, dscp = 26)
    void priorityAndDscp(RunResult run) {}

    @Incast(senders = 2, priority = 5)
    void unmappedPriority(RunResult run) {}

    @LinkFailure(port = "leaf9:eth1")
    void unknownPort(RunResult run) {}

    @SwitchReset(device = "host1")
    void resetAHost(RunResult run) {}

    @MixedTraffic(senders = 2, lossySenders = 2, lossyPriority = 3)
    void losslessBackground(RunResult run) {}

    @Incast(senders = 2, duration = "0ms")
    void zeroDuration(RunResult run) {}

    @Incast(senders = 2, message = "1MiB at fast")
    void badLinkSpeed(RunResult run) {}
  }

  static class NotAFabricTestTestCase {
    @Incast(senders = 2)
    void m(RunResult run) {}
  }
}
