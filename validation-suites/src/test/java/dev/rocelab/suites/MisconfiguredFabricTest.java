package dev.rocelab.suites;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.rocelab.junit.FabricTest;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;

/**
 * The suites catch a misconfigured fabric: run through the real engine on {@code
 * fabrics/examples/misconfigured.yaml} (headroom too small for its cables, ECN off on the lossless
 * priority, one host on unapproved NIC firmware), the right phases fail, each with a message that
 * names the devices and values at fault, and the baseline still passes.
 *
 * <p>Not part of the published suites (the test jar leaves it out).
 */
class MisconfiguredFabricTest {

  private static Map<String, String> failures;
  private static List<String> passed;

  @BeforeAll
  static void runTheSuitesOnTheMisconfiguredFabric() {
    List<Event> finished =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter(
                FabricTest.FABRIC_PROPERTY, "fabrics/examples/misconfigured.yaml")
            .selectors(
                selectClass("dev.rocelab.suites.laboratory.ConfigurationConsistencyTest"),
                selectClass("dev.rocelab.suites.baseline.BaselineTest"),
                selectClass("dev.rocelab.suites.synthetic.CongestionTest"))
            .execute()
            .testEvents()
            .finished()
            .list();
    failures = new TreeMap<>();
    passed = new java.util.ArrayList<>();
    for (Event event : finished) {
      TestExecutionResult result = event.getPayload(TestExecutionResult.class).orElseThrow();
      String name = event.getTestDescriptor().getLegacyReportingName();
      String test =
          event
                  .getTestDescriptor()
                  .getUniqueId()
                  .getSegments()
                  .get(1)
                  .getValue()
                  .replaceFirst(".*\\.", "")
              + "."
              + name.replaceFirst("\\(.*", "");
      if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
        passed.add(test);
      } else {
        failures.merge(
            test,
            result.getThrowable().map(Throwable::getMessage).orElse("no message"),
            (a, b) -> a + "\n" + b);
      }
    }
    assertThat(finished)
        .as("tests run on the misconfigured fabric")
        .isNotEmpty()
        .allMatch(e -> e.getType() == EventType.FINISHED);
  }

  @Test
  void laboratoryNamesTheShortHeadroomPortByPort() {
    assertThat(
            failures.get("ConfigurationConsistencyTest.headroomCoversEveryCableAndFitsTheBuffer"))
        .contains("spine1:eth1 priority 3: XOFF headroom 48KiB but 400Gbps over 30m needs");
  }

  @Test
  void laboratoryNamesTheSwitchesWithoutEcnOnTheLosslessPriority() {
    assertThat(failures.get("ConfigurationConsistencyTest.everyLosslessQueueMarksEcn"))
        .contains(
            "leaf1: lossless priority 3 has no ECN marking (QoS policy rdma-lossless marks [0])");
  }

  @Test
  void laboratoryNamesTheNicsOnUnapprovedFirmware() {
    assertThat(failures.get("ConfigurationConsistencyTest.everyDeviceRunsApprovedFirmware"))
        .contains("host8:nic0 runs NIC firmware 28.36.1010; approved: [28.39.1002]")
        .doesNotContain("host7:");
    assertThat(failures.get("ConfigurationConsistencyTest.firmwareAndNosAreHomogeneous"))
        .contains("\"28.36.1010\"=[\"host8:nic0\"");
  }

  @Test
  void synthethicLoadFailsOnTheMissingEcnMarks() {
    assertThat(failures.get("CongestionTest.incastIsLosslessWithPfcAndEcnWorking"))
        .contains("ECN", "expected:   at least 1", "actual:     0");
  }

  @Test
  void onlyTheMisconfiguredAspectsFail() {
    assertThat(failures.keySet())
        .containsExactlyInAnyOrder(
            "ConfigurationConsistencyTest.headroomCoversEveryCableAndFitsTheBuffer",
            "ConfigurationConsistencyTest.everyLosslessQueueMarksEcn",
            "ConfigurationConsistencyTest.everyDeviceRunsApprovedFirmware",
            "ConfigurationConsistencyTest.firmwareAndNosAreHomogeneous",
            "CongestionTest.incastIsLosslessWithPfcAndEcnWorking");
    assertThat(
            passed.stream().filter(t -> t.startsWith("BaselineTest")).collect(Collectors.toList()))
        .hasSize(2);
  }
}
