package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * Parts of a fabric chosen by their role rather than by name, so that a scenario written once runs
 * on any fabric a team writes: the link to fail is "a redundant uplink" whatever the fabric calls
 * its ports. Each choice is deterministic (the first candidate in the fabric's order: devices by
 * tier and name, ports in link order), and a fabric without the shape a role needs — a single
 * spine, a leaf with one uplink — raises a {@link MissingShapeException} saying what is missing, so
 * the check that asked is <em>not applicable</em> rather than broken.
 *
 * <p>Scenario annotations take the roles as phrases where they take a name:
 * {@code @LinkFailure(port = "a redundant uplink")}. A phrase holds blanks, which no device or port
 * name may ({@link dev.rocelab.api.util.Checks#deviceName}), so a phrase is never taken for a name.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class FabricRoles {

  /** The port phrase for {@link #redundantUplink()}. */
  public static final String REDUNDANT_UPLINK = "a redundant uplink";

  /** The device phrase for {@link #redundantSpine()}. */
  public static final String REDUNDANT_SPINE = "a redundant spine";

  private static final Map<String, Function<FabricRoles, Endpoint>> PORTS =
      Map.of(REDUNDANT_UPLINK, FabricRoles::redundantUplink);

  private static final Map<String, Function<FabricRoles, String>> DEVICES =
      Map.of(REDUNDANT_SPINE, FabricRoles::redundantSpine);

  private final FabricGraph fabric;

  private FabricRoles(FabricGraph fabric) {
    this.fabric = fabric;
  }

  /**
   * @param fabric a fabric
   * @return its roles
   */
  public static FabricRoles of(FabricGraph fabric) {
    return new FabricRoles(fabric);
  }

  /**
   * A leaf's uplink whose loss leaves the leaf connected: the first uplink of the first leaf that
   * has two or more.
   *
   * @return the port, on the leaf's side
   * @throws MissingShapeException if no leaf has two uplinks
   */
  public Endpoint redundantUplink() {
    for (Device sw : fabric.switches()) {
      if (fabric.isLeaf(sw.name())) {
        List<Endpoint> uplinks = fabric.uplinks(sw.name());
        if (uplinks.size() >= 2) {
          return uplinks.get(0);
        }
      }
    }
    throw new MissingShapeException(
        "no leaf of fabric "
            + fabric.spec().name()
            + " has two uplinks, so none loses one and stays connected");
  }

  /**
   * A switch of the tier above the leaves whose reset leaves every leaf connected: the first such
   * switch every leaf cabled to it also reaches through another switch.
   *
   * @return the switch's name
   * @throws MissingShapeException if the fabric has no tier above its leaves, or every switch there
   *     is some leaf's only way up
   */
  public String redundantSpine() {
    List<Device> leaves = fabric.switches().stream().filter(d -> fabric.isLeaf(d.name())).toList();
    List<Device> spines =
        fabric.switches().stream().filter(d -> !fabric.isLeaf(d.name()) && d.tier() == 2).toList();
    for (Device spine : spines) {
      boolean redundant = true;
      for (Device leaf : leaves) {
        List<String> above = fabric.uplinks(leaf.name()).stream().map(this::peerDevice).toList();
        if (above.contains(spine.name()) && above.stream().allMatch(spine.name()::equals)) {
          redundant = false;
        }
      }
      if (redundant) {
        return spine.name();
      }
    }
    throw new MissingShapeException(
        spines.isEmpty()
            ? "fabric " + fabric.spec().name() + " has no switch above its leaves"
            : "every switch above the leaves of fabric "
                + fabric.spec().name()
                + " is some leaf's only way up");
  }

  /**
   * Two NICs of different hosts under one leaf, for a flow that crosses a single switch: the first
   * two of the first leaf that has them, in port order.
   *
   * @return the sending NIC, then the receiving one
   * @throws MissingShapeException if no leaf has NICs of two hosts
   */
  public List<Endpoint> neighbours() {
    for (Device sw : fabric.switches()) {
      Optional<List<Endpoint>> pair = pairUnder(sw.name(), Set.of(), Set.of());
      if (pair.isPresent()) {
        return pair.get();
      }
    }
    throw new MissingShapeException(
        "no leaf of fabric " + fabric.spec().name() + " has NICs of two hosts under it");
  }

  /**
   * Two idle NICs, of different hosts under one leaf that is not the receiver's, for a flow beside
   * an incast that must not feel it: the first such pair, leaves in order, NICs in port order,
   * skipping the receiver's host and the busy NICs.
   *
   * @param receiver the incast's receiver
   * @param busy the NICs that take part in the incast
   * @return the sending NIC, then the receiving one
   * @throws MissingShapeException if no other leaf has two idle NICs of two hosts
   */
  public List<Endpoint> bystanders(Endpoint receiver, Collection<Endpoint> busy) {
    Optional<String> receiverLeaf = fabric.leafOf(receiver);
    for (Device sw : fabric.switches()) {
      if (receiverLeaf.equals(Optional.of(sw.name()))) {
        continue;
      }
      Optional<List<Endpoint>> pair =
          pairUnder(sw.name(), Set.copyOf(busy), Set.of(receiver.device()));
      if (pair.isPresent()) {
        return pair.get();
      }
    }
    throw new MissingShapeException(
        "no leaf of fabric "
            + fabric.spec().name()
            + " but the receiver's has two idle NICs of two hosts besides the incast's");
  }

  /** The first two NICs under a switch on different hosts, none busy, none on an excluded host. */
  private Optional<List<Endpoint>> pairUnder(
      String device, Set<Endpoint> busy, Set<String> excludedHosts) {
    Endpoint first = null;
    for (Endpoint port : fabric.ports(device)) {
      Optional<Endpoint> nic =
          fabric
              .linkAt(port)
              .map(link -> link.peerOf(port))
              .filter(peer -> fabric.device(peer.device()).map(d -> !d.isSwitch()).orElse(false));
      if (nic.isEmpty() || busy.contains(nic.get()) || excludedHosts.contains(nic.get().device())) {
        continue;
      }
      if (first == null) {
        first = nic.get();
      } else if (!first.device().equals(nic.get().device())) {
        return Optional.of(List.of(first, nic.get()));
      }
    }
    return Optional.empty();
  }

  /**
   * A port named, or a port phrase.
   *
   * @param text a port name ({@code leaf1:eth9}) or a phrase ({@value #REDUNDANT_UPLINK})
   * @return the port; for a name, as parsed (whether the fabric has it is the caller's check)
   * @throws MissingShapeException if the phrase's role is missing from the fabric
   * @throws IllegalArgumentException for a phrase no role answers, naming those that do
   */
  public Endpoint port(String text) {
    return resolved(text, PORTS, Endpoint::parse);
  }

  /**
   * A device named, or a device phrase.
   *
   * @param text a device name ({@code spine1}) or a phrase ({@value #REDUNDANT_SPINE})
   * @return the device's name; for a name, as given
   * @throws MissingShapeException if the phrase's role is missing from the fabric
   * @throws IllegalArgumentException for a phrase no role answers, naming those that do
   */
  public String device(String text) {
    return resolved(text, DEVICES, String::trim);
  }

  /**
   * @param text an attribute's value
   * @return whether it is a phrase (it holds a blank) rather than a name
   */
  public static boolean isPhrase(String text) {
    return text.trim().chars().anyMatch(Character::isWhitespace);
  }

  private <T> T resolved(
      String text, Map<String, Function<FabricRoles, T>> roles, Function<String, T> named) {
    if (!isPhrase(text)) {
      return named.apply(text.trim());
    }
    Function<FabricRoles, T> role = roles.get(text.trim());
    if (role == null) {
      throw new IllegalArgumentException(
          "\""
              + text.trim()
              + "\" is neither a name nor a role; the roles here are "
              + String.join(
                  ", ", roles.keySet().stream().sorted().map(r -> "\"" + r + "\"").toList()));
    }
    return role.apply(this);
  }

  private String peerDevice(Endpoint port) {
    Optional<Link> link = fabric.linkAt(port);
    return link.map(l -> l.peerOf(port).device()).orElse("");
  }
}
