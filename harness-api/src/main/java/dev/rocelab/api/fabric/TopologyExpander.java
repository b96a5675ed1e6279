package dev.rocelab.api.fabric;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns a {@link Topology} into devices and links, then applies the spec's overrides. */
final class TopologyExpander {

  private final FabricSpec spec;
  private final List<Device> devices = new ArrayList<>();
  private final List<Link> links = new ArrayList<>();
  private final Map<String, Integer> nextPort = new HashMap<>();
  private final Map<Endpoint, String> nicProfiles = new LinkedHashMap<>();

  TopologyExpander(FabricSpec spec) {
    this.spec = spec;
  }

  FabricGraph expand() {
    Topology topology = spec.topology();
    if (topology instanceof Topology.LeafSpine t) {
      leafSpine(t);
    } else if (topology instanceof Topology.ThreeTier t) {
      threeTier(t);
    } else if (topology instanceof Topology.RailOptimized t) {
      railOptimized(t);
    } else if (topology instanceof Topology.Graph t) {
      graph(t);
    } else {
      throw new IllegalStateException("unknown topology " + topology);
    }
    applyOverrides();
    return new FabricGraph(spec, devices, links, nicProfiles);
  }

  private void leafSpine(Topology.LeafSpine t) {
    int nics = spec.hostProfile(t.hostProfile()).nics();
    int host = 0;
    for (int l = 1; l <= t.leaves(); l++) {
      addSwitch("leaf" + l, Device.Role.LEAF, t.leafProfile(), 1);
      for (int h = 0; h < t.hostsPerLeaf(); h++) {
        String name = addHost(++host, t.hostProfile());
        for (int n = 0; n < nics; n++) {
          connect(new Endpoint(name, "nic" + n), "leaf" + l, t.hostLink());
        }
      }
    }
    for (int s = 1; s <= t.spines(); s++) {
      addSwitch("spine" + s, Device.Role.SPINE, t.spineProfile(), 2);
    }
    meshUp("leaf", t.leaves(), "spine", t.spines(), t.uplinksPerSpine(), t.fabricLink());
  }

  private void threeTier(Topology.ThreeTier t) {
    int nics = spec.hostProfile(t.hostProfile()).nics();
    int host = 0;
    for (int p = 0; p < t.pods(); p++) {
      for (int l = 1; l <= t.leavesPerPod(); l++) {
        String leaf = "leaf" + (p * t.leavesPerPod() + l);
        addSwitch(leaf, Device.Role.LEAF, t.leafProfile(), 1);
        for (int h = 0; h < t.hostsPerLeaf(); h++) {
          String name = addHost(++host, t.hostProfile());
          for (int n = 0; n < nics; n++) {
            connect(new Endpoint(name, "nic" + n), leaf, t.hostLink());
          }
        }
      }
    }
    for (int s = 1; s <= t.pods() * t.spinesPerPod(); s++) {
      addSwitch("spine" + s, Device.Role.SPINE, t.spineProfile(), 2);
    }
    for (int p = 0; p < t.pods(); p++) {
      for (int l = 1; l <= t.leavesPerPod(); l++) {
        for (int s = 1; s <= t.spinesPerPod(); s++) {
          for (int u = 0; u < t.uplinksPerSpine(); u++) {
            connect(
                "leaf" + (p * t.leavesPerPod() + l),
                "spine" + (p * t.spinesPerPod() + s),
                t.fabricLink());
          }
        }
      }
    }
    for (int x = 1; x <= t.superSpines(); x++) {
      addSwitch("super" + x, Device.Role.SUPER_SPINE, t.superSpineProfile(), 3);
    }
    meshUp(
        "spine",
        t.pods() * t.spinesPerPod(),
        "super",
        t.superSpines(),
        t.uplinksPerSuperSpine(),
        t.coreLink());
  }

  private void railOptimized(Topology.RailOptimized t) {
    int rails = spec.hostProfile(t.hostProfile()).nics();
    int host = 0;
    for (int u = 0; u < t.scalableUnits(); u++) {
      for (int r = 1; r <= rails; r++) {
        addSwitch("leaf" + (u * rails + r), Device.Role.LEAF, t.leafProfile(), 1);
      }
      for (int h = 0; h < t.hostsPerUnit(); h++) {
        String name = addHost(++host, t.hostProfile());
        for (int n = 0; n < rails; n++) {
          connect(new Endpoint(name, "nic" + n), "leaf" + (u * rails + n + 1), t.hostLink());
        }
      }
    }
    for (int s = 1; s <= t.spines(); s++) {
      addSwitch("spine" + s, Device.Role.SPINE, t.spineProfile(), 2);
    }
    meshUp(
        "leaf",
        t.scalableUnits() * rails,
        "spine",
        t.spines(),
        t.uplinksPerSpine(),
        t.fabricLink());
  }

