package dev.rocelab.alerting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.scenario.Scenario;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The example rules on the reference fabric, evaluated by the real promtool (Debian's package, in a
 * container): each fault fires its alert within minutes of the fault's start, the healthy baseline
 * fires nothing, a rule file promtool rejects is reported with its name, and the OpenMetrics export
 * loads into a Prometheus TSDB.
 */
class AlertRuleTesterContainerTest {

  private static Promtool promtool;
  private static AlertRuleTester tester;

  @BeforeAll
  static void startPromtool() {
    promtool = Promtool.start();
    tester = AlertRuleTester.using(promtool).rules(RuleFile.exampleRules());
  }

  @AfterAll
  static void stopPromtool() {
    if (promtool != null) {
      promtool.close();
    }
  }

  private static AlertReport evaluate(Scenario scenario) {
    return tester.evaluate(OperationalTimeline.of(Scenarios.run(scenario), Scenarios.REFERENCE));
  }

  @Test
  void pfcStormFiresOnThePausedSwitchPortWithinTwoMinutes() {
    AlertReport report = evaluate(Scenarios.pfcStorm());

    // the stuck NIC pauses the leaf port facing it: the alert names that port
    AlertsAssert.assertThat(report).fired("RocePfcStorm").within("2m").ofTheFault();
    assertThat(report.firings("RocePfcStorm"))
        .allSatisfy(
            f -> {
              assertThat(f.labels())
                  .containsEntry("priority", "3")
                  .containsEntry("severity", "critical");
              assertThat(f.annotations().get("summary"))
                  .startsWith("PFC storm: " + f.labels().get("device") + ":");
            });
    AlertsAssert.assertThat(report).didNotFire("RoceLinkDown").didNotFire("RoceLosslessDrops");
    assertThat(report.promtoolVersion()).startsWith("promtool, version 2.");
  }

  @Test
  void linkFailureFiresLinkDownOnBothEndsAndTheLinkDownDrops() {
    AlertReport report = evaluate(Scenarios.linkFailure());

    AlertsAssert.assertThat(report)
        .fired("RoceLinkDown")
        .on("device", "leaf1", "port", "eth9")
        .within("30s")
        .ofTheFault();
    AlertsAssert.assertThat(report).fired("RoceLinkDown").on("device", "spine1", "port", "eth1");
    AlertsAssert.assertThat(report)
        .fired("RoceLosslessDrops")
        .on("reason", "link_down")
        .within("1m")
        .ofTheFault();
    AlertsAssert.assertThat(report).didNotFire("RocePfcStorm");
  }

  @Test
  void anOpticDegradingToTheFecLimitWarnsOnBothEndsBeforeItsLinkGoesDown() {
    AlertReport report = evaluate(Scenarios.degradingOptic());

    for (List<String> end : List.of(List.of("leaf1", "eth9"), List.of("spine1", "eth1"))) {
      AlertsAssert.assertThat(report)
          .fired("RoceOpticDegrading")
          .on("device", end.get(0), "port", end.get(1))
          .before("RoceLinkDown");
    }
    // FEC corrected everything: nothing was lost until the link went down
    AlertsAssert.assertThat(report).didNotFire("RoceFecUncorrectable");
    assertThat(report.firings("RoceLosslessDrops"))
        .extracting(f -> f.labels().get("reason"))
        .containsOnly("link_down");
  }

  @Test
  void anOpticThatFailsFromAHealthyBerGivesNoWarning() {
    AlertReport report =
        evaluate(Scenarios.opticFailingAfter(1e-9, 1e-7, "optic failing without warning"));

    AlertsAssert.assertThat(report).didNotFire("RoceOpticDegrading");
    AlertsAssert.assertThat(report).fired("RoceLinkDown").on("device", "spine1", "port", "eth1");
  }

