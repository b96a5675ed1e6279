package dev.rocelab.model.internal.collective;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.Algorithm;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the {@link TransferPlan} of one collective, algorithm by algorithm, as {@link Algorithms}
 * describes them: rings and chains per channel on its rail, the double binary tree, all-to-all with
 * PXN. One planner per collective.
 */
final class TransferPlanner {
  final TransferPlan.Builder builder = new TransferPlan.Builder();
  final CollectiveLayout layout;
  final Workload.Collective collective;
  final long slice;

  /**
   * @param collective the collective, algorithm and protocol resolved
   * @param layout where its ranks sit
   * @param bytes its size as nccl-tests counts it, which sets a tree's step size
   */
  TransferPlanner(Workload.Collective collective, CollectiveLayout layout, long bytes) {
    this.collective = collective;
    this.layout = layout;
    this.slice =
        NcclConstants.chunkBytes(
            collective.algorithm(),
            collective.protocol(),
            bytes,
            layout.channels(collective),
            layout.nodes(),
            layout.size());
  }

  /**
   * The NIC a channel uses: channel {@code c} uses rail {@code c mod rails}, but the two trees of a
   * double binary tree share their NIC — NCCL runs tree and mirror tree over one graph channel — so
   * tree channels {@code 2k} and {@code 2k+1} both use rail {@code k mod rails}. (Trees on
   * different NICs would give a NIC where its host is inside the tree three times the data and one
   * where it is a leaf once; sharing one, every NIC carries twice.)
   */
  int rail(int channel) {
    int graphChannel = collective.algorithm() == Algorithm.TREE ? channel / 2 : channel;
    return layout.rail(graphChannel % layout.rails());
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
    return over == null
        ? builder.nvlink(from, to, bytes, channel)
        : builder.network(from, to, bytes, over);
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
          int t = transfer(ring[i], ring[(i + 1) % n], Algorithms.split(piece, k, j), channel);
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
        int t = transfer(from, to, Algorithms.split(bytes, k, j), channel);
        builder.dependsOn(t, previous[j]);
        previous[j] = t;
      }
    }
  }

  /** A channel's tree over the hosts and the chain of GPUs inside each host. */
  private record Tree(
      int root,
      int[] parent,
      List<List<Integer>> children,
      List<Integer> postOrder,
      int[][] chains) {}

  Tree tree(int channel) {
    int nodes = layout.nodes();
    int[] parent = new int[nodes];
    List<List<Integer>> children = new ArrayList<>();
    for (int i = 0; i < nodes; i++) {
      children.add(new ArrayList<>());
    }
    int root = buildTree(nodes, parent, children, channel % 2 == 1);
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
      long b = Algorithms.split(bytes, k, j);
      int[] reducedAt = new int[nodes]; // the last transfer into a node's head on the way up
      int[] upOut = new int[nodes]; // a node's head sending to its parent
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

  /**
   * Down the tree, a transfer from a head needs the full result there: at the root, everything
   * reduced.
   */
  private void dependOnHeadHavingAll(
      int t,
      int node,
      int root,
      int previous,
      int[] reducedAt,
      int[] upOut,
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

  /**
   * NVLS on one host, or NVLS tree across hosts, for one channel's data: GPU {@code l} of every
   * host heads part {@code l}. Per slice of a part, every GPU of a host sends its share to the
   * NVSwitch, which delivers the sum to the host's head (a transfer per GPU, on that GPU's NVLink);
   * across hosts the heads of a part reduce up the channel's tree over the hosts and send the
   * result down it, through their own NICs; then each head multicasts the result through the
   * NVSwitch to its host's GPUs (one transfer on the head's NVLink). Every GPU's NVLink carries its
   * data once and its part once more.
   */
  void nvls(int channel, long bytes) {
    Tree tree = tree(channel);
    int nodes = layout.nodes();
    int heads = layout.ranksOf(0).size();
    int k = slices(Algorithms.split(bytes, heads, 0));
    // slice by slice, every head's part of it: the heads' network transfers start together
    for (int j = 0; j < k; j++) {
      for (int l = 0; l < heads; l++) {
        long b = Algorithms.split(Algorithms.split(bytes, heads, l), k, j);
        int[] reduced = new int[nodes]; // per host: the last transfer its head needs
        int[][] gathered = new int[nodes][];
        int[] upOut = new int[nodes];
        for (int node : tree.postOrder()) {
          int head = head(node, l);
          gathered[node] =
              layout.ranksOf(node).stream()
                  .mapToInt(r -> builder.nvlink(r.index(), head, b, channel))
                  .toArray();
          if (tree.parent()[node] >= 0) {
            int t = nvlsNetwork(head, head(tree.parent()[node], l), b, channel);
            dependOnHeadsShare(t, gathered[node], tree.children().get(node), upOut);
            upOut[node] = t;
          }
        }
        int[] downIn = new int[nodes];
        for (int i = tree.postOrder().size() - 1; i >= 0; i--) {
          int node = tree.postOrder().get(i);
          int head = head(node, l);
          List<Integer> sendsOn = new ArrayList<>(tree.children().get(node));
          sendsOn.add(-1); // the multicast to the host's GPUs
          for (int child : sendsOn) {
            int t =
                child < 0
                    ? builder.nvlink(head, head, b, channel)
                    : nvlsNetwork(head, head(child, l), b, channel);
            if (node == tree.root()) {
              dependOnHeadsShare(t, gathered[node], tree.children().get(node), upOut);
            } else {
              builder.dependsOn(t, downIn[node]);
            }
            if (child >= 0) {
              downIn[child] = t;
            }
          }
        }
      }
    }
  }

  /** The NVLS streams of one channel, summed as {@link #nvls} sends them. */
  void nvlsEdges(int channel, long bytes, List<Edge> edges) {
    Tree tree = tree(channel);
    int heads = layout.ranksOf(0).size();
    for (int node = 0; node < layout.nodes(); node++) {
      for (int l = 0; l < heads; l++) {
        int head = head(node, l);
        long part = Algorithms.split(bytes, heads, l);
        edges.add(new Edge(channel, head, head, null, bytes + part));
        int parent = tree.parent()[node];
        if (parent >= 0) {
          int up = head(parent, l);
          edges.add(new Edge(channel, head, up, nvlsConnection(head, up, channel), part));
          edges.add(new Edge(channel, up, head, nvlsConnection(up, head, channel), part));
        }
      }
    }
  }

  /** A transfer has the head's part when all its host's GPUs' shares and its children's are in. */
  private void dependOnHeadsShare(int t, int[] gathered, List<Integer> children, int[] upOut) {
    for (int g : gathered) {
      builder.dependsOn(t, g);
    }
    for (int child : children) {
      builder.dependsOn(t, upOut[child]);
    }
  }

  /** The rank of a host's GPU {@code l}. */
  private int head(int node, int l) {
    return layout.ranksOf(node).get(l).index();
  }

  private int nvlsNetwork(int from, int to, long bytes, int channel) {
    return builder.network(from, to, bytes, nvlsConnection(from, to, channel));
  }

  /** Between two heads, each through its own NIC. */
  private Connection nvlsConnection(int from, int to, int channel) {
    Rank a = layout.ranks().get(from);
    Rank b = layout.ranks().get(to);
    return new Connection(layout.nic(a.node(), a.rail()), layout.nic(b.node(), b.rail()), channel);
  }

  /** The GPU of a source's host that sends to a destination's rail (PXN), or the source itself. */
  Rank relay(Rank src, Rank dst) {
    if (src.node() == dst.node() || src.rail() == dst.rail()) {
      return src;
    }
    return layout.ranksOf(src.node()).stream()
        .filter(r -> r.rail() == dst.rail())
        .findFirst()
        .orElse(src);
  }

  /**
   * The network connection an all-to-all sends from {@code relay} (the source rank itself, or its
   * PXN relay on the destination's rail) to {@code dst} over: NCCL's point-to-point connections
   * join a pair of ranks, not of NICs, so where several GPUs share a NIC each pair of them has its
   * own, with its own queue pairs and their own paths through the fabric. Its channel tells the
   * pairs that share the two NICs apart: 0 where one GPU sits behind each NIC, as on a
   * rail-optimized host, whose pairs of NICs carry one pair of ranks each.
   */
  Connection p2pConnection(Rank relay, Rank dst) {
    Endpoint from = layout.nic(relay.node(), dst.rail());
    Endpoint to = layout.nic(dst.node(), dst.rail());
    int pair = positionBehindTheNic(relay) * behindTheNic(dst) + positionBehindTheNic(dst);
    return new Connection(from, to, pair);
  }

  /** How many ranks of its host share a rank's NIC. */
  private int behindTheNic(Rank rank) {
    return (int) layout.ranksOf(rank.node()).stream().filter(r -> r.rail() == rank.rail()).count();
  }

  /** A rank's place among the ranks of its host that share its NIC, 0 for the first. */
  private int positionBehindTheNic(Rank rank) {
    int position = 0;
    for (Rank r : layout.ranksOf(rank.node())) {
      if (r.index() == rank.index()) {
        return position;
      }
      if (r.rail() == rank.rail()) {
        position++;
      }
    }
    throw new IllegalArgumentException("rank " + rank.index() + " is not on its own host");
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
          long b = Algorithms.split(perPair, k, j);
          if (src.node() == dst.node()) {
            builder.nvlink(src.index(), dst.index(), b, 0);
            continue;
          }
          int hop = relay == src ? -1 : builder.nvlink(src.index(), relay.index(), b, 0);
          int t = builder.network(relay.index(), dst.index(), b, p2pConnection(relay, dst));
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
        summed.merge(
            new Edge(0, relay.index(), dst.index(), p2pConnection(relay, dst), 0),
            perPair,
            Long::sum);
      }
    }
    summed.forEach((e, bytes) -> edges.add(new Edge(0, e.from(), e.to(), e.connection(), bytes)));
  }

  /**
   * One of NCCL's two binary trees over the hosts (the double binary tree of Sanders, Speck and
   * Träff, as NCCL's {@code ncclGetDtree} builds it). In the first, host position {@code p}'s
   * parent clears {@code p}'s lowest set bit {@code b} and sets the next one up, {@code (p ^ b) |
   * 2b}, or only clears it where that is out of range; position 0 is the root and odd positions are
   * leaves. The second is the first over positions mirrored ({@code n−1−p}) for an even host count,
   * shifted by one for an odd count — so every host is a leaf in one of the two trees at least, and
   * inside in at most one.
   *
   * @return the root
   */
  private static int buildTree(
      int nodes, int[] parent, List<List<Integer>> children, boolean second) {
    int root = -1;
    for (int node = 0; node < nodes; node++) {
      int up = treeParent(second ? secondTreePosition(node, nodes) : node, nodes);
      parent[node] = up < 0 || !second ? up : secondTreeHost(up, nodes);
    }
    for (int node = 0; node < nodes; node++) {
      if (parent[node] < 0) {
        root = node;
      } else {
        children.get(parent[node]).add(node);
      }
    }
    return root;
  }

  /** The parent of position {@code p} in the first tree, −1 for the root. */
  private static int treeParent(int p, int nodes) {
    if (p == 0) {
      return -1;
    }
    int bit = p & -p;
    int up = (p ^ bit) | (bit << 1);
    return up < nodes ? up : p ^ bit;
  }

  /** A host's position in the second tree. */
  private static int secondTreePosition(int node, int nodes) {
    return nodes % 2 == 0 ? nodes - 1 - node : Math.floorMod(node - 1, nodes);
  }

  /** The host at a position of the second tree. */
  private static int secondTreeHost(int position, int nodes) {
    return nodes % 2 == 0 ? nodes - 1 - position : (position + 1) % nodes;
  }

  private static void postOrder(int node, List<List<Integer>> children, List<Integer> out) {
    for (int child : children.get(node)) {
      postOrder(child, children, out);
    }
    out.add(node);
  }
}
