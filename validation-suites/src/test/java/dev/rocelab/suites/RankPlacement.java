package dev.rocelab.suites;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Placements of a suite's collectives that make them cross the tier above the leaves on any fabric.
 */
public final class RankPlacement {

  private RankPlacement() {}

  /**
   * Where a collective's ranks sit to load the fabric: on the fabric's first hosts (none named),
   * unless those all hang from one leaf — 16 one-GPU hosts of a leaf-spine with 16 hosts a leaf —
   * where nothing would cross the uplinks; then on the first host of each leaf in turn, and so on,
   * until the ranks have their GPUs.
   *
   * @param fabric the fabric
   * @param ranks the collective's ranks, > 0
   * @return the hosts to place the ranks on, in order; none for the fabric's first hosts
   */
  public static List<String> acrossLeaves(FabricGraph fabric, int ranks) {
    List<Device> hosts = fabric.hosts();
    Set<String> leaves = new LinkedHashSet<>();
    int gpus = 0;
    for (Device host : hosts) {
      if (gpus >= ranks) {
        break;
      }
      leaves.addAll(leavesOf(fabric, host.name()));
      gpus += fabric.hostProfileOf(host.name()).gpus();
    }
    if (leaves.size() > 1) {
      return List.of();
    }
    Map<String, List<String>> byLeaf = new LinkedHashMap<>();
    for (Device host : hosts) {
      String leaf = leavesOf(fabric, host.name()).stream().findFirst().orElse("");
      byLeaf.computeIfAbsent(leaf, l -> new ArrayList<>()).add(host.name());
    }
    List<String> placed = new ArrayList<>();
    gpus = 0;
    for (int turn = 0; gpus < ranks && placed.size() < hosts.size(); turn++) {
      for (List<String> under : byLeaf.values()) {
        if (turn < under.size() && gpus < ranks) {
          placed.add(under.get(turn));
          gpus += fabric.hostProfileOf(under.get(turn)).gpus();
        }
      }
    }
    return placed;
  }

  private static Set<String> leavesOf(FabricGraph fabric, String host) {
    Set<String> leaves = new LinkedHashSet<>();
    for (Endpoint nic : fabric.nics()) {
      if (nic.device().equals(host)) {
        fabric.leafOf(nic).ifPresent(leaves::add);
      }
    }
    return leaves;
  }
}
