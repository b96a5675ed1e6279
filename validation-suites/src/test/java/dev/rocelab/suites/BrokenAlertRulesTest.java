package dev.rocelab.suites;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * The OPERATIONAL suite catches broken alert rules: run through the real engine with {@code
 * alerts/broken.rules.yaml} (RocePfcStorm on a metric name that does not exist, RoceEcnSurge with a
 * threshold no 400G port can reach), the tests of those two alerts fail with a message naming the
 * rule and the scenario (both tests that expect a PFC storm alert catch the first), and the others
 * still pass.
 *
 * <p>Not part of the published suites.
 */
class BrokenAlertRulesTest {

  private static final String RULES_PROPERTY = "rocelab.alerts.rules";

  private static Map<String, String> failures;
  private static List<String> passed;

  @BeforeAll
  static void runTheOperationalSuiteOnBrokenRules() {
    List<Event> finished;
    String before = System.getProperty(RULES_PROPERTY);
    System.setProperty(RULES_PROPERTY, "alerts/broken.rules.yaml");
    try {
      finished =
          EngineTestKit.engine("junit-jupiter")
              .selectors(selectClass("dev.rocelab.suites.operational.AlertRulesTest"))
              .execute()
              .testEvents()
              .finished()
              .list();
    } finally {
      if (before == null) {
        System.clearProperty(RULES_PROPERTY);
      } else {
        System.setProperty(RULES_PROPERTY, before);
      }
    }
    failures = new TreeMap<>();
    passed = new ArrayList<>();
    for (Event event : finished) {
      TestExecutionResult result = event.getPayload(TestExecutionResult.class).orElseThrow();
      String test = event.getTestDescriptor().getLegacyReportingName().replaceFirst("\\(.*", "");
      if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
        passed.add(test);
      } else {
        failures.put(test, result.getThrowable().map(Throwable::getMessage).orElse("no message"));
      }
    }
  }

  @Test
  void wrongMetricNameFailsThePfcStormTestNamingRuleAndScenario() {
    assertThat(failures.get("pfcStormFiresRocePfcStorm"))
        .contains("Expecting alert RocePfcStorm to fire in scenario \"PFC storm\" (fault at 5m)")
        .contains("but it never fired over 15m");
    // the storm at the incast receiver checks RocePfcStorm too, and catches the same mistake
    assertThat(
            failures.get("pfcStormAtAnIncastReceiverFillsItsLeafsBufferAndFiresRoceBufferNearFull"))
        .contains(
            "Expecting alert RocePfcStorm to fire in scenario \"PFC storm at an incast receiver\" (fault at 5m)")
        .contains("but it never fired over 15m");
  }

  @Test
  void thresholdTooHighFailsTheIncastTestNamingRuleAndScenario() {
    assertThat(failures.get("incastFiresTheEcnAndCnpSurges"))
        .contains("Expecting alert RoceEcnSurge to fire in scenario \"incast 16:1\"")
        .contains("RoceCnpSurge{device=host1, port=nic0, priority=6, severity=warning}");
  }

  @Test
  void onlyTheTestsOfTheBrokenRulesFail() {
    assertThat(failures.keySet())
        .containsExactlyInAnyOrder(
            "pfcStormFiresRocePfcStorm",
            "pfcStormAtAnIncastReceiverFillsItsLeafsBufferAndFiresRoceBufferNearFull",
            "incastFiresTheEcnAndCnpSurges");
    assertThat(passed)
        .containsExactlyInAnyOrder(
            "linkFailureFiresRoceLinkDownAndTheLinkDownDrops",
            "degradingOpticFiresRoceOpticDegradingBeforeItsLinkGoesDown",
            "opticFailingFromAHealthyBerFiresNoWarning",
            "allReduceOverAFlappingHostLinkFiresRoceBusbwRegression",
            "healthyAllReduceFiresNothing",
            "healthyBaselineFiresNothing");
  }
}
