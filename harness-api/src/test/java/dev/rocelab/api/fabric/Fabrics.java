package dev.rocelab.api.fabric;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Test fixture: small fabric specs built directly from the records.
 *
 * <p>{@link #spec()} is a minimal valid leaf-spine fabric (2 leaves, 2 spines, 2 hosts per leaf
 * with two 400G NICs each, one uplink per spine) that {@link FabricValidator} accepts without
 * findings; tests change one thing with the {@code with…} methods of {@link SpecBuilder} and the
 * profile builders ({@link #nic()}, {@link #qos()}, {@link #switchProfile()}, {@link #host()}).
 */
public final class Fabrics {

  static final String HOST_PROFILE = "dgx";
  static final String NIC_PROFILE = "cx7";
  static final String SWITCH_PROFILE = "sn5600";
  static final String QOS = "rdma";
  static final String NIC_FIRMWARE = "28.39.1002";
  static final String NOS = "SONiC.202405.1";

  static final int ROCE_DSCP = 26;
  static final int ROCE_PRIORITY = 3;
  static final int CNP_DSCP = 48;
  static final int CNP_PRIORITY = 6;

  static final Rate SPEED = Rate.gbps(400);
  static final LinkSpec HOST_LINK = new LinkSpec(SPEED, Length.meters(3));
  static final LinkSpec FABRIC_LINK = new LinkSpec(SPEED, Length.meters(10));
  static final LinkSpec CORE_LINK = new LinkSpec(SPEED, Length.meters(30));

  /** No MAC/PHY delay, 18 KiB pipeline latency, all small packets, no gearbox. */
  static final HeadroomPolicy.Derived DERIVED_HEADROOM =
      new HeadroomPolicy.Derived(DataSize.ZERO, DataSize.kib(18), 100, SimTime.ZERO);

  private Fabrics() {}

  /**
   * @return the minimal valid leaf-spine fabric, expanded: what results in other packages' tests
   *     ran on
   */
  public static FabricGraph minimal() {
    return spec().graph();
  }

  /**
   * @return the minimal fabric's profiles on a leaf-spine of two-NIC hosts, one uplink per spine,
   *     expanded: for other packages' tests of what depends on the shape
   */
  public static FabricGraph leafSpineGraph(int leaves, int spines, int hostsPerLeaf) {
    return spec().with(leafSpine(leaves, spines, hostsPerLeaf, 1)).graph();
  }

  /**
   * @return the minimal fabric's profiles on a rail-optimized fabric (a host's NICs on different
   *     leaves), expanded
   */
  public static FabricGraph railOptimizedGraph(int scalableUnits, int hostsPerUnit, int spines) {
    return spec().with(railOptimized(scalableUnits, hostsPerUnit, spines)).graph();
  }

  /** The minimal valid leaf-spine fabric, ready to be varied. */
  static SpecBuilder spec() {
    return new SpecBuilder();
  }

  static Topology.LeafSpine leafSpine(
      int leaves, int spines, int hostsPerLeaf, int uplinksPerSpine) {
    return new Topology.LeafSpine(
        leaves,
        spines,
        hostsPerLeaf,
        uplinksPerSpine,
        HOST_LINK,
        FABRIC_LINK,
        HOST_PROFILE,
        SWITCH_PROFILE,
        SWITCH_PROFILE);
  }

  static Topology.ThreeTier threeTier(
      int pods, int leavesPerPod, int spinesPerPod, int superSpines, int hostsPerLeaf) {
    return new Topology.ThreeTier(
        pods,
        leavesPerPod,
        spinesPerPod,
        superSpines,
        hostsPerLeaf,
        1,
        1,
        HOST_LINK,
        FABRIC_LINK,
        CORE_LINK,
        HOST_PROFILE,
        SWITCH_PROFILE,
        SWITCH_PROFILE,
        SWITCH_PROFILE);
  }

  static Topology.RailOptimized railOptimized(int scalableUnits, int hostsPerUnit, int spines) {
    return new Topology.RailOptimized(
        scalableUnits,
        hostsPerUnit,
        spines,
        1,
        HOST_LINK,
        FABRIC_LINK,
        HOST_PROFILE,
        SWITCH_PROFILE,
        SWITCH_PROFILE);
  }

  static Topology.GraphSwitch graphSwitch(String name, int ports) {
    return new Topology.GraphSwitch(name, SWITCH_PROFILE, ports);
  }

  static Topology.GraphHost graphHost(String name) {
    return new Topology.GraphHost(name, HOST_PROFILE);
  }

  static Topology.GraphLink graphLink(String a, String b) {
    return graphLink(a, b, HOST_LINK);
  }

  static Topology.GraphLink graphLink(String a, String b, LinkSpec link) {
    return new Topology.GraphLink(Endpoint.parse(a), Endpoint.parse(b), link);
  }

  static DeviceOverride switchOverride(String profile, String... devices) {
    return new DeviceOverride(List.of(devices), Optional.of(profile), Optional.empty());
  }

  static DeviceOverride nicOverride(String profile, String... targets) {
    return new DeviceOverride(List.of(targets), Optional.empty(), Optional.of(profile));
  }

  static Endpoint port(String text) {
    return Endpoint.parse(text);
  }

  static NicBuilder nic() {
    return new NicBuilder();
  }

  /** mlx5's DCQCN defaults, with the fields a test sets changed. */
  static QosBuilder qos() {
    return new QosBuilder();
  }

  static SwitchBuilder switchProfile() {
    return new SwitchBuilder();
  }

  static HostBuilder host() {
    return new HostBuilder();
  }

  /** A fabric spec under construction; each {@code with…} replaces or adds one part. */
  static final class SpecBuilder {
    private Topology topology = leafSpine(2, 2, 2, 1);
    private final Map<String, SwitchProfile> switchProfiles = new LinkedHashMap<>();
    private final Map<String, NicProfile> nicProfiles = new LinkedHashMap<>();
    private final Map<String, HostProfile> hostProfiles = new LinkedHashMap<>();
    private final Map<String, QosPolicy> qos = new LinkedHashMap<>();
    private FirmwarePolicy firmware = new FirmwarePolicy(Set.of(NIC_FIRMWARE), Set.of(NOS));
    private final List<DeviceOverride> overrides = new ArrayList<>();

    private SpecBuilder() {
      with(switchProfile().build());
      with(nic().build());
      with(host().build());
      with(qos().build());
    }

    SpecBuilder with(Topology topology) {
      this.topology = topology;
      return this;
    }

    /** Adds a switch profile, or replaces the one of the same name. */
    SpecBuilder with(SwitchProfile profile) {
      switchProfiles.put(profile.name(), profile);
      return this;
    }

    /** Adds a NIC profile, or replaces the one of the same name. */
    SpecBuilder with(NicProfile profile) {
      nicProfiles.put(profile.name(), profile);
      return this;
    }

    /** Adds a host profile, or replaces the one of the same name. */
    SpecBuilder with(HostProfile profile) {
      hostProfiles.put(profile.name(), profile);
      return this;
    }

    /** Adds a QoS policy, or replaces the one of the same name. */
    SpecBuilder with(QosPolicy policy) {
      qos.put(policy.name(), policy);
      return this;
    }

    SpecBuilder with(FirmwarePolicy firmware) {
      this.firmware = firmware;
      return this;
    }

    SpecBuilder with(DeviceOverride override) {
      overrides.add(override);
      return this;
    }

    FabricSpec build() {
      return new FabricSpec(
          "test",
          "",
          topology,
          switchProfiles,
          nicProfiles,
          hostProfiles,
          qos,
          firmware,
          overrides,
          java.util.Map.of(),
          FirmwareRegistry.EMPTY);
    }

    FabricGraph graph() {
      return FabricGraph.of(build());
    }

    List<Finding> findings() {
      return FabricValidator.validate(build());
    }
  }

  /**
   * A {@link NicProfile}: 400G, RoCE on DSCP 26 / priority 3, CNP on 48 / 6, PFC on 3, 4 KiB MTU.
   */
  static final class NicBuilder {
    private String name = NIC_PROFILE;
    private Rate speed = SPEED;
    private String firmware = NIC_FIRMWARE;
    private TrafficClass roce = new TrafficClass(ROCE_DSCP, ROCE_PRIORITY);
    private TrafficClass cnp = new TrafficClass(CNP_DSCP, CNP_PRIORITY);
    private Set<Integer> pfcPriorities = Set.of(ROCE_PRIORITY);
    private DataSize mtu = DataSize.bytes(4096);
    private DcqcnParameters dcqcn = DcqcnParameters.MLX5_DEFAULTS;

    NicBuilder named(String name) {
      this.name = name;
      return this;
    }

    NicBuilder speed(Rate speed) {
      this.speed = speed;
      return this;
    }

    NicBuilder firmware(String firmware) {
      this.firmware = firmware;
      return this;
    }

    NicBuilder roce(int dscp, int priority) {
      this.roce = new TrafficClass(dscp, priority);
      return this;
    }

    NicBuilder cnp(int dscp, int priority) {
      this.cnp = new TrafficClass(dscp, priority);
      return this;
    }

    NicBuilder pfcPriorities(Integer... priorities) {
      this.pfcPriorities = Set.of(priorities);
      return this;
    }

    NicBuilder mtu(DataSize mtu) {
      this.mtu = mtu;
      return this;
    }

    NicBuilder dcqcn(DcqcnParameters dcqcn) {
      this.dcqcn = dcqcn;
      return this;
    }

    NicProfile build() {
      return new NicProfile(name, speed, firmware, roce, cnp, pfcPriorities, mtu, 1, dcqcn);
    }
  }

  /** A {@link HostProfile}: 4 GPUs, 2 NICs of profile cx7, rail-aligned. */
  static final class HostBuilder {
    private String name = HOST_PROFILE;
    private int nics = 2;
    private String nicProfile = NIC_PROFILE;

    HostBuilder named(String name) {
      this.name = name;
      return this;
    }

    HostBuilder nics(int nics) {
      this.nics = nics;
      return this;
    }

    HostBuilder nicProfile(String nicProfile) {
      this.nicProfile = nicProfile;
      return this;
    }

    HostProfile build() {
      int gpus = 2 * nics;
      return new HostProfile(
          name,
          gpus,
          nics,
          nicProfile,
          HostProfile.railAligned(gpus, nics),
          Rate.gbps(3600),
          SimTime.micros(1));
    }
  }

  /**
   * A {@link QosPolicy}: DSCP 26 → 3 and 48 → 6, priority 3 lossless with PFC, ECN on 3, CNPs
   * strict, IP MTU 9100 B.
   */
  static final class QosBuilder {
    private String name = QOS;
    private final Map<Integer, Integer> dscpToPriority =
        new TreeMap<>(Map.of(ROCE_DSCP, ROCE_PRIORITY, CNP_DSCP, CNP_PRIORITY));
    private Set<Integer> lossless = Set.of(ROCE_PRIORITY);
    private Set<Integer> pfc = Set.of(ROCE_PRIORITY);
    private EcnProfile ecn = new EcnProfile(DataSize.kib(400), DataSize.kib(1600), 0.2);
    private DataSize mtu = DataSize.bytes(9100);

    QosBuilder named(String name) {
      this.name = name;
      return this;
    }

    QosBuilder map(int dscp, int priority) {
      dscpToPriority.put(dscp, priority);
      return this;
    }

    QosBuilder lossless(Integer... priorities) {
      this.lossless = Set.of(priorities);
      return this;
    }

    QosBuilder pfc(Integer... priorities) {
      this.pfc = Set.of(priorities);
      return this;
    }

    QosBuilder ecn(EcnProfile ecn) {
      this.ecn = ecn;
      return this;
    }

    QosBuilder mtu(DataSize mtu) {
      this.mtu = mtu;
      return this;
    }

    QosPolicy build() {
      return new QosPolicy(
          name,
          dscpToPriority,
          lossless,
          pfc,
          DataSize.kib(18),
          Map.of(ROCE_PRIORITY, ecn),
          new Scheduler(Set.of(CNP_PRIORITY), Map.of(0, 1, ROCE_PRIORITY, 4)),
          mtu);
    }
  }

  /**
   * A {@link SwitchProfile}: Spectrum-4 with 64 MiB of 144 B cells, 4 KiB reserve, derived
   * headroom.
   */
  static final class SwitchBuilder {
    private String name = SWITCH_PROFILE;
    private String nos = NOS;
    private DataSize buffer = DataSize.mib(64);
    private DataSize cellSize = DataSize.bytes(144);
    private DataSize reserve = DataSize.kib(4);
    private HeadroomPolicy headroom = DERIVED_HEADROOM;
    private String qos = QOS;
    private SwitchProfile.Forwarding forwarding = SwitchProfile.Forwarding.CUT_THROUGH;
    private SimTime forwardingLatency = SimTime.nanos(600);

    SwitchBuilder named(String name) {
      this.name = name;
      return this;
    }

    SwitchBuilder nos(String nos) {
      this.nos = nos;
      return this;
    }

    SwitchBuilder buffer(DataSize buffer) {
      this.buffer = buffer;
      return this;
    }

    SwitchBuilder cellSize(DataSize cellSize) {
      this.cellSize = cellSize;
      return this;
    }

    SwitchBuilder reserve(DataSize reserve) {
      this.reserve = reserve;
      return this;
    }

    SwitchBuilder headroom(HeadroomPolicy headroom) {
      this.headroom = headroom;
      return this;
    }

    SwitchBuilder qos(String qos) {
      this.qos = qos;
      return this;
    }

    SwitchBuilder forwarding(SwitchProfile.Forwarding forwarding, SimTime latency) {
      this.forwarding = forwarding;
      this.forwardingLatency = latency;
      return this;
    }

    SwitchProfile build() {
      return new SwitchProfile(
          name,
          "Spectrum-4",
          nos,
          buffer,
          cellSize,
          0.125,
          reserve,
          headroom,
          qos,
          forwarding,
          forwardingLatency,
          PfcWatchdog.SONIC_DEFAULT,
          Convergence.FAST);
    }
  }
}
