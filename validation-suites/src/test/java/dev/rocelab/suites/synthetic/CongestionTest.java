package dev.rocelab.suites.synthetic;

import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricRoles;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Completion;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.ScenarioFit;
import dev.rocelab.api.scenario.SenderSelection;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Incast;
import dev.rocelab.junit.Microburst;
import dev.rocelab.junit.MixedTraffic;
import dev.rocelab.junit.Purpose;
import dev.rocelab.suites.Criteria;
import dev.rocelab.suites.DerivedLimits;
import java.util.List;
import org.junit.jupiter.api.Test;

@Purpose(
    "Synthetic load: RDMA incast, microbursts, lossless traffic mixed with lossy, and congestion confined to one receiver. Lossless classes lose nothing, PFC and ECN do their jobs, and headroom use stays within what the cables need.")
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
class CongestionTest {

  private final Criteria criteria = Criteria.of(Phase.SYNTHETIC_LOAD);

  @Incast(
      senders = {8, 16},
      atMost = true,
      message = "1MiB at 400Gbps",
      priority = 3)
  void incastIsLosslessWithPfcAndEcnWorking(RunResult run, FabricSpec fabric) {
    assertThat(run).isLossless();
    assertThat(run).hasNoDeadlock();
    assertThat(run).flows().allCompleted().fairness().isAtLeast(criteria.number("incastFairness"));
    assertThat(run).ecn().marks().isAtLeast((long) criteria.number("incastMinEcnMarks"));
    // derived from the fabric: no priority group may use more headroom than its cable calls for
    assertThat(run).buffer().peakHeadroom().isAtMost(DerivedLimits.largestHeadroom(fabric));
  }

  /**
   * The port facing the receiver is busy while the incast lasts: its throughput over the time it
   * can have been sending, the run's less the unloaded travel of the first frame to it and of the
   * last acknowledgement back ({@link DerivedLimits#incastSendingWindow}), which on a deep fabric
   * are a twentieth of a short incast's run, time no port could fill; against the share of what the
   * receiver can take ({@link DerivedLimits#incastReceiverBusyFraction}).
   */
  @Incast(senders = 16, atMost = true, message = "1MiB at 400Gbps", priority = 3)
  void incastKeepsTheReceiverBusy(RunResult run) {
    // the switch port facing the receiver (leaf1:eth1 on the reference), whatever the fabric
    Endpoint receiver = run.flows().get(0).destination();
    Endpoint facingIt = run.fabric().linkAt(receiver).orElseThrow().peerOf(receiver);
    assertThat(run)
        .port(facingIt.toString())
        .throughputOver(DerivedLimits.incastSendingWindow(run))
        .fractionOfLineRate()
        .isAtLeast(
            DerivedLimits.incastReceiverBusyFraction(
                run.fabric(), receiver, criteria.number("incastReceiverLineRateFraction")));
  }

  @Microburst(
      senders = 16,
      atMost = true,
      burst = "64KiB at 400Gbps",
      period = "20us",
      bursts = 10,
      priority = 3)
  void microburstsAreAbsorbedWithoutLoss(RunResult run) {
    assertThat(run).isLossless();
    assertThat(run).flows().allCompleted();
    assertThat(run).latency(3).p99().isLessThan(criteria.time("microburstP99Latency"));
  }

  /**
   * Judges the lossless class alone: it loses nothing and every one of its flows completes. The
   * lossy incast beside it may drop and may not finish in the run's time (on a fabric whose lossy
   * priority has no ECN and whose NICs go back N on a loss it does not), which is what lossy
   * traffic may do and not what this check is about, so the scenario measures a window ({@link
   * Completion#WINDOW}): a run still ends as soon as all its traffic has completed.
   */
  @MixedTraffic(
      senders = 8,
      atMost = true,
      message = "1MiB",
      lossySenders = 8,
      lossyMessage = "1MiB",
      lossyPriority = 0,
      completion = Completion.WINDOW)
  void lossyTrafficNeverCostsTheLosslessClass(RunResult run) {
    assertThat(run).isLosslessOn(3);
    assertThat(run).flows().onPriority(3).allCompleted();
  }

  @Test
  void congestionAtOneReceiverStaysLocal(FabricSession fabric, FabricSpec spec) {
    // an 8:1 incast onto the fabric's first NIC while a flow runs under another leaf between two
    // NICs the incast leaves idle (on the reference: host1:nic0 on rail 1, host3:nic1 → host4:nic1
    // on rail 2)
    FabricGraph graph = FabricGraph.of(spec);
    Endpoint receiver = graph.nics().get(0);
    Workload incast =
        Scenario.incast()
            .senders(INCAST_SENDERS)
            .message("1MiB")
            .dscp(26)
            .receiver(receiver.toString())
            .workload();
    // an incast the fabric is too small for makes the check not applicable, before its senders
    // are picked
    ScenarioFit.require(Scenario.of("incast", incast), graph);
    List<Endpoint> bystanders =
        FabricRoles.of(graph)
            .bystanders(receiver, SenderSelection.pick(graph.nics(), receiver, INCAST_SENDERS));
    RunResult run =
        fabric.run(
            Scenario.of(
                "localized congestion",
                incast,
                Scenario.flow(bystanders.get(0).toString(), bystanders.get(1).toString())
                    .message("16MiB")
                    .dscp(26)
                    .workload()));
    assertThat(run).isLossless();
    String bystander = bystanders.get(0).toString();
    assertThat(run).port(bystander).pfc().pausesReceived().isZero();
    assertThat(run)
        .port(bystander)
        .throughput()
        .fractionOfLineRate()
        .isAtLeast(criteria.number("bystanderLineRateFraction"));
  }

  private static final int INCAST_SENDERS = 8;
}
