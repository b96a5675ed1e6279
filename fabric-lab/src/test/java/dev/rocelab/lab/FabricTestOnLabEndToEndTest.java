package dev.rocelab.lab;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.junit.Baseline;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.LinkFailure;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * A {@code @FabricTest} suite, written as the model suites are, run by the real Jupiter engine on
 * the lab backend against a lab in containers ({@link LabContainers}): the fabric file is written
 * when the lab has started (its SSH ports are only known then) and handed to the extension as
 * {@code rocelab.fabric}, as a user would pass {@code -Drocelab.fabric=lab.yaml}. On a healthy lab
 * the suite passes; with a host's container stopped its tests are broken — failed with the lab's
 * infrastructure error naming the host, not with an assertion error.
 *
 * <p>Skipped, with the reason, where no Docker engine answers; {@code .ci/docker} starts one in CI.
 */
@Testcontainers(disabledWithoutDocker = true)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FabricTestOnLabEndToEndTest {

  private static LabContainers lab;

  @BeforeAll
  static void startLab() throws Exception {
    lab = new LabContainers();
  }

  @AfterAll
  static void stopLab() throws Exception {
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  @Order(1)
  void theSuitePassesOnAHealthyLab() {
    Events tests = runSuite().testEvents();

    Assertions.assertThat(tests.failed().stream().map(FabricTestOnLabEndToEndTest::why))
        .as("the suite's tests that failed on a healthy lab, and why")
        .isEmpty();
    tests.assertStatistics(s -> s.started(2).succeeded(2).failed(0).aborted(0).skipped(0));
    tests
        .assertThatEvents()
        .haveExactly(
            1, event(test("baselineIsLosslessAndEveryFlowCompletes"), finishedSuccessfully()))
        .haveExactly(1, event(test("trafficResumesOnceTheLinkIsBack"), finishedSuccessfully()));
  }

  @Test
  @Order(2)
  void aStoppedHostMakesTheSuiteBrokenNotFailed() {
    lab.host("host2")
        .getDockerClient()
        .stopContainerCmd(lab.host("host2").getContainerId())
        .withTimeout(0)
        .exec();

    Events tests = runSuite().testEvents();

    tests.assertStatistics(s -> s.started(2).succeeded(0).failed(2).aborted(0));
    tests
        .assertThatEvents()
        .haveExactly(
            2,
            event(
                finishedWithFailure(
                    instanceOf(LabException.class),
                    message(m -> m.contains("[device host2, command: (login)]")))));
  }

  /** A failed test's name and its failure with every cause, which CI's log then shows. */
  private static String why(Event failed) {
    StringBuilder why = new StringBuilder(failed.getTestDescriptor().getDisplayName());
    failed
        .getPayload(TestExecutionResult.class)
        .flatMap(TestExecutionResult::getThrowable)
        .ifPresent(
            thrown -> {
              for (Throwable t = thrown; t != null; t = t.getCause()) {
                why.append(t == thrown ? ": " : "\n  caused by ").append(t);
              }
            });
    return why.toString();
  }

  private static EngineExecutionResults runSuite() {
    return EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(ContainerLabSuiteTestCase.class))
        .configurationParameters(
            Map.of(FabricTest.FABRIC_PROPERTY, lab.fabricFile("id_rsa").toString()))
        .execute();
  }

  /**
   * The suite, in the model suites' style. Its fabric is the containers' lab file, given as {@code
   * rocelab.fabric} when the test runs; the name here is never read.
   */
  @FabricTest(fabric = "container-lab.yaml", backend = "lab", phase = Phase.FAILURES)
  static class ContainerLabSuiteTestCase {

    @Baseline(flowSize = "256MiB")
    void baselineIsLosslessAndEveryFlowCompletes(RunResult run) {
      assertThat(run).isLossless();
      assertThat(run).hasNoDeadlock();
      assertThat(run).flows().allCompleted();
    }

    @LinkFailure(port = "host2:nic0", at = "500ms", downFor = "1500ms", flowSize = "3GiB")
    void trafficResumesOnceTheLinkIsBack(RunResult run) {
      assertThat(run).hasNoDeadlock();
      assertThat(run).flows().allCompleted();
      Assertions.assertThat(run.events())
          .extracting(FabricEvent::kind)
          .containsExactly(FabricEvent.Kind.FAULT, FabricEvent.Kind.RECOVERY);
    }
  }
}
