package dev.rocelab.suites.aiworkload;

import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.Checks;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Purpose;
import dev.rocelab.suites.Criteria;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Purpose(
    "AI workload: SONiC's collective-communication test matrix (RoCE MTU x message size x ECMP vs packet spraying x queue pairs) for an all-reduce over 16 ranks, each cell alone and under a point-to-point background load on the ranks' hosts crossing the spines, for the whole collective. Pass: no loss, the job completion time rising less than the criterion under the background beyond what the background's share of a link the collective keeps busy must cost, and, where the switches spray, the uplinks' egress imbalance under the background below the criterion.")
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.AI_WORKLOAD)
@Execution(ExecutionMode.CONCURRENT) // cells are independent; on the model they run side by side
class CollectiveMatrixTest {

  /** The background's message: paced, one per period. */
  private static final DataSize BACKGROUND_MESSAGE = DataSize.kib(64);

  private final Criteria criteria = Criteria.of(Phase.AI_WORKLOAD);

  @CclMatrix
  void cellIsLosslessAndHoldsItsCompletionTimeUnderBackgroundLoad(
      RunResult alone, Scenario cell, FabricSession session, FabricSpec fabric) {
    assertThat(alone).isLossless();
    SimTime jobAlone = alone.collectives().get(0).largest().outOfPlace().time();
    FabricGraph graph = FabricGraph.of(fabric);
    List<String> hosts = hostsOfRanks(cell, graph);

    // the background lasts as long as the whole collective did alone — its untimed runs and
    // both timed runs — so the runs measured are the ones it loads
    RunResult loaded = session.run(withBackground(cell, hosts, alone.elapsed(), graph));

    assertThat(loaded).isLossless();
    double share = criteria.number("cclBackgroundLoad");
    double busy = busiestHostLink(alone, graph, hosts);
    // what the background must cost: where the collective alone keeps a host link busier than the
    // background leaves free, it gets only the rest of that link
    double forced = Math.max(1, busy / (1 - share));
    double rise = criteria.number("cclJobCompletionRise");
    SimTime limit = SimTime.picos(Math.round(jobAlone.picos() * forced * (1 + rise)));
    Checks.limitFrom(
        limit,
        String.format(
            "derived: %s alone × %.3f (the background's share of the busiest host link, %.0f%%"
                + " busy alone) × %s (%s cclJobCompletionRise)",
            Display.time(jobAlone),
            forced,
            100 * busy,
            Display.number(1 + rise),
            criteria.origin("cclJobCompletionRise")));
    assertThat(loaded)
        .collective()
        .time()
        .describedAs("job completion time under %.0f%% background load", 100 * share)
        .isAtMost(limit);
    if (CclMatrix.Cells.spraying(modeOf(cell))) {
      assertThat(loaded)
          .loadBalance()
          .egressImbalance()
          .isLessThan(criteria.number("cclEgressImbalance"));
    }
  }

  /**
   * How busy the collective alone kept the busiest of its hosts' links: the most any of their NICs
   * sent, as a share of its line rate over the whole run (its warm-up and both timed runs; the
   * pauses between its steps make this an average, never above what the link carried at its
   * busiest).
   */
  private static double busiestHostLink(RunResult alone, FabricGraph fabric, List<String> hosts) {
    double busiest = 0;
    for (String host : hosts) {
      for (Endpoint nic : nicsOf(fabric, host)) {
        long sent =
            alone.ports().stream()
                .filter(p -> p.port().equals(nic))
                .mapToLong(PortStats::txBytes)
                .sum();
        double capacity =
            fabric.linkAt(nic).orElseThrow().spec().speed().bitsPerSecond()
                / 8.0
                * alone.elapsed().picos()
                / 1e12;
        busiest = Math.max(busiest, sent / capacity);
      }
    }
    return busiest;
  }

  /**
   * The cell with point-to-point background flows: every NIC of each host the ranks run on sends to
   * the next rail's NIC of the next of those hosts (the last to the first), so the background
   * crosses the spines and loads every host link of the collective alike, each paced to the
   * background share of its line rate for {@code lasting}.
   */
  private Scenario withBackground(
      Scenario cell, List<String> hosts, SimTime lasting, FabricGraph fabric) {
    List<Workload> workloads = new ArrayList<>(cell.workloads());
    for (int h = 0; h < hosts.size(); h++) {
      String from = hosts.get(h);
      String to = hosts.get((h + 1) % hosts.size());
      List<Endpoint> sources = nicsOf(fabric, from);
      List<Endpoint> destinations = nicsOf(fabric, to);
      for (int n = 0; n < sources.size(); n++) {
        Endpoint source = sources.get(n);
        Endpoint destination = destinations.get((n + 1) % destinations.size());
        double bitsPerSecond =
            criteria.number("cclBackgroundLoad")
                * fabric.linkAt(source).orElseThrow().spec().speed().bitsPerSecond();
        long periodPs = Math.round(BACKGROUND_MESSAGE.bytes() * 8 * 1e12 / bitsPerSecond);
        int messages = (int) (lasting.picos() / periodPs) + 1;
        workloads.add(
            new Workload.RdmaFlow(
                source,
                destination,
                BACKGROUND_MESSAGE,
                messages,
                1,
                OptionalInt.empty(),
                SimTime.ZERO,
                Workload.Verb.WRITE,
                SimTime.picos(periodPs)));
      }
    }
    return new Scenario(
        cell.name() + " + background",
        workloads,
        cell.faults(),
        cell.duration(),
        cell.seed(),
        cell.sampleInterval(),
        cell.completion());
  }

  /**
   * The hosts the cell's collective places its ranks on: the first {@code ranks} GPUs of its
   * placement (the fabric's hosts in order where it names none), each host once, in order.
   */
  private static List<String> hostsOfRanks(Scenario cell, FabricGraph fabric) {
    Workload.Collective collective =
        cell.workloads().stream()
            .filter(Workload.Collective.class::isInstance)
            .map(Workload.Collective.class::cast)
            .findFirst()
            .orElseThrow();
    List<String> placement =
        collective.hosts().isEmpty()
            ? fabric.hosts().stream().map(Device::name).toList()
            : collective.hosts();
    List<String> used = new ArrayList<>();
    int placed = 0;
    for (String host : placement) {
      if (collective.ranks() > 0 && placed >= collective.ranks()) {
        break;
      }
      used.add(host);
      placed += fabric.hostProfileOf(host).gpus();
    }
    return used;
  }

  private static List<Endpoint> nicsOf(FabricGraph fabric, String host) {
    return fabric.nics().stream().filter(nic -> nic.device().equals(host)).toList();
  }

  private static String modeOf(Scenario cell) {
    return cell.faults().stream()
        .filter(f -> f instanceof Fault.ConfigDrift d && d.setting().equals("loadBalancing"))
        .map(f -> ((Fault.ConfigDrift) f).value())
        .findFirst()
        .orElseThrow();
  }
}
