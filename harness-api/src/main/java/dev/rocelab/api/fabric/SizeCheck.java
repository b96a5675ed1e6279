package dev.rocelab.api.fabric;

import dev.rocelab.api.fabric.Finding.Severity;
import java.util.ArrayList;
import java.util.List;

/**
 * The part of {@link FabricValidator} that counts hosts, switches and links from the topology's
 * numbers, without expanding it, and refuses a fabric beyond {@link FabricLimits}. Counts saturate
 * at {@link Long#MAX_VALUE}, so no product of the file's numbers can overflow into a small one.
 */
final class SizeCheck {

  private final FabricSpec spec;
  private final List<Finding> findings;

  SizeCheck(FabricSpec spec, List<Finding> findings) {
    this.spec = spec;
    this.findings = findings;
  }

  /**
   * @param spec a fabric
   * @throws IllegalArgumentException naming the first limit the fabric exceeds
   */
  static void require(FabricSpec spec) {
    List<Finding> findings = new ArrayList<>();
    new SizeCheck(spec, findings).run();
    if (!findings.isEmpty()) {
      throw new IllegalArgumentException(findings.get(0).path() + ": " + findings.get(0).message());
    }
  }

  void run() {
    Topology topology = spec.topology();
    if (topology instanceof Topology.LeafSpine t) {
      long nics = nicsOf(t.hostProfile());
      long hosts = times(t.leaves(), t.hostsPerLeaf());
      hosts(
          hosts,
          larger("leaves", t.leaves(), "hostsPerLeaf", t.hostsPerLeaf()),
          t.leaves() + " leaves × " + t.hostsPerLeaf() + " hosts per leaf");
      switches(
          plus(t.leaves(), t.spines()),
          larger("leaves", t.leaves(), "spines", t.spines()),
          t.leaves() + " leaves + " + t.spines() + " spines");
      links(times(hosts, nics), times(times(t.leaves(), t.spines()), t.uplinksPerSpine()));
    } else if (topology instanceof Topology.ThreeTier t) {
      long nics = nicsOf(t.hostProfile());
      long leaves = times(t.pods(), t.leavesPerPod());
      long spines = times(t.pods(), t.spinesPerPod());
      long hosts = times(leaves, t.hostsPerLeaf());
      hosts(
          hosts,
          larger("pods", t.pods(), "hostsPerLeaf", t.hostsPerLeaf()),
          t.pods()
              + " pods × "
              + t.leavesPerPod()
              + " leaves per pod × "
              + t.hostsPerLeaf()
              + " hosts per leaf");
      switches(
          plus(plus(leaves, spines), t.superSpines()),
          "topology.pods",
          leaves + " leaves + " + spines + " spines + " + t.superSpines() + " super spines");
      links(
          times(hosts, nics),
          plus(
              times(times(leaves, t.spinesPerPod()), t.uplinksPerSpine()),
              times(times(spines, t.superSpines()), t.uplinksPerSuperSpine())));
    } else if (topology instanceof Topology.RailOptimized t) {
      long rails = nicsOf(t.hostProfile());
      long hosts = times(t.scalableUnits(), t.hostsPerUnit());
      hosts(
          hosts,
          larger("scalableUnits", t.scalableUnits(), "hostsPerUnit", t.hostsPerUnit()),
          t.scalableUnits() + " scalable units × " + t.hostsPerUnit() + " hosts per unit");
      long leaves = times(t.scalableUnits(), rails);
      switches(
          plus(leaves, t.spines()),
          larger("scalableUnits", t.scalableUnits(), "spines", t.spines()),
          leaves + " rail leaves + " + t.spines() + " spines");
      links(times(hosts, rails), times(times(leaves, t.spines()), t.uplinksPerSpine()));
    } else if (topology instanceof Topology.Graph t) {
      hosts(t.hosts().size(), "topology.hosts", t.hosts().size() + " hosts listed");
      switches(t.switches().size(), "topology.switches", t.switches().size() + " switches listed");
      if (t.links().size() > FabricLimits.links()) {
        error(
            "topology.links",
            t.links().size()
                + " links listed; a fabric may have at most "
                + FabricLimits.links()
                + " (rocelab.limits.links)");
      }
    }
  }

  private void hosts(long count, String path, String how) {
    if (count > FabricLimits.hosts()) {
      error(
          path,
          how
              + " = "
              + shown(count)
              + " hosts; a fabric may have at most "
              + FabricLimits.hosts()
              + " (rocelab.limits.hosts)");
    }
  }

  private void switches(long count, String path, String how) {
    if (count > FabricLimits.switches()) {
      error(
          path,
          how
              + " = "
              + shown(count)
              + " switches; a fabric may have at most "
              + FabricLimits.switches()
              + " (rocelab.limits.switches)");
    }
  }

  private void links(long nicLinks, long switchLinks) {
    long count = plus(nicLinks, switchLinks);
    if (count > FabricLimits.links() && findings.isEmpty()) {
      error(
          "topology",
          shown(nicLinks)
              + " NIC links + "
              + shown(switchLinks)
              + " switch links = "
              + shown(count)
              + " links; a fabric may have at most "
              + FabricLimits.links()
              + " (rocelab.limits.links)");
    }
  }

  /** NICs per host of a host profile; 1 for a profile that does not exist (reported elsewhere). */
  private long nicsOf(String hostProfile) {
    HostProfile profile = spec.hostProfiles().get(hostProfile);
    return profile == null ? 1 : profile.nics();
  }

  /** The path of the larger of two factors: the one to change to make the product smaller. */
  private static String larger(String a, long aValue, String b, long bValue) {
    return "topology." + (aValue >= bValue ? a : b);
  }

  private static String shown(long count) {
    return count == Long.MAX_VALUE ? "more than " + Long.MAX_VALUE : Long.toString(count);
  }

  private static long times(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    return high != 0 || low < 0 ? Long.MAX_VALUE : low;
  }

  private static long plus(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  private void error(String path, String message) {
    findings.add(new Finding(Severity.ERROR, path, message));
  }
}
