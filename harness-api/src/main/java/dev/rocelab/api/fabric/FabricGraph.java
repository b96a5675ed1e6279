package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.util.Checks;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A fabric expanded into devices, ports and links, with every device's effective profile (overrides
 * applied). Lists are in a stable order: devices by tier then name, links in expansion order.
 * Immutable; equal to another graph of an equal spec.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class FabricGraph {

  private final FabricSpec spec;
  private final List<Device> devices;
  private final List<Link> links;
  private final Map<String, Device> byName;
  private final Map<Endpoint, Link> byEndpoint;
  private final Map<String, List<Endpoint>> portsByDevice;
  private final Map<Endpoint, String> nicProfiles;

  FabricGraph(
      FabricSpec spec, List<Device> devices, List<Link> links, Map<Endpoint, String> nicProfiles) {
    this.spec = spec;
    List<Device> sorted = new ArrayList<>(devices);
    sorted.sort(
        (x, y) ->
            x.tier() != y.tier()
                ? Integer.compare(x.tier(), y.tier())
                : NaturalOrder.INSTANCE.compare(x.name(), y.name()));
    this.devices = List.copyOf(sorted);
    this.links = List.copyOf(links);
    Map<String, Device> names = new HashMap<>();
    this.devices.forEach(d -> names.put(d.name(), d));
    this.byName = Collections.unmodifiableMap(names);
    Map<Endpoint, Link> ends = new HashMap<>();
    Map<String, List<Endpoint>> ports = new HashMap<>();
    for (Link link : this.links) {
      ends.put(link.a(), link);
      ends.put(link.b(), link);
      ports.computeIfAbsent(link.a().device(), d -> new ArrayList<>()).add(link.a());
      ports.computeIfAbsent(link.b().device(), d -> new ArrayList<>()).add(link.b());
    }
    this.byEndpoint = Collections.unmodifiableMap(ends);
    ports.replaceAll((device, list) -> List.copyOf(list));
    this.portsByDevice = Collections.unmodifiableMap(ports);
    this.nicProfiles = Map.copyOf(nicProfiles);
  }

  /**
   * Expands a fabric. The spec should have passed {@link FabricValidator} without errors.
   *
   * @param spec the fabric, never null
   * @return its devices and links
   * @throws IllegalArgumentException if the spec refers to profiles, devices or ports that do not
   *     exist, or is larger than {@link FabricLimits} allow
   */
  public static FabricGraph of(FabricSpec spec) {
    SizeCheck.require(Checks.notNull(spec, "spec"));
    return new TopologyExpander(spec).expand();
  }

  /**
   * @return the spec this graph was expanded from
   */
  public FabricSpec spec() {
    return spec;
  }

  /**
   * @return all devices, hosts first, then by tier and name
   */
  public List<Device> devices() {
    return devices;
  }

  /**
   * @return the switches
   */
  public List<Device> switches() {
    return devices.stream().filter(Device::isSwitch).toList();
  }

  /**
   * @return the hosts
   */
  public List<Device> hosts() {
    return devices.stream().filter(d -> !d.isSwitch()).toList();
  }

  /**
   * @return all links
   */
  public List<Link> links() {
    return links;
  }

  /**
   * A device by name.
   *
   * @param name the device name
   * @return the device, or empty
   */
  public Optional<Device> device(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /**
   * The link attached to a port.
   *
   * @param port the port
   * @return its link, or empty if the port is unconnected or unknown
   */
  public Optional<Link> linkAt(Endpoint port) {
    return Optional.ofNullable(byEndpoint.get(port));
  }

  /**
   * The connected ports of a device, in link order.
   *
   * @param device the device name
   * @return its ports
   */
  public List<Endpoint> ports(String device) {
    return portsByDevice.getOrDefault(device, List.of());
  }

  /**
   * A device's tier: 0 for hosts, 1 for leaves, 2 for spines, 3 for super-spines.
   *
   * @param device a device name
   * @return its tier
   * @throws IllegalArgumentException if there is no such device
   */
  public int tierOf(String device) {
    return required(device).tier();
  }

  /**
   * The uplinks of a device: its ports whose peer is on a higher tier, in link order.
   *
   * @param device a device name
   * @return its uplinks; empty for a device of the top tier
   */
  public List<Endpoint> uplinks(String device) {
    int tier = tierOf(device);
    return ports(device).stream()
        .filter(port -> tierOf(byEndpoint.get(port).peerOf(port).device()) > tier)
        .toList();
  }

  /**
   * Whether a device is a leaf: a switch with a NIC cabled to it.
   *
   * @param device a device name
   * @return true for a leaf
   */
  public boolean isLeaf(String device) {
    return device(device).map(Device::isSwitch).orElse(false)
        && ports(device).stream()
            .anyMatch(
                port ->
                    device(byEndpoint.get(port).peerOf(port).device())
                        .map(d -> !d.isSwitch())
                        .orElse(false));
  }

  /**
   * The switch a NIC is cabled to.
   *
   * @param nic a NIC port
   * @return its leaf; empty if the NIC has no link
   */
  public Optional<String> leafOf(Endpoint nic) {
    return linkAt(nic).map(link -> link.peerOf(nic).device());
  }

  /**
   * The effective profile of a switch.
   *
   * @param device a switch name
   * @return its profile
   */
  public SwitchProfile switchProfileOf(String device) {
    return spec.switchProfile(required(device).profile());
  }

  /**
   * The effective profile of a host.
   *
   * @param device a host name
   * @return its profile
   */
  public HostProfile hostProfileOf(String device) {
    return spec.hostProfile(required(device).profile());
  }

  /**
   * The effective profile of a NIC.
   *
   * @param nic a NIC port, e.g. {@code host1:nic0}
   * @return its profile
   */
  public NicProfile nicProfileOf(Endpoint nic) {
    String profile = nicProfiles.get(nic);
    if (profile == null) {
      throw new IllegalArgumentException(nic + " is not a NIC of this fabric");
    }
    return spec.nicProfile(profile);
  }

  /**
   * @return every NIC port, in host then NIC order
   */
  public List<Endpoint> nics() {
    List<Endpoint> nics = new ArrayList<>(nicProfiles.keySet());
    Collections.sort(nics);
    return nics;
  }

  /**
   * What a host's NICs carry together: the sum of the speeds of the links at its cabled NICs (an
   * uncabled NIC carries nothing). A collective's bus bandwidth across hosts is judged against it.
   *
   * @param host a host's name, never null
   * @return that rate, zero where none of its NICs is cabled
   * @throws IllegalArgumentException if the fabric has no such host
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public Rate hostLineRate(String host) {
    Checks.notNull(host, "host");
    if (hosts().stream().noneMatch(h -> h.name().equals(host))) {
      throw new IllegalArgumentException("fabric " + spec.name() + " has no host " + host);
    }
    Rate sum = Rate.bps(0);
    for (Endpoint nic : nics()) {
      if (nic.device().equals(host)) {
        Optional<Link> link = linkAt(nic);
        if (link.isPresent()) {
          sum = sum.plus(link.get().spec().speed());
        }
      }
    }
    return sum;
  }

  /**
   * The speed of the slowest link at a NIC: what a size or time meant for the fabric's host links
   * scales with.
   *
   * @return that speed, or empty if no NIC is cabled
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public Optional<Rate> slowestHostLink() {
    return nics().stream()
        .flatMap(nic -> linkAt(nic).stream())
        .map(link -> link.spec().speed())
        .min(Rate::compareTo);
  }

  /**
   * A size meant for host links of one speed, scaled to this fabric's {@linkplain
   * #slowestHostLink() slowest host link} so that it takes as long to send: 32 MiB at 400G is 64
   * MiB on a fabric of 800G host links and 8 MiB on one of 100G. A scenario written for one fabric
   * then loads any fabric for the same time, which rate-based criteria (an alert's marks per
   * second) need.
   *
   * @param size the size, never null
   * @param speed the host link speed it was meant for, never null
   * @return the size scaled, rounded to the nearest byte
   * @throws IllegalStateException if no NIC of this fabric is cabled
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public DataSize scaledToTheHostLinks(DataSize size, Rate speed) {
    Checks.notNull(size, "size");
    Checks.notNull(speed, "speed");
    Rate hostLink =
        slowestHostLink()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "fabric " + spec.name() + " has no cabled NIC to scale " + size + " to"));
    BigInteger bytes =
        BigInteger.valueOf(size.bytes())
            .multiply(BigInteger.valueOf(hostLink.bitsPerSecond()))
            .add(BigInteger.valueOf(speed.bitsPerSecond() / 2))
            .divide(BigInteger.valueOf(speed.bitsPerSecond()));
    return DataSize.bytes(bytes.longValueExact());
  }

  /**
   * Graphs are equal when they were expanded from equal specs: the expansion is a function of the
   * spec.
   */
  @Override
  public boolean equals(Object other) {
    return other instanceof FabricGraph graph && spec.equals(graph.spec);
  }

  @Override
  public int hashCode() {
    return spec.hashCode();
  }

  /** Names the fabric only: its spec may hold a lab inventory. */
  @Override
  public String toString() {
    return "fabric " + spec.name();
  }

  private Device required(String device) {
    return device(device)
        .orElseThrow(() -> new IllegalArgumentException("no device named " + device));
  }
}
