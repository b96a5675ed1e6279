package dev.rocelab.alerting;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Every failure message of {@link AlertsAssert}, pinned on reports built by hand (no promtool
 * needed).
 */
class AlertsAssertTest {

  private static final AlertFiring STORM_ON_LEAF1 =
      firing(
          "RocePfcStorm",
          Map.of("device", "leaf1", "port", "eth2", "priority", "3", "severity", "critical"),
          "6m15s",
          "10m");
  private static final AlertFiring STORM_ON_SPINE1 =
      firing(
          "RocePfcStorm",
          Map.of("device", "spine1", "port", "eth1", "priority", "3", "severity", "critical"),
          "7m",
          "10m");
  private static final AlertFiring BUFFER_BEFORE_THE_FAULT =
      firing("RoceBufferNearFull", Map.of("device", "leaf1", "severity", "warning"), "4m", "4m30s");

  private static final List<String> ALERTNAMES =
      List.of("RocePfcStorm", "RoceLinkDown", "RoceBufferNearFull");

  /**
   * A PFC storm from 5m to 10m of a 15m timeline: the storm alert on two devices, a buffer alert
   * before it.
   */
  private final AlertReport storm =
      report(
          "PFC storm",
          Optional.of(Duration.ofMinutes(5)),
          List.of(STORM_ON_SPINE1, BUFFER_BEFORE_THE_FAULT, STORM_ON_LEAF1));

  @Test
  void passesOnWhatFiredWhereAndInTime() {
    assertThatCode(
            () -> {
              AlertsAssert.assertThat(storm)
                  .fired("RocePfcStorm")
                  .on("device", "spine1")
                  .on("port", "eth1")
                  .within("2m")
                  .ofTheFault();
              AlertsAssert.assertThat(storm)
                  .fired("RocePfcStorm")
                  .within(Duration.ofSeconds(75))
                  .ofTheFault();
              AlertsAssert.assertThat(storm).didNotFire("RoceLinkDown");
              AlertsAssert.assertThat(report("baseline", Optional.empty(), List.of()))
                  .nothingFired();
            })
        .doesNotThrowAnyException();
  }

  @Test
  void firedNamesAnAlertTheRulesDoNotHave() {
    assertThatThrownBy(() -> AlertsAssert.assertThat(storm).fired("RocePfcStrom"))
        .hasMessage(
            lines(
                "",
                "Expecting alert RocePfcStrom to fire in scenario \"PFC storm\"",
                "but the rule files [roce-fabric.rules.yaml] have no such alerting rule; they have: [RocePfcStorm,"
                    + " RoceLinkDown, RoceBufferNearFull]"));
  }

  @Test
  void firedListsWhatFiredInstead() {
    assertThatThrownBy(() -> AlertsAssert.assertThat(storm).fired("RoceLinkDown"))
        .hasMessage(
            lines(
                "",
                "Expecting alert RoceLinkDown to fire in scenario \"PFC storm\" (fault at 5m)",
                "but it never fired over 15m.",
                "What fired:",
                "  RoceBufferNearFull{device=leaf1, severity=warning} firing from 4m to 4m30s",
                "  RocePfcStorm{device=leaf1, port=eth2, priority=3, severity=critical} firing from 6m15s to 10m",
                "  RocePfcStorm{device=spine1, port=eth1, priority=3, severity=critical} firing from 7m to 10m"));
  }

  @Test
  void firedOnNamesTheLabelsAndWhereItDidFire() {
    assertThatThrownBy(
            () ->
                AlertsAssert.assertThat(storm)
                    .fired("RocePfcStorm")
                    .on("device", "leaf1", "port", "eth9"))
        .hasMessage(
            lines(
                "",
                "Expecting alert RocePfcStorm to fire on {device=leaf1, port=eth9} in scenario \"PFC storm\"",
                "but it fired only on:",
                "  RocePfcStorm{device=leaf1, port=eth2, priority=3, severity=critical} firing from 6m15s to 10m",
                "  RocePfcStorm{device=spine1, port=eth1, priority=3, severity=critical} firing from 7m to 10m"));
  }

