package dev.rocelab.model.internal.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.model.ModelFixtures;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ECMP next hops and the per-switch hash choice. Next hops are checked on real fabrics against what
 * up-down routing in a Clos must give, read off the fabric's structure rather than computed by
 * another shortest-path search: a leaf reaches its own NICs directly and every other NIC over all
 * its uplinks; a spine goes down to the NIC's leaf if it is linked to it, else up to every super
 * spine; a super spine goes down to every spine linked to the NIC's leaf.
 */
class RoutingTest {

  private static FabricSpec fabric(String name) {
    return name.equals("reference")
        ? FabricFiles.load(Path.of("../fabrics/reference.yaml"))
        : ModelFixtures.fabric(name);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"clos2tier", "clos3tier", "reference"})
  void nextHopsAreExactlyThePortsOnShortestUpDownPaths(String name) {
    FabricGraph graph = FabricGraph.of(fabric(name));
    Network net = new NetworkBuilder(graph, List.of(), 1L).build();
    List<Endpoint> nics = graph.nics();

    int checked = 0;
    for (SwitchNode sw : net.switches) {
      for (int n = 0; n < nics.size(); n++) {
        Set<String> expected = upDownNextHops(graph, sw.name, nics.get(n));
        assertThat(expected).as("GIVEN %s reaches %s", sw.name, nics.get(n)).isNotEmpty();
        assertThat(nextHops(sw, n))
            .as("next hops of %s towards %s", sw.name, nics.get(n))
            .isEqualTo(expected);
        checked++;
      }
    }
    assertThat(checked).isEqualTo(graph.switches().size() * nics.size());
  }

  @Test
  void aLeafSpreadsRemoteTrafficOverAllItsParallelUplinks() {
    FabricGraph graph = FabricGraph.of(fabric("clos2tier"));
    Network net = new NetworkBuilder(graph, List.of(), 1L).build();
    SwitchNode leaf1 =
        Arrays.stream(net.switches).filter(s -> s.name.equals("leaf1")).findFirst().orElseThrow();
    int remote = graph.nics().indexOf(Endpoint.parse("host5:nic0")); // on leaf3

    // 2 spines × 2 parallel links
    assertThat(nextHops(leaf1, remote))
        .hasSize(4)
        .allSatisfy(port -> assertThat(peerDevice(graph, port)).startsWith("spine"));
  }

  @Test
  void aSwitchWithNoPathToANicHasNoNextHopForIt() {
    // switch 0: port 0 → NIC 0, port 1 → switch 1; switch 1: port 0 → switch 0;
    // switch 2 is cut off, with NIC 1 on its port 0
    int[][] adjacency = {{-1, 1}, {0}, {-2}};
    int[] nicSwitch = {0, 2};

    int[][][] routes = Routing.compute(adjacency, nicSwitch);

    assertThat(routes[0][0]).containsExactly(0);
    assertThat(routes[1][0]).containsExactly(0);
    assertThat(routes[2][1]).containsExactly(0);
    assertThat(routes[0][1]).isNull();
    assertThat(routes[1][1]).isNull();
    assertThat(routes[2][0]).isNull();
  }

  /**
   * 100 000 consecutive hashes (more structured than real flow hashes) per port count. At that size
   * a 5 % deviation from uniform is at least 4 binomial σ for every n ≤ 16 (σ/mean = sqrt((n −
   * 1)/100 000) ≤ 1.2 %), so a uniform choice passes and a biased one does not.
   */
  @ParameterizedTest(name = "over {0} ports")
  @ValueSource(ints = {2, 3, 4, 8, 16})
  void selectSpreadsHashesEvenlyOverThePorts(int ports) {
    int hashes = 100_000;
    long seed = new SplittableRandom(1).nextLong();
    int[] counts = new int[ports];

    for (int hash = 0; hash < hashes; hash++) {
      counts[Routing.select(hash, seed, ports)]++;
    }

    double uniform = (double) hashes / ports;
    for (int port = 0; port < ports; port++) {
      assertThat((double) counts[port])
          .as("hashes on port %d of %d", port, ports)
          .isCloseTo(uniform, within(0.05 * uniform));
    }
  }

  @Test
  void aFlowAlwaysTakesTheSamePortForTheSameSeed() {
    long seed = 0x5eed;
    int[] first =
        IntStream.range(0, 10_000).map(h -> Routing.select(h * 0x9E3779B1, seed, 8)).toArray();
    int[] again = new int[first.length];
    for (int h = first.length - 1; h >= 0; h--) { // another order, with other seeds in between
      Routing.select(h, seed + 1, 8);
      again[h] = Routing.select(h * 0x9E3779B1, seed, 8);
    }

    assertThat(again).isEqualTo(first);
  }

  /**
   * Switches get seeds from one stream; their choices must be independent, so two seeds agree on
   * about 1/n of the hashes: with 100 000 hashes over 4 ports, 0.25 ± 0.0014 (1σ); the tolerance
   * 0.01 is 7σ, while a seed that changed nothing or shifted every choice would agree on 1 or 0.
   */
  @Test
  void differentSeedsChooseIndependently() {
    SplittableRandom seeds = new SplittableRandom(42);
    for (int pair = 0; pair < 5; pair++) {
      long a = seeds.nextLong();
      long b = seeds.nextLong();
      long agree =
          IntStream.range(0, 100_000)
              .filter(h -> Routing.select(h, a, 4) == Routing.select(h, b, 4))
              .count();
      assertThat(agree / 100_000.0)
          .as("share of hashes on the same port under seeds %d and %d", a, b)
          .isCloseTo(0.25, within(0.01));
    }
  }

  private static Set<String> nextHops(SwitchNode sw, int nic) {
    int[] hops = sw.routes[nic];
    return hops == null
        ? Set.of()
        : Arrays.stream(hops)
            .mapToObj(local -> sw.ports[local].name)
            .collect(Collectors.toCollection(TreeSet::new));
  }

  private static String peerDevice(FabricGraph graph, String port) {
    Endpoint end = Endpoint.parse(port);
    return graph.linkAt(end).orElseThrow().peerOf(end).device();
  }

  private static Device.Role role(FabricGraph graph, String device) {
    return graph.device(device).orElseThrow().role();
  }

  private static boolean linked(FabricGraph graph, String a, String b) {
    return graph.ports(a).stream().anyMatch(p -> peerDevice(graph, p.toString()).equals(b));
  }

  private static Set<String> portsOf(FabricGraph graph, String sw, Predicate<Endpoint> towards) {
    return graph.ports(sw).stream()
        .filter(p -> towards.test(graph.linkAt(p).orElseThrow().peerOf(p)))
        .map(Endpoint::toString)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<String> upDownNextHops(FabricGraph graph, String sw, Endpoint nic) {
    String leaf = graph.linkAt(nic).orElseThrow().peerOf(nic).device();
    Device.Role role = role(graph, sw);
    if (sw.equals(leaf)) {
      return portsOf(graph, sw, nic::equals);
    }
    if (role == Device.Role.LEAF) {
      return portsOf(graph, sw, peer -> role(graph, peer.device()) == Device.Role.SPINE);
    }
    if (role == Device.Role.SPINE) {
      return linked(graph, sw, leaf)
          ? portsOf(graph, sw, peer -> peer.device().equals(leaf))
          : portsOf(graph, sw, peer -> role(graph, peer.device()) == Device.Role.SUPER_SPINE);
    }
    return portsOf(graph, sw, peer -> linked(graph, peer.device(), leaf));
  }
}
