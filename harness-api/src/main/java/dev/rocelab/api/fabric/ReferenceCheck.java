package dev.rocelab.api.fabric;

import dev.rocelab.api.fabric.Finding.Severity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The part of {@link FabricValidator} that checks names: profiles, devices and ports exist, once
 * each.
 */
final class ReferenceCheck {

  /** Port count of a graph host whose profile does not exist. */
  private static final int UNKNOWN_PORTS = -1;

  private final FabricSpec spec;
  private final List<Finding> findings;

  ReferenceCheck(FabricSpec spec, List<Finding> findings) {
    this.spec = spec;
    this.findings = findings;
  }

  void run() {
    spec.hostProfiles()
        .forEach(
            (name, host) ->
                ref(
                    "hostProfiles." + name + ".nicProfile",
                    host.nicProfile(),
                    spec.nicProfiles(),
                    "NIC profile"));
    spec.switchProfiles()
        .forEach(
            (name, sw) ->
                ref("switchProfiles." + name + ".qos", sw.qos(), spec.qos(), "QoS policy"));
    Topology topology = spec.topology();
    if (topology instanceof Topology.LeafSpine t) {
      roles(t.hostProfile(), t.leafProfile(), t.spineProfile(), null);
    } else if (topology instanceof Topology.ThreeTier t) {
      roles(t.hostProfile(), t.leafProfile(), t.spineProfile(), t.superSpineProfile());
    } else if (topology instanceof Topology.RailOptimized t) {
      roles(t.hostProfile(), t.leafProfile(), t.spineProfile(), null);
    } else if (topology instanceof Topology.Graph t) {
      graph(t);
    }
    if (findings.isEmpty()) {
      overrides();
    }
  }

  private void roles(String host, String leaf, String spine, String superSpine) {
    ref("topology.hostProfile", host, spec.hostProfiles(), "host profile");
    ref("topology.leafProfile", leaf, spec.switchProfiles(), "switch profile");
    ref("topology.spineProfile", spine, spec.switchProfiles(), "switch profile");
    if (superSpine != null) {
      ref("topology.superSpineProfile", superSpine, spec.switchProfiles(), "switch profile");
    }
  }

  private void graph(Topology.Graph t) {
    Map<String, Integer> ports = new HashMap<>();
    Set<String> hosts = new HashSet<>();
    for (int i = 0; i < t.switches().size(); i++) {
      Topology.GraphSwitch s = t.switches().get(i);
      ref(
          "topology.switches[" + i + "].profile",
          s.profile(),
          spec.switchProfiles(),
          "switch profile");
      unique(ports, s.name(), s.ports(), "topology.switches[" + i + "].name");
    }
    for (int i = 0; i < t.hosts().size(); i++) {
      Topology.GraphHost h = t.hosts().get(i);
      boolean known =
          ref(
              "topology.hosts[" + i + "].profile",
              h.profile(),
              spec.hostProfiles(),
              "host profile");
      int nics = known ? spec.hostProfile(h.profile()).nics() : UNKNOWN_PORTS;
      if (unique(ports, h.name(), nics, "topology.hosts[" + i + "].name")) {
        hosts.add(h.name());
      }
    }
    Map<Endpoint, Integer> used = new HashMap<>();
    for (int i = 0; i < t.links().size(); i++) {
      Topology.GraphLink link = t.links().get(i);
      endpoint("topology.links[" + i + "].a", link.a(), ports, hosts, used, i);
      endpoint("topology.links[" + i + "].b", link.b(), ports, hosts, used, i);
      if (hosts.contains(link.a().device()) && hosts.contains(link.b().device())) {
        error(
            "topology.links[" + i + "]",
            link.a() + " and " + link.b() + " are both NICs; a NIC is cabled to a switch");
      }
    }
  }

  private boolean unique(Map<String, Integer> ports, String name, int count, String path) {
    if (ports.putIfAbsent(name, count) != null) {
      error(path, "device name " + name + " is used twice");
      return false;
    }
    return true;
  }

  private void endpoint(
      String path,
      Endpoint end,
      Map<String, Integer> ports,
      Set<String> hosts,
      Map<Endpoint, Integer> used,
      int link) {
    Integer count = ports.get(end.device());
    if (count == null) {
      error(
          path,
          "no device named "
              + end.device()
              + "; devices: "
              + String.join(", ", sorted(ports.keySet())));
      return;
    }
    if (count == UNKNOWN_PORTS) {
      return; // the host's profile is unknown, which is reported already
    }
    boolean host = hosts.contains(end.device());
    String prefix = host ? "nic" : "eth";
    int first = host ? 0 : 1;
    String valid = prefix + first + ".." + prefix + (first + count - 1);
    String digits = end.port().startsWith(prefix) ? end.port().substring(prefix.length()) : "";
    if (digits.isEmpty()
        || !digits.chars().allMatch(Character::isDigit)
        || digits.length() > 6
        || Integer.parseInt(digits) < first
        || Integer.parseInt(digits) >= first + count) {
      error(path, end.device() + " has no port " + end.port() + "; its ports are " + valid);
      return;
    }
    Integer previous = used.putIfAbsent(end, link);
    if (previous != null) {
      error(path, end + " is already used by topology.links[" + previous + "]");
    }
  }

  private void overrides() {
    Set<String> devices = new HashSet<>();
    Set<String> nics = new HashSet<>();
    Set<String> switches = new HashSet<>();
    FabricSpec plain = spec.withOverrides(List.of());
    FabricGraph graph = FabricGraph.of(plain);
    graph
        .devices()
        .forEach(
            d -> {
              devices.add(d.name());
              if (d.isSwitch()) {
                switches.add(d.name());
              }
            });
    graph.nics().forEach(n -> nics.add(n.toString()));
    for (int i = 0; i < spec.overrides().size(); i++) {
      DeviceOverride override = spec.overrides().get(i);
      String at = "overrides[" + i + "]";
      override
          .switchProfile()
          .ifPresent(p -> ref(at + ".switchProfile", p, spec.switchProfiles(), "switch profile"));
      override
          .nicProfile()
          .ifPresent(p -> ref(at + ".nicProfile", p, spec.nicProfiles(), "NIC profile"));
      for (int j = 0; j < override.devices().size(); j++) {
        String device = override.devices().get(j);
        String path = at + ".devices[" + j + "]";
        if (!devices.contains(device) && !nics.contains(device)) {
          error(path, "no device or NIC named " + device);
        } else if (switches.contains(device) && override.switchProfile().isEmpty()) {
          error(path, device + " is a switch but the override sets no switchProfile");
        } else if (!switches.contains(device) && override.nicProfile().isEmpty()) {
          error(path, device + " has NICs but the override sets no nicProfile");
        }
      }
    }
  }

  private <T> boolean ref(String path, String name, Map<String, T> known, String what) {
    if (known.containsKey(name)) {
      return true;
    }
    error(
        path,
        "no " + what + " named \"" + name + "\"; known: " + String.join(", ", known.keySet()));
    return false;
  }

  private static List<String> sorted(Set<String> names) {
    List<String> list = new ArrayList<>(names);
    list.sort(NaturalOrder.INSTANCE);
    return list;
  }

  private void error(String path, String message) {
    findings.add(new Finding(Severity.ERROR, path, message));
  }
}
