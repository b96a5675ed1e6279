package dev.rocelab.model.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import dev.rocelab.model.internal.traffic.FlowSpec;
import dev.rocelab.model.internal.traffic.TrafficPlan;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Fidelity case 6 in a running network: a DCQCN notification point sends at most one CNP per queue
 * pair per interval, so over a run of length T a receiving NIC sends at most {@code (queue pairs
 * targeting it) × (T/interval + 1)} CNPs. Two incasts (8:1 and 4:1, 2 QPs per connection) on the
 * star with ECN from 5 KiB to 200 KiB and the paper's 50 µs CNP interval. The senders' DCQCN cannot
 * cut below 30 Gb/s, so both receivers stay congested and nearly every packet arrives CE-marked for
 * the whole 3 ms: the bound is then mostly reached (three quarters or more), and a NIC that paced
 * CNPs a third faster would exceed it. When written: 885 CNPs of a 976 bound at the 8:1 receiver
 * (33 758 marked packets) and 382 of 488 at the 4:1 receiver (7 522 marked packets: the 8:1
 * incast's pauses hold its senders back part of the time).
 */
class CnpRateFidelityTest {

  private static final long INTERVAL_PS = SimTime.micros(50).picos();
  private static final int CNP_PRIORITY = 6;
  private static final List<String> RECEIVERS = List.of("host1:nic0", "host17:nic0");

  private static final Scenario TWO_INCASTS =
      Scenario.of(
              "8:1 and 4:1 incasts",
              new Workload.Incast(
                  8,
                  Optional.of(Endpoint.parse("host1:nic0")),
                  DataSize.mib(64),
                  OptionalInt.empty(),
                  SimTime.ZERO),
              new Workload.Incast(
                  4,
                  Optional.of(Endpoint.parse("host17:nic0")),
                  DataSize.mib(64),
                  OptionalInt.empty(),
                  SimTime.ZERO))
          .withDuration(SimTime.millis(3));

  @Test
  void eachReceivingNicSendsAtMostOneCnpPerQueuePairPerInterval() {
    FabricSpec spec = ModelFixtures.fabric("star100g-dcqcn");
    FabricGraph graph = FabricGraph.of(spec);
    List<FlowSpec> flows = TrafficPlan.of(TWO_INCASTS, graph);

    RunResult run = ModelFixtures.run(spec, TWO_INCASTS).result();

    long intervals = run.elapsed().picos() / INTERVAL_PS + 1;
    for (String receiver : RECEIVERS) {
      long queuePairs =
          flows.stream()
              .filter(f -> f.destination().toString().equals(receiver))
              .mapToLong(FlowSpec::qps)
              .sum();
      long cnps = run.port(receiver).stream().mapToLong(PortStats::cnpsSent).sum();
      System.out.printf("%s: %d CNPs of a %d bound%n", receiver, cnps, queuePairs * intervals);
      // marks rarely stop, so each QP sends a CNP about once per interval, after the queue has
      // built and at the first marked packet past each interval: most of the bound (91 %, 78 %)
      assertThat(cnps)
          .as("CNPs sent by %s", receiver)
          .isLessThanOrEqualTo(queuePairs * intervals)
          .isGreaterThanOrEqualTo(queuePairs * intervals * 3 / 4);
      long marked = rdmaStats(run, leafPortOf(graph, receiver)).ecnMarks();
      assertThat(cnps)
          .as("CNPs sent by %s, each for a CE-marked packet", receiver)
          .isLessThanOrEqualTo(marked);
    }
    long sent = run.priority(CNP_PRIORITY).mapToLong(PortStats::cnpsSent).sum();
    long received = run.priority(CNP_PRIORITY).mapToLong(PortStats::cnpsReceived).sum();
    assertThat(received).as("CNPs received by the senders").isPositive().isLessThanOrEqualTo(sent);
  }

  /** The leaf port facing a NIC: where the NIC's incoming packets are marked. */
  private static Endpoint leafPortOf(FabricGraph graph, String nic) {
    Endpoint end = Endpoint.parse(nic);
    return graph.linkAt(end).orElseThrow().peerOf(end);
  }

  private static PortStats rdmaStats(RunResult run, Endpoint port) {
    return run.port(port.toString()).stream()
        .filter(p -> p.priority() == 3)
        .findFirst()
        .orElseThrow();
  }
}
