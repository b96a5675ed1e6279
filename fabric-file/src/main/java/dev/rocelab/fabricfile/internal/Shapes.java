package dev.rocelab.fabricfile.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.fabricfile.spi.Shape;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Every mapping of the fabric file format, declared once. Keys equal the record component names of
 * {@code dev.rocelab.api.fabric}, except where the file flattens a record (a graph link carries
 * {@code speed} and {@code length} itself) or a value is given by the enclosing map's key (profile
 * names).
 */
@API(status = INTERNAL, since = "0.1")
public final class Shapes {

  private Shapes() {}

  /** The whole file. */
  public static final Shape FABRIC =
      Shape.named("fabric")
          .required("name")
          .optional("description")
          .required("topology", "switchProfiles", "nicProfiles", "hostProfiles", "qos")
          .optional("firmware", "firmwareProfiles", "overrides")
          .build();

  /** {@code speed} and {@code length} of a class of links. */
  public static final Shape LINK_SPEC = Shape.named("linkSpec").required("speed", "length").build();

  /** A two-tier Clos. */
  public static final Shape LEAF_SPINE =
      Shape.named("leafSpine")
          .required("kind", "leaves", "spines", "hostsPerLeaf")
          .optional("uplinksPerSpine")
          .required("hostLink", "fabricLink", "hostProfile", "leafProfile", "spineProfile")
          .build();

  /** A three-tier Clos. */
  public static final Shape THREE_TIER =
      Shape.named("threeTier")
          .required("kind", "pods", "leavesPerPod", "spinesPerPod", "superSpines", "hostsPerLeaf")
          .optional("uplinksPerSpine", "uplinksPerSuperSpine")
          .required(
              "hostLink",
              "fabricLink",
              "coreLink",
              "hostProfile",
              "leafProfile",
              "spineProfile",
              "superSpineProfile")
          .build();

  /** A rail-optimized two-tier fabric. */
  public static final Shape RAIL_OPTIMIZED =
      Shape.named("railOptimized")
          .required("kind")
          .optional("scalableUnits")
          .required("hostsPerUnit", "spines")
          .optional("uplinksPerSpine")
          .required("hostLink", "fabricLink", "hostProfile", "leafProfile", "spineProfile")
          .build();

  /** An explicit graph. */
  public static final Shape GRAPH =
      Shape.named("graph").required("kind", "switches", "hosts", "links").build();

  /** A switch of a graph. */
  public static final Shape GRAPH_SWITCH =
      Shape.named("graphSwitch").required("name", "profile", "ports").build();

  /** A host of a graph. */
  public static final Shape GRAPH_HOST =
      Shape.named("graphHost").required("name", "profile").build();

  /** A link of a graph, its {@link #LINK_SPEC} flattened in. */
  public static final Shape GRAPH_LINK =
      Shape.named("graphLink").required("a", "b", "speed", "length").build();

  /** A switch profile. */
  public static final Shape SWITCH_PROFILE =
      Shape.named("switchProfile")
          .required("asic", "nos", "buffer", "cellSize")
          .optional(
              "alpha",
              "reserve",
              "headroom",
              "qos",
              "forwarding",
              "forwardingLatency",
              "watchdog",
              "convergence",
              "loadBalancing")
          .build();

  /** How a switch chooses among equal-cost ports; absent keys keep the NOS version's defaults. */
  public static final Shape LOAD_BALANCING =
      Shape.named("loadBalancing")
          .optional(
              "mode",
              "hashQp",
              "flowletGap",
              "bands",
              "queueStep",
              "queueWeight",
              "loadWindow",
              "remoteDelay",
              "remotePeriod")
          .build();

  /** Headroom derived from port speed and cable length ({@code mode: derived}, the default). */
  public static final Shape HEADROOM_DERIVED =
      Shape.named("headroomDerived")
          .optional("mode", "macPhyDelay", "pipelineLatency", "smallPacketPercent", "gearboxDelay")
          .build();

  /** Headroom set by hand ({@code mode: fixed}); exactly one of {@code size} and {@code sizes}. */
  public static final Shape HEADROOM_FIXED =
      Shape.named("headroomFixed").required("mode").optional("size", "sizes").build();

  /** The PFC watchdog; absent keys keep SONiC's defaults. */
  public static final Shape WATCHDOG =
      Shape.named("watchdog")
          .optional("enabled", "detection", "restoration", "pollInterval", "action")
          .build();

  /** How fast a switch reconverges; absent keys keep the fast-fabric defaults. */
  public static final Shape CONVERGENCE =
      Shape.named("convergence").optional("failureDetection", "routeConvergence").build();

