package dev.rocelab.suites.operational;

import dev.rocelab.alerting.AlertReport;
import dev.rocelab.alerting.AlertRuleTester;
import dev.rocelab.alerting.AlertsAssert;
import dev.rocelab.alerting.OperationalTimeline;
import dev.rocelab.alerting.Promtool;
import dev.rocelab.alerting.RuleFile;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.ScenarioBuilder;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.suites.Criteria;
import io.qameta.allure.Allure;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Operational: the alert rules catch the faults the other phases inject. Each scenario's telemetry
 * is projected onto an operational timeline (15 s scrapes, five minutes before, during and after
 * the fault) and the rules are evaluated by Prometheus' own {@code promtool test rules}, in a
 * container built from Debian's {@code prometheus} package: each fault fires its alert within the
 * criterion of {@code criteria/operational.yaml}, and a healthy baseline fires nothing.
 *
 * <p>The rules are alerting's example rules ({@code rules/roce-fabric.rules.yaml}) unless the
 * system property {@value #RULES_PROPERTY} names other rule files (comma-separated paths or class
 * path resources). Each test attaches which alerts fired and when, the promtool unit test that
 * proves it, and the timeline as OpenMetrics.
 */
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.OPERATIONAL)
class AlertRulesTest {

  /** The system property naming the rule files to prove instead of the example rules. */
  static final String RULES_PROPERTY = "rocelab.alerts.rules";

  private static Promtool promtool;
  private static AlertRuleTester tester;

  private final Criteria criteria = Criteria.of(Phase.OPERATIONAL);

  @BeforeAll
  static void startPromtool() {
    promtool = Promtool.start();
    tester = AlertRuleTester.using(promtool).rules(ruleFiles());
  }

  @AfterAll
  static void stopPromtool() {
    if (promtool != null) {
      promtool.close();
    }
  }

  private static RuleFile[] ruleFiles() {
    String property = System.getProperty(RULES_PROPERTY, "");
    if (property.isBlank()) {
      return new RuleFile[] {RuleFile.exampleRules()};
    }
    return java.util.Arrays.stream(property.split(",")).map(String::strip)
        .map(name -> java.nio.file.Files.isRegularFile(Path.of(name)) ? RuleFile.of(Path.of(name))
            : RuleFile.resource(name))
        .toArray(RuleFile[]::new);
  }

  @Test
  void pfcStormFiresRocePfcStorm(FabricSession fabric) {
    AlertReport report = evaluate(fabric, Scenario.permutation().flowSize("64MiB").duration("3ms")
        .with(Fault.pfcStorm("host2:nic0", 3, "1ms").at("500us")).named("PFC storm"));

    AlertsAssert.assertThat(report).fired("RocePfcStorm").within(bound("pfcStormDetection")).ofTheFault();
    AlertsAssert.assertThat(report).didNotFire("RoceLinkDown").didNotFire("RoceLosslessDrops");
  }

  @Test
  void linkFailureFiresRoceLinkDownAndTheLinkDownDrops(FabricSession fabric) {
    AlertReport report = evaluate(fabric, Scenario.permutation().flowSize("64MiB").duration("3ms")
        .with(Fault.linkDown("leaf1:eth9").at("500us"), Fault.linkUp("leaf1:eth9").at("1500us"))
        .named("link failure"));

    AlertsAssert.assertThat(report).fired("RoceLinkDown").on("device", "leaf1", "port", "eth9")
        .within(bound("linkDownDetection")).ofTheFault();
    AlertsAssert.assertThat(report).fired("RoceLinkDown").on("device", "spine1", "port", "eth1")
        .within(bound("linkDownDetection")).ofTheFault();
    AlertsAssert.assertThat(report).fired("RoceLosslessDrops").on("reason", "link_down")
        .within(bound("losslessDropDetection")).ofTheFault();
    AlertsAssert.assertThat(report).didNotFire("RocePfcStorm");
  }

  @Test
  void incastFiresTheEcnAndCnpSurges(FabricSession fabric) {
    AlertReport report = evaluate(fabric, Scenario.incast().senders(16).message("4MiB").dscp(26)
        .receiver("host1:nic0").duration("3ms").named("incast 16:1"));

    // the receiver's leaf port marks, the receiver's NIC notifies; nothing is lost or storms
    AlertsAssert.assertThat(report).fired("RoceEcnSurge").on("device", "leaf1", "priority", "3");
    AlertsAssert.assertThat(report).fired("RoceCnpSurge").on("device", "host1", "port", "nic0");
    AlertsAssert.assertThat(report).didNotFire("RocePfcStorm").didNotFire("RoceLosslessDrops");
  }

  @Test
  void healthyBaselineFiresNothing(FabricSession fabric) {
    AlertReport report = evaluate(fabric, Scenario.permutation().flowSize("16MiB").duration("3ms").named("baseline"));

    AlertsAssert.assertThat(report).nothingFired();
  }

  private Duration bound(String criterion) {
    return Duration.ofNanos(criteria.time(criterion).picos() / 1000);
  }

  private static AlertReport evaluate(FabricSession fabric, ScenarioBuilder<?> scenario) {
    RunResult run = fabric.run(scenario);
    OperationalTimeline timeline = OperationalTimeline.of(run, fabric.fabric());
    AlertReport report = tester.evaluate(timeline);
    Allure.addAttachment("alerts fired — " + report.scenario(), "text/plain", report.table(), ".txt");
    Allure.addAttachment("promtool unit test — " + report.scenario(), "text/yaml", report.promtoolTest(), ".yaml");
    Allure.addAttachment("OpenMetrics export — " + report.scenario() + " (gzip)", "application/gzip",
        new ByteArrayInputStream(gzip(report.openMetrics())), ".om.gz");
    return report;
  }

  private static byte[] gzip(String text) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }
}
