package dev.rocelab.suites;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricRoles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * One misconfiguration, as a fabric file acquires it on a real fabric: what {@link
 * FabricCorpusTest} makes a healthy fabric's twin with. Each is applied to the file's YAML, so a
 * twin differs from its fabric in that one respect and the fabric file's own checks (the loader's
 * drift findings) see it as a user's file would.
 *
 * <p>Not part of the published suites (the test jar leaves it out).
 */
enum Drift {
  /** Every switch profile's headroom fixed at 16 KiB, short of what any cable here needs. */
  SHORT_HEADROOM("headroomCoversEveryCableAndFitsTheBuffer", "Configuration inconsistency") {
    @Override
    void apply(Map<String, Object> fabric, FabricGraph graph) {
      for (Map<String, Object> profile : children(fabric, "switchProfiles")) {
        profile.put("headroom", new LinkedHashMap<>(Map.of("mode", "fixed", "size", "16KiB")));
      }
    }
  },
  /** ECN marks only priority 0: DCQCN never hears of congestion on the lossless priority. */
  ECN_OFF("everyLosslessQueueMarksEcn", "Configuration inconsistency") {
    @Override
    void apply(Map<String, Object> fabric, FabricGraph graph) {
      for (Map<String, Object> policy : children(fabric, "qos")) {
        Map<Object, Object> ecn = map(policy.get("ecn"));
        Object thresholds = ecn.values().iterator().next();
        ecn.clear();
        ecn.put(0, thresholds);
      }
    }
  },
  /** The NICs mark RoCE with DSCP 24, which the switches map to priority 0. */
  DSCP_MISMATCH("nicsAndSwitchesMapDscpToTheSamePriority", "Configuration inconsistency") {
    @Override
    void apply(Map<String, Object> fabric, FabricGraph graph) {
      for (Map<String, Object> nic : children(fabric, "nicProfiles")) {
        map(nic.get("roce")).put("dscp", 24);
      }
    }
  },
  /**
   * A rolling NIC upgrade half done: the first host runs another (approved) firmware than the
   * others.
   */
  MIXED_FIRMWARE("firmwareAndNosAreHomogeneous", "Configuration inconsistency") {
    @Override
    void apply(Map<String, Object> fabric, FabricGraph graph) {
      Map<String, Object> nics = section(fabric, "nicProfiles");
      String name = nics.keySet().iterator().next();
      Map<String, Object> upgraded = copy(nics.get(name));
      String version = String.valueOf(upgraded.get("firmware"));
      String newer = version + "-hotfix";
      upgraded.put("firmware", newer);
      nics.put(name + "-hotfix", upgraded);
      Map<String, Object> versions = section(section(fabric, "firmwareProfiles"), "nic");
      versions.put(newer, versions.get(version));
      list(section(fabric, "firmware").get("approvedNic")).add(newer);
      overrides(fabric)
          .add(
              new LinkedHashMap<>(
                  Map.of(
                      "devices",
                      List.of(FabricRoles.of(graph).host()),
                      "nicProfile",
                      name + "-hotfix")));
    }
  },
  /** One spine left with the lossless priority neither lossless nor paused (PFC off on it). */
  PFC_OFF("losslessPrioritiesHavePfcEndToEnd", "Configuration inconsistency") {
    @Override
    void apply(Map<String, Object> fabric, FabricGraph graph) {
      onOneSwitch(
          fabric,
          lastSpine(graph),
          "no-pfc",
          policy -> {
            policy.put("losslessPriorities", new ArrayList<>());
            policy.put("pfcPriorities", new ArrayList<>());
          });
    }
  },
  /** One spine left at another MTU than the rest (4200 B: still larger than any RoCE frame). */
  MTU_MISMATCH("mtuFitsEveryHopAndAgreesAcrossSwitches", "Configuration inconsistency") {
    @Override
    void apply(Map<String, Object> fabric, FabricGraph graph) {
      onOneSwitch(fabric, lastSpine(graph), "mtu", policy -> policy.put("mtu", "4200B"));
    }
  };

  private final String check;
  private final String category;

  Drift(String check, String category) {
    this.check = check;
    this.category = category;
  }

  /** The Laboratory check ({@code ConfigurationConsistencyTest}'s method) the drift fails. */
  String check() {
    return check;
  }

  /** The sign-off category of that check's failure. */
  String category() {
    return category;
  }

  /**
   * @param fabric a fabric file's text
   * @param graph that fabric, whose parts a drift on one device changes: a switch-side drift the
   *     last switch of the highest tier, a host-side one the first host
   * @return the twin's text
   */
  String applyTo(String fabric, FabricGraph graph) {
    Map<String, Object> tree = new Yaml().load(fabric);
    apply(tree, graph);
    tree.put("name", tree.get("name") + "-" + name().toLowerCase().replace('_', '-'));
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    return new Yaml(options).dump(tree);
  }

  abstract void apply(Map<String, Object> fabric, FabricGraph graph);

  /** The switch a switch-side drift changes: the last of the highest tier. */
  private static String lastSpine(FabricGraph graph) {
    int top = graph.switches().stream().mapToInt(s -> graph.tierOf(s.name())).max().orElseThrow();
    List<Device> tops =
        graph.switches().stream().filter(s -> graph.tierOf(s.name()) == top).toList();
    return tops.get(tops.size() - 1).name();
  }

  /**
   * Gives one switch a copy of its profile whose QoS policy is changed: a switch configured apart
   * from the others.
   */
  private static void onOneSwitch(
      Map<String, Object> fabric,
      String device,
      String suffix,
      Consumer<Map<String, Object>> change) {
    Map<String, Object> switches = section(fabric, "switchProfiles");
    String name = switches.keySet().iterator().next();
    Map<String, Object> profile = copy(switches.get(name));
    String policyName = String.valueOf(profile.get("qos"));
    Map<String, Object> policy = copy(section(fabric, "qos").get(policyName));
    change.accept(policy);
    section(fabric, "qos").put(policyName + "-" + suffix, policy);
    profile.put("qos", policyName + "-" + suffix);
    switches.put(name + "-" + suffix, profile);
    overrides(fabric)
        .add(
            new LinkedHashMap<>(
                Map.of("devices", List.of(device), "switchProfile", name + "-" + suffix)));
  }

  private static List<Object> overrides(Map<String, Object> fabric) {
    return list(fabric.computeIfAbsent("overrides", k -> new ArrayList<>()));
  }

  private static Map<String, Object> section(Map<String, Object> tree, String key) {
    return map(tree.get(key));
  }

  private static List<Map<String, Object>> children(Map<String, Object> tree, String key) {
    List<Map<String, Object>> children = new ArrayList<>();
    section(tree, key).values().forEach(v -> children.add(map(v)));
    return children;
  }

  @SuppressWarnings("unchecked")
  private static <K> Map<K, Object> map(Object node) {
    return (Map<K, Object>) node;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Object node) {
    return (List<Object>) node;
  }

  /** A deep copy of a YAML subtree, so the twin's new profile does not alias the old one. */
  private static Map<String, Object> copy(Object node) {
    return map(deepCopy(node));
  }

  @SuppressWarnings("unchecked")
  private static Object deepCopy(Object node) {
    if (node instanceof Map) {
      Map<Object, Object> copy = new LinkedHashMap<>();
      ((Map<Object, Object>) node).forEach((k, v) -> copy.put(k, deepCopy(v)));
      return copy;
    }
    if (node instanceof List) {
      List<Object> copy = new ArrayList<>();
      ((List<Object>) node).forEach(v -> copy.add(deepCopy(v)));
      return copy;
    }
    return node;
  }
}
