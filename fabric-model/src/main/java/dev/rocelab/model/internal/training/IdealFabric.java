package dev.rocelab.model.internal.training;

import dev.rocelab.api.fabric.DeviceOverride;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.fabric.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The ideal network for a job: its hosts, as they are (host and NIC profiles, NIC firmware, cables,
 * QoS), all attached to one non-blocking switch of the profile of the first host's leaf — no
 * uplinks to share, no ECMP to collide, no fault. What a job loses on the real fabric against this
 * is the network's tax.
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
          leafProfile = fabric.device(switchPort.device()).orElseThrow().profile();
        }
        links.add(
            new Topology.GraphLink(
                nic, new Endpoint(SWITCH, "eth" + (links.size() + 1)), link.get().spec()));
      }
    }
    Topology.Graph topology =
        new Topology.Graph(
            List.of(new Topology.GraphSwitch(SWITCH, leafProfile, links.size())),
            graphHosts,
            links);
    FabricSpec spec = fabric.spec();
    return spec.withName(spec.name() + "-ideal")
        .withDescription("the hosts of " + spec.name() + " on one non-blocking switch")
        .withTopology(topology)
        .withOverrides(nicOverrides(spec.overrides(), hosts));
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
