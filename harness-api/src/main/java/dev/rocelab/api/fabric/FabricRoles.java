package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
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
 * The phrases, and what each picks on the reference fabric (eight hosts of eight NICs, a leaf per
 * rail, four spines):
 *
 * <table>
 *   <caption>Roles and their phrases</caption>
 *   <tr><th>where a name goes</th><th>phrase</th><th>picks</th><th>on the reference</th></tr>
 *   <tr><td>NIC</td><td>{@value #A_NIC}</td><td>the fabric's first NIC</td>
 *       <td>{@code host1:nic0}</td></tr>
 *   <tr><td>NIC</td><td>{@value #A_NIC_OF_ANOTHER_HOST}</td>
 *       <td>the first NIC of another host than {@value #A_NIC}'s</td><td>{@code host2:nic0}</td></tr>
 *   <tr><td>NIC</td><td>{@value #A_NIC_UNDER_ANOTHER_LEAF}</td>
 *       <td>the first NIC under another leaf than {@value #A_NIC}'s</td>
 *       <td>{@code host1:nic1}</td></tr>
 *   <tr><td>host</td><td>{@value #A_HOST}</td><td>{@value #A_NIC}'s host</td>
 *       <td>{@code host1}</td></tr>
 *   <tr><td>switch</td><td>{@value #A_LEAF}</td><td>the leaf {@value #A_NIC} hangs from</td>
 *       <td>{@code leaf1}</td></tr>
 *   <tr><td>switch</td><td>{@value #REDUNDANT_SPINE}</td>
 *       <td>the first switch above the leaves whose reset leaves every leaf connected</td>
 *       <td>{@code spine1}</td></tr>
 *   <tr><td>port</td><td>{@value #A_HOST_LINK}</td><td>{@value #A_LEAF}'s port to {@value #A_NIC}</td>
 *       <td>{@code leaf1:eth1}</td></tr>
 *   <tr><td>port</td><td>{@value #REDUNDANT_UPLINK}</td>
 *       <td>the first uplink of the first leaf with two or more</td><td>{@code leaf1:eth9}</td></tr>
 *   <tr><td>hosts</td><td>{@value #EVERY_OTHER_HOST}</td>
 *       <td>the first host, the third, the fifth…</td><td>{@code host1, host3, host5, host7}</td></tr>
 *   <tr><td>hosts</td><td>{@value #THE_HOSTS_UNDER_A_LEAF}</td>
 *       <td>the hosts with a NIC under {@value #A_LEAF}</td><td>{@code host1} to {@code host8}: every host has a NIC on every rail</td>
 *   </tr>
 * </table>
 *
 * <p>Code that builds scenarios calls the methods of the same names.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class FabricRoles {

  /** The port phrase for {@link #redundantUplink()}. */
  public static final String REDUNDANT_UPLINK = "a redundant uplink";

  /** The device phrase for {@link #redundantSpine()}. */
  public static final String REDUNDANT_SPINE = "a redundant spine";

  /** The NIC phrase for {@link #nic()}. */
  public static final String A_NIC = "a NIC";

  /** The NIC phrase for {@link #nicOfAnotherHost()}. */
  public static final String A_NIC_OF_ANOTHER_HOST = "a NIC of another host";

  /** The NIC phrase for {@link #nicUnderAnotherLeaf()}. */
  public static final String A_NIC_UNDER_ANOTHER_LEAF = "a NIC under another leaf";

  /** The device phrase for {@link #host()}. */
  public static final String A_HOST = "a host";

  /** The device phrase for {@link #leaf()}. */
  public static final String A_LEAF = "a leaf";

  /** The port phrase for {@link #hostLink()}. */
  public static final String A_HOST_LINK = "a host link";

  /** The hosts phrase for {@link #everyOtherHost()}. */
  public static final String EVERY_OTHER_HOST = "every other host";

  /** The hosts phrase for {@link #hostsUnderALeaf()}. */
  public static final String THE_HOSTS_UNDER_A_LEAF = "the hosts under a leaf";

  private static final Map<String, Function<FabricRoles, Endpoint>> PORTS =
      Map.of(REDUNDANT_UPLINK, FabricRoles::redundantUplink, A_HOST_LINK, FabricRoles::hostLink);

  private static final Map<String, Function<FabricRoles, String>> DEVICES =
      Map.of(
          REDUNDANT_SPINE, FabricRoles::redundantSpine,
          A_LEAF, FabricRoles::leaf,
          A_HOST, FabricRoles::host);

  private static final Map<String, Function<FabricRoles, Endpoint>> NICS =
      Map.of(
          A_NIC, FabricRoles::nic,
          A_NIC_OF_ANOTHER_HOST, FabricRoles::nicOfAnotherHost,
          A_NIC_UNDER_ANOTHER_LEAF, FabricRoles::nicUnderAnotherLeaf);

  private static final Map<String, Function<FabricRoles, List<String>>> HOSTS =
      Map.of(
          EVERY_OTHER_HOST, FabricRoles::everyOtherHost,
          THE_HOSTS_UNDER_A_LEAF, FabricRoles::hostsUnderALeaf);

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
   * The fabric's first NIC: its first host's first NIC, as {@link FabricGraph#nics()} orders them.
   *
   * @return the NIC
   */
  public Endpoint nic() {
    return fabric.nics().get(0);
  }

  /**
   * The first NIC of a host other than {@link #nic()}'s: for a second endpoint that is not the
   * first NIC's own host.
   *
   * @return the NIC
   * @throws MissingShapeException if the fabric has one host
   */
  public Endpoint nicOfAnotherHost() {
    String first = nic().device();
    return fabric.nics().stream()
        .filter(n -> !n.device().equals(first))
        .findFirst()
        .orElseThrow(
            () -> new MissingShapeException("fabric " + fabric.spec().name() + " has one host"));
  }

  /**
   * The first NIC under a leaf other than {@link #leaf()}: for an endpoint whose traffic with the
   * first NIC crosses the tier above the leaves.
   *
   * @return the NIC
   * @throws MissingShapeException if every NIC hangs from one leaf
   */
  public Endpoint nicUnderAnotherLeaf() {
    String leaf = leaf();
    return fabric.nics().stream()
        .filter(n -> !fabric.leafOf(n).orElse(leaf).equals(leaf))
        .findFirst()
        .orElseThrow(
            () ->
                new MissingShapeException(
                    "every NIC of fabric " + fabric.spec().name() + " hangs from " + leaf));
  }

  /**
   * The host of {@link #nic()}.
   *
   * @return the host's name
   */
  public String host() {
    return nic().device();
  }

  /**
   * The leaf {@link #nic()} hangs from.
   *
   * @return the leaf's name
   * @throws MissingShapeException if that NIC is cabled to no switch
   */
  public String leaf() {
    Endpoint nic = nic();
    return fabric
        .leafOf(nic)
        .orElseThrow(
            () ->
                new MissingShapeException(
                    "NIC " + nic + " of fabric " + fabric.spec().name() + " has no leaf"));
  }

  /**
   * The link between {@link #nic()} and its leaf, for a host link to fail or flap.
   *
   * @return the port, on the leaf's side
   * @throws MissingShapeException if that NIC is cabled to no switch
   */
  public Endpoint hostLink() {
    Endpoint nic = nic();
    leaf();
    return fabric.linkAt(nic).orElseThrow().peerOf(nic);
  }

  /**
   * The first host, the third, the fifth and so on, in the fabric's order: half the hosts, spread
   * over the fabric rather than packed under its first leaves.
   *
   * @return the hosts' names; on a fabric of one host, that host
   */
  public List<String> everyOtherHost() {
    List<Device> hosts = fabric.hosts();
    List<String> picked = new ArrayList<>();
    for (int i = 0; i < hosts.size(); i += 2) {
      picked.add(hosts.get(i).name());
    }
    return picked;
  }

  /**
   * The hosts with a NIC under {@link #leaf()}, in the fabric's order: a job whose traffic between
   * hosts stays under one leaf where the fabric gives each host one NIC per leaf.
   *
   * @return the hosts' names
   * @throws MissingShapeException if the first NIC has no leaf
   */
  public List<String> hostsUnderALeaf() {
    String leaf = leaf();
    return fabric.nics().stream()
        .filter(n -> fabric.leafOf(n).equals(Optional.of(leaf)))
        .map(Endpoint::device)
        .distinct()
        .toList();
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
   * A NIC named, or a NIC phrase.
   *
   * @param text a NIC's name ({@code host2:nic0}) or a phrase ({@value #A_NIC_OF_ANOTHER_HOST})
   * @return the NIC; for a name, as parsed (whether the fabric has it is the caller's check)
   * @throws MissingShapeException if the phrase's role is missing from the fabric
   * @throws IllegalArgumentException for a phrase no role answers, naming those that do
   */
  public Endpoint nic(String text) {
    return resolved(text, NICS, Endpoint::parse);
  }

  /**
   * Hosts named, or a hosts phrase.
   *
   * @param text a host's name ({@code host3}) or a phrase ({@value #EVERY_OTHER_HOST})
   * @return the hosts' names; for a name, that name alone (whether the fabric has it is the
   *     caller's check)
   * @throws MissingShapeException if the phrase's role is missing from the fabric
   * @throws IllegalArgumentException for a phrase no role answers, naming those that do
   */
  public List<String> hosts(String text) {
    return resolved(text, HOSTS, name -> List.of(name));
  }

  /**
   * A port named, or a port phrase.
   *
   * @param text a port name ({@code leaf1:eth9}) or a phrase ({@value #REDUNDANT_UPLINK}, {@value
   *     #A_HOST_LINK})
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
   * @param text a device name ({@code spine1}) or a phrase ({@value #REDUNDANT_SPINE}, {@value
   *     #A_LEAF}, {@value #A_HOST})
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
