package dev.rocelab.model.internal.net;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * Shortest-path ECMP next hops: for every switch and destination NIC, the local ports that lie on a
 * shortest path (up-down in a Clos). Identical next-hop sets share one array.
 */
final class Routing {

  /** An adjacency entry for a port whose link is down: it leads nowhere. */
  static final int DOWN = Integer.MIN_VALUE;

  private Routing() {}

  /**
   * Computes next hops. The NICs on one leaf share every switch's next hops but the leaf's own, so
   * the fabric is searched once per leaf, not once per NIC: a 32,768-NIC fabric has 512 leaves.
   *
   * @param adjacency per switch, per local port: the switch reached (≥ 0), −(nic + 1) for a NIC, or
   *     {@link #DOWN}
   * @param nicSwitch for each NIC, the switch it attaches to (−1 if unattached)
   * @return per switch, per destination NIC: the local ports to choose from (null: unreachable)
   */
  static int[][][] compute(int[][] adjacency, int[] nicSwitch) {
    int switches = adjacency.length;
    int nics = nicSwitch.length;
    int[][][] table = new int[switches][nics][];
    Map<PortSet, int[]> shared = new HashMap<>();
    Map<Integer, int[][]> towardsLeaf = new HashMap<>();
    for (int nic = 0; nic < nics; nic++) {
      int leaf = nicSwitch[nic];
      if (leaf < 0) {
        continue;
      }
      int[][] hops = towardsLeaf.computeIfAbsent(leaf, l -> hopsTowards(adjacency, l, shared));
      for (int sw = 0; sw < switches; sw++) {
        table[sw][nic] = hops[sw];
      }
      int[] row = adjacency[leaf];
      int towardsNic = -(nic + 1);
      table[leaf][nic] = share(ports(row.length, port -> row[port] == towardsNic), shared);
    }
    return table;
  }

  /** Per switch other than the leaf: the ports one hop closer to it (null: none). */
  private static int[][] hopsTowards(int[][] adjacency, int leaf, Map<PortSet, int[]> shared) {
    int[] dist = distances(adjacency, leaf);
    int[][] hops = new int[adjacency.length][];
    for (int sw = 0; sw < adjacency.length; sw++) {
      if (dist[sw] > 0) {
        int[] row = adjacency[sw];
        int closer = dist[sw] - 1;
        hops[sw] =
            share(ports(row.length, port -> row[port] >= 0 && dist[row[port]] == closer), shared);
      }
    }
    return hops;
  }

  private static int[] ports(int count, IntPredicate chosen) {
    int[] ports = new int[count];
    int n = 0;
    for (int port = 0; port < count; port++) {
      if (chosen.test(port)) {
        ports[n++] = port;
      }
    }
    return Arrays.copyOf(ports, n);
  }

  /** One array per distinct port set; null for an empty one. */
  private static int[] share(int[] ports, Map<PortSet, int[]> shared) {
    return ports.length == 0 ? null : shared.computeIfAbsent(new PortSet(ports), PortSet::ports);
  }

  /** A port set compared by content. */
  private record PortSet(int[] ports) {

    @Override
    public boolean equals(Object o) {
      return o instanceof PortSet other && Arrays.equals(ports, other.ports);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(ports);
    }
  }

  /** Hop counts from every switch to {@code target} (0 at the target, −1 if unreachable). */
  private static int[] distances(int[][] adjacency, int target) {
    int[] dist = new int[adjacency.length];
    Arrays.fill(dist, -1);
    dist[target] = 0;
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    queue.add(target);
    while (!queue.isEmpty()) {
      int sw = queue.poll();
      for (int peer : adjacency[sw]) {
        if (peer >= 0 && dist[peer] < 0) {
          dist[peer] = dist[sw] + 1;
          queue.add(peer);
        }
      }
    }
    return dist;
  }

  /**
   * Picks one of several equal-cost ports from a flow's hash and a per-switch seed, so that a flow
   * always takes the same path and different switches spread independently.
   *
   * @param hash the flow's 5-tuple hash
   * @param seed the switch's seed
   * @param n number of choices
   * @return an index in [0, n)
   */
  static int select(int hash, long seed, int n) {
    long h = (hash & 0xffffffffL) ^ seed;
    h = (h ^ (h >>> 33)) * 0xff51afd7ed558ccdL; // MurmurHash3 fmix64
    h = (h ^ (h >>> 33)) * 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return (int) ((h >>> 1) % n);
  }
}
