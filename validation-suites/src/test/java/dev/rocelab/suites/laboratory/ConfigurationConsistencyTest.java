package dev.rocelab.suites.laboratory;

import static org.assertj.core.api.Assertions.assertThat;

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
import dev.rocelab.junit.FabricTest;
import dev.rocelab.suites.Criteria;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Laboratory: the configuration is consistent end to end, device by device — every NIC and the
 * switch it is cabled to agree on classification, PFC, ECN and MTU, headroom covers each cable and
 * fits the buffer, and every device runs one approved firmware or NOS version. Each failure lists
 * the devices at fault with the value they hold.
 */
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
    List<String> problems = new ArrayList<>();
    for (Endpoint nic : graph.nics()) {
      NicProfile profile = graph.nicProfileOf(nic);
      String sw = switchOf(nic);
      QosPolicy policy = policyOf(sw);
      classification(problems, nic, "RoCE", profile.roce(), sw, policy);
      classification(problems, nic, "CNP", profile.cnp(), sw, policy);
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
      maps.forEach((map, switches) -> problems.add(switches + " map DSCP " + map));
    }
    assertThat(problems).as("DSCP → priority disagreements").isEmpty();
  }

  private void classification(
      List<String> problems,
      Endpoint nic,
      String what,
      TrafficClass marking,
      String sw,
      QosPolicy policy) {
    int switchPriority = policy.priorityOf(marking.dscp());
    if (switchPriority != marking.priority()) {
      problems.add(
          nic
              + " sends "
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
    List<String> problems = new ArrayList<>();
    for (Device sw : graph.switches()) {
      QosPolicy policy = policyOf(sw.name());
      for (int p : policy.losslessPriorities()) {
        if (!policy.pfcPriorities().contains(p)) {
          problems.add(
              sw.name()
                  + ": lossless priority "
                  + p
                  + " has no PFC (PFC on "
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
          problems.add(
              nic
                  + ": lossless priority "
                  + p
                  + " of "
                  + sw
                  + " has no PFC on the NIC (PFC on "
                  + profile.pfcPriorities()
                  + ")");
        }
      }
      if (!policy.isLossless(profile.roce().priority())) {
        problems.add(
            nic
                + " sends RoCE on priority "
                + profile.roce().priority()
                + ", which "
                + sw
                + " does not treat as lossless (lossless "
                + policy.losslessPriorities()
                + ")");
      }
    }
    assertThat(problems).as("lossless priorities without PFC end to end").isEmpty();
  }

  @Test
  void everyLosslessQueueMarksEcn() {
    List<String> problems = new ArrayList<>();
    for (Device sw : graph.switches()) {
      QosPolicy policy = policyOf(sw.name());
      for (int p : policy.unmarkedLosslessPriorities()) {
        problems.add(
            sw.name()
                + ": lossless priority "
                + p
                + " has no ECN marking (QoS policy "
                + policy.name()
                + " marks "
                + policy.ecn().keySet()
                + ")");
      }
    }
    assertThat(problems)
        .as("lossless queues without ECN (DCQCN gets no congestion signal)")
        .isEmpty();
  }

  @Test
  void mtuFitsEveryHopAndAgreesAcrossSwitches() {
    List<String> problems = new ArrayList<>();
    for (Endpoint nic : graph.nics()) {
      String sw = switchOf(nic);
      DataSize roceMtu = graph.nicProfileOf(nic).mtu();
      long ipPacket = roceMtu.bytes() + Framing.ROCE_V2;
      DataSize mtu = policyOf(sw).mtu();
      if (ipPacket > mtu.bytes()) {
        problems.add(
            nic
                + " has RoCE MTU "
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
      mtus.forEach((mtu, switches) -> problems.add(switches + " have MTU " + mtu));
    }
    assertThat(problems).as("MTU mismatches").isEmpty();
  }

  @Test
  void headroomCoversEveryCableAndFitsTheBuffer() {
    List<String> problems = new ArrayList<>();
    for (HeadroomShortfall s : HeadroomShortfall.of(graph)) {
      problems.add(
          s.port()
              + " priority "
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
        problems.add(
            sw.name()
                + ": headroom "
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
    assertThat(problems).as("headroom problems").isEmpty();
  }

  @Test
  void everyDeviceRunsApprovedFirmware() {
    List<String> problems = new ArrayList<>();
    for (Endpoint nic : graph.nics()) {
      String firmware = graph.nicProfileOf(nic).firmware();
      if (!spec.firmware().approvesNic(firmware)) {
        problems.add(
            nic
                + " runs NIC firmware "
                + firmware
                + "; approved: "
                + spec.firmware().approvedNic());
      }
    }
    for (Device sw : graph.switches()) {
      String nos = graph.switchProfileOf(sw.name()).nos();
      if (!spec.firmware().approvesSwitch(nos)) {
        problems.add(
            sw.name() + " runs NOS " + nos + "; approved: " + spec.firmware().approvedSwitch());
      }
    }
    assertThat(problems).as("devices on unapproved versions").isEmpty();
  }

  @Test
  void firmwareAndNosAreHomogeneous() {
    Map<String, TreeSet<String>> nicFirmware = new TreeMap<>();
    graph
        .nics()
        .forEach(
            nic ->
                nicFirmware
                    .computeIfAbsent(graph.nicProfileOf(nic).firmware(), k -> new TreeSet<>())
                    .add(nic.toString()));
    Map<String, TreeSet<String>> nos = new TreeMap<>();
    graph
        .switches()
        .forEach(
            sw ->
                nos.computeIfAbsent(graph.switchProfileOf(sw.name()).nos(), k -> new TreeSet<>())
                    .add(sw.name()));
    assertThat(nicFirmware).as("NIC firmware versions and the NICs running them").hasSize(1);
    assertThat(nos).as("switch NOS versions and the switches running them").hasSize(1);
  }

  private String switchOf(Endpoint nic) {
    return graph.linkAt(nic).orElseThrow().peerOf(nic).device();
  }

  private QosPolicy policyOf(String sw) {
    return spec.qosOf(graph.switchProfileOf(sw));
  }
}
