package dev.rocelab.suites.operational;

import static dev.rocelab.api.scenario.Workload.CollectiveOperation.ALL_REDUCE;

import dev.rocelab.alerting.AlertFiring;
import dev.rocelab.alerting.AlertReport;
import dev.rocelab.alerting.AlertRuleTester;
import dev.rocelab.alerting.AlertsAssert;
import dev.rocelab.alerting.OperationalTimeline;
import dev.rocelab.alerting.Promtool;
import dev.rocelab.alerting.RuleFile;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricRoles;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.MissingShapeException;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.CollectiveBuilder;
import dev.rocelab.api.scenario.Completion;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.PermutationBuilder;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.ScenarioBuilder;
import dev.rocelab.api.scenario.ScenarioFit;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.Checks;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Purpose;
import dev.rocelab.suites.Criteria;
import dev.rocelab.suites.UplinkLoad;
import io.qameta.allure.Allure;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.GZIPOutputStream;
import org.assertj.core.api.Assertions;
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
 * <p>The rules are alerting's example rules ({@code rules/roce-fabric.rules.yaml}), their
 * thresholds worked out for the fabric under test ({@link RuleFile#exampleRules(FabricGraph)}),
 * unless the system property {@value #RULES_PROPERTY} names other rule files (comma-separated paths
 * or class path resources). Each test attaches which alerts fired and when, the promtool unit test
 * that proves it, and the timeline as OpenMetrics.
 */
@Purpose(
    "Operational: the alert rules catch the faults the other phases inject, evaluated by Prometheus' own promtool on an operational timeline (15 s scrapes) of each scenario's telemetry: each fault fires its alert within the phase's criterion, and a healthy baseline fires nothing.")
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.OPERATIONAL)
class AlertRulesTest {

  /** The system property naming the rule files to prove instead of the example rules. */
  static final String RULES_PROPERTY = "rocelab.alerts.rules";

  private static Promtool promtool;

  /**
   * One tester per fabric (the example rules are worked out for the fabric they judge), each bound
   * to this class's promtool: emptied when it stops, so that a later run of the class in the same
   * JVM (the corpus test runs the suites again) never reaches a stopped container.
   */
  private static final Map<FabricGraph, AlertRuleTester> TESTERS = new ConcurrentHashMap<>();

  private final Criteria criteria = Criteria.of(Phase.OPERATIONAL);

  @BeforeAll
  static void startPromtool() {
    promtool = Promtool.start();
  }

  @AfterAll
  static void stopPromtool() {
    TESTERS.clear();
    if (promtool != null) {
      promtool.close();
    }
  }

  /**
   * The rules under test: those named by {@code rocelab.alert.rules}, else the example rules worked
   * out for the fabric, their busbw regression set from a healthy 1 GiB all-reduce where it beats
   * the NICs (as an operator sets it from a nccl-tests baseline).
   */
  private static RuleFile[] ruleFiles(FabricSession session, FabricGraph fabric) {
    String property = System.getProperty(RULES_PROPERTY, "");
    if (property.isBlank()) {
      return new RuleFile[] {RuleFile.exampleRules(fabric, healthyBusbw(session))};
    }
    return java.util.Arrays.stream(property.split(","))
        .map(String::strip)
        .map(
            name ->
                java.nio.file.Files.isRegularFile(Path.of(name))
                    ? RuleFile.of(Path.of(name))
                    : RuleFile.resource(name))
        .toArray(RuleFile[]::new);
  }

  @Test
  void pfcStormFiresRocePfcStorm(FabricSession fabric, FabricSpec spec) {
    // a NIC of the second host under the first leaf (host2:nic0 on the reference) storms
    String storming = FabricRoles.of(FabricGraph.of(spec)).neighbours().get(1).toString();
    AlertReport report =
        evaluate(
            fabric,
            Scenario.permutation()
                .flowSize("64MiB")
                .duration("3ms")
                .with(Fault.pfcStorm(storming, 3, "1ms").at("500us"))
                .named("PFC storm")
                .completion(Completion.WINDOW));

    AlertsAssert.assertThat(report)
        .fired("RocePfcStorm")
        .within(bound("pfcStormDetection"))
        .ofTheFault();
    AlertsAssert.assertThat(report).didNotFire("RoceLinkDown").didNotFire("RoceLosslessDrops");
  }

  @Test
  void linkFailureFiresRoceLinkDownAndTheLinkDownDrops(FabricSession fabric, FabricSpec spec) {
    List<Endpoint> ends = uplinkEnds(spec);
    AlertReport report =
        evaluate(
            fabric,
            acrossTheUplinks(spec, ends.get(0))
                .flowSize("64MiB")
                .duration("3ms")
                .with(
                    Fault.linkDown(ends.get(0).toString()).at("500us"),
                    Fault.linkUp(ends.get(0).toString()).at("1500us"))
                .named("link failure")
                .completion(Completion.WINDOW));

    for (Endpoint end : ends) {
      AlertsAssert.assertThat(report)
          .fired("RoceLinkDown")
          .on("device", end.device(), "port", end.port())
          .within(bound("linkDownDetection"))
          .ofTheFault();
    }
    AlertsAssert.assertThat(report)
        .fired("RoceLosslessDrops")
        .on("reason", "link_down")
        .within(bound("losslessDropDetection"))
        .ofTheFault();
    AlertsAssert.assertThat(report).didNotFire("RocePfcStorm");
  }

  @Test
  void degradingOpticFiresRoceOpticDegradingBeforeItsLinkGoesDown(
      FabricSession fabric, FabricSpec spec) {
    // the optic of a leaf's uplink (leaf1:eth9 on the reference) degrades from 1e-7 towards what
    // FEC can correct (2.4e-4), then fails; held as a ramp, its BER is over the rule's 1e-5 for the
    // last 40% of the way: the warning must come while nothing is lost yet, ahead of the link
    // going down
    List<Endpoint> ends = uplinkEnds(spec);
    AlertReport report =
        evaluate(fabric, opticFailingAfter(spec, ends.get(0), 1e-7, 2e-4).named("degrading optic"));

    for (Endpoint end : ends) {
      AlertsAssert.assertThat(report)
          .fired("RoceOpticDegrading")
          .on("device", end.device(), "port", end.port())
          .before("RoceLinkDown");
    }
    AlertsAssert.assertThat(report).didNotFire("RoceFecUncorrectable");
  }

  @Test
  void opticFailingFromAHealthyBerFiresNoWarning(FabricSession fabric, FabricSpec spec) {
    // the same optic failing from a healthy BER (1e-9 to 1e-7): the link goes down unannounced,
    // and the rule does not cry wolf
    List<Endpoint> ends = uplinkEnds(spec);
    AlertReport report =
        evaluate(
            fabric,
            opticFailingAfter(spec, ends.get(0), 1e-9, 1e-7)
                .named("optic failing from a healthy BER"));

    AlertsAssert.assertThat(report).didNotFire("RoceOpticDegrading");
    AlertsAssert.assertThat(report)
        .fired("RoceLinkDown")
        .on("device", ends.get(1).device(), "port", ends.get(1).port());
  }

  /**
   * A window of a permutation of 64 MiB flows across the leaves in which the optic of a leaf's
   * uplink degrades from 300us on, over 1 ms, then fails.
   */
  private static ScenarioBuilder<?> opticFailingAfter(
      FabricSpec spec, Endpoint uplink, double fromBer, double toBer) {
    return acrossTheUplinks(spec, uplink)
        .flowSize("64MiB")
        .duration("3ms")
        .with(Fault.degradingOptic(uplink.toString(), fromBer, toBer, "1ms").at("300us"))
        .completion(Completion.WINDOW);
  }

  /**
   * A permutation across the leaves with enough queue pairs per flow that the uplink carries
   * traffic both ways: a link-down drop or an optic's errors need frames on the link, and a BER is
   * estimated from the codewords a port receives. Two a link, not the Failures suite's four: the
   * alerts need frames on the link, not its share of the load (on the reference, two queue pairs
   * per flow).
   */
  private static PermutationBuilder acrossTheUplinks(FabricSpec spec, Endpoint uplink) {
    return Scenario.permutation()
        .acrossLeaves()
        .qps(UplinkLoad.queuePairsOnEveryUplink(FabricGraph.of(spec), uplink.device(), 2));
  }

  /**
   * The two ends of the uplink the link faults act on, chosen by role ({@link
   * FabricRoles#redundantUplink()}): the leaf's port, then the switch's above it (leaf1:eth9 and
   * spine1:eth1 on the reference).
   */
  private static List<Endpoint> uplinkEnds(FabricSpec spec) {
    FabricGraph graph = FabricGraph.of(spec);
    Endpoint uplink = FabricRoles.of(graph).redundantUplink();
    return List.of(uplink, graph.linkAt(uplink).orElseThrow().peerOf(uplink));
  }

  /**
   * The fabric's first NIC (an incast's receiver unless told otherwise: host1:nic0 on the
   * reference) and the leaf port it is cabled to (leaf1:eth1).
   */
  private static List<Endpoint> receiverAndItsLeafPort(FabricSpec spec) {
    FabricGraph graph = FabricGraph.of(spec);
    Endpoint nic = graph.nics().get(0);
    return List.of(nic, graph.linkAt(nic).orElseThrow().peerOf(nic));
  }

  @Test
  void incastFiresTheEcnAndCnpSurges(FabricSession fabric, FabricSpec spec) {
    List<Endpoint> receiver = receiverAndItsLeafPort(spec);
    // 16 senders and never fewer: the surge rules are set to page for congestion of this size (the
    // CNP surge counts five queue pairs cut back at once), so on a fabric with fewer NICs the
    // check is not applicable rather than run on an incast it was never meant to catch. 4 MiB each
    // at 400G, as long in time on slower links (1 MiB at 100G), so that it fits its 3 ms there
    AlertReport report =
        evaluate(
            fabric,
            Scenario.incast()
                .senders(16)
                .message(FabricGraph.of(spec).scaledToTheHostLinks(DataSize.mib(4), Rate.gbps(400)))
                .dscp(26)
                .receiver(receiver.get(0).toString())
                .duration("3ms")
                .named("incast 16:1"));

    // the queue builds on the way to the receiver and marks there: at its leaf's port, or, where
    // the senders arrive over the uplinks (a rail fabric's other rails), at the switches above it
    // too; PFC carries the congestion back up the senders' uplinks, whose queues are marked as
    // well. So the surge fires where the incast's packets meet the receiver's leaf, and nowhere
    // off the incast's way there. The receiver's NIC notifies; nothing is lost or storms
    List<Endpoint> meeting = intoTheLeaf(spec, receiver.get(1));
    AlertsAssert.assertThat(report).fired("RoceEcnSurge");
    Assertions.assertThat(report.firings("RoceEcnSurge"))
        .as("where ECN surged")
        .allSatisfy(firing -> Assertions.assertThat(firing.labels()).containsEntry("priority", "3"))
        .extracting(AlertRulesTest::portOf)
        .anySatisfy(port -> Assertions.assertThat(port).isIn(meeting))
        .allSatisfy(port -> Assertions.assertThat(port).isIn(onTheWay(spec, meeting)));
    AlertsAssert.assertThat(report)
        .fired("RoceCnpSurge")
        .on("device", receiver.get(0).device(), "port", receiver.get(0).port());
    AlertsAssert.assertThat(report).didNotFire("RocePfcStorm").didNotFire("RoceLosslessDrops");
  }

  /**
   * Where traffic to a host meets its leaf: the leaf's port to the host, and the port of each
   * switch above the leaf that is cabled to it.
   */
  private static List<Endpoint> intoTheLeaf(FabricSpec spec, Endpoint leafPort) {
    FabricGraph graph = FabricGraph.of(spec);
    List<Endpoint> ports = new ArrayList<>(List.of(leafPort));
    for (Endpoint uplink : graph.uplinks(leafPort.device())) {
      ports.add(graph.linkAt(uplink).orElseThrow().peerOf(uplink));
    }
    return ports;
  }

  /**
   * The ports an incast's packets leave on their way to the receiver: those where they meet its
   * leaf, and every leaf's uplinks.
   */
  private static List<Endpoint> onTheWay(FabricSpec spec, List<Endpoint> meeting) {
    FabricGraph graph = FabricGraph.of(spec);
    List<Endpoint> ports = new ArrayList<>(meeting);
    graph.switches().stream()
        .filter(sw -> graph.isLeaf(sw.name()))
        .forEach(leaf -> ports.addAll(graph.uplinks(leaf.name())));
    return ports;
  }

  private static Endpoint portOf(AlertFiring firing) {
    return new Endpoint(firing.labels().get("device"), firing.labels().get("port"));
  }

  @Test
  void pfcStormAtAnIncastReceiverFillsItsLeafsBufferAndFiresRoceBufferNearFull(
      FabricSession fabric, FabricSpec spec) {
    List<Endpoint> receiver = receiverAndItsLeafPort(spec);
    String leaf = receiver.get(1).device();
    // Under a dynamic threshold n backed-up ingress groups settle at n·α / (1 + n·α) of the shared
    // pool: the leaf's other ports must number over 1/α for the storm to fill half of it.
    FabricGraph graph = FabricGraph.of(spec);
    int others = graph.ports(leaf).size() - 1;
    double alpha = graph.switchProfileOf(leaf).alpha();
    MissingShapeException.unless(
        others * alpha > 1,
        String.format(
            "the receiver's leaf %s of fabric %s has %d other ports; backed up together under"
                + " alpha %s they settle at %.0f%% of its shared pool, not above half",
            leaf, spec.name(), others, alpha, 100 * others * alpha / (1 + others * alpha)));
    // a 15:1 incast arrives as its receiver stops receiving: every other port of the receiver's
    // leaf (on the reference, 7 host ports and 8 spine uplinks) backs up to the dynamic threshold,
    // 15 ingress groups at alpha = 1/8
    AlertReport report =
        evaluate(
            fabric,
            Scenario.incast()
                .senders(15)
                .message("16MiB")
                .dscp(26)
                .receiver(receiver.get(0).toString())
                .start("100us")
                .duration("3ms")
                .with(Fault.pfcStorm(receiver.get(0).toString(), 3, "2ms").at("100us"))
                .named("PFC storm at an incast receiver")
                .completion(Completion.WINDOW));

    AlertsAssert.assertThat(report)
        .fired("RoceBufferNearFull")
        .on("device", leaf)
        .within(bound("bufferNearFullDetection"))
        .ofTheFault();
    Assertions.assertThat(report.firings("RoceBufferNearFull"))
        .as("devices whose buffer filled")
        .extracting(firing -> firing.labels().get("device"))
        .containsExactly(leaf);
    AlertsAssert.assertThat(report)
        .fired("RocePfcStorm")
        .on("device", leaf, "port", receiver.get(1).port())
        .within(bound("pfcStormDetection"))
        .ofTheFault();
    AlertsAssert.assertThat(report).didNotFire("RoceLosslessDrops");
    // the fabric is idle before the fault, so nothing fires before it — NICs' pauses and CNPs too
    Assertions.assertThat(report.firings())
        .as("firings")
        .allSatisfy(
            firing ->
                Assertions.assertThat(firing.firstFiring())
                    .as(firing.toString())
                    .isGreaterThan(report.faultStart().orElseThrow()));
  }

  @Test
  void allReduceOverAFlappingHostLinkFiresRoceBusbwRegression(
      FabricSession fabric, FabricSpec spec) {
    Endpoint hostLink = receiverAndItsLeafPort(spec).get(1);
    // host1's first link is down 1 ms of every 2 ms for as long as the 1 GiB all-reduce may run,
    // so the flaps span its measurements on any fabric (a dozen would be over in the first 15% of
    // one on 200G single-NIC hosts): the ring through that link stalls while it is down, and the
    // collective waits for its slowest ring. Stalled half the time, it takes at least twice as
    // long as when healthy; it may run four times as long (100G single-NIC hosts whose ring
    // shares uplinks take 0.61 s healthy, beyond the collective's default bound of 1 s flapping)
    SimTime healthy =
        fabric.run(allReduce1GiB(spec).named("healthy all-reduce, its time")).elapsed();
    SimTime bound = SimTime.max(allReduce1GiB(spec).build().duration(), healthy.times(4));
    SimTime period = SimTime.millis(2);
    int flaps = (int) (bound.picos() / period.picos());
    AlertReport report =
        evaluate(
            fabric,
            allReduce1GiB(spec)
                .duration(bound.toString())
                .with(Fault.linkFlap(hostLink.toString(), period.toString(), flaps).at("1ms"))
                .named("all-reduce over a flapping host link"));

    AlertsAssert.assertThat(report)
        .fired("RoceBusbwRegression")
        .on("op", "all_reduce", "size", "1073741824")
        .within(bound("busbwRegressionDetection"))
        .ofTheFault();
    AlertsAssert.assertThat(report)
        .fired("RoceLinkDown")
        .on("device", hostLink.device(), "port", hostLink.port());
  }

  @Test
  void healthyAllReduceFiresNothing(FabricSession fabric, FabricSpec spec) {
    AlertReport report = evaluate(fabric, allReduce1GiB(spec).named("all-reduce"));

    Assertions.assertThat(report.openMetrics())
        .as("the busbw exported")
        .contains(
            "rocelab_collective_busbw_bytes_per_second{op=\"all_reduce\",size=\"1073741824\"}");
    AlertsAssert.assertThat(report).nothingFired();
  }

  /** The lower of the out-of-place and in-place busbw of a healthy 1 GiB all-reduce. */
  private static Rate healthyBusbw(FabricSession session) {
    RunResult healthy =
        session.run(
            allReduce1GiB(session.fabric()).named("healthy all-reduce, the busbw baseline"));
    CollectiveRow row = healthy.collectives().get(0).rows().get(0);
    Rate outOfPlace = row.outOfPlace().busBandwidth();
    Rate inPlace = row.inPlace().busBandwidth();
    return outOfPlace.compareTo(inPlace) < 0 ? outOfPlace : inPlace;
  }

  // nccl-tests' plateau size, at flow fidelity: a packet-level 1 GiB all-reduce costs seconds per
  // run
  private static CollectiveBuilder allReduce1GiB(FabricSpec spec) {
    int ranks = Math.min(16, ScenarioFit.mostRanks(FabricGraph.of(spec)));
    return Scenario.collective(ALL_REDUCE).size("1GiB").ranks(ranks).fidelity(Fidelity.FLOW);
  }

  @Test
  void healthyBaselineFiresNothing(FabricSession fabric) {
    // a window of healthy traffic: whether its flows finish in 3 ms depends on the fabric's speed.
    // Each flow starts at line rate and is marked until DCQCN has cut it back, about as many marks
    // at any size; the flows are as long in time as 16 MiB at 400G, so that a fabric of faster
    // links
    // does not pack those start-up marks into a shorter run and a higher rate
    DataSize flowSize =
        FabricGraph.of(fabric.fabric()).scaledToTheHostLinks(DataSize.mib(16), Rate.gbps(400));
    AlertReport report =
        evaluate(
            fabric,
            Scenario.permutation()
                .flowSize(flowSize)
                .duration("3ms")
                .completion(Completion.WINDOW)
                .named("baseline"));

    AlertsAssert.assertThat(report).nothingFired();
  }

  /** A detection bound of the criteria, named for the report as the alert check compares it. */
  private Duration bound(String criterion) {
    Duration bound = Duration.ofNanos(criteria.time(criterion).picos() / 1000);
    Checks.limitFrom(bound, criteria.origin(criterion) + " " + criterion);
    return bound;
  }

  private static AlertReport evaluate(FabricSession fabric, ScenarioBuilder<?> scenario) {
    RunResult run = fabric.run(scenario);
    OperationalTimeline timeline = OperationalTimeline.of(run, fabric.fabric());
    AlertRuleTester tester =
        TESTERS.computeIfAbsent(
            run.fabric(), graph -> AlertRuleTester.using(promtool).rules(ruleFiles(fabric, graph)));
    AlertReport report = tester.evaluate(timeline);
    Allure.addAttachment(
        "alerts fired — " + report.scenario(), "text/plain", report.table(), ".txt");
    Allure.addAttachment(
        "promtool unit test — " + report.scenario(), "text/yaml", report.promtoolTest(), ".yaml");
    Allure.addAttachment(
        "OpenMetrics export — " + report.scenario() + " (gzip)",
        "application/gzip",
        new ByteArrayInputStream(gzip(report.openMetrics())),
        ".om.gz");
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
