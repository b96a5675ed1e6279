package dev.rocelab.model.internal.training;

import dev.rocelab.api.fabric.BufferBudget;
import dev.rocelab.api.fabric.DeviceOverride;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.fabric.SwitchProfile;
import dev.rocelab.api.fabric.Topology;
import dev.rocelab.api.unit.DataSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ideal network for a job: its hosts, as they are (host and NIC profiles, NIC firmware, cables,
 * QoS), all attached to one non-blocking switch of the profile of the first host's leaf — no
 * uplinks to share, no ECMP to collide, no fault. What a job loses on the real fabric against this
 * is the network's tax. Where the job has more hosts than a leaf, the switch's ports need more
 * headroom than the leaf's buffer holds; its buffer then grows by what they need, so that it shares
 * as much as the leaf does.
 */
public final class IdealFabric {

  /** The ideal switch's name. */
  static final String SWITCH = "ideal";

  private IdealFabric() {}

  /**
   * @param fabric the real fabric
   * @param hosts the job's hosts, in placement order
   * @return the ideal fabric: those hosts, in that order, on one switch
   */
  public static FabricSpec of(FabricGraph fabric, List<String> hosts) {
    List<Topology.GraphHost> graphHosts = new ArrayList<>();
    List<Topology.GraphLink> links = new ArrayList<>();
    String firstLeaf = null;
    String leafProfile = null;
    for (String host : hosts) {
      graphHosts.add(new Topology.GraphHost(host, fabric.device(host).orElseThrow().profile()));
      for (Endpoint nic : fabric.ports(host)) {
        Optional<Link> link = fabric.linkAt(nic);
        if (link.isEmpty()) {
          continue;
        }
        Endpoint switchPort = link.get().peerOf(nic);
        if (leafProfile == null) {
          firstLeaf = switchPort.device();
          leafProfile = fabric.device(firstLeaf).orElseThrow().profile();
        }
        links.add(
            new Topology.GraphLink(
                nic, new Endpoint(SWITCH, "eth" + (links.size() + 1)), link.get().spec()));
      }
    }
    FabricSpec spec = fabric.spec();
    FabricSpec ideal =
        spec.withName(spec.name() + "-ideal")
            .withDescription("the hosts of " + spec.name() + " on one non-blocking switch")
            .withTopology(oneSwitch(leafProfile, graphHosts, links))
            .withOverrides(nicOverrides(spec.overrides(), hosts));
    return withTheLeafsSharedBuffer(ideal, fabric, firstLeaf, leafProfile, graphHosts, links);
  }

  private static Topology.Graph oneSwitch(
      String profile, List<Topology.GraphHost> hosts, List<Topology.GraphLink> links) {
    return new Topology.Graph(
        List.of(new Topology.GraphSwitch(SWITCH, profile, links.size())), hosts, links);
  }

  /**
   * The ideal fabric, its switch on a copy of the leaf's profile with a larger buffer where the
   * leaf's would leave it less to share than the leaf has: headroom and reserve grow with the
   * ports, the pool a burst meets stays the leaf's.
   */
  private static FabricSpec withTheLeafsSharedBuffer(
      FabricSpec ideal,
      FabricGraph fabric,
      String leaf,
      String leafProfile,
      List<Topology.GraphHost> hosts,
      List<Topology.GraphLink> links) {
    BufferBudget budget = BufferBudget.of(FabricGraph.of(ideal), SWITCH);
    long shared = BufferBudget.of(fabric, leaf).sharedBytes();
    if (budget.sharedBytes() >= shared) {
      return ideal;
    }
    SwitchProfile profile = fabric.switchProfileOf(leaf);
    long cell = profile.cellSize().bytes();
    long needed = budget.headroom().bytes() + budget.reserve().bytes() + shared;
    String name = leafProfile + "-" + SWITCH;
    Map<String, SwitchProfile> profiles = new LinkedHashMap<>(ideal.switchProfiles());
    profiles.put(
        name, profile.withName(name).withBuffer(DataSize.bytes((needed + cell - 1) / cell * cell)));
    return ideal.withSwitchProfiles(profiles).withTopology(oneSwitch(name, hosts, links));
  }

  /** The overrides of the hosts' NICs, for those hosts only (there are no other devices). */
  private static List<DeviceOverride> nicOverrides(
      List<DeviceOverride> overrides, List<String> hosts) {
    List<DeviceOverride> kept = new ArrayList<>();
    for (DeviceOverride o : overrides) {
      if (o.nicProfile().isEmpty()) {
        continue;
      }
      List<String> devices =
          o.devices().stream().filter(d -> hosts.contains(d.split(":", 2)[0])).toList();
      if (!devices.isEmpty()) {
        kept.add(new DeviceOverride(devices, Optional.empty(), o.nicProfile()));
      }
    }
    return kept;
  }
}
