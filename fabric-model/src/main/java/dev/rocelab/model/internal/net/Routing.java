package dev.rocelab.model.internal.net;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Shortest-path ECMP next hops: for every switch and destination NIC, the local ports that lie on a
 * shortest path (up-down in a Clos). Identical next-hop sets share one array.
 */
final class Routing {

  /** An adjacency entry for a port whose link is down: it leads nowhere. */
  static final int DOWN = Integer.MIN_VALUE;

  private Routing() {}

  /**
   * Computes next hops.
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
    Map<String, int[]> shared = new HashMap<>();
    Map<Integer, int[]> distancesByLeaf = new HashMap<>();
    for (int nic = 0; nic < nics; nic++) {
      int leaf = nicSwitch[nic];
      if (leaf < 0) {
        continue;
      }
      int[] dist = distancesByLeaf.computeIfAbsent(leaf, l -> distances(adjacency, l));
      for (int sw = 0; sw < switches; sw++) {
        List<Integer> hops = new ArrayList<>();
        if (sw == leaf) {
          for (int port = 0; port < adjacency[sw].length; port++) {
            if (adjacency[sw][port] == -(nic + 1)) {
              hops.add(port);
            }
          }
        } else if (dist[sw] > 0) {
          for (int port = 0; port < adjacency[sw].length; port++) {
            int peer = adjacency[sw][port];
            if (peer >= 0 && dist[peer] == dist[sw] - 1) {
              hops.add(port);
            }
          }
        }
        if (!hops.isEmpty()) {
          int[] array = hops.stream().mapToInt(Integer::intValue).toArray();
          table[sw][nic] = shared.computeIfAbsent(Arrays.toString(array), k -> array);
        }
      }
    }
    return table;
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
