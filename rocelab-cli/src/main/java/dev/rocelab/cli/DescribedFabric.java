package dev.rocelab.cli;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricFacts;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.fabric.SwitchProfile;
import dev.rocelab.fabricfile.FabricFileReport;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What {@code describe} reports about a valid fabric file, computed once for the text and the JSON
 * form: the facts plus the naming and grouping both forms share.
 */
final class DescribedFabric {

  private final FabricFileReport report;
  private final FabricSpec spec;
  private final FabricGraph graph;
  private final FabricFacts facts;
  private final Map<Integer, String> tierNames;

  DescribedFabric(FabricFileReport report) {
    this.report = report;
    this.spec =
        report
            .spec()
            .orElseThrow(() -> new IllegalArgumentException(report.file() + " has errors"));
    this.graph = FabricGraph.of(spec);
    this.facts = FabricFacts.of(graph);
    this.tierNames = tierNames(graph);
  }

  FabricFileReport report() {
    return report;
  }

  FabricSpec spec() {
    return spec;
  }

  FabricGraph graph() {
    return graph;
  }

  FabricFacts facts() {
    return facts;
  }

  /** {@code hosts}, {@code leaves}, … or {@code tier 2 switches} where a tier mixes roles. */
  String tierName(int tier) {
    return tierNames.getOrDefault(tier, "tier " + tier + " switches");
  }

  /** The name of the boundary above {@code lowerTier}: {@code hosts to leaves}. */
  String boundaryName(int lowerTier) {
    return tierName(lowerTier) + " to " + tierName(lowerTier + 1);
  }

  /** Links grouped by the tiers they join, lowest first: {@code hosts to leaves → 64}. */
  Map<String, Integer> linksByTiers() {
    Map<List<Integer>, Integer> counts =
        new TreeMap<>(
            (x, y) ->
                x.get(0).equals(y.get(0))
                    ? Integer.compare(x.get(1), y.get(1))
                    : Integer.compare(x.get(0), y.get(0)));
    for (Link link : graph.links()) {
      int a = graph.tierOf(link.a().device());
      int b = graph.tierOf(link.b().device());
      counts.merge(List.of(Math.min(a, b), Math.max(a, b)), 1, Integer::sum);
    }
    Map<String, Integer> named = new LinkedHashMap<>();
    counts.forEach(
        (tiers, n) ->
            named.put(
                tiers.get(0).equals(tiers.get(1))
                    ? "within " + tierName(tiers.get(0))
                    : tierName(tiers.get(0)) + " to " + tierName(tiers.get(1)),
                n));
    return named;
  }

  /** The QoS policies switches run, with how many switches run each, in the file's order. */
  Map<String, Integer> qosInUse() {
    return switchesBy(SwitchProfile::qos, spec.qos().keySet());
  }

  /** The switch profiles switches run, with how many switches run each, in the file's order. */
  Map<String, Integer> switchProfilesInUse() {
    return switchesBy(SwitchProfile::name, spec.switchProfiles().keySet());
  }

  /** How many switches have each value of a profile setting, in the file's order of the values. */
  private Map<String, Integer> switchesBy(
      Function<SwitchProfile, String> setting, Iterable<String> order) {
    Map<String, Integer> counts = new TreeMap<>();
    graph
        .switches()
        .forEach(
            s -> counts.merge(setting.apply(graph.switchProfileOf(s.name())), 1, Integer::sum));
    return inFileOrder(order, counts);
  }

  /** The NIC profiles NICs run, with how many NICs run each, in the file's order. */
  Map<String, Integer> nicProfilesInUse() {
    Map<String, Integer> counts = new TreeMap<>();
    for (Endpoint nic : graph.nics()) {
      counts.merge(graph.nicProfileOf(nic).name(), 1, Integer::sum);
    }
    return inFileOrder(spec.nicProfiles().keySet(), counts);
  }

  private static Map<String, Integer> inFileOrder(
      Iterable<String> order, Map<String, Integer> counts) {
    Map<String, Integer> ordered = new LinkedHashMap<>();
    order.forEach(
        name -> {
          if (counts.containsKey(name)) {
            ordered.put(name, counts.get(name));
          }
        });
    return Collections.unmodifiableMap(ordered);
  }

  private static Map<Integer, String> tierNames(FabricGraph graph) {
    Map<Integer, Device.Role> roles = new TreeMap<>();
    for (Device device : graph.devices()) {
      roles.merge(device.tier(), device.role(), (x, y) -> x == y ? x : Device.Role.SWITCH);
    }
    Map<Integer, String> names = new TreeMap<>();
    roles.forEach(
        (tier, role) -> {
          if (role != Device.Role.SWITCH) {
            names.put(tier, Text.role(role, true));
          }
        });
    return names;
  }
}
