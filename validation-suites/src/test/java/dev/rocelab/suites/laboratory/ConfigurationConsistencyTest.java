package dev.rocelab.suites.laboratory;

import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.fabric.BufferBudget;
import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.fabric.HeadroomShortfall;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.fabric.TrafficClass;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.assertj.Findings;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Purpose;
import dev.rocelab.suites.Criteria;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@Purpose(
    "Laboratory: the configuration is consistent end to end, device by device — every NIC and the switch it is cabled to agree on classification, PFC, ECN and MTU, headroom covers each cable and fits the buffer, and every device runs one approved firmware or NOS version. Each failure lists the devices at fault with the value they hold.")
@FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.LABORATORY)
class ConfigurationConsistencyTest {

  private final Criteria criteria = Criteria.of(Phase.LABORATORY);
  private FabricSpec spec;
  private FabricGraph graph;

  @BeforeEach
  void expand(FabricSpec fabric) {
    spec = fabric;
    graph = FabricGraph.of(fabric);
  }

  @Test
  void nicsAndSwitchesMapDscpToTheSamePriority() {
    Findings findings = new Findings("DSCP → priority disagreements", devices());
    for (Endpoint nic : graph.nics()) {
      NicProfile profile = graph.nicProfileOf(nic);
      String sw = switchOf(nic);
      QosPolicy policy = policyOf(sw);
      classification(findings, nic, "RoCE", profile.roce(), sw, policy);
      classification(findings, nic, "CNP", profile.cnp(), sw, policy);
    }
    Map<Map<Integer, Integer>, List<String>> maps =
        new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
    graph
        .switches()
        .forEach(
            sw ->
                maps.computeIfAbsent(policyOf(sw.name()).dscpToPriority(), k -> new ArrayList<>())
                    .add(sw.name()));
    if (maps.size() > 1) {
      maps.forEach((map, switches) -> switches.forEach(sw -> findings.add(sw, "maps DSCP " + map)));
    }
    assertThat(findings).isEmpty();
  }

  @Test
  void cnpsTravelOnAPriorityOfTheirOwn() {
    Findings findings =
        new Findings("CNPs sent with the data they report on (DCQCN reacts late)", devices());
    for (Endpoint nic : graph.nics()) {
      NicProfile profile = graph.nicProfileOf(nic);
      if (profile.dcqcn().enabled() && profile.cnpsShareTheRocePriority()) {
        findings.add(
            nic.toString(),
            "sends CNPs on priority "
                + profile.cnp().priority()
                + ", its RoCE data's (NIC profile "
                + profile.name()
                + ")");
      }
    }
    assertThat(findings).isEmpty();
  }

  private void classification(
      Findings findings,
      Endpoint nic,
      String what,
      TrafficClass marking,
      String sw,
      QosPolicy policy) {
    int switchPriority = policy.priorityOf(marking.dscp());
    if (switchPriority != marking.priority()) {
      findings.add(
          nic.toString(),
          "sends "
              + what
              + " DSCP "
              + marking.dscp()
              + " on priority "
              + marking.priority()
              + " but "
              + sw
              + " maps it to priority "
              + switchPriority);
    }
  }

  @Test
  void losslessPrioritiesHavePfcEndToEnd() {
    Findings findings = new Findings("lossless priorities without PFC end to end", devices());
    // RoCE crosses every tier, so every switch must carry the NICs' RoCE priorities losslessly: a
    // spine left with PFC off on one drops what the leaves around it keep lossless
    Set<Integer> roce = new TreeSet<>();
    graph.nics().forEach(nic -> roce.add(graph.nicProfileOf(nic).roce().priority()));
    for (Device sw : graph.switches()) {
      QosPolicy policy = policyOf(sw.name());
      for (int p : policy.losslessPriorities()) {
        if (!policy.pfcPriorities().contains(p)) {
          findings.add(
              sw.name(),
              "lossless priority " + p + " has no PFC (PFC on " + policy.pfcPriorities() + ")");
        }
      }
      for (int p : roce) {
        if (!policy.isLossless(p)) {
          findings.add(
              sw.name(),
              "carries RoCE priority "
                  + p
                  + " but does not treat it as lossless (lossless "
                  + policy.losslessPriorities()
                  + ", PFC on "
                  + policy.pfcPriorities()
                  + ")");
        }
      }
    }
    for (Endpoint nic : graph.nics()) {
      NicProfile profile = graph.nicProfileOf(nic);
      String sw = switchOf(nic);
      QosPolicy policy = policyOf(sw);
      for (int p : policy.losslessPriorities()) {
        if (!profile.pfcPriorities().contains(p)) {
          findings.add(
              nic.toString(),
              "lossless priority "
                  + p
                  + " of "
                  + sw
                  + " has no PFC on the NIC (PFC on "
                  + profile.pfcPriorities()
                  + ")");
        }
      }
      if (!policy.isLossless(profile.roce().priority())) {
        findings.add(
            nic.toString(),
            "sends RoCE on priority "
                + profile.roce().priority()
                + ", which "
                + sw
                + " does not treat as lossless (lossless "
                + policy.losslessPriorities()
                + ")");
      }
    }
    assertThat(findings).isEmpty();
  }