  @Test
  void firedOnTakesNamesAndValuesInPairs() {
    assertThatThrownBy(() -> AlertsAssert.assertThat(storm).fired("RocePfcStorm").on("device"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("on(...) takes label names and values in pairs but got [device]");
  }

  @Test
  void withinOfTheFaultNeedsAFault() {
    AlertReport baseline = report("baseline", Optional.empty(), List.of(STORM_ON_LEAF1));

    assertThatThrownBy(
            () -> AlertsAssert.assertThat(baseline).fired("RocePfcStorm").within("2m").ofTheFault())
        .hasMessage(
            lines(
                "",
                "Expecting alert RocePfcStorm to fire within 2m of the fault",
                "but scenario \"baseline\" has no fault"));
  }

  @Test
  void withinOfTheFaultRejectsAnAlertThatFiredBeforeTheFault() {
    assertThatThrownBy(
            () ->
                AlertsAssert.assertThat(storm)
                    .fired("RoceBufferNearFull")
                    .within("2m")
                    .ofTheFault())
        .hasMessage(
            lines(
                "",
                "Expecting alert RoceBufferNearFull to fire within 2m of the fault in scenario \"PFC storm\"",
                "but it fired at 4m, before the fault started at 5m: it does not single out the fault.",
                "Its firings:",
                "  RoceBufferNearFull{device=leaf1, severity=warning} firing from 4m to 4m30s"));
  }

  @Test
  void withinOfTheFaultNamesTheLatencyOfAnAlertTooLate() {
    assertThatThrownBy(
            () -> AlertsAssert.assertThat(storm).fired("RocePfcStorm").within("1m").ofTheFault())
        .hasMessage(
            lines(
                "",
                "Expecting alert RocePfcStorm to fire within 1m of the fault in scenario \"PFC storm\"",
                "but it first fired at 6m15s, 1m15s after the fault started at 5m.",
                "Its firings:",
                "  RocePfcStorm{device=leaf1, port=eth2, priority=3, severity=critical} firing from 6m15s to 10m",
                "  RocePfcStorm{device=spine1, port=eth1, priority=3, severity=critical} firing from 7m to 10m"));
    assertThatThrownBy(
            () ->
                AlertsAssert.assertThat(storm)
                    .fired("RocePfcStorm")
                    .on("device", "spine1")
                    .within(Duration.ofSeconds(90))
                    .ofTheFault())
        .hasMessage(
            lines(
                "",
                "Expecting alert RocePfcStorm on {device=spine1} to fire within 1m30s of the fault in scenario \"PFC storm\"",
                "but it first fired at 7m, 2m after the fault started at 5m.",
                "Its firings:",
                "  RocePfcStorm{device=spine1, port=eth1, priority=3, severity=critical} firing from 7m to 10m"));
  }

  @Test
  void beforePassesOnAnAlertThatFiredAheadOfAnotherOnTheSameLabels() {
    assertThatCode(
            () ->
                AlertsAssert.assertThat(storm)
                    .fired("RoceBufferNearFull")
                    .on("device", "leaf1")
                    .before("RocePfcStorm"))
        .doesNotThrowAnyException();
  }

  @Test
  void beforeNamesBothFirstFiringsWhenTheWarningCameLate() {
    assertThatThrownBy(
            () ->
                AlertsAssert.assertThat(storm)
                    .fired("RocePfcStorm")
                    .on("device", "leaf1")
                    .before("RoceBufferNearFull"))
        .hasMessage(
            lines(
                "",
                "Expecting alert RocePfcStorm on {device=leaf1} to fire before RoceBufferNearFull in scenario \"PFC storm\"",
                "but it first fired at 6m15s, and RoceBufferNearFull at 4m.",
                "Their firings:",
                "  RocePfcStorm{device=leaf1, port=eth2, priority=3, severity=critical} firing from 6m15s to 10m",
                "  RoceBufferNearFull{device=leaf1, severity=warning} firing from 4m to 4m30s"));
  }

  @Test
  void beforeNeedsTheLaterAlertToFireOnTheSameLabels() {
    assertThatThrownBy(
            () ->
                AlertsAssert.assertThat(storm)
                    .fired("RoceBufferNearFull")
                    .on("device", "leaf1")
                    .before("RoceLinkDown"))
        .hasMessageStartingWith(
            lines(
                "",
                "Expecting alert RoceBufferNearFull on {device=leaf1} to fire before RoceLinkDown in scenario \"PFC storm\"",
                "but RoceLinkDown never fired on {device=leaf1}.",
                "What fired:"));
    assertThatThrownBy(
            () ->
                AlertsAssert.assertThat(storm)
                    .fired("RocePfcStorm")
                    .on("device", "spine1")
                    .before("RoceBufferNearFull"))
        .hasMessageContaining("but RoceBufferNearFull never fired on {device=spine1}.");
  }

  @Test
  void beforeIgnoresNarrowedLabelsTheLaterAlertNeverCarries() {
    AlertReport optic =
        new AlertReport(
            "optic past the FEC limit",
            Optional.of(Duration.ofMinutes(5)),
            Duration.ofMinutes(15),
            List.of("roce-fabric.rules.yaml"),
            List.of("RoceLosslessDrops", "RoceLinkDown"),
            List.of(
                firing(
                    "RoceLosslessDrops",
                    Map.of("device", "spine1", "port", "eth1", "reason", "crc_error"),
                    "5m30s",
                    "10m"),
                firing("RoceLinkDown", Map.of("device", "leaf1", "port", "eth9"), "10m30s", "15m"),
                firing(
                    "RoceLinkDown", Map.of("device", "spine1", "port", "eth1"), "10m45s", "15m")),
            "# the promtool test",
            "# EOF\n",
            "promtool, version 2.42.0+ds");

    assertThatCode(
            () ->
                AlertsAssert.assertThat(optic)
                    .fired("RoceLosslessDrops")
                    .on("device", "spine1", "port", "eth1", "reason", "crc_error")
                    .before("RoceLinkDown"))
        .doesNotThrowAnyException();
    assertThatThrownBy(
            () ->
                AlertsAssert.assertThat(optic)
                    .fired("RoceLosslessDrops")
                    .on("reason", "crc_error")
                    .before("RoceLinkDown")
                    .on("device", "leaf1"))
        .hasMessageContaining(
            "Expecting alert RoceLosslessDrops to fire on {reason=crc_error, device=leaf1}");
  }

  @Test
  void beforeNamesAnAlertTheRulesDoNotHave() {
    assertThatThrownBy(
            () -> AlertsAssert.assertThat(storm).fired("RocePfcStorm").before("RoceLinkFlap"))
        .hasMessage(
            lines(
                "",
                "Expecting alert RocePfcStorm to fire before RoceLinkFlap in scenario \"PFC storm\"",
                "but the rule files [roce-fabric.rules.yaml] have no alerting rule RoceLinkFlap; they have: [RocePfcStorm, RoceLinkDown, RoceBufferNearFull]"));
  }

  @Test
  void didNotFireListsTheFirings() {
    assertThatThrownBy(() -> AlertsAssert.assertThat(storm).didNotFire("RocePfcStorm"))
        .hasMessage(
            lines(
                "",
                "Expecting alert RocePfcStorm not to fire in scenario \"PFC storm\" (fault at 5m)",
                "but it fired:",
                "  RocePfcStorm{device=leaf1, port=eth2, priority=3, severity=critical} firing from 6m15s to 10m",
                "  RocePfcStorm{device=spine1, port=eth1, priority=3, severity=critical} firing from 7m to 10m"));
  }

  @Test
  void aFleetOfFiringsIsListedUpToTenAndCounted() {
    List<AlertFiring> firings = new java.util.ArrayList<>();
    for (int nic = 0; nic < 35; nic++) {
      firings.add(
          firing(
              "RocePfcStorm",
              Map.of("device", "host" + nic, "port", "nic0", "priority", "3"),
              "6m45s",
              "15m"));
    }
    assertThatThrownBy(
            () ->
                AlertsAssert.assertThat(report("link failure", Optional.empty(), firings))
                    .didNotFire("RocePfcStorm"))
        .hasMessageContaining("{device=host17, port=nic0, priority=3} firing from 6m45s to 15m\n")
        .hasMessageEndingWith("  … and 25 more firings")
        .hasMessageNotContaining("device=host18,");
  }

  @Test
  void everyAlertCheckIsReportedToACheckRecording() {
    List<dev.rocelab.api.report.Check> checks = new java.util.ArrayList<>();
    try (dev.rocelab.assertj.Checks.Recording recording =
        dev.rocelab.assertj.Checks.record(checks::add)) {
      AlertsAssert.assertThat(storm)
          .fired("RocePfcStorm")
          .on("device", "spine1")
          .within("2m")
          .ofTheFault();
      assertThatThrownBy(() -> AlertsAssert.assertThat(storm).didNotFire("RocePfcStorm"));
    }
    org.assertj.core.api.Assertions.assertThat(checks)
        .extracting(dev.rocelab.api.report.Check::summary, dev.rocelab.api.report.Check::passed)
        .containsExactly(
            tuple(
                "alert RocePfcStorm, PFC storm: fired 2 times, first at 6m15s, expected fires",
                true),
            tuple(
                "alert RocePfcStorm detection on {device=spine1}, PFC storm: +2m after the fault at"
                    + " 5m, expected within 2m of the fault",
                true),
            tuple(
                "alert RocePfcStorm, PFC storm: fired 2 times, first at 6m15s, expected does not"
                    + " fire",
                false));
    org.assertj.core.api.Assertions.assertThat(checks.get(0).checkedAt())
        .hasValueSatisfying(
            line ->
                org.assertj.core.api.Assertions.assertThat(line)
                    .startsWith("AlertsAssertTest.java:"));
  }

  @Test
  void didNotFireNamesAnAlertTheRulesDoNotHave() {
    assertThatThrownBy(() -> AlertsAssert.assertThat(storm).didNotFire("RoceLinkDwon"))
        .hasMessage(
            lines(
                "",
                "Expecting alert RoceLinkDwon not to fire in scenario \"PFC storm\"",
                "but the rule files [roce-fabric.rules.yaml] have no such alerting rule; they have: [RocePfcStorm,"
                    + " RoceLinkDown, RoceBufferNearFull]"));
  }

  @Test
  void nothingFiredListsWhatFired() {
    assertThatThrownBy(() -> AlertsAssert.assertThat(storm).nothingFired())
        .hasMessage(
            lines(
                "",
                "Expecting no alert to fire in scenario \"PFC storm\" (rules [roce-fabric.rules.yaml])",
                "but these fired:",
                "  RoceBufferNearFull{device=leaf1, severity=warning} firing from 4m to 4m30s",
                "  RocePfcStorm{device=leaf1, port=eth2, priority=3, severity=critical} firing from 6m15s to 10m",
                "  RocePfcStorm{device=spine1, port=eth1, priority=3, severity=critical} firing from 7m to 10m"));
  }

  private static AlertFiring firing(
      String alertname, Map<String, String> labels, String first, String last) {
    return new AlertFiring(
        alertname,
        labels,
        Map.of("summary", alertname + " on " + labels.get("device")),
        duration(first),
        duration(last));
  }

  private static Duration duration(String prometheus) {
    return dev.rocelab.alerting.internal.PromtoolReport.duration(prometheus);
  }

  private static AlertReport report(
      String scenario, Optional<Duration> fault, List<AlertFiring> firings) {
    return new AlertReport(
        scenario,
        fault,
        Duration.ofMinutes(15),
        List.of("roce-fabric.rules.yaml"),
        ALERTNAMES,
        firings,
        "# the promtool test",
        "# EOF\n",
        "promtool, version 2.42.0+ds");
  }

  private static String lines(String... lines) {
    return String.join(System.lineSeparator(), lines);
  }
}
