package dev.rocelab.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rocelab.api.fabric.EcnProfile;
import dev.rocelab.api.fabric.FabricFacts;
import dev.rocelab.api.fabric.FabricFacts.HeadroomClass;
import dev.rocelab.api.fabric.FabricFacts.ProfileBudget;
import dev.rocelab.api.fabric.FabricFacts.TierCut;
import dev.rocelab.api.fabric.FabricFacts.TierOversubscription;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwarePolicy;
import dev.rocelab.api.fabric.LoadBalancing;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.fabricfile.FabricFileReport;
import java.util.Collection;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The JSON form of {@code describe}: one document per file. Quantities are numbers in base units,
 * named for them ({@code …Bps} bits per second, {@code …Bytes}, {@code …Millimeters}); a file with
 * errors gives {@code "valid": false} and its problems.
 */
final class DescribeJson {

  private DescribeJson() {}

  /**
   * The JSON document for a checked file.
   *
   * @param report the file's report, with or without errors
   * @return pretty-printed JSON
   */
  static String render(FabricFileReport report) {
    ObjectNode root = Json.object();
    root.put("file", report.file());
    root.put("valid", !report.hasErrors());
    if (report.hasErrors()) {
      root.put("errors", report.errors().size());
      Json.problems(root.putArray("problems"), report.problems());
    } else {
      describe(root, new DescribedFabric(report));
    }
    return Json.write(root);
  }

  private static void describe(ObjectNode root, DescribedFabric fabric) {
    FabricSpec spec = fabric.spec();
    FabricFacts facts = fabric.facts();
    root.put("fabric", spec.name());
    root.put("description", spec.description());
    root.put("topology", Text.kind(spec.topology()));
    root.put("hosts", facts.hosts());
    root.put("gpus", facts.gpus());
    root.put("nics", facts.nics());
    ObjectNode switches = root.putObject("switches");
    switches.put("total", facts.switches());
    facts.switchesByRole().forEach((role, n) -> switches.put(Text.role(role, false), n));
    ObjectNode links = root.putObject("links");
    links.put("total", facts.links());
    fabric.linksByTiers().forEach(links::put);
    root.put("nicBandwidthBps", facts.nicBandwidth().bitsPerSecond());
    facts
        .hostInterfaceBandwidth()
        .ifPresent(rate -> root.put("hostInterfaceBandwidthBps", rate.bitsPerSecond()));
    root.put("bisectionBps", facts.bisection().bitsPerSecond());
    ArrayNode cuts = root.putArray("tierCuts");
    for (TierCut cut : facts.tierCuts()) {
      cuts.addObject()
          .put("boundary", fabric.boundaryName(cut.lowerTier()))
          .put("lowerTier", cut.lowerTier())
          .put("capacityBps", cut.capacity().bitsPerSecond());
    }
    ArrayNode oversubscription = root.putArray("oversubscription");
    for (TierOversubscription tier : facts.oversubscription()) {
      oversubscription
          .addObject()
          .put("tier", tier.tier())
          .put("name", fabric.tierName(tier.tier()))
          .put("switches", tier.switches())
          .put("downlinksBps", tier.downlinks().bitsPerSecond())
          .put("uplinksBps", tier.uplinks().bitsPerSecond())
          .put("ratio", tier.ratio());
    }
    ArrayNode headroom = root.putArray("headroom");
    for (HeadroomClass h : facts.headroom()) {
      headroom
          .addObject()
          .put("switchProfile", h.switchProfile())
          .put("speedBps", h.speed().bitsPerSecond())
          .put("cableMillimeters", h.cable().millimeters())
          .put("ports", h.ports())
          .put("xoffBytes", h.xoff().bytes())
          .put("xoffNeededBytes", h.xoffNeeded().bytes())
          .put("xonBytes", h.xon().bytes())
          .put("totalBytes", h.total().bytes());
    }
    ArrayNode buffers = root.putArray("buffers");
    for (ProfileBudget b : facts.buffers()) {
      buffers
          .addObject()
          .put("switchProfile", b.switchProfile())
          .put("switches", b.switches())
          .put("worstSwitch", b.worst().device())
          .put("bufferBytes", b.buffer().bytes())
          .put("headroomBytes", b.headroom().bytes())
          .put("reserveBytes", b.reserve().bytes())
          .put("sharedBytes", b.sharedBytes());
    }
    qos(root.putArray("qos"), fabric);
    loadBalancing(root.putArray("loadBalancing"), fabric);
    nics(root.putArray("nicProfiles"), fabric);
    firmware(root.putObject("firmware"), spec.firmware(), facts);
    Json.problems(root.putArray("drift"), fabric.report().drift());
  }

