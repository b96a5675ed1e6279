package dev.rocelab.model.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.BufferBudget;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.LinkSpec;
import dev.rocelab.api.fabric.PortHeadroom;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.DropRecord;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import dev.rocelab.model.internal.telemetry.DropLog;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fidelity case 3: PFC headroom sized by the SONiC/NVIDIA formula loses nothing in an incast of any
 * degree; headroom cut below what is still in flight when XOFF is sent (2 × cable bytes + MTU)
 * loses lossless packets, and the loss is reported where it happened. N:1 incasts of 2 MiB per
 * sender on the 100G star with an 8 MiB buffer, so the ingress groups reach their dynamic threshold
 * and PFC engages at every degree.
 */
class HeadroomFidelityTest {

  private static final String LEAF = "leaf1";
  private static final int RDMA = 3;

  private static Scenario incast(int senders) {
    return Scenario.of(
            "incast " + senders + ":1",
            new Workload.Incast(
                senders, Optional.empty(), DataSize.mib(2), OptionalInt.empty(), SimTime.ZERO))
        .withDuration(SimTime.millis(20));
  }

  private static FabricSpec star(String headroom) {
    return ModelFixtures.fabric("star100g", "    buffer: 32MiB\n", "    buffer: 8MiB\n" + headroom);
  }

  /** The leaf ports the senders' traffic comes in on. */
  private static Set<Endpoint> senderIngressPorts(FabricGraph graph, RunResult run) {
    return run.flows().stream()
        .map(f -> graph.linkAt(f.source()).orElseThrow().peerOf(f.source()))
        .collect(Collectors.toSet());
  }

  /**
   * star100g sizes headroom with the formula's defaults (no {@code headroom} key): ~159 KiB per
   * port.
   */
  @ParameterizedTest(name = "{0}:1")
  @ValueSource(ints = {2, 8, 16})
  void headroomDerivedByTheFormulaLosesNothingWhateverTheIncastDegree(int senders) {
    FabricSpec spec = star("");
    FabricGraph graph = FabricGraph.of(spec);

    RunResult run = ModelFixtures.run(spec, incast(senders)).result();

    assertThat(run.totalDrops()).as("drops").isZero();
    assertThat(run.firstDrops()).isEmpty();
    assertThat(run.flows()).allMatch(FlowResult::completed);
    // not vacuous: every sender was paused, and the headroom took frames that came after XOFF
    Set<Endpoint> ingress = senderIngressPorts(graph, run);
    assertThat(run.priority(RDMA).filter(p -> ingress.contains(p.port())))
        .hasSize(senders)
        .allSatisfy(
            p -> assertThat(p.pausesSent()).as("pauses sent from %s", p.port()).isPositive())
        .anySatisfy(
            p ->
                assertThat(p.maxHeadroom().bytes())
                    .as("headroom used at %s", p.port())
                    .isPositive());
  }

  @ParameterizedTest(name = "{0}:1")
  @ValueSource(ints = {2, 8, 16})
  void headroomCutBelowTwiceTheCablePlusAnMtuDropsLosslessPacketsAndReportsWhere(int senders) {
    FabricSpec spec = star("    headroom: {mode: fixed, size: 1KiB}\n");
    FabricGraph graph = FabricGraph.of(spec);
    LinkSpec hostLink = graph.linkAt(Endpoint.parse("host1:nic0")).orElseThrow().spec();
    long cableBytes =
        hostLink.length().propagationDelay().picos() / hostLink.speed().picosPerByte(); // 125 B
    long mtuFrame = BufferBudget.largestLosslessFrame(spec).bytes(); // 1086 B
    PortHeadroom configured = BufferBudget.of(graph, LEAF).ports().get(0);
    assertThat(configured.sizeFor(RDMA).bytes())
        .as("GIVEN headroom below 2 × cable + MTU")
        .isLessThan(2 * cableBytes + mtuFrame);

    RunResult run = ModelFixtures.run(spec, incast(senders)).result();

    assertThat(run.totalDrops()).as("drops").isPositive();
    Set<Endpoint> ingress = senderIngressPorts(graph, run);
    for (PortStats port : run.ports()) {
      if (port.totalDrops() > 0) {
        assertThat(port.drops())
            .as("drops at %s priority %d", port.port(), port.priority())
            .containsOnlyKeys(DropReason.LOSSLESS_HEADROOM_EXCEEDED);
        assertThat(port.priority()).as("priority of the drops at %s", port.port()).isEqualTo(RDMA);
        assertThat(ingress).as("ports that dropped").contains(port.port());
      }
    }

    Map<String, FlowResult> flows =
        run.flows().stream().collect(Collectors.toMap(FlowResult::id, Function.identity()));
    // the first KEPT drops, and the first of every port, priority and reason after them
    long kinds = run.ports().stream().mapToLong(p -> p.drops().size()).sum();
    assertThat(run.firstDrops())
        .hasSizeBetween(
            (int) Math.min(run.totalDrops(), DropLog.KEPT),
            (int) Math.min(run.totalDrops(), DropLog.KEPT + kinds));
    assertThat(run.firstDrops()).isSortedAccordingTo((a, b) -> a.time().compareTo(b.time()));
    for (DropRecord drop : run.firstDrops()) {
      FlowResult flow = flows.get(drop.flow());
      assertThat(flow).as("the flow named by %s", drop).isNotNull();
      Endpoint senderPort = graph.linkAt(flow.source()).orElseThrow().peerOf(flow.source());
      assertThat(drop.port()).as("port of %s", drop).isEqualTo(senderPort);
      assertThat(drop.priority()).as("priority of %s", drop).isEqualTo(RDMA);
      assertThat(drop.reason())
          .as("reason of %s", drop)
          .isEqualTo(DropReason.LOSSLESS_HEADROOM_EXCEEDED);
      assertThat(drop.lossless()).as("lossless flag of %s", drop).isTrue();
      assertThat(drop.time())
          .as("time of %s", drop)
          .isGreaterThan(SimTime.ZERO)
          .isLessThanOrEqualTo(run.elapsed());
    }
  }
}
