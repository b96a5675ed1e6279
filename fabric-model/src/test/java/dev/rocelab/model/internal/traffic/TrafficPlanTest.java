package dev.rocelab.model.internal.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.AllToAll;
import dev.rocelab.api.scenario.Workload.Incast;
import dev.rocelab.api.scenario.Workload.Microburst;
import dev.rocelab.api.scenario.Workload.MixedTraffic;
import dev.rocelab.api.scenario.Workload.Permutation;
import dev.rocelab.api.scenario.Workload.RdmaFlow;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class TrafficPlanTest {

  private static FabricGraph reference;
  private static FabricGraph small;

  @BeforeAll
  static void loadFabrics() {
    reference = Fabrics.reference();
    small = Fabrics.small();
  }

  @Nested
  class IncastSenders {

    @Test
    void eightSendersAreTheReceiversRailOnEveryOtherHostThenTheNextRail() {
      List<FlowSpec> flows = plan(reference, incast(8, Optional.empty()));

      assertThat(sources(flows))
          .containsExactly(
              "host2:nic0",
              "host3:nic0",
              "host4:nic0",
              "host5:nic0",
              "host6:nic0",
              "host7:nic0",
              "host8:nic0",
              "host2:nic1");
      assertThat(flows).allSatisfy(f -> assertThat(f.destination()).hasToString("host1:nic0"));
    }

    @Test
    void sixtyThreeSendersTakeEveryOtherHostRailByRailThenTheReceiversOwnHost() {
      List<FlowSpec> flows = plan(reference, incast(63, Optional.empty()));

      List<String> expected = new ArrayList<>();
      for (int nic = 0; nic < 8; nic++) {
        for (int host = 2; host <= 8; host++) {
          expected.add("host" + host + ":nic" + nic);
        }
      }
      expected.addAll(
          List.of(
              "host1:nic1",
              "host1:nic2",
              "host1:nic3",
              "host1:nic4",
              "host1:nic5",
              "host1:nic6",
              "host1:nic7"));
      assertThat(sources(flows)).containsExactlyElementsOf(expected);
      assertThat(sources(flows).subList(0, 10))
          .containsExactly(
              "host2:nic0",
              "host3:nic0",
              "host4:nic0",
              "host5:nic0",
              "host6:nic0",
              "host7:nic0",
              "host8:nic0",
              "host2:nic1",
              "host3:nic1",
              "host4:nic1");
    }

    @Test
    void aGivenReceiverGetsItsOwnRailFirstThenTheOtherNicsInOrder() {
      List<FlowSpec> flows = plan(reference, incast(9, Optional.of(Endpoint.parse("host3:nic5"))));

      assertThat(sources(flows))
          .containsExactly(
              "host1:nic5",
              "host2:nic5",
              "host4:nic5",
              "host5:nic5",
              "host6:nic5",
              "host7:nic5",
              "host8:nic5",
              "host1:nic0",
              "host2:nic0");
      assertThat(flows).allSatisfy(f -> assertThat(f.destination()).hasToString("host3:nic5"));
    }

    @Test
    void eachSenderWritesOneMessageOfTheIncastSizeAtTheStart() {
      Incast incast =
          new Incast(2, Optional.empty(), DataSize.mib(4), OptionalInt.empty(), SimTime.micros(3));

      List<FlowSpec> flows = plan(reference, incast);

      assertThat(flows)
          .allSatisfy(
              f -> {
                assertThat(f.messageBytes()).isEqualTo(4L << 20);
                assertThat(f.messages()).isEqualTo(1);
                assertThat(f.startPs()).isEqualTo(3_000_000L);
                assertThat(f.periodPs()).isZero();
                assertThat(f.qps()).as("cx7 qpsPerConnection").isEqualTo(2);
                assertThat(f.verb()).isEqualTo(Workload.Verb.WRITE);
                assertThat(f.background()).isFalse();
              });
    }

    @Test
    void moreSendersThanOtherNicsIsRejectedWithTheCounts() {
      assertThatThrownBy(() -> plan(reference, incast(64, Optional.empty())))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "incast of 64 senders needs 64 NICs other than the receiver host1:nic0 but the fabric has 63"
                  + " (56 on other hosts)");
    }

    @Test
    void anUnknownReceiverIsRejectedNamingTheFabricsNics() {
      assertThatThrownBy(
              () -> plan(reference, incast(2, Optional.of(Endpoint.parse("host9:nic0")))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "host9:nic0 (receiver of incast 2:1 · 1MiB) is not a NIC of fabric reference;"
                  + " its NICs are host1:nic0, host1:nic1, host1:nic2, host1:nic3, … (64 in all)");
    }
  }

  @Nested
  class Microbursts {

    @Test
    void eachSenderBurstsPeriodicallyFromTheStart() {
      Microburst burst =
          new Microburst(
              3,
              Optional.of(Endpoint.parse("host1:nic0")),
              DataSize.kib(64),
              SimTime.micros(20),
              5,
              OptionalInt.empty(),
              SimTime.micros(1));

      List<FlowSpec> flows = plan(small, burst);

      assertThat(sources(flows)).containsExactly("host2:nic0", "host3:nic0", "host4:nic0");
      assertThat(flows)
          .allSatisfy(
              f -> {
                assertThat(f.messageBytes()).isEqualTo(65_536L);
                assertThat(f.messages()).isEqualTo(5);
                assertThat(f.startPs()).isEqualTo(1_000_000L);
                assertThat(f.periodPs()).isEqualTo(20_000_000L);
                assertThat(f.postPs(4)).isEqualTo(81_000_000L);
                assertThat(f.totalBytes()).isEqualTo(5 * 65_536L);
              });
    }

    @Test
    void tooManyBurstingSendersIsRejectedAsAMicroburst() {
      Microburst burst =
          new Microburst(
              8,
              Optional.empty(),
              DataSize.kib(64),
              SimTime.micros(20),
              5,
              OptionalInt.empty(),
              SimTime.ZERO);

      assertThatThrownBy(() -> plan(small, burst))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "microburst of 8 senders needs 8 NICs other than the receiver host1:nic0 but the fabric has 7"
                  + " (6 on other hosts)");
    }
  }

  @Nested
  class Dscp {

    @Test
    void aWorkloadWithoutDscpUsesTheSourceNicsRoceMarking() {
      List<FlowSpec> flows =
          plan(small, new AllToAll(DataSize.kib(4), OptionalInt.empty(), SimTime.ZERO));

      assertThat(flows)
          .allSatisfy(
              f -> {
                boolean overridden = f.source().device().equals("host3");
                assertThat(f.dscp()).as("dscp of " + f.name()).isEqualTo(overridden ? 24 : 26);
                assertThat(f.qps()).as("qps of " + f.name()).isEqualTo(overridden ? 4 : 1);
              });
    }

    @Test
    void aWorkloadsDscpWinsOverTheNicMarking() {
      List<FlowSpec> flows =
          plan(small, new AllToAll(DataSize.kib(4), OptionalInt.of(10), SimTime.ZERO));

      assertThat(flows).extracting(FlowSpec::dscp).containsOnly(10);
    }
  }

  @Nested
  class Permutations {

    @Test
    void everyNicSendsOnceAndReceivesOnceAndNeverWithinItsHost() {
      for (long seed = 0; seed < 200; seed++) {
        for (FabricGraph graph : List.of(reference, small)) {
          List<FlowSpec> flows = TrafficPlan.of(permutation().withSeed(seed), graph);

          assertThat(flows).extracting(FlowSpec::source).containsExactlyElementsOf(graph.nics());
          assertThat(flows)
              .extracting(FlowSpec::destination)
              .containsExactlyInAnyOrderElementsOf(graph.nics());
          for (FlowSpec f : flows) {
            assertThat(f.destination().device())
                .as("seed %d: host of %s", seed, f.name())
                .isNotEqualTo(f.source().device());
          }
        }
      }
    }

    @Test
    void theSameSeedDrawsTheSamePermutation() {
      assertThat(TrafficPlan.of(permutation().withSeed(7), reference))
          .isEqualTo(TrafficPlan.of(permutation().withSeed(7), reference));
    }

    @Test
    void anotherSeedDrawsAnotherPermutation() {
      assertThat(destinations(TrafficPlan.of(permutation().withSeed(7), reference)))
          .isNotEqualTo(destinations(TrafficPlan.of(permutation().withSeed(8), reference)));
    }

    @Test
    void aSecondPermutationInTheSameScenarioIsDrawnAfresh() {
      Workload p = permutation().workloads().get(0);
      List<FlowSpec> flows = plan(reference, p, p);

      assertThat(destinations(flows.subList(64, 128)))
          .isNotEqualTo(destinations(flows.subList(0, 64)));
    }

    @Test
    void permutationFlowsCarryTheFlowSizeAndQueuePairs() {
      assertThat(TrafficPlan.of(permutation(), reference))
          .allSatisfy(
              f -> {
                assertThat(f.messageBytes()).isEqualTo(2_000_000L);
                assertThat(f.messages()).isEqualTo(1);
                assertThat(f.qps()).isEqualTo(3);
                assertThat(f.startPs()).isEqualTo(5_000L);
              });
    }

    @Test
    void aHostHoldingMoreThanHalfTheNicsCannotBePermuted() {
      assertThatThrownBy(() -> TrafficPlan.of(permutation(), Fabrics.singleHost()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "a permutation needs every host to hold at most half of the NICs but host1 holds 2 of 2");
    }

    private Scenario permutation() {
      return Scenario.of(
          "permutation", new Permutation(DataSize.mb(2), 3, OptionalInt.empty(), SimTime.nanos(5)));
    }

    private List<String> destinations(List<FlowSpec> flows) {
      return flows.stream().map(f -> f.destination().toString()).toList();
    }
  }

  @Nested
  class AllToAllFlows {

    @Test
    void everyNicSendsToEveryNicOnOtherHosts() {
      List<FlowSpec> flows =
          plan(reference, new AllToAll(DataSize.kib(256), OptionalInt.empty(), SimTime.ZERO));

      int n = reference.nics().size();
      assertThat(flows).hasSize(n * (n - 8)).hasSize(3584);
      assertThat(flows)
          .allSatisfy(f -> assertThat(f.destination().device()).isNotEqualTo(f.source().device()));
      Set<String> pairs = new HashSet<>();
      flows.forEach(f -> pairs.add(f.source() + ">" + f.destination()));
      assertThat(pairs).hasSize(3584);
    }

    @Test
    void flowsAreOrderedBySourceThenDestination() {
      List<FlowSpec> flows =
          plan(small, new AllToAll(DataSize.kib(4), OptionalInt.empty(), SimTime.ZERO));

      assertThat(flows).hasSize(8 * 6);
      assertThat(flows.subList(0, 7))
          .extracting(f -> f.source() + "→" + f.destination())
          .containsExactly(
              "host1:nic0→host2:nic0",
              "host1:nic0→host2:nic1",
              "host1:nic0→host3:nic0",
              "host1:nic0→host3:nic1",
              "host1:nic0→host4:nic0",
              "host1:nic0→host4:nic1",
              "host1:nic1→host2:nic0");
      assertThat(flows)
          .isSortedAccordingTo(
              (x, y) ->
                  x.source().compareTo(y.source()) != 0
                      ? x.source().compareTo(y.source())
                      : x.destination().compareTo(y.destination()));
    }
  }

  @Nested
  class Mixed {

    private final Workload lossless =
        new Incast(2, Optional.empty(), DataSize.mib(1), OptionalInt.empty(), SimTime.ZERO);

    @Test
    void theLossyPartIsBackgroundAndTheLosslessPartIsNot() {
      Workload lossy =
          new RdmaFlow(
              Endpoint.parse("host4:nic1"),
              Endpoint.parse("host1:nic0"),
              DataSize.kib(64),
              10,
              1,
              OptionalInt.of(0),
              SimTime.ZERO,
              Workload.Verb.SEND);

      List<FlowSpec> flows = plan(small, new MixedTraffic(lossless, lossy));

      assertThat(flows)
          .extracting(FlowSpec::name, FlowSpec::background, FlowSpec::dscp)
          .containsExactly(
              tuple("incast#0.lossless host2:nic0→host1:nic0", false, 26),
              tuple("incast#0.lossless host3:nic0→host1:nic0", false, 24),
              tuple("rdma#0.lossy host4:nic1→host1:nic0", true, 0));
      assertThat(flows.get(2).verb()).isEqualTo(Workload.Verb.SEND);
    }

    @Test
    void aLossyPartWithoutDscpIsRejected() {
      Workload lossy = new AllToAll(DataSize.kib(4), OptionalInt.empty(), SimTime.ZERO);

      assertThatThrownBy(() -> plan(small, new MixedTraffic(lossless, lossy)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("the lossy part of mixed traffic needs a DSCP (e.g. 0)")
          .hasMessageContaining("all-to-all");
    }
  }

  @Nested
  class PlanShape {

    private final Scenario scenario =
        Scenario.of(
            "two",
            new RdmaFlow(
                Endpoint.parse("host1:nic1"),
                Endpoint.parse("host4:nic0"),
                DataSize.mib(1),
                4,
                2,
                OptionalInt.empty(),
                SimTime.micros(2),
                Workload.Verb.WRITE),
            new Incast(
                2,
                Optional.of(Endpoint.parse("host2:nic1")),
                DataSize.kib(512),
                OptionalInt.of(26),
                SimTime.ZERO));

    @Test
    void idsCountUpInPlanOrderAndNamesSayWhereEachFlowComesFrom() {
      List<FlowSpec> flows = TrafficPlan.of(scenario, small);

      assertThat(flows).extracting(FlowSpec::id).containsExactly(0, 1, 2);
      assertThat(flows)
          .extracting(FlowSpec::name)
          .containsExactly(
              "rdma#0 host1:nic1→host4:nic0",
              "incast#1 host1:nic1→host2:nic1",
              "incast#1 host3:nic1→host2:nic1");
    }

    @Test
    void anRdmaFlowKeepsItsMessagesQueuePairsAndVerbBackToBack() {
      FlowSpec flow = TrafficPlan.of(scenario, small).get(0);

      assertThat(flow)
          .isEqualTo(
              new FlowSpec(
                  0,
                  "rdma#0 host1:nic1→host4:nic0",
                  Endpoint.parse("host1:nic1"),
                  Endpoint.parse("host4:nic0"),
                  1L << 20,
                  4,
                  2,
                  26,
                  2_000_000L,
                  0,
                  Workload.Verb.WRITE,
                  false));
      assertThat(IntStream.range(0, 4).mapToLong(flow::postPs)).containsOnly(2_000_000L);
    }

    @Test
    void theSameScenarioAndFabricGiveTheSamePlan() {
      Scenario big =
          Scenario.of(
              "big",
              new AllToAll(DataSize.kib(4), OptionalInt.empty(), SimTime.ZERO),
              new Permutation(DataSize.mib(1), 1, OptionalInt.empty(), SimTime.ZERO),
              new Incast(63, Optional.empty(), DataSize.mib(1), OptionalInt.empty(), SimTime.ZERO));

      List<FlowSpec> first = TrafficPlan.of(big, reference);

      assertThat(TrafficPlan.of(big, Fabrics.reference())).isEqualTo(first);
      assertThat(first)
          .extracting(FlowSpec::id)
          .containsExactlyElementsOf(IntStream.range(0, first.size()).boxed().toList());
      assertThat(first).extracting(FlowSpec::name).doesNotHaveDuplicates();
    }

    @Test
    void anRdmaFlowFromAPortThatIsNoNicIsRejected() {
      Workload flow =
          new RdmaFlow(
              Endpoint.parse("leaf1:eth1"),
              Endpoint.parse("host4:nic0"),
              DataSize.mib(1),
              1,
              1,
              OptionalInt.empty(),
              SimTime.ZERO,
              Workload.Verb.WRITE);

      assertThatThrownBy(() -> plan(small, flow))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith(
              "leaf1:eth1 (source of rdma write leaf1:eth1 → host4:nic0 · 1 × 1MiB)"
                  + " is not a NIC of fabric small; its NICs are host1:nic0, host1:nic1, host2:nic0, host2:nic1, …"
                  + " (8 in all)");
    }

    @Test
    void collectivesAddNoScheduledFlows() {
      Workload allReduce =
          Scenario.collective(Workload.CollectiveOperation.ALL_REDUCE).size("1GiB").workload();

      assertThat(plan(reference, allReduce)).isEmpty();
    }
  }

  private static Workload incast(int senders, Optional<Endpoint> receiver) {
    return new Incast(senders, receiver, DataSize.mib(1), OptionalInt.empty(), SimTime.ZERO);
  }

  private static List<FlowSpec> plan(FabricGraph graph, Workload... workloads) {
    return TrafficPlan.of(Scenario.of("test", workloads), graph);
  }

  private static List<String> sources(List<FlowSpec> flows) {
    return flows.stream().map(f -> f.source().toString()).toList();
  }
}