  @Test
  void everyLosslessQueueMarksEcn() {
    Findings findings =
        new Findings(
            "lossless queues without ECN, or marking beyond the buffer (DCQCN gets no congestion"
                + " signal)",
            graph.switches().size() + " switches");
    for (Device sw : graph.switches()) {
      QosPolicy policy = policyOf(sw.name());
      for (int p : policy.unmarkedLosslessPriorities()) {
        findings.add(
            sw.name(),
            "lossless priority "
                + p
                + " has no ECN marking (QoS policy "
                + policy.name()
                + " marks "
                + policy.ecn().keySet()
                + ")");
      }
      DataSize buffer = graph.switchProfileOf(sw.name()).buffer();
      for (int p : policy.losslessPrioritiesMarkingBeyond(buffer)) {
        findings.add(
            sw.name(),
            "lossless priority "
                + p
                + " is marked from Kmin "
                + policy.ecnFor(p).orElseThrow().kmin()
                + ", which its queues never reach (buffer "
                + buffer
                + ")");
      }
    }
    assertThat(findings).isEmpty();
  }

  @Test
  void mtuFitsEveryHopAndAgreesAcrossSwitches() {
    Findings findings = new Findings("MTU mismatches", devices());
    for (Endpoint nic : graph.nics()) {
      String sw = switchOf(nic);
      DataSize roceMtu = graph.nicProfileOf(nic).mtu();
      long ipPacket = roceMtu.bytes() + Framing.ROCE_V2;
      DataSize mtu = policyOf(sw).mtu();
      if (ipPacket > mtu.bytes()) {
        findings.add(
            nic.toString(),
            "has RoCE MTU "
                + roceMtu
                + " ("
                + ipPacket
                + "B IP packets) but "
                + sw
                + " forwards an MTU of "
                + mtu);
      }
    }
    Map<String, List<String>> mtus = new TreeMap<>();
    graph
        .switches()
        .forEach(
            sw ->
                mtus.computeIfAbsent(policyOf(sw.name()).mtu().toString(), k -> new ArrayList<>())
                    .add(sw.name()));
    if (mtus.size() > 1) {
      mtus.forEach((mtu, switches) -> switches.forEach(sw -> findings.add(sw, "has MTU " + mtu)));
    }
    assertThat(findings).isEmpty();
  }

  @Test
  void headroomCoversEveryCableAndFitsTheBuffer() {
    Findings findings =
        new Findings(
            "headroom problems", graph.switches().size() + " switches and their lossless ports");
    for (HeadroomShortfall s : HeadroomShortfall.of(graph)) {
      findings.add(
          s.port().toString(),
          "priority "
              + s.priority()
              + ": XOFF headroom "
              + s.configured()
              + " but "
              + s.link().speed()
              + " over "
              + s.link().length()
              + " needs "
              + s.needed());
    }
    double minShared = criteria.number("minSharedBufferFraction");
    for (Device sw : graph.switches()) {
      BufferBudget budget = BufferBudget.of(graph, sw.name());
      if (budget.sharedBytes() < minShared * budget.buffer().bytes()) {
        findings.add(
            sw.name(),
            "headroom "
                + budget.headroom()
                + " and reserve "
                + budget.reserve()
                + " leave "
                + DataSize.bytes(Math.max(0, budget.sharedBytes()))
                + " of "
                + budget.buffer()
                + " for sharing, under "
                + minShared);
      }
    }
    assertThat(findings).isEmpty();
  }

  @Test
  void everyDeviceRunsApprovedFirmware() {
    Findings findings = new Findings("devices on unapproved versions", devices());
    for (Endpoint nic : graph.nics()) {
      String firmware = graph.nicProfileOf(nic).firmware();
      if (!spec.firmware().approvesNic(firmware)) {
        findings.add(
            nic.toString(),
            "runs NIC firmware " + firmware + "; approved: " + spec.firmware().approvedNic());
      }
    }
    for (Device sw : graph.switches()) {
      String nos = graph.switchProfileOf(sw.name()).nos();
      if (!spec.firmware().approvesSwitch(nos)) {
        findings.add(
            sw.name(), "runs NOS " + nos + "; approved: " + spec.firmware().approvedSwitch());
      }
    }
    assertThat(findings).isEmpty();
  }

  @Test
  void firmwareAndNosAreHomogeneous() {
    Findings findings = new Findings("mixed firmware or NOS versions", devices());
    Map<String, List<String>> nicFirmware = new TreeMap<>();
    graph
        .nics()
        .forEach(
            nic ->
                nicFirmware
                    .computeIfAbsent(graph.nicProfileOf(nic).firmware(), k -> new ArrayList<>())
                    .add(nic.toString()));
    Map<String, List<String>> nos = new TreeMap<>();
    graph
        .switches()
        .forEach(
            sw ->
                nos.computeIfAbsent(graph.switchProfileOf(sw.name()).nos(), k -> new ArrayList<>())
                    .add(sw.name()));
    // every version of a mixed fleet, with the devices running it
    if (nicFirmware.size() > 1) {
      nicFirmware.forEach(
          (version, nics) ->
              nics.forEach(nic -> findings.add(nic, "runs NIC firmware " + version)));
    }
    if (nos.size() > 1) {
      nos.forEach(
          (version, switches) -> switches.forEach(sw -> findings.add(sw, "runs NOS " + version)));
    }
    assertThat(findings).isEmpty();
  }

  /** What a check over every device looks at. */
  private String devices() {
    return graph.nics().size() + " NICs and " + graph.switches().size() + " switches";
  }

  private String switchOf(Endpoint nic) {
    return graph.linkAt(nic).orElseThrow().peerOf(nic).device();
  }

  private QosPolicy policyOf(String sw) {
    return spec.qosOf(graph.switchProfileOf(sw));
  }
}
