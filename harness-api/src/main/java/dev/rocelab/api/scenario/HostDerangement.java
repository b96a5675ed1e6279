package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Draws a permutation of NICs in which no NIC sends to a NIC on its own host: the pairs of a {@link
 * Workload.Permutation} on every backend. A backend draws from one {@code new
 * SplittableRandom(scenario.seed())} per scenario, consumed by the scenario's permutations in
 * workload order (a mixed traffic's lossless part before its lossy part), over its NICs grouped by
 * host in order — so the same scenario pairs the same NICs on the model and on a lab.
 *
 * <p>Algorithm (deterministic for a given random stream): Fisher–Yates shuffle of the destinations,
 * then one repair pass in source order. A source {@code i} paired with a NIC of its own host A
 * swaps destinations with a partner {@code j} drawn uniformly from those whose source and
 * destination are both off A; after the swap both pairs are valid and no other pair changes. A
 * partner always exists when no host holds more than half of the NICs: of the N − n_A sources off A
 * at most n_A − 1 send into A (source {@code i} is one sender into A), which leaves at least N −
 * 2·n_A + 1 ≥ 1 partners. That same condition is necessary (Hall): host A's n_A NICs must send to N
 * − n_A others. The result is a valid permutation but not uniformly distributed over all valid
 * ones.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class HostDerangement {

  private HostDerangement() {}

  /**
   * Draws destinations.
   *
   * @param nics the sources, in fabric order
   * @param random the stream to draw from; it is advanced
   * @return the destination of each source, by index
   * @throws IllegalArgumentException if some host holds more than half of the NICs
   */
  public static List<Endpoint> draw(List<Endpoint> nics, SplittableRandom random) {
    int n = nics.size();
    Map<String, Long> perHost =
        nics.stream()
            .collect(
                Collectors.groupingBy(Endpoint::device, LinkedHashMap::new, Collectors.counting()));
    for (Map.Entry<String, Long> host : perHost.entrySet()) {
      if (2 * host.getValue() > n) {
        throw new IllegalArgumentException(
            "a permutation needs every host to hold at most half of the NICs but "
                + host.getKey()
                + " holds "
                + host.getValue()
                + " of "
                + n);
      }
    }
    Endpoint[] destination = nics.toArray(new Endpoint[0]);
    for (int i = n - 1; i > 0; i--) {
      swap(destination, i, random.nextInt(i + 1));
    }
    int[] partners = new int[n];
    for (int i = 0; i < n; i++) {
      String host = nics.get(i).device();
      if (!destination[i].device().equals(host)) {
        continue;
      }
      int count = 0;
      for (int j = 0; j < n; j++) {
        if (!nics.get(j).device().equals(host) && !destination[j].device().equals(host)) {
          partners[count++] = j;
        }
      }
      swap(destination, i, partners[random.nextInt(count)]);
    }
    return List.of(destination);
  }

  private static void swap(Endpoint[] array, int i, int j) {
    Endpoint t = array[i];
    array[i] = array[j];
    array[j] = t;
  }
}
