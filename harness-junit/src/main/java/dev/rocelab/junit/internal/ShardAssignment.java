package dev.rocelab.junit.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which shard runs each test class. Without timings the classes, sorted by name, are dealt
 * round-robin. With timings of an earlier run the costliest class goes first, each to the shard
 * with the least time so far (ties to the lower shard), so the shards finish together; a class the
 * timings do not know is taken to cost the known classes' mean. Both are functions of the class
 * names and the timings alone, so every job of a matrix computes the same assignment.
 */
final class ShardAssignment {

  private ShardAssignment() {}

  /**
   * @param classes the test classes, sorted by name
   * @param timings seconds per class name as reports give them ({@code Outer$Inner} counts towards
   *     {@code Outer} unless that is a class of its own); empty if unknown
   * @param count how many shards
   * @return the 0-based shard of each class
   */
  static Map<String, Integer> of(List<String> classes, Map<String, Double> timings, int count) {
    Map<String, Integer> shardOf = new HashMap<>();
    Map<String, Double> cost = costs(classes, timings);
    if (cost.isEmpty()) {
      for (int i = 0; i < classes.size(); i++) {
        shardOf.put(classes.get(i), i % count);
      }
      return shardOf;
    }
    double mean = cost.values().stream().mapToDouble(Double::doubleValue).average().orElse(0);
    List<String> costliestFirst = new ArrayList<>(classes);
    costliestFirst.sort(
        Comparator.comparingDouble((String c) -> -cost.getOrDefault(c, mean))
            .thenComparing(Comparator.naturalOrder()));
    double[] load = new double[count];
    for (String c : costliestFirst) {
      int least = 0;
      for (int s = 1; s < count; s++) {
        if (load[s] < load[least]) {
          least = s;
        }
      }
      load[least] += cost.getOrDefault(c, mean);
      shardOf.put(c, least);
    }
    return shardOf;
  }

  /** The timings summed per dealt class: a nested class's under the class it is dealt with. */
  private static Map<String, Double> costs(List<String> classes, Map<String, Double> timings) {
    Map<String, Double> cost = new HashMap<>();
    Set<String> dealt = new HashSet<>(classes);
    timings.forEach(
        (name, seconds) -> {
          String owner = name;
          while (!dealt.contains(owner) && owner.lastIndexOf('$') > 0) {
            owner = owner.substring(0, owner.lastIndexOf('$'));
          }
          if (dealt.contains(owner)) {
            cost.merge(owner, seconds, Double::sum);
          }
        });
    return cost;
  }
}
