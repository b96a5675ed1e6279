package dev.rocelab.model.internal.collective;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.model.ModelFixtures;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The transfers a collective decomposes into move exactly the bytes its algorithm moves: per rank
 * where every rank does the same, in total where ranks differ (chains, trees). Sixteen ranks on two
 * hosts of the reference fabric (16 channels), sizes divisible by ranks × channels.
 */
class CollectiveDecompositionTest {

  private static final FabricGraph REFERENCE = FabricGraph.of(ModelFixtures.reference());
  private static final FabricGraph NVSWITCH = FabricGraph.of(ModelFixtures.nvswitchReference());
  private static final int N = 16;
  private static final long S = 16L * 16 * 4096 * 3;

  @Test
  void ringAllReduceSendsTwiceNMinusOneOverNOfTheDataFromEveryRank() {
    TransferPlan plan = plan(CollectiveOperation.ALL_REDUCE, Algorithm.RING, S);

    assertThat(IntStream.range(0, N).mapToLong(plan::bytesSentBy))
        .containsOnly(2 * (N - 1) * S / N);
    assertThat(plan.size())
        .as("channels × ranks × 2(n−1) steps × slices")
        .isEqualTo(16 * N * 2 * (N - 1));
  }

  @Test
  void ringAllGatherAndReduceScatterSendNMinusOneOverN() {
    for (CollectiveOperation op :
        new CollectiveOperation[] {
          CollectiveOperation.ALL_GATHER, CollectiveOperation.REDUCE_SCATTER
        }) {
      TransferPlan plan = plan(op, Algorithm.RING, S);
      assertThat(IntStream.range(0, N).mapToLong(plan::bytesSentBy))
          .as(op.ncclName())
          .containsOnly((N - 1) * S / N);
    }
  }

  @Test
  void chainsMoveTheDataOverNMinusOneHopsAndTheRootOfAReduceSendsNothing() {
    TransferPlan broadcast = plan(CollectiveOperation.BROADCAST, Algorithm.RING, S);
    TransferPlan reduce = plan(CollectiveOperation.REDUCE, Algorithm.RING, S);

    assertThat(total(broadcast)).isEqualTo((N - 1) * S);
    assertThat(broadcast.bytesSentBy(0)).as("the root sends everything").isEqualTo(S);
    assertThat(total(reduce)).isEqualTo((N - 1) * S);
    assertThat(reduce.bytesSentBy(0)).as("the root of a reduce only receives").isZero();
  }

  @Test
  void doubleBinaryTreeAllReduceMovesTheDataUpAndDownEveryEdge() {
    TransferPlan tree = plan(CollectiveOperation.ALL_REDUCE, Algorithm.TREE, S);

    assertThat(total(tree)).isEqualTo(2 * (N - 1) * S);
    assertThat(tree.connections())
        .as("tree edges between the two hosts, one per channel and direction")
        .hasSize(2 * 16);
  }

  /**
   * NCCL's double binary tree: every host is inside at most one of the two trees, and both trees of
   * a pair of channels use the same NIC, so every NIC sends and receives twice its share of the
   * data — like a ring — for even and odd host counts alike (31 and 248 hosts of 8 GPUs).
   */
  @Test
  void doubleBinaryTreesLoadEveryNicWithTwiceItsShare() {
    for (String units : new String[] {"scalableUnits: 1", "scalableUnits: 8"}) {
      FabricGraph fabric =
          FabricGraph.of(
              ModelFixtures.reference(
                  "scalableUnits: 1\n  hostsPerUnit: 8\n  spines: 4\n  uplinksPerSpine: 2",
                  units + "\n  hostsPerUnit: 31\n  spines: 31\n  uplinksPerSpine: 1"));
      Workload.Collective tree =
          Scenario.collective(CollectiveOperation.ALL_REDUCE)
              .algorithm(Algorithm.TREE)
              .protocol(Workload.Protocol.SIMPLE)
              .workload();
      CollectiveLayout layout = CollectiveLayout.of(fabric, tree);
      Map<Endpoint, Long> sent = new HashMap<>();
      Map<Endpoint, Long> received = new HashMap<>();
      for (Edge e : Algorithms.edges(tree, layout, S)) {
        if (e.connection() != null) {
          sent.merge(e.connection().source(), e.dataBytes(), Long::sum);
          received.merge(e.connection().destination(), e.dataBytes(), Long::sum);
        }
      }
      long share = S / layout.rails();
      assertThat(sent).as(units).hasSize(layout.nodes() * layout.rails());
      assertThat(sent.values())
          .as(units)
          .allSatisfy(b -> assertThat(b).isLessThanOrEqualTo(2 * share));
      assertThat(received.values())
          .as(units)
          .allSatisfy(b -> assertThat(b).isLessThanOrEqualTo(2 * share));
    }
  }

