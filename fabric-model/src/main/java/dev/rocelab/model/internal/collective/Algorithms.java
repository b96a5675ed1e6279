package dev.rocelab.model.internal.collective;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Decomposes a collective into the transfers NCCL performs, per channel:
 *
 * <ul>
 *   <li><b>Rings</b> (all-reduce, all-gather, reduce-scatter): channel {@code c} uses rail {@code c
 *       mod rails}; in every host the ring enters at the GPU on that rail and visits the host's
 *       other GPUs over NVLink, then leaves for the next host through that rail's NIC (NCCL keeps a
 *       channel on one NIC, so rail traffic stays on its rail). Each rank's share of the channel's
 *       data is one piece; all-reduce takes {@code 2(n−1)} steps (reduce-scatter then all-gather),
 *       all-gather and reduce-scatter {@code n−1}; at step {@code s} rank position {@code i} sends
 *       piece {@code (i − s) mod n} to position {@code i+1}, once it has received that piece's
 *       previous step.
 *   <li><b>Chains</b> (broadcast, reduce): the ring opened at the root — from the root for a
 *       broadcast, towards it for a reduce.
 *   <li><b>Double binary tree</b> (all-reduce): even channels use a balanced in-order binary tree
 *       over the hosts, odd channels its mirror image, so a host that is a leaf in one is inside
 *       the other; inside a host the GPUs form a chain from the rail's GPU. Data is reduced up the
 *       chains and the tree, then broadcast down.
 *   <li><b>NVLS, NVLS tree</b> (all-reduce): GPU {@code l} of every host heads part {@code l} of a
 *       channel's data; the host's GPUs send their shares to the NVSwitch, which reduces them into
 *       the head; across hosts the heads of a part reduce up the channel's tree over the hosts (the
 *       double binary tree's) and broadcast down it, each through its own NIC; each head then
 *       multicasts the result to its host through the NVSwitch. NVLS traffic moves at {@link
 *       NcclConstants#NVLS_EFFICIENCY} of NVLink's data rate.
 *   <li><b>All-to-all</b>: every rank sends its {@code size/n} share to every other rank; to
 *       another host it first moves the data over NVLink to its own host's GPU on the destination's
 *       rail (PXN), which sends it on that rail.
 * </ul>
 *
 * <p>Pieces are cut into slices of one pipeline step ({@link NcclConstants#chunkBytes}) that move
 * independently, so a ring streams. Byte counts split as evenly as the bytes allow.
 *
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public final class Algorithms {

  private Algorithms() {}

  /**
   * The size nccl-tests actually runs for a requested size: whole elements, and for all-gather,
   * reduce-scatter and all-to-all a multiple of the rank count.
   *
   * @param operation the collective
   * @param requestedBytes the size asked for
   * @param elementBytes the size of one element
   * @param ranks the rank count
   * @return the element count
   */
  public static long elementCount(
      CollectiveOperation operation, long requestedBytes, int elementBytes, int ranks) {
    long count = requestedBytes / elementBytes;
    return switch (operation) {
      case ALL_GATHER, REDUCE_SCATTER, ALL_TO_ALL -> count / ranks * ranks;
      default -> count;
    };
  }

  /**
   * @param collective the collective
   * @param layout where its ranks sit
   * @param bytes the size as nccl-tests counts it
   * @return its transfers
   */
  public static TransferPlan plan(
      Workload.Collective collective, CollectiveLayout layout, long bytes) {
    TransferPlanner planner = new TransferPlanner(collective, layout, bytes);
    int channels = layout.channels(collective);
    switch (collective.operation()) {
      case ALL_REDUCE -> {
        if (collective.algorithm() == Algorithm.TREE) {
          for (int c = 0; c < channels; c++) {
            planner.tree(c, split(bytes, channels, c));
          }
        } else if (NcclConstants.isNvls(collective.algorithm())) {
          for (int c = 0; c < channels; c++) {
            planner.nvls(c, split(bytes, channels, c));
          }
        } else {
          for (int c = 0; c < channels; c++) {
            planner.ring(
                c, 2 * (layout.size() - 1), pieces(split(bytes, channels, c), layout.size()));
          }
        }
      }
      case ALL_GATHER, REDUCE_SCATTER -> {
        for (int c = 0; c < channels; c++) {
          long[] perRank = new long[layout.size()];
          for (int p = 0; p < perRank.length; p++) {
            perRank[p] = split(split(bytes, layout.size(), p), channels, c);
          }
          planner.ring(c, layout.size() - 1, perRank);
        }
      }
      case BROADCAST, REDUCE -> {
        for (int c = 0; c < channels; c++) {
          planner.chain(
              c, split(bytes, channels, c), collective.operation() == CollectiveOperation.REDUCE);
        }
      }
      case ALL_TO_ALL -> planner.allToAll(bytes / layout.size());
    }
    return planner.builder.build();
  }

  /**
   * The same decomposition as {@link #plan}, summed over steps and slices into one stream per
   * sender, receiver and path: what a flow-level model needs, in memory linear in the ranks.
   *
   * @param collective the collective
   * @param layout where its ranks sit
   * @param bytes the size as nccl-tests counts it
   * @return the streams, grouped per channel (all-to-all: one group)
   */
  public static List<Edge> edges(
      Workload.Collective collective, CollectiveLayout layout, long bytes) {
    TransferPlanner planner = new TransferPlanner(collective, layout, bytes);
    int channels = layout.channels(collective);
    int n = layout.size();
    List<Edge> edges = new ArrayList<>();
    switch (collective.operation()) {
      case ALL_REDUCE -> {
        for (int c = 0; c < channels; c++) {
          long data = split(bytes, channels, c);
          if (collective.algorithm() == Algorithm.TREE) {
            planner.treeEdges(c, data, edges);
          } else if (NcclConstants.isNvls(collective.algorithm())) {
            planner.nvlsEdges(c, data, edges);
          } else {
            long[] pieces = pieces(data, n);
            int[] ring = planner.ring(c);
            for (int i = 0; i < n; i++) {
              // 2(n−1) steps send pieces i, i−1, …: every piece once, then all but the last two
              // again.
              long sent =
                  2 * data
                      - pieces[Math.floorMod(i - (n - 2), n)]
                      - pieces[Math.floorMod(i - (n - 1), n)];
              edges.add(planner.edge(c, ring[i], ring[(i + 1) % n], sent));
            }
          }
        }
      }
      case ALL_GATHER, REDUCE_SCATTER -> {
        for (int c = 0; c < channels; c++) {
          long[] perRank = new long[n];
          long data = 0;
          for (int p = 0; p < n; p++) {
            perRank[p] = split(split(bytes, n, p), channels, c);
            data += perRank[p];
          }
          int[] ring = planner.ring(c);
          for (int i = 0; i < n; i++) {
            edges.add(
                planner.edge(
                    c, ring[i], ring[(i + 1) % n], data - perRank[Math.floorMod(i + 1, n)]));
          }
        }
      }
      case BROADCAST, REDUCE -> {
        for (int c = 0; c < channels; c++) {
          int[] chain = planner.chain(c, collective.operation() == CollectiveOperation.REDUCE);
          for (int i = 0; i + 1 < chain.length; i++) {
            edges.add(planner.edge(c, chain[i], chain[i + 1], split(bytes, channels, c)));
          }
        }
      }
      case ALL_TO_ALL -> planner.allToAllEdges(bytes / n, edges);
    }
    return edges;
  }

  /**
   * NCCL's latency for a collective that moves almost no data: the base latency plus one step
   * latency per hop along the longest dependency chain (ring: 2(n−1) or n−1 steps at the ring's mix
   * of NVLink and network hops; chain: n−1 hops; tree: up and down its depth; NVLS: to the head and
   * back, and up and down the tree over the hosts; all-to-all: one NVLink and one network hop).
   *
   * @param collective the collective
   * @param layout where its ranks sit
   * @return the latency in picoseconds
   */
  public static long latencyPs(Workload.Collective collective, CollectiveLayout layout) {
    long net = NcclConstants.stepLatencyPs(collective.algorithm(), collective.protocol(), true);
    long nvlink = NcclConstants.stepLatencyPs(collective.algorithm(), collective.protocol(), false);
    int n = layout.size();
    int nodes = layout.nodes();
    // a ring visits every host once: `nodes` network hops and n − nodes NVLink hops per lap
    long networkHops = nodes > 1 ? nodes : 0;
    long lap = networkHops * net + (n - networkHops) * nvlink;
    int depth = 31 - Integer.numberOfLeadingZeros(nodes);
    long chainLatency =
        switch (collective.operation()) {
          case ALL_REDUCE ->
              switch (collective.algorithm()) {
                case TREE -> 2 * (depth * net + (layout.ranksOf(0).size() - 1L) * nvlink);
                case NVLS, NVLS_TREE -> 2 * (depth * net + nvlink);
                default -> 2L * (n - 1) * lap / n;
              };
          case ALL_GATHER, REDUCE_SCATTER -> (n - 1L) * lap / n;
          case BROADCAST, REDUCE -> (nodes - 1L) * net + (n - nodes) * nvlink;
          case ALL_TO_ALL -> nodes > 1 ? net + nvlink : nvlink;
        };
    return NcclConstants.baseLatencyPs(collective.algorithm(), collective.protocol())
        + chainLatency;
  }

  /**
   * @return part {@code i} of {@code total} split into {@code parts} as evenly as whole bytes allow
   */
  static long split(long total, int parts, int i) {
    return total / parts + (i < total % parts ? 1 : 0);
  }

  private static long[] pieces(long total, int n) {
    long[] pieces = new long[n];
    for (int p = 0; p < n; p++) {
      pieces[p] = split(total, n, p);
    }
    return pieces;
  }
}