  /** A NIC profile. */
  public static final Shape NIC_PROFILE =
      Shape.named("nicProfile")
          .required("speed", "firmware", "roce")
          .optional("cnp")
          .required("pfcPriorities")
          .optional("mtu", "qpsPerConnection", "dcqcn", "outOfOrder")
          .build();

  /** A DSCP and priority pair. */
  public static final Shape TRAFFIC_CLASS =
      Shape.named("trafficClass").required("dscp", "priority").build();

  /** DCQCN parameters; absent keys keep the mlx5 defaults. */
  public static final Shape DCQCN =
      Shape.named("dcqcn")
          .optional(
              "enabled",
              "g",
              "initialAlpha",
              "alphaUpdatePeriod",
              "rateDecreasePeriod",
              "rateIncreaseTimer",
              "byteCounter",
              "fastRecoverySteps",
              "additiveIncrease",
              "hyperIncrease",
              "minRate",
              "cnpInterval")
          .build();

  /** A host profile. */
  public static final Shape HOST_PROFILE =
      Shape.named("hostProfile")
          .required("gpus", "nics", "nicProfile")
          .optional("gpuToNic", "nvlinkBandwidth", "nvlinkLatency", "nvswitch", "pcieBandwidth")
          .build();

  /** A QoS policy. */
  public static final Shape QOS_POLICY =
      Shape.named("qosPolicy")
          .required("dscpToPriority", "losslessPriorities")
          .optional("pfcPriorities", "xonOffset", "ecn", "scheduler", "mtu")
          .build();

  /** ECN marking thresholds of one priority. */
  public static final Shape ECN_PROFILE =
      Shape.named("ecnProfile").required("kmin", "kmax", "pmax").build();

  /** Egress scheduling; both keys default to empty (round robin). */
  public static final Shape SCHEDULER =
      Shape.named("scheduler").optional("strict", "weights").build();

  /** Approved firmware; both lists default to empty (not pinned). */
  public static final Shape FIRMWARE =
      Shape.named("firmware").optional("approvedNic", "approvedSwitch").build();

  /** Firmware and NOS versions the file defines: behaviours by version string. */
  public static final Shape FIRMWARE_PROFILES =
      Shape.named("firmwareProfiles").optional("nic", "switch").build();

  /**
   * How one NIC firmware version behaves; absent keys keep those of {@code basedOn} (or the generic
   * ones).
   */
  public static final Shape NIC_FIRMWARE =
      Shape.named("nicFirmware")
          .optional(
              "basedOn",
              "dcqcn",
              "dcqcnVariant",
              "cnp",
              "retransmission",
              "retransmissionTimeout",
              "adaptiveRetransmission",
              "receiveBuffer",
              "pauseReaction",
              "outOfOrder")
          .build();

  /**
   * How one switch NOS version behaves; absent keys keep those of {@code basedOn} (or the generic
   * ones).
   */
  public static final Shape SWITCH_NOS =
      Shape.named("switchNos")
          .optional("basedOn", "watchdog", "alpha", "reserve", "pauseReaction", "loadBalancing")
          .build();

  /** A per-device profile override. */
  public static final Shape OVERRIDE =
      Shape.named("override").required("devices").optional("switchProfile", "nicProfile").build();

  /** Topology shapes by the {@code kind} that selects them. */
  public static final Map<String, Shape> TOPOLOGY_KINDS =
      Shape.kinds(
          "leaf-spine",
          LEAF_SPINE,
          "three-tier",
          THREE_TIER,
          "rail-optimized",
          RAIL_OPTIMIZED,
          "graph",
          GRAPH);

  /** Every shape, for the schema agreement test. */
  public static final List<Shape> ALL =
      List.of(
          FABRIC,
          LINK_SPEC,
          LEAF_SPINE,
          THREE_TIER,
          RAIL_OPTIMIZED,
          GRAPH,
          GRAPH_SWITCH,
          GRAPH_HOST,
          GRAPH_LINK,
          SWITCH_PROFILE,
          HEADROOM_DERIVED,
          HEADROOM_FIXED,
          WATCHDOG,
          CONVERGENCE,
          LOAD_BALANCING,
          NIC_PROFILE,
          TRAFFIC_CLASS,
          DCQCN,
          HOST_PROFILE,
          QOS_POLICY,
          ECN_PROFILE,
          SCHEDULER,
          FIRMWARE,
          FIRMWARE_PROFILES,
          NIC_FIRMWARE,
          SWITCH_NOS,
          OVERRIDE);
}