  /**
   * NVLS: the NVSwitch reduces every GPU's data into the heads and multicasts each head's part, so
   * a GPU's NVLink carries its data once and its part once more — (n + 1)/n of it, not a ring's 2(n
   * − 1)/n.
   */
  @Test
  void nvlsSendsEveryGpusDataOnceAndItsPartOnceMore() {
    TransferPlan plan = plan(NVSWITCH, CollectiveOperation.ALL_REDUCE, Algorithm.NVLS, 8, S);

    assertThat(IntStream.range(0, 8).mapToLong(plan::bytesSentBy)).containsOnly(S + S / 8);
    assertThat(plan.connections()).as("one host: nothing on the network").isEmpty();
  }

  /**
   * NVLS tree on two hosts: inside each host as NVLS; GPU l of each host heads part l and sends it
   * to its peer head through its own NIC — up the channel's tree, or down it from the root.
   */
  @Test
  void nvlsTreeHeadsSendTheirPartAcrossThroughTheirOwnNic() {
    TransferPlan plan = plan(NVSWITCH, CollectiveOperation.ALL_REDUCE, Algorithm.NVLS_TREE, N, S);

    assertThat(IntStream.range(0, N).mapToLong(plan::bytesSentBy))
        .as("NVLink: data + part; network: part")
        .containsOnly(S + S / 8 + S / 8);
    assertThat(plan.connections())
        .as("per channel, a head pair each way")
        .hasSize(16 * 8 * 2)
        .allSatisfy(c -> assertThat(c.source().port()).isEqualTo(c.destination().port()));
    assertThat(plan.connections().stream().map(c -> c.source().port()).distinct())
        .as("every NIC")
        .hasSize(8);
  }

  @Test
  void nvlsStreamsSumWhatItsTransfersSend() {
    for (int ranks : new int[] {8, N}) {
      Algorithm algorithm = ranks == 8 ? Algorithm.NVLS : Algorithm.NVLS_TREE;
      Workload.Collective c = collective(CollectiveOperation.ALL_REDUCE, algorithm, ranks);
      CollectiveLayout layout = CollectiveLayout.of(NVSWITCH, c);
      TransferPlan plan = Algorithms.plan(c, layout, S);
      long[] streamed = new long[ranks];
      for (Edge e : Algorithms.edges(c, layout, S)) {
        streamed[e.from()] += e.dataBytes();
      }
      assertThat(streamed)
          .as(algorithm.ncclName())
          .containsExactly(IntStream.range(0, ranks).mapToLong(plan::bytesSentBy).toArray());
    }
  }

  @Test
  void allToAllSendsEveryOtherRankItsShare() {
    FabricGraph star = FabricGraph.of(ModelFixtures.fabric("star100g"));
    Workload.Collective a2a =
        Scenario.collective(CollectiveOperation.ALL_TO_ALL)
            .protocol(Workload.Protocol.SIMPLE)
            .ranks(8)
            .workload();
    CollectiveLayout layout = CollectiveLayout.of(star, a2a);
    TransferPlan plan = Algorithms.plan(a2a, layout, 8 * 1024 * 1024);

    assertThat(IntStream.range(0, 8).mapToLong(plan::bytesSentBy)).containsOnly(7L * 1024 * 1024);
  }

