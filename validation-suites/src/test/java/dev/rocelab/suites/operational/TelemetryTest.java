package dev.rocelab.suites.operational;

import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricRoles;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.ScenarioFit;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Purpose;
import dev.rocelab.suites.Criteria;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * Operational: the telemetry needed to diagnose the faults of the other phases is there and
 * complete — every pause and ECN mark the counters report shows in the time series of its port and
 * priority, every flow has its throughput series, each series covers the run, and packet counters
 * agree across each link.
 *
 * <p>That alert rules fire on the FAILURES and SYNTHETIC_LOAD faults is proven by {@link
 * AlertRulesTest}.
 */
@Purpose(
    "Operational: the telemetry needed to diagnose the faults of the other phases is there and complete — every pause and ECN mark the counters report shows in the time series of its port and priority, every flow has its throughput series, each series covers the run, and packet counters agree across each link.")
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.OPERATIONAL)
class TelemetryTest {

  private static final List<String> PORT_METRICS =
      List.of("queue_depth", "paused_time", "ecn_marks");

  private final Criteria criteria = Criteria.of(Phase.OPERATIONAL);

  @Test
  void timeSeriesAccountForEveryPauseMarkAndFlow(FabricSession fabric) {
    // an incast whose receiver stalls for 100us: ECN marks and pauses that telemetry must show;
    // 16 senders, or every other NIC of a fabric with fewer
    FabricGraph graph = FabricGraph.of(fabric.fabric());
    Endpoint receiver = FabricRoles.of(graph).nic();
    int senders = Math.min(16, ScenarioFit.mostSenders(graph, Optional.of(receiver)));
    RunResult run =
        fabric.run(
            Scenario.incast()
                .senders(senders)
                .message("1MiB")
                .dscp(26)
                .receiver(receiver.toString())
                .with(Fault.pfcStorm(receiver.toString(), 3, "100us").at("20us"))
                .named("telemetry incast"));
    List<String> missing = new ArrayList<>();
    // series that stayed zero are left out, so every non-zero counter must have its series
    for (PortStats stats : run.ports()) {
      String subject = stats.port() + "/" + stats.priority();
      if (stats.ecnMarks() > 0) {
        long sampled = sum(run, "ecn_marks", subject);
        if (sampled != stats.ecnMarks()) {
          missing.add(
              subject
                  + " marked "
                  + stats.ecnMarks()
                  + " packets, its ecn_marks series shows "
                  + sampled);
        }
      }
      if (stats.pausedTime().picos() > 0 && sum(run, "paused_time", subject) == 0) {
        missing.add(
            subject + " was paused for " + stats.pausedTime() + " but has no paused_time series");
      }
    }
    Set<String> flowSeries = subjects(run, "throughput");
    run.flows().stream()
        .map(FlowResult::id)
        .filter(id -> !flowSeries.contains(id))
        .forEach(id -> missing.add("flow " + id + " has no throughput series"));
    long slack = criteria.time("seriesCoverageSlack").picos();
    for (TimeSeries series : run.series()) {
      long end = series.start().picos() + (long) series.size() * series.interval().picos();
      if (end + slack < run.elapsed().picos()) {
        missing.add(
            series.metric()
                + " of "
                + series.subject()
                + " ends at "
                + series.timeOf(series.size() - 1)
                + ", before the run's end "
                + run.elapsed());
      }
    }

    assertThat(run).ecn().marks().isGreaterThan(0);
    assertThat(run).pfc().pauseFrames().isGreaterThan(0);
    Assertions.assertThat(missing).as("telemetry that does not account for the counters").isEmpty();
  }

  @Test
  void countersAgreeAcrossEachLink(FabricSession fabric) {
    RunResult run =
        fabric.run(
            Scenario.incast().senders(8).message("1MiB").dscp(26).named("counter agreement"));
    FabricGraph graph = FabricGraph.of(fabric.fabric());
    List<String> disagreements = new ArrayList<>();
    for (PortStats sent : run.ports()) {
      graph
          .linkAt(sent.port())
          .map(link -> link.peerOf(sent.port()))
          .ifPresent(
              peer -> {
                long received =
                    run.port(peer.toString()).stream()
                        .filter(s -> s.priority() == sent.priority())
                        .mapToLong(PortStats::rxPackets)
                        .sum();
                if (received != sent.txPackets() && run.drops(sent.priority()) == 0) {
                  disagreements.add(
                      sent.port()
                          + "/"
                          + sent.priority()
                          + " sent "
                          + sent.txPackets()
                          + " packets, "
                          + peer
                          + " received "
                          + received);
                }
              });
    }
    Assertions.assertThat(disagreements).as("tx/rx packet counters across links").isEmpty();
  }

  private static long sum(RunResult run, String metric, String subject) {
    return run.series(metric).stream()
        .filter(series -> series.subject().equals(subject))
        .flatMapToLong(series -> java.util.Arrays.stream(series.values()))
        .sum();
  }

  private static Set<String> subjects(RunResult run, String metric) {
    return run.series(metric).stream()
        .map(TimeSeries::subject)
        .collect(Collectors.toCollection(TreeSet::new));
  }
}
