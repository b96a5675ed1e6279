package dev.rocelab.model.collective;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Decomposes a collective into the transfers NCCL performs, per channel:
 *
 * <ul>
 *   <li><b>Rings</b> (all-reduce, all-gather, reduce-scatter): channel {@code c} uses rail
 *       {@code c mod rails}; in every host the ring enters at the GPU on that rail and visits the
 *       host's other GPUs over NVLink, then leaves for the next host through that rail's NIC
 *       (NCCL keeps a channel on one NIC, so rail traffic stays on its rail). Each rank's share
 *       of the channel's data is one piece; all-reduce takes {@code 2(n−1)} steps (reduce-scatter
 *       then all-gather), all-gather and reduce-scatter {@code n−1}; at step {@code s} rank
 *       position {@code i} sends piece {@code (i − s) mod n} to position {@code i+1}, once it has
 *       received that piece's previous step.
 *   <li><b>Chains</b> (broadcast, reduce): the ring opened at the root — from the root for a
 *       broadcast, towards it for a reduce.
 *   <li><b>Double binary tree</b> (all-reduce): even channels use a balanced in-order binary tree
 *       over the hosts, odd channels its mirror image, so a host that is a leaf in one is inside
 *       the other; inside a host the GPUs form a chain from the rail's GPU. Data is reduced up
 *       the chains and the tree, then broadcast down.
 *   <li><b>All-to-all</b>: every rank sends its {@code size/n} share to every other rank; to
 *       another host it first moves the data over NVLink to its own host's GPU on the
 *       destination's rail (PXN), which sends it on that rail.
 * </ul>
 *
 * <p>Pieces are cut into slices of one pipeline step ({@link NcclConstants#sliceBytes}) that move
 * independently, so a ring streams. Byte counts split as evenly as the bytes allow.
 *
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public final class Algorithms {

  private Algorithms() {}

  /**
   * The size nccl-tests actually runs for a requested size: whole elements, and for
   * all-gather, reduce-scatter and all-to-all a multiple of the rank count.
   *
   * @param operation the collective
   * @param requestedBytes the size asked for
   * @param elementBytes the size of one element
   * @param ranks the rank count
   * @return the element count
   */
  public static long elementCount(CollectiveOperation operation, long requestedBytes, int elementBytes, int ranks) {
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
  public static TransferPlan plan(Workload.Collective collective, CollectiveLayout layout, long bytes) {
    Planner planner = new Planner(collective, layout);
    int channels = layout.channels(collective);
    switch (collective.operation()) {
      case ALL_REDUCE -> {
        if (collective.algorithm() == Algorithm.TREE) {
          for (int c = 0; c < channels; c++) {
            planner.tree(c, split(bytes, channels, c));
          }
        } else {
          for (int c = 0; c < channels; c++) {
            planner.ring(c, 2 * (layout.size() - 1), pieces(split(bytes, channels, c), layout.size()));
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
          planner.chain(c, split(bytes, channels, c), collective.operation() == CollectiveOperation.REDUCE);
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
  public static List<Edge> edges(Workload.Collective collective, CollectiveLayout layout, long bytes) {
    Planner planner = new Planner(collective, layout);
    int channels = layout.channels(collective);
    int n = layout.size();
    List<Edge> edges = new ArrayList<>();
    switch (collective.operation()) {
      case ALL_REDUCE -> {
        for (int c = 0; c < channels; c++) {
          long data = split(bytes, channels, c);
          if (collective.algorithm() == Algorithm.TREE) {
            planner.treeEdges(c, data, edges);
          } else {
            long[] pieces = pieces(data, n);
            int[] ring = planner.ring(c);
            for (int i = 0; i < n; i++) {
              // 2(n−1) steps send pieces i, i−1, …: every piece once, then all but the last two again.
              long sent = 2 * data - pieces[Math.floorMod(i - (n - 2), n)] - pieces[Math.floorMod(i - (n - 1), n)];
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
            edges.add(planner.edge(c, ring[i], ring[(i + 1) % n], data - perRank[Math.floorMod(i + 1, n)]));
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
   * latency per hop along the longest dependency chain (ring: 2(n−1) or n−1 steps at the ring's
   * mix of NVLink and network hops; chain: n−1 hops; tree: up and down its depth; all-to-all:
   * one NVLink and one network hop).
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
    long chainLatency = switch (collective.operation()) {
      case ALL_REDUCE -> collective.algorithm() == Algorithm.TREE
          ? 2 * ((31 - Integer.numberOfLeadingZeros(nodes)) * net + (layout.ranksOf(0).size() - 1L) * nvlink)
          : 2L * (n - 1) * lap / n;
      case ALL_GATHER, REDUCE_SCATTER -> (n - 1L) * lap / n;
      case BROADCAST, REDUCE -> (nodes - 1L) * net + (n - nodes) * nvlink;
      case ALL_TO_ALL -> nodes > 1 ? net + nvlink : nvlink;
    };
    return NcclConstants.baseLatencyPs(collective.algorithm(), collective.protocol()) + chainLatency;
  }

  /** @return part {@code i} of {@code total} split into {@code parts} as evenly as whole bytes allow */
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

  private static final class Planner {
    final TransferPlan.Builder builder = new TransferPlan.Builder();
    final CollectiveLayout layout;
    final Workload.Collective collective;
    final long slice;

    Planner(Workload.Collective collective, CollectiveLayout layout) {
      this.collective = collective;
      this.layout = layout;
      this.slice = NcclConstants.sliceBytes(collective.protocol());
    }

    int rail(int channel) {
      return channel % layout.rails();
    }

    /** The ring of a channel: hosts in order, each entered at the GPU on the channel's rail. */
    int[] ring(int channel) {
      int[] ring = new int[layout.size()];
      int i = 0;
      for (int node = 0; node < layout.nodes(); node++) {
        for (Rank r : rotatedToRail(node, rail(channel))) {
          ring[i++] = r.index();
        }
      }
      return ring;
    }

    List<Rank> rotatedToRail(int node, int rail) {
      List<Rank> ranks = layout.ranksOf(node);
      int start = 0;
      for (int k = 0; k < ranks.size(); k++) {
        if (ranks.get(k).rail() == rail) {
          start = k;
          break;
        }
      }
      List<Rank> rotated = new ArrayList<>(ranks.subList(start, ranks.size()));
      rotated.addAll(ranks.subList(0, start));
      return rotated;
    }

    int slices(long bytes) {
      return (int) Math.max(1, (bytes + slice - 1) / slice);
    }

    /** The connection between two ranks on a channel's rail, or null inside a host. */
    Connection connection(int from, int to, int channel) {
      Rank a = layout.ranks().get(from);
      Rank b = layout.ranks().get(to);
      if (a.node() == b.node()) {
        return null;
      }
      int rail = rail(channel);
      return new Connection(layout.nic(a.node(), rail), layout.nic(b.node(), rail), channel);
    }

    int transfer(int from, int to, long bytes, int channel) {
      Connection over = connection(from, to, channel);
      return over == null ? builder.nvlink(from, to, bytes, channel) : builder.network(from, to, bytes, over);
    }

    Edge edge(int channel, int from, int to, long bytes) {
      return new Edge(channel, from, to, connection(from, to, channel), bytes);
    }

    void ring(int channel, int steps, long[] pieces) {
      int n = layout.size();
      int[] ring = ring(channel);
      long largest = Arrays.stream(pieces).max().orElse(0);
      int k = slices(largest);
      int[] last = new int[n * k];
      int[] next = new int[n * k];
      for (int s = 0; s < steps; s++) {
        for (int i = 0; i < n; i++) {
          long piece = pieces[Math.floorMod(i - s, n)];
          for (int j = 0; j < k; j++) {
            int t = transfer(ring[i], ring[(i + 1) % n], split(piece, k, j), channel);
            if (s > 0) {
              builder.dependsOn(t, last[Math.floorMod(i - 1, n) * k + j]);
            }
            next[i * k + j] = t;
          }
        }
        int[] swap = last;
        last = next;
        next = swap;
      }
    }

    /** The channel's ring opened at the root: from it (broadcast) or towards it (reduce). */
    int[] chain(int channel, boolean towardsRoot) {
      int n = layout.size();
      int[] ring = ring(channel);
      int rootAt = 0;
      while (ring[rootAt] != collective.root()) {
        rootAt++;
      }
      int first = towardsRoot ? rootAt + 1 : rootAt;
      int[] chain = new int[n];
      for (int i = 0; i < n; i++) {
        chain[i] = ring[(first + i) % n];
      }
      return chain;
    }

    void chain(int channel, long bytes, boolean towardsRoot) {
      int[] chain = chain(channel, towardsRoot);
      int k = slices(bytes);
      int[] previous = new int[k];
      Arrays.fill(previous, -1);
      for (int i = 0; i + 1 < chain.length; i++) {
        int from = chain[i];
        int to = chain[i + 1];
        for (int j = 0; j < k; j++) {
          int t = transfer(from, to, split(bytes, k, j), channel);
          builder.dependsOn(t, previous[j]);
          previous[j] = t;
        }
      }
    }

    /** A channel's tree over the hosts and the chain of GPUs inside each host. */
    private record Tree(int root, int[] parent, List<List<Integer>> children, List<Integer> postOrder, int[][] chains) {}

    Tree tree(int channel) {
      int nodes = layout.nodes();
      int[] parent = new int[nodes];
      List<List<Integer>> children = new ArrayList<>();
      for (int i = 0; i < nodes; i++) {
        children.add(new ArrayList<>());
      }
      int root = buildTree(0, nodes - 1, -1, parent, children, channel % 2 == 1);
      List<Integer> postOrder = new ArrayList<>();
      postOrder(root, children, postOrder);
      int[][] chains = new int[nodes][];
      for (int node = 0; node < nodes; node++) {
        chains[node] = rotatedToRail(node, rail(channel)).stream().mapToInt(Rank::index).toArray();
      }
      return new Tree(root, parent, children, postOrder, chains);
    }

    void treeEdges(int channel, long bytes, List<Edge> edges) {
      Tree tree = tree(channel);
      for (int node = 0; node < tree.chains().length; node++) {
        int[] chain = tree.chains()[node];
        for (int p = 1; p < chain.length; p++) {
          edges.add(edge(channel, chain[p], chain[p - 1], bytes));
          edges.add(edge(channel, chain[p - 1], chain[p], bytes));
        }
        if (tree.parent()[node] >= 0) {
          int head = tree.chains()[tree.parent()[node]][0];
          edges.add(edge(channel, chain[0], head, bytes));
          edges.add(edge(channel, head, chain[0], bytes));
        }
      }
    }

    void tree(int channel, long bytes) {
      Tree tree = tree(channel);
      int nodes = layout.nodes();
      int root = tree.root();
      int[] parent = tree.parent();
      List<List<Integer>> children = tree.children();
      List<Integer> postOrder = tree.postOrder();
      int[][] chains = tree.chains();
      int k = slices(bytes);
      for (int j = 0; j < k; j++) {
        long b = split(bytes, k, j);
        int[] reducedAt = new int[nodes];   // the last transfer into a node's head on the way up
        int[] upOut = new int[nodes];       // a node's head sending to its parent
        for (int node : postOrder) {
          int[] chain = chains[node];
          int previous = -1;
          for (int p = chain.length - 1; p >= 1; p--) {
            int t = transfer(chain[p], chain[p - 1], b, channel);
            builder.dependsOn(t, previous);
            previous = t;
          }
          reducedAt[node] = previous;
          if (parent[node] >= 0) {
            int t = transfer(chain[0], chains[parent[node]][0], b, channel);
            builder.dependsOn(t, previous);
            for (int child : children.get(node)) {
              builder.dependsOn(t, upOut[child]);
            }
            upOut[node] = t;
          }
        }
        int[] downIn = new int[nodes];
        downIn[root] = -1;
        for (int i = postOrder.size() - 1; i >= 0; i--) {
          int node = postOrder.get(i);
          int[] chain = chains[node];
          int previous = downIn[node];
          for (int p = 1; p < chain.length; p++) {
            int t = transfer(chain[p - 1], chain[p], b, channel);
            dependOnHeadHavingAll(t, node, root, previous, reducedAt, upOut, children);
            previous = t;
          }
          for (int child : children.get(node)) {
            int t = transfer(chain[0], chains[child][0], b, channel);
            dependOnHeadHavingAll(t, node, root, downIn[node], reducedAt, upOut, children);
            downIn[child] = t;
          }
        }
      }
    }

    /** Down the tree, a transfer from a head needs the full result there: at the root, everything reduced. */
    private void dependOnHeadHavingAll(int t, int node, int root, int previous, int[] reducedAt, int[] upOut,
        List<List<Integer>> children) {
      if (node == root && previous < 0) {
        builder.dependsOn(t, reducedAt[root]);
        for (int child : children.get(root)) {
          builder.dependsOn(t, upOut[child]);
        }
      } else {
        builder.dependsOn(t, previous);
      }
    }

    /** The GPU of a source's host that sends to a destination's rail (PXN), or the source itself. */
    Rank relay(Rank src, Rank dst) {
      if (src.node() == dst.node() || src.rail() == dst.rail()) {
        return src;
      }
      return layout.ranksOf(src.node()).stream().filter(r -> r.rail() == dst.rail()).findFirst().orElse(src);
    }

    Connection railConnection(Rank src, Rank dst) {
      return new Connection(layout.nic(src.node(), dst.rail()), layout.nic(dst.node(), dst.rail()), 0);
    }

    void allToAll(long perPair) {
      int n = layout.size();
      List<Rank> ranks = layout.ranks();
      int k = slices(perPair);
      for (int i = 0; i < n; i++) {
        Rank src = ranks.get(i);
        for (int step = 1; step < n; step++) {
          Rank dst = ranks.get((i + step) % n);
          Rank relay = relay(src, dst);
          for (int j = 0; j < k; j++) {
            long b = split(perPair, k, j);
            if (src.node() == dst.node()) {
              builder.nvlink(src.index(), dst.index(), b, 0);
              continue;
            }
            int hop = relay == src ? -1 : builder.nvlink(src.index(), relay.index(), b, 0);
            int t = builder.network(relay.index(), dst.index(), b, railConnection(src, dst));
            builder.dependsOn(t, hop);
          }
        }
      }
    }

    void allToAllEdges(long perPair, List<Edge> edges) {
      Map<Edge, Long> summed = new LinkedHashMap<>();
      int n = layout.size();
      List<Rank> ranks = layout.ranks();
      for (int i = 0; i < n; i++) {
        Rank src = ranks.get(i);
        for (int step = 1; step < n; step++) {
          Rank dst = ranks.get((i + step) % n);
          if (src.node() == dst.node()) {
            summed.merge(new Edge(0, src.index(), dst.index(), null, 0), perPair, Long::sum);
            continue;
          }
          Rank relay = relay(src, dst);
          if (relay != src) {
            summed.merge(new Edge(0, src.index(), relay.index(), null, 0), perPair, Long::sum);
          }
          summed.merge(new Edge(0, relay.index(), dst.index(), railConnection(src, dst), 0), perPair, Long::sum);
        }
      }
      summed.forEach((e, bytes) -> edges.add(new Edge(0, e.from(), e.to(), e.connection(), bytes)));
    }

    private static int buildTree(int lo, int hi, int parentNode, int[] parent, List<List<Integer>> children,
        boolean mirrored) {
      if (lo > hi) {
        return -1;
      }
      int mid = (lo + hi + (mirrored ? 1 : 0)) / 2;
      int node = mirrored ? parent.length - 1 - mid : mid;
      parent[node] = parentNode;
      if (parentNode >= 0) {
        children.get(parentNode).add(node);
      }
      buildTree(lo, mid - 1, node, parent, children, mirrored);
      buildTree(mid + 1, hi, node, parent, children, mirrored);
      return node;
    }

    private static void postOrder(int node, List<List<Integer>> children, List<Integer> out) {
      for (int child : children.get(node)) {
        postOrder(child, children, out);
      }
      out.add(node);
    }
  }
}