  private static void qos(ArrayNode array, DescribedFabric fabric) {
    fabric
        .qosInUse()
        .forEach(
            (name, switches) -> {
              QosPolicy policy = fabric.spec().qosPolicy(name);
              ObjectNode node = array.addObject().put("name", name).put("switches", switches);
              ObjectNode dscp = node.putObject("dscpToPriority");
              policy.dscpToPriority().forEach((d, p) -> dscp.put(String.valueOf(d), p));
              ints(node.putArray("losslessPriorities"), policy.losslessPriorities());
              ints(node.putArray("pfcPriorities"), policy.pfcPriorities());
              node.put("xonOffsetBytes", policy.xonOffset().bytes());
              ObjectNode ecn = node.putObject("ecn");
              for (Map.Entry<Integer, EcnProfile> e : policy.ecn().entrySet()) {
                ecn.putObject(String.valueOf(e.getKey()))
                    .put("kminBytes", e.getValue().kmin().bytes())
                    .put("kmaxBytes", e.getValue().kmax().bytes())
                    .put("pmax", e.getValue().pmax());
              }
              ObjectNode scheduler = node.putObject("scheduler");
              ints(scheduler.putArray("strict"), policy.scheduler().strict());
              ObjectNode weights = scheduler.putObject("weights");
              policy.scheduler().weights().forEach((p, w) -> weights.put(String.valueOf(p), w));
              node.put("mtuBytes", policy.mtu().bytes());
            });
  }

  private static void loadBalancing(ArrayNode array, DescribedFabric fabric) {
    fabric
        .switchProfilesInUse()
        .forEach(
            (name, switches) -> {
              LoadBalancing b = fabric.spec().switchProfile(name).loadBalancing();
              array
                  .addObject()
                  .put("switchProfile", name)
                  .put("switches", switches)
                  .put("mode", b.mode().name().toLowerCase(java.util.Locale.ROOT))
                  .put("hashQp", b.hashQp())
                  .put("flowletGapPicos", b.flowletGap().picos())
                  .put("bands", b.bands())
                  .put("queueStepBytes", b.queueStep().bytes())
                  .put("queueWeight", b.queueWeight())
                  .put("loadWindowPicos", b.loadWindow().picos())
                  .put("remoteDelayPicos", b.remoteDelay().picos())
                  .put("remotePeriodPicos", b.remotePeriod().picos());
            });
  }

  private static void nics(ArrayNode array, DescribedFabric fabric) {
    fabric
        .nicProfilesInUse()
        .forEach(
            (name, count) -> {
              NicProfile nic = fabric.spec().nicProfile(name);
              ObjectNode node =
                  array
                      .addObject()
                      .put("name", name)
                      .put("nics", count)
                      .put("speedBps", nic.speed().bitsPerSecond())
                      .put("firmware", nic.firmware());
              node.putObject("roce")
                  .put("dscp", nic.roce().dscp())
                  .put("priority", nic.roce().priority());
              node.putObject("cnp")
                  .put("dscp", nic.cnp().dscp())
                  .put("priority", nic.cnp().priority());
              ints(node.putArray("pfcPriorities"), nic.pfcPriorities());
              node.put("mtuBytes", nic.mtu().bytes())
                  .put("dcqcn", nic.dcqcn().enabled())
                  .put("outOfOrder", nic.outOfOrder().name().toLowerCase(java.util.Locale.ROOT));
            });
  }

  private static void firmware(ObjectNode node, FirmwarePolicy policy, FabricFacts facts) {
    versions(node.putArray("nic"), facts.nicFirmware(), "nics", policy::approvesNic);
    versions(node.putArray("switch"), facts.switchNos(), "switches", policy::approvesSwitch);
    strings(node.putArray("approvedNic"), policy.approvedNic());
    strings(node.putArray("approvedSwitch"), policy.approvedSwitch());
  }

  private static void versions(
      ArrayNode array, Map<String, Integer> inUse, String countName, Predicate<String> approves) {
    inUse.forEach(
        (version, n) ->
            array
                .addObject()
                .put("version", version)
                .put(countName, n)
                .put("approved", approves.test(version)));
  }

  private static void ints(ArrayNode array, Collection<Integer> values) {
    values.forEach(array::add);
  }

  private static void strings(ArrayNode array, Collection<String> values) {
    values.forEach(array::add);
  }
}
