package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.util.Checks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The derived facts of an expanded fabric, the numbers an engineer checks before any traffic runs:
 * how much there is, how much bandwidth crosses each tier, how oversubscribed each tier is, how
 * much headroom each kind of port reserves and how much buffer is left to share.
 *
 * <p>Every list and map is immutable and in a stable order, so two computations over the same
 * fabric print identically.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class FabricFacts {

  private final int hosts;
  private final int gpus;
  private final int nics;
  private final Map<Device.Role, Integer> switchesByRole;
  private final int links;
  private final Rate nicBandwidth;
  private final Optional<Rate> hostInterfaceBandwidth;
  private final List<TierCut> tierCuts;
  private final List<TierOversubscription> oversubscription;
  private final List<HeadroomClass> headroom;
  private final List<ProfileBudget> buffers;
  private final SortedMap<String, Integer> nicFirmware;
  private final SortedMap<String, Integer> switchNos;

  private FabricFacts(FabricGraph graph) {
    this.hosts = graph.hosts().size();
    this.gpus = graph.hosts().stream().mapToInt(h -> graph.hostProfileOf(h.name()).gpus()).sum();
    this.nics = graph.nics().size();
    Map<Device.Role, Integer> roles = new EnumMap<>(Device.Role.class);
    graph.switches().forEach(s -> roles.merge(s.role(), 1, Integer::sum));
    this.switchesByRole = Collections.unmodifiableMap(roles);
    this.links = graph.links().size();
    Rate total = Rate.bps(0);
    Rate behindHosts = Rate.bps(0);
    boolean narrower = false;
    SortedMap<String, Integer> firmware = new TreeMap<>();
    for (Endpoint nic : graph.nics()) {
      NicProfile profile = graph.nicProfileOf(nic);
      total = total.plus(profile.speed());
      Optional<Rate> pcie =
          graph
              .hostProfileOf(nic.device())
              .pcieBandwidth()
              .filter(rate -> rate.compareTo(profile.speed()) < 0);
      narrower |= pcie.isPresent();
      behindHosts = behindHosts.plus(pcie.orElse(profile.speed()));
      firmware.merge(profile.firmware(), 1, Integer::sum);
    }
    this.nicBandwidth = total;
    this.hostInterfaceBandwidth = narrower ? Optional.of(behindHosts) : Optional.empty();
    this.nicFirmware = Collections.unmodifiableSortedMap(firmware);
    SortedMap<String, Integer> nos = new TreeMap<>();
    graph
        .switches()
        .forEach(s -> nos.merge(graph.switchProfileOf(s.name()).nos(), 1, Integer::sum));
    this.switchNos = Collections.unmodifiableSortedMap(nos);
    this.tierCuts = tierCuts(graph);
    this.oversubscription = oversubscription(graph);
    List<BufferBudget> budgets =
        graph.switches().stream().map(s -> BufferBudget.of(graph, s.name())).toList();
    this.headroom = headroomClasses(graph, budgets);
    this.buffers = profileBudgets(graph, budgets);
  }

  /**
   * Computes the facts of a fabric.
   *
   * @param graph the expanded fabric, never null; its spec should have passed {@link
   *     FabricValidator}
   * @return the facts
   */
  public static FabricFacts of(FabricGraph graph) {
    return new FabricFacts(Checks.notNull(graph, "graph"));
  }

  /**
   * @return the number of hosts
   */
  public int hosts() {
    return hosts;
  }

  /**
   * @return the number of GPUs over all hosts
   */
  public int gpus() {
    return gpus;
  }

  /**
   * @return the number of fabric NICs over all hosts
   */
  public int nics() {
    return nics;
  }

  /**
   * @return the number of switches of each role present, in {@link Device.Role} order
   */
  public Map<Device.Role, Integer> switchesByRole() {
    return switchesByRole;
  }

  /**
   * @return the number of switches
   */
  public int switches() {
    return switchesByRole.values().stream().mapToInt(Integer::intValue).sum();
  }

  /**
   * @return the number of links, host links included
   */
  public int links() {
    return links;
  }

  /**
   * @return the sum of the speeds of all NICs
   */
  public Rate nicBandwidth() {
    return nicBandwidth;
  }

  /**
   * What the hosts can move through their NICs where some host's PCIe is narrower than its NICs
   * (host profile {@code pcieBandwidth}): each NIC's speed or its host interface's data rate,
   * whichever is lower, summed.
   *
   * @return that sum, or empty where every host interface keeps up with its NICs
   * @since 0.2
   */
  public Optional<Rate> hostInterfaceBandwidth() {
    return hostInterfaceBandwidth;
  }

  /**
   * The capacity crossing each tier boundary, lowest boundary (hosts to first switch tier) first. A
   * link from tier {@code i} to tier {@code j > i} crosses the boundaries {@code i..j-1}; a link
   * between two devices of the same tier crosses none.
   *
   * @return one cut per boundary that some link crosses
   */
  public List<TierCut> tierCuts() {
    return tierCuts;
  }

  /**
   * The bisection bandwidth, taken for a Clos fabric as half of the narrowest tier cut:
   *
   * <pre>
   * bisection = min over boundaries t→t+1 of (Σ capacity of links crossing t→t+1) / 2
   * </pre>
   *
   * <p>Splitting a Clos fabric's hosts into two equal halves along its pods or leaves cuts half of
   * every tier boundary, so the narrowest boundary bounds what one half can send the other. The
   * value is exact for symmetric Clos shapes (leaf-spine, three-tier, rail-optimized); for an
   * explicit graph it is the same tier-cut bound, which may overstate the true bisection of an
   * irregular graph.
   *
   * @return the bisection bandwidth; zero for a fabric without links
   */
  public Rate bisection() {
    return tierCuts.stream()
        .map(TierCut::capacity)
        .min(Comparator.naturalOrder())
        .map(min -> Rate.bps(min.bitsPerSecond() / 2))
        .orElse(Rate.bps(0));
  }

  /**
   * The oversubscription of each switch tier that has uplinks: the downlink capacity of all its
   * switches over their uplink capacity. The top tier has no uplinks and is left out.
   *
   * @return one entry per switch tier with uplinks, lowest tier first
   */
  public List<TierOversubscription> oversubscription() {
    return oversubscription;
  }

  /**
   * The headroom each lossless priority group reserves, per switch profile and kind of port (speed
   * and cable length).
   *
   * @return one entry per (switch profile, speed, cable length), in profile order then by speed and
   *     length
   */
  public List<HeadroomClass> headroom() {
    return headroom;
  }

  /**
   * The buffer split of each switch profile in use, taken at its worst switch: the one with the
   * least buffer left to share.
   *
   * @return one entry per switch profile in use, in the fabric file's order
   */
  public List<ProfileBudget> buffers() {
    return buffers;
  }

  /**
   * @return the NIC firmware versions in use and how many NICs run each, by version
   */
  public SortedMap<String, Integer> nicFirmware() {
    return nicFirmware;
  }

  /**
   * @return the switch NOS versions in use and how many switches run each, by version
   */
  public SortedMap<String, Integer> switchNos() {
    return switchNos;
  }

  private static List<TierCut> tierCuts(FabricGraph graph) {
    SortedMap<Integer, Long> cuts = new TreeMap<>();
    for (Link link : graph.links()) {
      int a = graph.tierOf(link.a().device());
      int b = graph.tierOf(link.b().device());
      for (int t = Math.min(a, b); t < Math.max(a, b); t++) {
        cuts.merge(t, link.spec().speed().bitsPerSecond(), Math::addExact);
      }
    }
    List<TierCut> result = new ArrayList<>();
    cuts.forEach((tier, bps) -> result.add(new TierCut(tier, Rate.bps(bps))));
    return List.copyOf(result);
  }

  private static List<TierOversubscription> oversubscription(FabricGraph graph) {
    SortedMap<Integer, long[]> downUp = new TreeMap<>();
    SortedMap<Integer, Device.Role> roles = new TreeMap<>();
    SortedMap<Integer, Integer> counts = new TreeMap<>();
    for (Device sw : graph.switches()) {
      roles.merge(sw.tier(), sw.role(), (x, y) -> x == y ? x : Device.Role.SWITCH);
      counts.merge(sw.tier(), 1, Integer::sum);
      downUp.putIfAbsent(sw.tier(), new long[2]);
    }
    for (Link link : graph.links()) {
      Device a = graph.device(link.a().device()).orElseThrow();
      Device b = graph.device(link.b().device()).orElseThrow();
      if (a.tier() == b.tier()) {
        continue;
      }
      Device lower = a.tier() < b.tier() ? a : b;
      Device upper = lower == a ? b : a;
      long bps = link.spec().speed().bitsPerSecond();
      if (upper.isSwitch()) {
        downUp.get(upper.tier())[0] += bps;
      }
      if (lower.isSwitch()) {
        downUp.get(lower.tier())[1] += bps;
      }
    }
    List<TierOversubscription> result = new ArrayList<>();
    downUp.forEach(
        (tier, bps) -> {
          if (bps[1] > 0) {
            result.add(
                new TierOversubscription(
                    tier, roles.get(tier), counts.get(tier), Rate.bps(bps[0]), Rate.bps(bps[1])));
          }
        });
    return List.copyOf(result);
  }

  private static List<HeadroomClass> headroomClasses(
      FabricGraph graph, List<BufferBudget> budgets) {
    Map<List<Object>, HeadroomClass> classes = new LinkedHashMap<>();
    DataSize frame = BufferBudget.largestLosslessFrame(graph.spec());
    for (BufferBudget budget : budgets) {
      String profile = graph.device(budget.device()).orElseThrow().profile();
      SwitchProfile switchProfile = graph.switchProfileOf(budget.device());
      QosPolicy policy = graph.spec().qosOf(switchProfile);
      for (PortHeadroom port : budget.ports()) {
        DataSize xoff =
            port.xoff().values().stream().max(Comparator.naturalOrder()).orElse(DataSize.ZERO);
        DataSize needed = Headroom.xoffNeeded(switchProfile, policy, port.link(), frame);
        HeadroomClass one =
            new HeadroomClass(
                profile, port.link().speed(), port.link().length(), xoff, needed, port.xon(), 1);
        classes.merge(
            List.of(profile, port.link().speed(), port.link().length()),
            one,
            HeadroomClass::plusPorts);
      }
    }
    List<String> profileOrder = new ArrayList<>(graph.spec().switchProfiles().keySet());
    List<HeadroomClass> result = new ArrayList<>(classes.values());
    result.sort(
        Comparator.comparingInt((HeadroomClass h) -> profileOrder.indexOf(h.switchProfile()))
            .thenComparing(HeadroomClass::speed)
            .thenComparing(HeadroomClass::cable));
    return List.copyOf(result);
  }

  private static List<ProfileBudget> profileBudgets(FabricGraph graph, List<BufferBudget> budgets) {
    Map<String, BufferBudget> worst = new TreeMap<>();
    Map<String, Integer> counts = new TreeMap<>();
    for (BufferBudget budget : budgets) {
      String profile = graph.device(budget.device()).orElseThrow().profile();
      counts.merge(profile, 1, Integer::sum);
      worst.merge(
          profile, budget, (kept, next) -> next.sharedBytes() < kept.sharedBytes() ? next : kept);
    }
    List<ProfileBudget> result = new ArrayList<>();
    for (String profile : graph.spec().switchProfiles().keySet()) {
      if (worst.containsKey(profile)) {
        result.add(new ProfileBudget(profile, counts.get(profile), worst.get(profile)));
      }
    }
    return List.copyOf(result);
  }

  /**
   * The capacity of all links crossing one tier boundary.
   *
   * @param lowerTier the boundary between this tier and the next ({@code 0}: hosts to leaves)
   * @param capacity the sum of the speeds of the links crossing it (one direction)
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  public record TierCut(int lowerTier, Rate capacity) {

    /** Validates the fields. */
    public TierCut {
      Checks.nonNegative(lowerTier, "lowerTier");
      Checks.notNull(capacity, "capacity");
    }
  }

  /**
   * How oversubscribed one switch tier is.
   *
   * @param tier the switch tier (1 for leaves)
   * @param role the role of its switches ({@link Device.Role#SWITCH} if they differ)
   * @param switches how many switches the tier has
   * @param downlinks the capacity of all links to lower tiers
   * @param uplinks the capacity of all links to higher tiers, positive
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  public record TierOversubscription(
      int tier, Device.Role role, int switches, Rate downlinks, Rate uplinks) {

    /** Validates the fields. */
    public TierOversubscription {
      Checks.positive(tier, "tier");
      Checks.notNull(role, "role");
      Checks.positive(switches, "switches");
      Checks.notNull(downlinks, "downlinks");
      Checks.positive(uplinks, "uplinks");
    }

    /**
     * The oversubscription ratio {@code downlinks / uplinks}; 1 is non-blocking, 2 is "2:1".
     *
     * @return the ratio
     */
    public double ratio() {
      return downlinks.fractionOf(uplinks);
    }
  }

  /**
   * The headroom of one kind of switch port.
   *
   * @param switchProfile the switch profile of the ports
   * @param speed the port speed
   * @param cable the cable length
   * @param xoff the XOFF headroom per lossless priority group (the largest, if configured per
   *     priority)
   * @param xoffNeeded what such a port's speed and cable need ({@link Headroom#xoffNeeded}): equal
   *     to {@code xoff} for derived headroom, the bar for headroom configured by hand
   * @param xon the XON headroom per lossless priority group
   * @param ports how many switch ports are of this kind
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  public record HeadroomClass(
      String switchProfile,
      Rate speed,
      Length cable,
      DataSize xoff,
      DataSize xoffNeeded,
      DataSize xon,
      int ports) {

    /** Validates the fields. */
    public HeadroomClass {
      Checks.name(switchProfile, "switchProfile");
      Checks.notNull(speed, "speed");
      Checks.notNull(cable, "cable");
      Checks.notNull(xoff, "xoff");
      Checks.notNull(xoffNeeded, "xoffNeeded");
      Checks.notNull(xon, "xon");
      Checks.positive(ports, "ports");
    }

    /**
     * The headroom one lossless priority group of such a port reserves.
     *
     * @return XOFF + XON
     */
    public DataSize total() {
      return xoff.plus(xon);
    }

    private static DataSize larger(DataSize x, DataSize y) {
      return x.compareTo(y) >= 0 ? x : y;
    }

    private HeadroomClass plusPorts(HeadroomClass other) {
      return new HeadroomClass(
          switchProfile,
          speed,
          cable,
          larger(xoff, other.xoff),
          xoffNeeded,
          larger(xon, other.xon),
          ports + other.ports);
    }
  }

  /**
   * The buffer split of a switch profile, at its worst switch.
   *
   * @param switchProfile the profile's name
   * @param switches how many switches run it
   * @param worst the budget of the switch with the least buffer left to share
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  public record ProfileBudget(String switchProfile, int switches, BufferBudget worst) {

    /** Validates the fields. */
    public ProfileBudget {
      Checks.name(switchProfile, "switchProfile");
      Checks.positive(switches, "switches");
      Checks.notNull(worst, "worst");
    }

    /**
     * @return the profile's total buffer
     */
    public DataSize buffer() {
      return worst.buffer();
    }

    /**
     * @return the worst switch's total headroom
     */
    public DataSize headroom() {
      return worst.headroom();
    }

    /**
     * @return the worst switch's total reserve
     */
    public DataSize reserve() {
      return worst.reserve();
    }

    /**
     * @return the buffer left to share at the worst switch, in bytes; negative if it does not fit
     */
    public long sharedBytes() {
      return worst.sharedBytes();
    }
  }
}