  /**
   * NCCL's point-to-point connections join pairs of ranks: where two GPUs share a host's one NIC,
   * an all-to-all between two hosts opens four connections each way between the two NICs (each with
   * its own queue pairs and paths), not one that all four pairs of ranks would share.
   */
  @Test
  void allToAllOpensAConnectionPerPairOfRanksWhereGpusShareANic() {
    FabricGraph twoGpusPerNic =
        FabricGraph.of(ModelFixtures.fabric("star100g", "    gpus: 1\n", "    gpus: 2\n"));
    Workload.Collective a2a =
        Scenario.collective(CollectiveOperation.ALL_TO_ALL)
            .protocol(Workload.Protocol.SIMPLE)
            .ranks(4)
            .workload();
    TransferPlan plan =
        Algorithms.plan(a2a, CollectiveLayout.of(twoGpusPerNic, a2a), 8 * 1024 * 1024);

    assertThat(plan.connections())
        .hasSize(8)
        .extracting(c -> c.source() + "→" + c.destination() + " " + c.channel())
        .containsOnlyOnce(
            "host1:nic0→host2:nic0 0",
            "host1:nic0→host2:nic0 1",
            "host1:nic0→host2:nic0 2",
            "host1:nic0→host2:nic0 3",
            "host2:nic0→host1:nic0 0",
            "host2:nic0→host1:nic0 3");
  }

  /** With one GPU behind each NIC, each pair of NICs carries one pair of ranks: one connection. */
  @Test
  void allToAllOpensAConnectionPerPairOfNicsWhereEachGpuHasItsOwn() {
    Workload.Collective a2a = collective(CollectiveOperation.ALL_TO_ALL, Algorithm.RING, N);
    TransferPlan plan = Algorithms.plan(a2a, CollectiveLayout.of(REFERENCE, a2a), S);

    assertThat(plan.connections())
        .hasSize(2 * 8)
        .allSatisfy(c -> assertThat(c.channel()).isZero())
        .allSatisfy(c -> assertThat(c.source().port()).isEqualTo(c.destination().port()));
  }

  @Test
  void ringChannelsStayOnTheirRailBetweenHosts() {
    TransferPlan plan = plan(CollectiveOperation.ALL_REDUCE, Algorithm.RING, S);

    assertThat(plan.connections())
        .hasSize(2 * 16)
        .allSatisfy(
            c -> {
              assertThat(c.source().port()).isEqualTo(c.destination().port());
              assertThat(c.source().port()).isEqualTo("nic" + c.channel() % 8);
            });
  }

  @Test
  void slicesAreOnePipelineStepAtMost() {
    TransferPlan plan = plan(CollectiveOperation.ALL_REDUCE, Algorithm.RING, 1L << 30);

    long slice = NcclConstants.sliceBytes(Workload.Protocol.SIMPLE);
    assertThat(IntStream.range(0, plan.size()).mapToLong(plan::dataBytes).max().orElseThrow())
        .isLessThanOrEqualTo(slice);
    assertThat(total(plan)).isEqualTo(N * 2L * (N - 1) * (1L << 30) / N);
  }

  private static long total(TransferPlan plan) {
    return IntStream.range(0, N).mapToLong(plan::bytesSentBy).sum();
  }

  private static TransferPlan plan(CollectiveOperation operation, Algorithm algorithm, long bytes) {
    return plan(REFERENCE, operation, algorithm, N, bytes);
  }

  private static TransferPlan plan(
      FabricGraph fabric,
      CollectiveOperation operation,
      Algorithm algorithm,
      int ranks,
      long bytes) {
    Workload.Collective collective = collective(operation, algorithm, ranks);
    return Algorithms.plan(collective, CollectiveLayout.of(fabric, collective), bytes);
  }

  private static Workload.Collective collective(
      CollectiveOperation operation, Algorithm algorithm, int ranks) {
    return Scenario.collective(operation)
        .algorithm(algorithm)
        .protocol(Workload.Protocol.SIMPLE)
        .ranks(ranks)
        .workload();
  }
}
