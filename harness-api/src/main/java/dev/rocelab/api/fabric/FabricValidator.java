package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.fabric.Finding.Severity;
import dev.rocelab.api.util.Checks;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Checks that the parts of a {@link FabricSpec} fit together: references resolve, link speeds match
 * the NICs, frames fit the MTUs, every lossless priority has PFC end to end, headroom and reserves
 * fit the buffer — and reports drift where devices disagree on what must agree end to end (DSCP
 * classification, lossless priorities, ECN, MTU) or run unapproved or mixed versions.
 *
 * <p>Findings name the fabric file's field path so a loader can point at the line.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class FabricValidator {

  private final FabricSpec spec;
  private final List<Finding> findings = new ArrayList<>();

  private FabricValidator(FabricSpec spec) {
    this.spec = spec;
  }

  /**
   * Validates a fabric.
   *
   * @param spec the fabric, never null
   * @return every finding, errors and drift, in a stable order; empty when all is well
   */
  public static List<Finding> validate(FabricSpec spec) {
    FabricValidator validator = new FabricValidator(Checks.notNull(spec, "spec"));
    validator.run();
    return List.copyOf(validator.findings);
  }

  private void run() {
    new SizeCheck(spec, findings).run();
    if (!findings.isEmpty()) {
      return; // too large to check further, or to expand
    }
    int before = findings.size();
    new ReferenceCheck(spec, findings).run();
    checkQosPolicies();
    if (findings.size() > before) {
      return; // the remaining checks need an expandable fabric
    }
    FabricGraph graph = FabricGraph.of(spec);
    checkLinkSpeeds(graph);
    checkNicsAgainstSwitches(graph);
    checkDcqcn(graph);
    checkQosDrift(graph);
    checkBuffers(graph);
    checkEcnOnLosslessQueues(graph);
    checkHeadroomCoversCables(graph);
    checkFirmware(graph);
  }

  private void checkQosPolicies() {
    spec.qos()
        .forEach(
            (name, policy) -> {
              for (int p : policy.losslessPriorities()) {
                if (!policy.pfcPriorities().contains(p)) {
                  error("qos." + name + ".pfcPriorities", "lossless priority " + p + " has no PFC");
                }
              }
            });
  }

  private void checkLinkSpeeds(FabricGraph graph) {
    Set<String> reported = new HashSet<>();
    for (int i = 0; i < graph.links().size(); i++) {
      Link link = graph.links().get(i);
      for (Endpoint end : List.of(link.a(), link.b())) {
        if (graph.device(end.device()).orElseThrow().isSwitch()) {
          continue;
        }
        NicProfile nic = graph.nicProfileOf(end);
        if (!nic.speed().equals(link.spec().speed())) {
          String path = linkSpeedPath(i);
          if (reported.add(path + nic.name())) {
            error(
                path,
                "link speed "
                    + link.spec().speed()
                    + " does not match NIC profile "
                    + nic.name()
                    + " ("
                    + nic.speed()
                    + ") at "
                    + end);
          }
        }
      }
    }
  }

  private String linkSpeedPath(int linkIndex) {
    Topology topology = spec.topology();
    if (topology instanceof Topology.Graph) {
      return "topology.links[" + linkIndex + "].speed";
    }
    return "topology.hostLink.speed";
  }

  /** Each NIC profile against the QoS policy of every switch its NICs attach to. */
  private void checkNicsAgainstSwitches(FabricGraph graph) {
    Map<String, Set<String>> policiesByNicProfile = new TreeMap<>();
    for (Endpoint nic : graph.nics()) {
      graph
          .linkAt(nic)
          .map(link -> link.peerOf(nic).device())
          .filter(peer -> graph.device(peer).orElseThrow().isSwitch())
          .ifPresent(
              peer ->
                  policiesByNicProfile
                      .computeIfAbsent(graph.nicProfileOf(nic).name(), k -> new TreeSet<>())
                      .add(graph.switchProfileOf(peer).qos()));
    }
    policiesByNicProfile.forEach(
        (nicName, policies) -> {
          NicProfile nic = spec.nicProfile(nicName);
          String at = "nicProfiles." + nicName;
          for (String policyName : policies) {
            QosPolicy policy = spec.qosPolicy(policyName);
            for (int p : policy.losslessPriorities()) {
              if (!nic.pfcPriorities().contains(p)) {
                error(
                    at + ".pfcPriorities",
                    "lossless priority "
                        + p
                        + " (QoS policy "
                        + policyName
                        + ") has no PFC on this NIC");
              }
            }
            long ipMtu = nic.mtu().bytes() + Framing.ROCE_V2;
            if (ipMtu > policy.mtu().bytes()) {
              error(
                  at + ".mtu",
                  "RoCE MTU "
                      + nic.mtu()
                      + " needs an IP MTU of "
                      + ipMtu
                      + "B but QoS policy "
                      + policyName
                      + " forwards "
                      + policy.mtu().bytes()
                      + "B");
            }
            classification(at + ".roce", "RoCE", nic.roce(), policyName, policy);
            classification(at + ".cnp", "CNP", nic.cnp(), policyName, policy);
            if (!policy.isLossless(nic.roce().priority())) {
              drift(
                  at + ".roce.priority",
                  "RoCE traffic is sent on priority "
                      + nic.roce().priority()
                      + ", which is not lossless in QoS policy "
                      + policyName);
            }
          }
        });
  }

  /**
   * What keeps DCQCN from working though it is on, in the NIC profiles the hosts use: CNPs sent
   * with the data they report on (drift), and a minimum rate [rpg_min_rate] at or above the NIC's
   * speed, which leaves nothing to cut and congestion control off without the file saying so
   * (error).
   */
  private void checkDcqcn(FabricGraph graph) {
    Map<String, NicProfile> inUse = new LinkedHashMap<>();
    graph.nics().stream().map(graph::nicProfileOf).forEach(p -> inUse.putIfAbsent(p.name(), p));
    inUse.forEach(
        (name, nic) -> {
          DcqcnParameters dcqcn = nic.dcqcn();
          if (dcqcn.enabled() && nic.cnpsShareTheRocePriority()) {
            drift(
                "nicProfiles." + name + ".cnp.priority",
                "CNPs are sent on priority "
                    + nic.cnp().priority()
                    + " with the RoCE data they report on: they queue behind that congestion"
                    + " and PFC pauses them, so DCQCN reacts late; give them a priority of"
                    + " their own, scheduled strictly (mlx5's default: DSCP 48, priority 6)");
          }
          if (dcqcn.enabled() && dcqcn.minRate().bitsPerSecond() >= nic.speed().bitsPerSecond()) {
            error(
                "nicProfiles." + name + ".dcqcn.minRate",
                "DCQCN's minimum rate "
                    + dcqcn.minRate()
                    + " is not below the NIC's speed "
                    + nic.speed()
                    + ", so DCQCN could never cut the rate; set it below (mlx5's default is"
                    + " 1Mbps) or disable DCQCN");
          }
        });
  }

  private void classification(
      String path, String what, TrafficClass marking, String policyName, QosPolicy policy) {
    int switchPriority = policy.priorityOf(marking.dscp());
    if (switchPriority != marking.priority()) {
      drift(
          path + ".dscp",
          what
              + " DSCP "
              + marking.dscp()
              + " is sent on priority "
              + marking.priority()
              + " but QoS policy "
              + policyName
              + " maps it to priority "
              + switchPriority);
    }
  }

  /** Switches whose QoS policies differ where the policy must agree end to end. */
  private void checkQosDrift(FabricGraph graph) {
    Map<String, String> firstUser = new LinkedHashMap<>();
    for (Device sw : graph.switches()) {
      firstUser.putIfAbsent(graph.switchProfileOf(sw.name()).qos(), sw.name());
    }
    if (firstUser.size() < 2) {
      return;
    }
    var entries = new ArrayList<>(firstUser.entrySet());
    String baseName = entries.get(0).getKey();
    QosPolicy base = spec.qosPolicy(baseName);
    String reference = " QoS policy " + baseName + " (used by " + entries.get(0).getValue() + ")";
    for (var entry : entries.subList(1, entries.size())) {
      QosPolicy other = spec.qosPolicy(entry.getKey());
      String at = "qos." + entry.getKey();
      String users = "used by " + entry.getValue() + ", ";
      compare(
          at + ".dscpToPriority",
          users + "maps DSCP",
          other.dscpToPriority(),
          base.dscpToPriority(),
          reference);
      compare(
          at + ".losslessPriorities",
          users + "has lossless priorities",
          other.losslessPriorities(),
          base.losslessPriorities(),
          reference);
      compare(
          at + ".pfcPriorities",
          users + "has PFC on",
          other.pfcPriorities(),
          base.pfcPriorities(),
          reference);
      compare(at + ".ecn", users + "marks ECN with", other.ecn(), base.ecn(), reference);
      compare(at + ".mtu", users + "has MTU", other.mtu(), base.mtu(), reference);
    }
  }

  private void compare(String path, String what, Object actual, Object expected, String reference) {
    if (!actual.equals(expected)) {
      drift(path, what + " " + actual + " where" + reference + " has " + expected);
    }
  }

  /** Headroom and reserves of every switch must leave shared buffer. */
  private void checkBuffers(FabricGraph graph) {
    Set<String> reported = new HashSet<>();
    for (Device sw : graph.switches()) {
      SwitchProfile profile = graph.switchProfileOf(sw.name());
      QosPolicy policy = spec.qosOf(profile);
      if (profile.headroom() instanceof HeadroomPolicy.Fixed fixed) {
        for (int p : policy.losslessPriorities()) {
          if (!fixed.perPriority().containsKey(p) && reported.add(profile.name() + "/pg" + p)) {
            error(
                "switchProfiles." + profile.name() + ".headroom",
                "no headroom for lossless priority " + p);
          }
        }
      }
      BufferBudget budget = BufferBudget.of(graph, sw.name());
      if (budget.sharedBytes() < 0 && reported.add(profile.name())) {
        error(
            "switchProfiles." + profile.name() + ".buffer",
            sw.name()
                + " needs "
                + budget.headroom()
                + " of headroom and "
                + budget.reserve()
                + " of reserve, more than its buffer "
                + profile.buffer());
      }
    }
  }

  /** Lossless queues that do not mark ECN, per QoS policy in use. */
  private void checkEcnOnLosslessQueues(FabricGraph graph) {
    Set<String> inUse = new TreeSet<>();
    graph.switches().forEach(sw -> inUse.add(graph.switchProfileOf(sw.name()).qos()));
    for (String name : inUse) {
      QosPolicy policy = spec.qosPolicy(name);
      List<Integer> unmarked = policy.unmarkedLosslessPriorities();
      if (!unmarked.isEmpty()) {
        drift(
            "qos." + name + ".ecn",
            "lossless priority "
                + unmarked.stream().map(String::valueOf).collect(Collectors.joining(", "))
                + " has no ECN marking (the policy marks "
                + policy.ecn().keySet()
                + "): DCQCN gets no congestion signal there");
      }
    }
    Set<String> reported = new HashSet<>();
    for (Device sw : graph.switches()) {
      SwitchProfile profile = graph.switchProfileOf(sw.name());
      QosPolicy policy = spec.qosOf(profile);
      for (int p : policy.losslessPrioritiesMarkingBeyond(profile.buffer())) {
        if (reported.add(profile.name() + "/" + p)) {
          drift(
              "qos." + policy.name() + ".ecn." + p + ".kmin",
              "lossless priority "
                  + p
                  + " is marked from Kmin "
                  + policy.ecnFor(p).orElseThrow().kmin()
                  + ", but switch profile "
                  + profile.name()
                  + " has a buffer of "
                  + profile.buffer()
                  + ": its queues never reach Kmin, so DCQCN gets no congestion signal there");
        }
      }
    }
  }

  /** Headroom configured by hand that falls short of what the cables need, per kind of port. */
  private void checkHeadroomCoversCables(FabricGraph graph) {
    Map<List<Object>, List<HeadroomShortfall>> kinds = new LinkedHashMap<>();
    for (HeadroomShortfall s : HeadroomShortfall.of(graph)) {
      SwitchProfile profile = graph.switchProfileOf(s.port().device());
      if (profile.headroom() instanceof HeadroomPolicy.Fixed fixed
          && !fixed.perPriority().containsKey(s.priority())) {
        continue; // no headroom at all for the priority: an error of checkBuffers
      }
      kinds
          .computeIfAbsent(
              List.of(profile.name(), s.priority(), s.link(), s.configured(), s.needed()),
              k -> new ArrayList<>())
          .add(s);
    }
    kinds.forEach(
        (kind, shortfalls) -> {
          HeadroomShortfall first = shortfalls.get(0);
          drift(
              "switchProfiles." + kind.get(0) + ".headroom",
              "XOFF "
                  + first.configured()
                  + " for lossless priority "
                  + first.priority()
                  + " is short of the "
                  + first.needed()
                  + " that "
                  + first.link().speed()
                  + " over "
                  + first.link().length()
                  + " needs, on "
                  + first.port()
                  + (shortfalls.size() > 1
                      ? " and " + count(shortfalls.size() - 1, "more ports")
                      : "")
                  + " (a lossless frame is dropped when in-flight bytes overflow it)");
        });
  }

  private void checkFirmware(FabricGraph graph) {
    Map<String, Integer> nicVersions = new TreeMap<>();
    Map<String, String> nicVersionProfile = new TreeMap<>();
    for (Endpoint nic : graph.nics()) {
      NicProfile profile = graph.nicProfileOf(nic);
      nicVersions.merge(profile.firmware(), 1, Integer::sum);
      nicVersionProfile.putIfAbsent(profile.firmware(), profile.name());
    }
    nicVersionProfile.forEach(
        (version, profile) -> {
          if (!spec.firmware().approvesNic(version)) {
            drift(
                "nicProfiles." + profile + ".firmware",
                "NIC firmware "
                    + version
                    + " ("
                    + count(nicVersions.get(version), "NICs")
                    + ") is not approved; approved: "
                    + String.join(", ", spec.firmware().approvedNic()));
          }
        });
    if (nicVersions.size() > 1) {
      drift("nicProfiles", "NIC firmware is not homogeneous: " + tally(nicVersions, "NICs"));
    }
    Map<String, Integer> nosVersions = new TreeMap<>();
    Map<String, String> nosVersionProfile = new TreeMap<>();
    for (Device sw : graph.switches()) {
      SwitchProfile profile = graph.switchProfileOf(sw.name());
      nosVersions.merge(profile.nos(), 1, Integer::sum);
      nosVersionProfile.putIfAbsent(profile.nos(), profile.name());
    }
    nosVersionProfile.forEach(
        (version, profile) -> {
          if (!spec.firmware().approvesSwitch(version)) {
            drift(
                "switchProfiles." + profile + ".nos",
                "switch NOS "
                    + version
                    + " ("
                    + count(nosVersions.get(version), "switches")
                    + ") is not approved; approved: "
                    + String.join(", ", spec.firmware().approvedSwitch()));
          }
        });
    if (nosVersions.size() > 1) {
      drift("switchProfiles", "switch NOS is not homogeneous: " + tally(nosVersions, "switches"));
    }
  }

  private static String tally(Map<String, Integer> counts, String unit) {
    List<String> parts = new ArrayList<>();
    counts.forEach((version, n) -> parts.add(count(n, unit) + " on " + version));
    return String.join(", ", parts);
  }

  private static String count(int n, String units) {
    if (n != 1) {
      return n + " " + units;
    }
    return "1 "
        + (units.endsWith("ches")
            ? units.substring(0, units.length() - 2)
            : units.substring(0, units.length() - 1));
  }

  private void error(String path, String message) {
    findings.add(new Finding(Severity.ERROR, path, message));
  }

  private void drift(String path, String message) {
    findings.add(new Finding(Severity.DRIFT, path, message));
  }
}