  private void graph(Topology.Graph t) {
    Map<String, Integer> portCount = new HashMap<>();
    Map<String, Boolean> isHost = new HashMap<>();
    for (Topology.GraphSwitch s : t.switches()) {
      portCount.put(s.name(), s.ports());
      isHost.put(s.name(), false);
    }
    for (Topology.GraphHost h : t.hosts()) {
      int nics = spec.hostProfile(h.profile()).nics();
      portCount.put(h.name(), nics);
      isHost.put(h.name(), true);
      for (int n = 0; n < nics; n++) {
        nicProfiles.put(
            new Endpoint(h.name(), "nic" + n), spec.hostProfile(h.profile()).nicProfile());
      }
    }
    for (Topology.GraphLink link : t.links()) {
      for (Endpoint end : List.of(link.a(), link.b())) {
        if (!portCount.containsKey(end.device())) {
          throw new IllegalArgumentException(
              "link " + link.a() + " <-> " + link.b() + ": no device named " + end.device());
        }
        String prefix = isHost.get(end.device()) ? "nic" : "eth";
        int first = isHost.get(end.device()) ? 0 : 1;
        if (!end.port().startsWith(prefix)
            || !isIndex(
                end.port().substring(prefix.length()), first, portCount.get(end.device()))) {
          throw new IllegalArgumentException(
              "link "
                  + link.a()
                  + " <-> "
                  + link.b()
                  + ": "
                  + end.device()
                  + " has no port "
                  + end.port());
        }
      }
      links.add(new Link(link.a(), link.b(), link.link()));
    }
    Map<String, Integer> tiers = tiersFromHosts(t);
    for (Topology.GraphHost h : t.hosts()) {
      devices.add(new Device(h.name(), Device.Role.HOST, h.profile(), 0));
    }
    for (Topology.GraphSwitch s : t.switches()) {
      devices.add(
          new Device(s.name(), Device.Role.SWITCH, s.profile(), tiers.getOrDefault(s.name(), 1)));
    }
  }

  private static boolean isIndex(String digits, int first, int count) {
    if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit) || digits.length() > 6) {
      return false;
    }
    int index = Integer.parseInt(digits);
    return index >= first && index < first + count;
  }

  /** Breadth-first distance of every device from the nearest host. */
  private Map<String, Integer> tiersFromHosts(Topology.Graph t) {
    Map<String, List<String>> neighbours = new HashMap<>();
    for (Link link : links) {
      neighbours.computeIfAbsent(link.a().device(), k -> new ArrayList<>()).add(link.b().device());
      neighbours.computeIfAbsent(link.b().device(), k -> new ArrayList<>()).add(link.a().device());
    }
    Map<String, Integer> tier = new HashMap<>();
    ArrayDeque<String> queue = new ArrayDeque<>();
    for (Topology.GraphHost h : t.hosts()) {
      tier.put(h.name(), 0);
      queue.add(h.name());
    }
    while (!queue.isEmpty()) {
      String device = queue.poll();
      for (String next : neighbours.getOrDefault(device, List.of())) {
        if (!tier.containsKey(next)) {
          tier.put(next, tier.get(device) + 1);
          queue.add(next);
        }
      }
    }
    return tier;
  }

  private void applyOverrides() {
    for (DeviceOverride override : spec.overrides()) {
      for (String target : override.devices()) {
        if (target.contains(":")) {
          Endpoint nic = Endpoint.parse(target);
          if (!nicProfiles.containsKey(nic)) {
            throw new IllegalArgumentException(
                "override names " + target + ", which is not a NIC of this fabric");
          }
          override.nicProfile().ifPresent(p -> nicProfiles.put(nic, p));
          continue;
        }
        int index = indexOf(target);
        Device device = devices.get(index);
        if (device.isSwitch()) {
          override
              .switchProfile()
              .ifPresent(
                  p ->
                      devices.set(
                          index, new Device(device.name(), device.role(), p, device.tier())));
        } else {
          override
              .nicProfile()
              .ifPresent(
                  p -> nicProfiles.replaceAll((nic, old) -> nic.device().equals(target) ? p : old));
        }
      }
    }
  }

  private int indexOf(String name) {
    for (int i = 0; i < devices.size(); i++) {
      if (devices.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException(
        "override names " + name + ", which is not a device of this fabric");
  }

  private void addSwitch(String name, Device.Role role, String profile, int tier) {
    spec.switchProfile(profile);
    devices.add(new Device(name, role, profile, tier));
  }

  private String addHost(int index, String profile) {
    String name = "host" + index;
    HostProfile host = spec.hostProfile(profile);
    devices.add(new Device(name, Device.Role.HOST, profile, 0));
    for (int n = 0; n < host.nics(); n++) {
      nicProfiles.put(new Endpoint(name, "nic" + n), host.nicProfile());
    }
    return name;
  }

  private void meshUp(
      String lower, int lowerCount, String upper, int upperCount, int parallel, LinkSpec spec) {
    for (int l = 1; l <= lowerCount; l++) {
      for (int u = 1; u <= upperCount; u++) {
        for (int p = 0; p < parallel; p++) {
          connect(lower + l, upper + u, spec);
        }
      }
    }
  }

  private void connect(String lower, String upper, LinkSpec link) {
    connect(new Endpoint(lower, "eth" + allocate(lower)), upper, link);
  }

  private void connect(Endpoint lower, String upper, LinkSpec link) {
    links.add(new Link(lower, new Endpoint(upper, "eth" + allocate(upper)), link));
  }

  private int allocate(String device) {
    return nextPort.merge(device, 1, Integer::sum);
  }
}
