package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.BiPredicate;
import java.util.function.Function;
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
   * Draws destinations on other hosts ({@link Workload.Pairing#OTHER_HOST}).
   *
   * @param nics the sources, in fabric order
   * @param random the stream to draw from; it is advanced
   * @return the destination of each source, by index
   * @throws IllegalArgumentException if some host holds more than half of the NICs
   */
  public static List<Endpoint> draw(List<Endpoint> nics, SplittableRandom random) {
    crowded(nics, Endpoint::device, "host").ifPresent(HostDerangement::refuse);
    return draw(
        nics, (source, destination) -> source.device().equals(destination.device()), random);
  }

  /**
   * Draws destinations as a pairing asks. With {@link Workload.Pairing#OTHER_LEAF} a NIC sends
   * neither to its own host nor to a NIC under its own leaf ({@link FabricGraph#leafOf}); the
   * repair pass is the same, with "own host" read as "own host or own leaf". On fabrics whose hosts
   * sit under one leaf each, that is a derangement of leaves and a partner always exists under the
   * condition above. On rail-optimized fabrics (a host's NICs on different leaves) both conditions
   * hold at once and a pass can find no partner; the draw then shuffles again from the same stream,
   * up to 64 times, and says so if none succeeds.
   *
   * @param nics the sources, in fabric order
   * @param pairing which NICs a NIC may send to
   * @param fabric the fabric the NICs belong to, for their leaves
   * @param random the stream to draw from; it is advanced
   * @return the destination of each source, by index
   * @throws IllegalArgumentException if some host, or with {@code OTHER_LEAF} some leaf, holds more
   *     than half of the NICs, or no valid pairing was found
   */
  public static List<Endpoint> draw(
      List<Endpoint> nics, Workload.Pairing pairing, FabricGraph fabric, SplittableRandom random) {
    if (pairing == Workload.Pairing.OTHER_HOST) {
      return draw(nics, random);
    }
    unmet(nics, pairing, fabric).ifPresent(HostDerangement::refuse);
    Function<Endpoint, String> leaf = leaf(fabric);
    return draw(
        nics,
        (source, destination) ->
            source.device().equals(destination.device())
                || leaf.apply(source).equals(leaf.apply(destination)),
        random);
  }

  /**
   * Why the NICs cannot be paired as asked, if they cannot: some host, or with {@code OTHER_LEAF}
   * some leaf, holds more than half of them.
   */
  static Optional<String> unmet(List<Endpoint> nics, Workload.Pairing pairing, FabricGraph fabric) {
    Optional<String> hosts = crowded(nics, Endpoint::device, "host");
    if (hosts.isPresent() || pairing == Workload.Pairing.OTHER_HOST) {
      return hosts;
    }
    return crowded(nics, leaf(fabric), "leaf");
  }

  private static Function<Endpoint, String> leaf(FabricGraph fabric) {
    return nic -> fabric.leafOf(nic).orElse(nic.device());
  }

  private static Optional<String> crowded(
      List<Endpoint> nics, Function<Endpoint, String> group, String noun) {
    int n = nics.size();
    Map<String, Long> perGroup =
        nics.stream()
            .collect(Collectors.groupingBy(group, LinkedHashMap::new, Collectors.counting()));
    for (Map.Entry<String, Long> members : perGroup.entrySet()) {
      if (2 * members.getValue() > n) {
        return Optional.of(
            "a permutation needs every "
                + noun
                + " to hold at most half of the NICs but "
                + members.getKey()
                + " holds "
                + members.getValue()
                + " of "
                + n);
      }
    }
    return Optional.empty();
  }

  /** How many shuffles a pairing with two conditions may take before it is given up. */
  private static final int ATTEMPTS = 64;

  private static List<Endpoint> draw(
      List<Endpoint> nics, BiPredicate<Endpoint, Endpoint> tooClose, SplittableRandom random) {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      Optional<List<Endpoint>> drawn = shuffleAndRepair(nics, tooClose, random);
      if (drawn.isPresent()) {
        return drawn.get();
      }
    }
    throw new IllegalArgumentException(
        "no permutation pairing found in " + ATTEMPTS + " draws: every swap left a pair too close");
  }

  /**
   * One shuffle and its repair pass; empty where a source found no partner (never with one
   * condition, which the half rule guarantees).
   */
  private static Optional<List<Endpoint>> shuffleAndRepair(
      List<Endpoint> nics, BiPredicate<Endpoint, Endpoint> tooClose, SplittableRandom random) {
    int n = nics.size();
    Endpoint[] destination = nics.toArray(new Endpoint[0]);
    for (int i = n - 1; i > 0; i--) {
      swap(destination, i, random.nextInt(i + 1));
    }
    int[] partners = new int[n];
    for (int i = 0; i < n; i++) {
      Endpoint source = nics.get(i);
      if (!tooClose.test(source, destination[i])) {
        continue;
      }
      int count = 0;
      for (int j = 0; j < n; j++) {
        if (!tooClose.test(source, destination[j]) && !tooClose.test(nics.get(j), destination[i])) {
          partners[count++] = j;
        }
      }
      if (count == 0) {
        return Optional.empty();
      }
      swap(destination, i, partners[random.nextInt(count)]);
    }
    return Optional.of(List.of(destination));
  }

  private static void refuse(String reason) {
    throw new IllegalArgumentException(reason);
  }

  private static void swap(Endpoint[] array, int i, int j) {
    Endpoint t = array[i];
    array[i] = array[j];
    array[j] = t;
  }
}
