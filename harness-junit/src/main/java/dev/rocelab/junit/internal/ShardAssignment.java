package dev.rocelab.junit.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which shard runs each test class: a function of the class's name and the timings alone, never of
 * which other classes were discovered with it. Build tools discover more than once — Maven Surefire
 * discovers every class, then again only those the first discovery kept — so a class must fall to
 * the same shard in any company.
 *
 * <p>The unit dealt is a class directly under the engine (top-level or static nested; its
 * {@code @Nested} classes go with it). Without timings a class's shard comes from a hash of its
 * name. With timings of an earlier run the classes they name are dealt costliest first, each to the
 * shard with the least time so far (ties to the lower shard), so the shards finish together; a
 * class they do not name (a new one) falls back to the hash.
 */
final class ShardAssignment {

  private final int count;
  private final Map<String, Integer> timed = new HashMap<>();

  /**
   * @param timings seconds per class name as reports give them; {@code Outer$Inner} counts towards
   *     {@code Outer} when the reports name {@code Outer} too (a {@code @Nested} class), else it is
   *     a class of its own (static nested in a holder without tests); empty if unknown
   * @param count how many shards
   */
  ShardAssignment(Map<String, Double> timings, int count) {
    this.count = count;
    Map<String, Double> cost = new TreeMap<>();
    timings.forEach((name, seconds) -> cost.merge(owner(name, timings), seconds, Double::sum));
    List<String> costliestFirst = new ArrayList<>(cost.keySet());
    costliestFirst.sort(
        Comparator.comparingDouble((String u) -> -cost.get(u))
            .thenComparing(Comparator.naturalOrder()));
    double[] load = new double[count];
    for (String u : costliestFirst) {
      int least = 0;
      for (int s = 1; s < count; s++) {
        if (load[s] < load[least]) {
          least = s;
        }
      }
      load[least] += cost.get(u);
      timed.put(u, least);
    }
  }

  /**
   * @param className a test class's binary name
   * @return its 0-based shard
   */
  int shardOf(String className) {
    Integer byTimings = timed.get(className);
    return byTimings != null ? byTimings : (int) Long.remainderUnsigned(fnv1a(className), count);
  }

  /** The outermost enclosing class the reports also name, else the class itself. */
  private static String owner(String className, Map<String, Double> timings) {
    for (int nested = className.indexOf('$');
        nested > 0;
        nested = className.indexOf('$', nested + 1)) {
      String outer = className.substring(0, nested);
      if (timings.containsKey(outer)) {
        return outer;
      }
    }
    return className;
  }

  /** FNV-1a, 64 bits, over the name's UTF-8 bytes: the same on every machine and JVM. */
  private static long fnv1a(String text) {
    long hash = 0xcbf29ce484222325L;
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
    }
    return hash;
  }
}
