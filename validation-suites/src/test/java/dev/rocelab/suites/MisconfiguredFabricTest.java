package dev.rocelab.suites;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.reports.FailureCategories;
import dev.rocelab.suites.SuiteRun.Outcome;
import dev.rocelab.suites.SuiteRun.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The suites catch a misconfigured fabric: all six phases run through the real engine on {@code
 * fabrics/examples/misconfigured.yaml} (headroom too small for its cables, ECN off on the lossless
 * priority, one host on unapproved NIC firmware), each sweep at its two ends; the right tests fail,
 * each with a message that names the devices and values at fault in a few lines and falls in a
 * sign-off category, and the baseline still passes. The Operational alert tests need a Docker
 * engine, as in the suites.
 *
 * <p>Not part of the published suites (the test jar leaves it out).
 */
class MisconfiguredFabricTest {

  private static Map<String, String> failures;
  private static List<String> passed;

  @BeforeAll
  static void runTheSuitesOnTheMisconfiguredFabric() {
    List<Outcome> outcomes =
        SuiteRun.of(
            "fabrics/examples/misconfigured.yaml",
            Map.of("rocelab.sweep", "ends"),
            SuiteRun.PHASES);
    assertThat(outcomes).as("tests run on the misconfigured fabric").isNotEmpty();
    assertThat(SuiteRun.with(outcomes, Status.SKIPPED)).isEmpty();
    failures = new TreeMap<>();
    passed = new ArrayList<>();
    for (Outcome outcome : outcomes) {
      if (outcome.status() == Status.PASSED) {
        passed.add(outcome.test());
      } else {
        failures.merge(outcome.test(), outcome.message(), (a, b) -> a + "\n" + b);
      }
    }
  }

  @Test
  void laboratoryNamesTheShortHeadroomPortByPort() {
    assertThat(
            failures.get("ConfigurationConsistencyTest.headroomCoversEveryCableAndFitsTheBuffer"))
        .contains(
            "leaf1:eth1, leaf1:eth2, leaf1:eth3, leaf1:eth4 and 60 more like this:"
                + " priority 3: XOFF headroom 48KiB but 400Gbps over 3m needs 157KiB",
            "leaf1:eth9, leaf1:eth10, leaf1:eth11, leaf1:eth12 and 124 more like this:"
                + " priority 3: XOFF headroom 48KiB but 400Gbps over 30m needs 187KiB");
  }

  @Test
  void laboratoryNamesTheSwitchesWithoutEcnOnTheLosslessPriority() {
    assertThat(failures.get("ConfigurationConsistencyTest.everyLosslessQueueMarksEcn"))
        .contains(
            "leaf1, leaf2, leaf3, leaf4 and 8 more like this: lossless priority 3 has no ECN marking"
                + " (QoS policy rdma-lossless marks [0])");
  }

  @Test
  void laboratoryNamesTheNicsOnUnapprovedFirmware() {
    assertThat(failures.get("ConfigurationConsistencyTest.everyDeviceRunsApprovedFirmware"))
        .contains(
            "host8:nic0, host8:nic1, host8:nic2, host8:nic3 and 4 more like this:"
                + " runs NIC firmware 28.36.1010; approved: [28.39.1002]")
        .doesNotContain("host7:");
    assertThat(failures.get("ConfigurationConsistencyTest.firmwareAndNosAreHomogeneous"))
        .contains("host8:nic0, host8:nic1, host8:nic2, host8:nic3 and 4 more like this:")
        .contains(" more like this: runs NIC firmware 28.39.1002");
  }

  @Test
  void synthethicLoadFailsOnTheMissingEcnMarks() {
    assertThat(failures.get("CongestionTest.incastIsLosslessWithPfcAndEcnWorking"))
        .contains("ECN", "expected:   at least 1", "actual:     0");
  }

  @Test
  void everyFailureFallsInASignOffCategory() {
    assertThat(failures)
        .allSatisfy(
            (test, message) ->
                assertThat(FailureCategories.of("failed", message))
                    .as("the category of %s: %s", test, message)
                    .isPresent());
  }

  @Test
  void onlyTheMisconfiguredAspectsFail() {
    assertThat(failures.keySet())
        .containsExactlyInAnyOrder(
            "ConfigurationConsistencyTest.headroomCoversEveryCableAndFitsTheBuffer",
            "ConfigurationConsistencyTest.everyLosslessQueueMarksEcn",
            "ConfigurationConsistencyTest.everyDeviceRunsApprovedFirmware",
            "ConfigurationConsistencyTest.firmwareAndNosAreHomogeneous",
            "CongestionTest.incastIsLosslessWithPfcAndEcnWorking",
            // without ECN there is no ECN surge to alert on, and PFC alone pauses for long
            "AlertRulesTest.incastFiresTheEcnAndCnpSurges",
            "AlertRulesTest.linkFailureFiresRoceLinkDownAndTheLinkDownDrops",
            // the telemetry check needs ECN marks to account for, and the fabric makes none
            "TelemetryTest.timeSeriesAccountForEveryPauseMarkAndFlow");
    assertThat(
            passed.stream().filter(t -> t.startsWith("BaselineTest")).collect(Collectors.toList()))
        .hasSize(2);
  }
}