  @Test
  void anOpticPastTheFecLimitLosesFramesBeforeItsLinkGoesDown() {
    AlertReport report =
        evaluate(Scenarios.opticFailingAfter(1e-5, 2e-3, "optic past the FEC limit"));

    // the warning, then the loss, then the failure
    AlertsAssert.assertThat(report)
        .fired("RoceOpticDegrading")
        .on("device", "spine1", "port", "eth1")
        .before("RoceFecUncorrectable");
    AlertsAssert.assertThat(report)
        .fired("RoceFecUncorrectable")
        .on("device", "spine1", "port", "eth1")
        .before("RoceLinkDown");
    AlertsAssert.assertThat(report)
        .fired("RoceLosslessDrops")
        .on("device", "spine1", "port", "eth1", "reason", "crc_error")
        .before("RoceLinkDown");
    // the link's own drops show once it is down, though CRC errors filled the model's drop log
    Duration linkDown =
        report.firings("RoceLinkDown").stream()
            .map(AlertFiring::firstFiring)
            .min(Duration::compareTo)
            .orElseThrow();
    assertThat(report.firings("RoceLosslessDrops"))
        .filteredOn(f -> f.labels().get("reason").equals("link_down"))
        .isNotEmpty()
        .allSatisfy(
            f -> assertThat(f.firstFiring()).isGreaterThanOrEqualTo(linkDown.minusSeconds(30)));
  }

  @Test
  void incastFiresEcnAndCnpSurges() {
    AlertReport report = evaluate(Scenarios.incast());

    AlertsAssert.assertThat(report).fired("RoceEcnSurge").on("device", "leaf1", "priority", "3");
    AlertsAssert.assertThat(report).fired("RoceCnpSurge").on("device", "host1", "port", "nic0");
    AlertsAssert.assertThat(report).didNotFire("RocePfcStorm").didNotFire("RoceLosslessDrops");
  }

  @Test
  void healthyBaselineFiresNothing() {
    AlertsAssert.assertThat(evaluate(Scenarios.baseline())).nothingFired();
  }

  @Test
  void ruleFileThatPromtoolRejectsIsNamedWithPromtoolsMessage() {
    RuleFile broken =
        new RuleFile(
            "broken.rules.yaml",
            """
        groups:
          - name: broken
            rules:
              - alert: Broken
                expr: rate(rocelab_pfc_paused_seconds_total[1m] > 0.5
        """);

    assertThatThrownBy(
            () ->
                AlertRuleTester.using(promtool)
                    .rules(broken)
                    .evaluate(
                        OperationalTimeline.of(
                            Scenarios.run(Scenarios.baseline()), Scenarios.REFERENCE)))
        .isInstanceOf(InvalidRuleFileException.class)
        .hasMessageStartingWith("rule file broken.rules.yaml is rejected by promtool check rules:")
        .hasMessageContaining("FAILED");
  }

  @Test
  void openMetricsExportLoadsIntoAPrometheusTsdb() {
    OperationalTimeline timeline =
        OperationalTimeline.of(Scenarios.run(Scenarios.linkFailure()), Scenarios.REFERENCE);
    promtool.write(
        "/tmp/export/metrics.om", OpenMetrics.write(timeline, MetricNaming.sonicExporterStyle()));

    Promtool.Result result =
        promtool.run(
            "/tmp/export", "tsdb", "create-blocks-from", "openmetrics", "metrics.om", "blocks");

    assertThat(result.exitCode()).as(result.output()).isZero();
    // every series and every sample of the export is in the TSDB (tsdb list: ULID, min, max,
    // duration, samples, chunks, series, size)
    long[] totals =
        promtool
            .run("/tmp/export", "tsdb", "list", "blocks")
            .stdout()
            .lines()
            .skip(1)
            .map(line -> line.trim().split("\\s+"))
            .map(columns -> new long[] {Long.parseLong(columns[4]), Long.parseLong(columns[6])})
            .reduce(new long[2], (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
    assertThat(totals)
        .containsExactly(
            (long) timeline.series().size() * timeline.scrapes(), timeline.series().size());
    assertThat(promtool.run("/tmp/export", "tsdb", "analyze", "blocks").stdout())
        .contains("__name__=sonic_")
        .contains("interface=")
        .doesNotContain("__name__=rocelab_");
  }
}
