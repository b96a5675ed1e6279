package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.util.Checks;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Egress scheduling: priorities in {@code strict} are served first (highest priority number first),
 * the rest by deficit-weighted round robin with {@code weights}. Control traffic (PFC, CNP,
 * ACK/NACK) is always strict, whatever is configured here.
 *
 * @param strict the priorities served with strict priority
 * @param weights DWRR weights of the other priorities; a priority without a weight gets 1
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Scheduler(Set<Integer> strict, Map<Integer, Integer> weights) {

  /**
   * Validates priorities (0..7), positive weights and that no priority is both strict and weighted.
   */
  public Scheduler {
    strict = Checks.sortedSet(strict, "strict");
    weights = Checks.sortedMap(weights, "weights");
    strict.forEach(p -> Checks.priority(p, "strict"));
    for (var weight : weights.entrySet()) {
      int p = Checks.priority(weight.getKey(), "weights key");
      Checks.positive(weight.getValue(), "weights." + p);
      if (strict.contains(p)) {
        throw new IllegalArgumentException("priority " + p + " is both strict and weighted");
      }
    }
  }

  /** Round robin over all eight priorities with weight 1. */
  public static Scheduler roundRobin() {
    return new Scheduler(Set.of(), Map.of());
  }

  /**
   * The DWRR weight of a priority.
   *
   * @param priority 0..7
   * @return the configured weight, or 1
   */
  public int weight(int priority) {
    return weights.getOrDefault(priority, 1);
  }
}
