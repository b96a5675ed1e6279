package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.util.Checks;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The shape of a fabric. Generated shapes (leaf-spine, three-tier, rail-optimized) are expanded
 * into devices and links by {@link FabricGraph#of(FabricSpec)}; a {@link Graph} lists them
 * explicitly.
 *
 * <p>Naming: switches are {@code leafN}, {@code spineN}, {@code superN} (1-based) with ports {@code
 * ethN} (downlinks first, then uplinks); hosts are {@code hostN} with NICs {@code nic0..}.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public sealed interface Topology
    permits Topology.LeafSpine, Topology.ThreeTier, Topology.RailOptimized, Topology.Graph {

  /**
   * Two-tier Clos: every leaf connects to every spine with {@code uplinksPerSpine} links; all NICs
   * of a host attach to its leaf.
   *
   * @param leaves number of leaf switches
   * @param spines number of spine switches
   * @param hostsPerLeaf hosts under each leaf
   * @param uplinksPerSpine parallel links from each leaf to each spine
   * @param hostLink NIC–leaf links
   * @param fabricLink leaf–spine links
   * @param hostProfile profile of every host
   * @param leafProfile switch profile of the leaves
   * @param spineProfile switch profile of the spines
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record LeafSpine(
      int leaves,
      int spines,
      int hostsPerLeaf,
      int uplinksPerSpine,
      LinkSpec hostLink,
      LinkSpec fabricLink,
      String hostProfile,
      String leafProfile,
      String spineProfile)
      implements Topology {

    /** Validates counts and names. */
    public LeafSpine {
      Checks.positive(leaves, "leaves");
      Checks.positive(spines, "spines");
      Checks.positive(hostsPerLeaf, "hostsPerLeaf");
      Checks.positive(uplinksPerSpine, "uplinksPerSpine");
      Checks.notNull(hostLink, "hostLink");
      Checks.notNull(fabricLink, "fabricLink");
      Checks.name(hostProfile, "hostProfile");
      Checks.name(leafProfile, "leafProfile");
      Checks.name(spineProfile, "spineProfile");
    }
  }

  /**
   * Three-tier Clos: pods of leaves and spines (every leaf to every spine of its pod), and every
   * spine to every super-spine.
   *
   * @param pods number of pods
   * @param leavesPerPod leaves in each pod
   * @param spinesPerPod spines in each pod
   * @param superSpines super-spines (shared by all pods)
   * @param hostsPerLeaf hosts under each leaf
   * @param uplinksPerSpine parallel links from each leaf to each spine of its pod
   * @param uplinksPerSuperSpine parallel links from each spine to each super-spine
   * @param hostLink NIC–leaf links
   * @param fabricLink leaf–spine links
   * @param coreLink spine–super-spine links
   * @param hostProfile profile of every host
   * @param leafProfile switch profile of the leaves
   * @param spineProfile switch profile of the spines
   * @param superSpineProfile switch profile of the super-spines
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record ThreeTier(
      int pods,
      int leavesPerPod,
      int spinesPerPod,
      int superSpines,
      int hostsPerLeaf,
      int uplinksPerSpine,
      int uplinksPerSuperSpine,
      LinkSpec hostLink,
      LinkSpec fabricLink,
      LinkSpec coreLink,
      String hostProfile,
      String leafProfile,
      String spineProfile,
      String superSpineProfile)
      implements Topology {

    /** Validates counts and names. */
    public ThreeTier {
      Checks.positive(pods, "pods");
      Checks.positive(leavesPerPod, "leavesPerPod");
      Checks.positive(spinesPerPod, "spinesPerPod");
      Checks.positive(superSpines, "superSpines");
      Checks.positive(hostsPerLeaf, "hostsPerLeaf");
      Checks.positive(uplinksPerSpine, "uplinksPerSpine");
      Checks.positive(uplinksPerSuperSpine, "uplinksPerSuperSpine");
      Checks.notNull(hostLink, "hostLink");
      Checks.notNull(fabricLink, "fabricLink");
      Checks.notNull(coreLink, "coreLink");
      Checks.name(hostProfile, "hostProfile");
      Checks.name(leafProfile, "leafProfile");
      Checks.name(spineProfile, "spineProfile");
      Checks.name(superSpineProfile, "superSpineProfile");
    }
  }

  /**
   * Rail-optimized two-tier fabric: in each scalable unit there is one leaf per rail, and NIC i of
   * every host in the unit attaches to rail leaf i; every leaf connects to every spine.
   *
   * @param scalableUnits number of scalable units
   * @param hostsPerUnit hosts in each unit
   * @param spines number of spine switches
   * @param uplinksPerSpine parallel links from each leaf to each spine
   * @param hostLink NIC–leaf links
   * @param fabricLink leaf–spine links
   * @param hostProfile profile of every host (its NIC count is the rail count)
   * @param leafProfile switch profile of the rail leaves
   * @param spineProfile switch profile of the spines
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record RailOptimized(
      int scalableUnits,
      int hostsPerUnit,
      int spines,
      int uplinksPerSpine,
      LinkSpec hostLink,
      LinkSpec fabricLink,
      String hostProfile,
      String leafProfile,
      String spineProfile)
      implements Topology {

    /** Validates counts and names. */
    public RailOptimized {
      Checks.positive(scalableUnits, "scalableUnits");
      Checks.positive(hostsPerUnit, "hostsPerUnit");
      Checks.positive(spines, "spines");
      Checks.positive(uplinksPerSpine, "uplinksPerSpine");
      Checks.notNull(hostLink, "hostLink");
      Checks.notNull(fabricLink, "fabricLink");
      Checks.name(hostProfile, "hostProfile");
      Checks.name(leafProfile, "leafProfile");
      Checks.name(spineProfile, "spineProfile");
    }
  }

  /**
   * An explicit graph of switches, hosts and links.
   *
   * @param switches the switches
   * @param hosts the hosts
   * @param links the links, each between two existing ports
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record Graph(List<GraphSwitch> switches, List<GraphHost> hosts, List<GraphLink> links)
      implements Topology {

    /** Copies the lists. */
    public Graph {
      switches = Checks.list(switches, "switches");
      hosts = Checks.list(hosts, "hosts");
      links = Checks.list(links, "links");
    }
  }

  /**
   * A switch of an explicit graph.
   *
   * @param name unique device name
   * @param profile switch profile name
   * @param ports number of ports, named {@code eth1..ethN}
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record GraphSwitch(String name, String profile, int ports) {

    /** Validates the fields. */
    public GraphSwitch {
      Checks.deviceName(name, "name");
      Checks.name(profile, "profile");
      Checks.positive(ports, "ports");
    }
  }

  /**
   * A host of an explicit graph.
   *
   * @param name unique device name
   * @param profile host profile name
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record GraphHost(String name, String profile) {

    /** Validates the fields. */
    public GraphHost {
      Checks.deviceName(name, "name");
      Checks.name(profile, "profile");
    }
  }

  /**
   * A link of an explicit graph.
   *
   * @param a one end
   * @param b the other end
   * @param link speed and cable length
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record GraphLink(Endpoint a, Endpoint b, LinkSpec link) {

    /** Validates the fields. */
    public GraphLink {
      Checks.notNull(a, "a");
      Checks.notNull(b, "b");
      Checks.notNull(link, "link");
      if (a.equals(b)) {
        throw new IllegalArgumentException(
            "a link must join two different ports but both ends are " + a);
      }
    }
  }
}
