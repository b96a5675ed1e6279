package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.util.Checks;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * The complete, immutable description of a fabric: its shape, the profiles of its switches, NICs
 * and hosts, its QoS policies, firmware pins and per-device overrides. Usually loaded from a fabric
 * file; {@link FabricValidator} checks that the parts fit together and {@link FabricGraph} expands
 * it into devices and links.
 *
 * <p>Maps keep the order of the fabric file.
 *
 * <p>Each {@code with…} method returns a copy with one component changed, validated as the
 * constructor validates.
 *
 * @param name the fabric's name (used in reports)
 * @param description free text, may be empty
 * @param topology the shape
 * @param switchProfiles switch profiles by name
 * @param nicProfiles NIC profiles by name
 * @param hostProfiles host profiles by name
 * @param qos QoS policies by name
 * @param firmware approved versions
 * @param overrides per-device profile overrides, applied in order
 * @param sections the sections other modules read, by key (e.g. {@code lab}), in key order; empty
 *     if none
 * @param firmwareProfiles the firmware and NOS versions the fabric file defines (its {@code
 *     firmwareProfiles}); {@link #firmwareRegistry()} adds the built-in ones
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record FabricSpec(
    String name,
    String description,
    Topology topology,
    Map<String, SwitchProfile> switchProfiles,
    Map<String, NicProfile> nicProfiles,
    Map<String, HostProfile> hostProfiles,
    Map<String, QosPolicy> qos,
    FirmwarePolicy firmware,
    List<DeviceOverride> overrides,
    Map<String, FabricSection> sections,
    FirmwareRegistry firmwareProfiles) {

  /** Copies the collections; cross-references are checked by {@link FabricValidator}. */
  public FabricSpec {
    Checks.name(name, "name");
    Checks.notNull(description, "description");
    Checks.notNull(topology, "topology");
    switchProfiles = Checks.orderedMap(switchProfiles, "switchProfiles");
    nicProfiles = Checks.orderedMap(nicProfiles, "nicProfiles");
    hostProfiles = Checks.orderedMap(hostProfiles, "hostProfiles");
    qos = Checks.orderedMap(qos, "qos");
    Checks.notNull(firmware, "firmware");
    overrides = Checks.list(overrides, "overrides");
    sections = Checks.orderedMap(sections, "sections");
    sections.forEach(
        (key, section) -> {
          if (!key.equals(section.key())) {
            throw new IllegalArgumentException(
                "sections." + key + " holds a section of key " + section.key());
          }
        });
    Checks.notNull(firmwareProfiles, "firmwareProfiles");
  }

  /**
   * A section another module reads, if the fabric has it.
   *
   * @param key the section's key, e.g. {@code lab}
   * @param type what the reading module made of it
   * @param <T> the section's type
   * @return the section, or empty if the fabric has none under that key
   * @throws IllegalArgumentException if the section under that key is of another type
   */
  public <T extends FabricSection> Optional<T> section(String key, Class<T> type) {
    FabricSection section = sections.get(key);
    if (section != null && !type.isInstance(section)) {
      throw new IllegalArgumentException(
          "section " + key + " is a " + section.getClass().getName() + ", not a " + type.getName());
    }
    return Optional.ofNullable(section).map(type::cast);
  }

  /**
   * The versions this fabric's devices may run: {@link FirmwareRegistry#BUILT_IN} and the file's
   * own {@link #firmwareProfiles()}, which win where both name a version.
   *
   * @return the registry; never null
   */
  public FirmwareRegistry firmwareRegistry() {
    return FirmwareRegistry.BUILT_IN.with(firmwareProfiles);
  }

  /**
   * A switch profile by name.
   *
   * @param profile the name
   * @return the profile
   * @throws IllegalArgumentException naming the known profiles if there is none of that name
   */
  public SwitchProfile switchProfile(String profile) {
    return lookup(switchProfiles, profile, "switch profile");
  }

  /**
   * A NIC profile by name.
   *
   * @param profile the name
   * @return the profile
   * @throws IllegalArgumentException naming the known profiles if there is none of that name
   */
  public NicProfile nicProfile(String profile) {
    return lookup(nicProfiles, profile, "NIC profile");
  }

  /**
   * A host profile by name.
   *
   * @param profile the name
   * @return the profile
   * @throws IllegalArgumentException naming the known profiles if there is none of that name
   */
  public HostProfile hostProfile(String profile) {
    return lookup(hostProfiles, profile, "host profile");
  }

  /**
   * A QoS policy by name.
   *
   * @param policy the name
   * @return the policy
   * @throws IllegalArgumentException naming the known policies if there is none of that name
   */
  public QosPolicy qosPolicy(String policy) {
    return lookup(qos, policy, "QoS policy");
  }

  /**
   * The QoS policy a switch profile runs.
   *
   * @param profile the switch profile
   * @return its policy
   */
  public QosPolicy qosOf(SwitchProfile profile) {
    return qosPolicy(profile.qos());
  }

  /**
   * @param name the fabric's name (used in reports)
   * @return a copy with {@code name}
   * @since 0.3
   */
  public FabricSpec withName(String name) {
    return change(d -> d.name = name);
  }

  /**
   * @param description free text, may be empty
   * @return a copy with {@code description}
   * @since 0.3
   */
  public FabricSpec withDescription(String description) {
    return change(d -> d.description = description);
  }

  /**
   * @param topology the shape
   * @return a copy with {@code topology}
   * @since 0.3
   */
  public FabricSpec withTopology(Topology topology) {
    return change(d -> d.topology = topology);
  }

  /**
   * @param switchProfiles switch profiles by name
   * @return a copy with {@code switchProfiles}
   * @since 0.3
   */
  public FabricSpec withSwitchProfiles(Map<String, SwitchProfile> switchProfiles) {
    return change(d -> d.switchProfiles = switchProfiles);
  }

  /**
   * @param nicProfiles NIC profiles by name
   * @return a copy with {@code nicProfiles}
   * @since 0.3
   */
  public FabricSpec withNicProfiles(Map<String, NicProfile> nicProfiles) {
    return change(d -> d.nicProfiles = nicProfiles);
  }

  /**
   * @param hostProfiles host profiles by name
   * @return a copy with {@code hostProfiles}
   * @since 0.3
   */
  public FabricSpec withHostProfiles(Map<String, HostProfile> hostProfiles) {
    return change(d -> d.hostProfiles = hostProfiles);
  }

  /**
   * @param qos QoS policies by name
   * @return a copy with {@code qos}
   * @since 0.3
   */
  public FabricSpec withQos(Map<String, QosPolicy> qos) {
    return change(d -> d.qos = qos);
  }

  /**
   * @param firmware approved versions
   * @return a copy with {@code firmware}
   * @since 0.3
   */
  public FabricSpec withFirmware(FirmwarePolicy firmware) {
    return change(d -> d.firmware = firmware);
  }

  /**
   * @param overrides per-device profile overrides, applied in order
   * @return a copy with {@code overrides}
   * @since 0.3
   */
  public FabricSpec withOverrides(List<DeviceOverride> overrides) {
    return change(d -> d.overrides = overrides);
  }

  /**
   * @param sections the sections other modules read, by key (e.g. {@code lab}), in key order; empty
   *     if none
   * @return a copy with {@code sections}
   * @since 0.3
   */
  public FabricSpec withSections(Map<String, FabricSection> sections) {
    return change(d -> d.sections = sections);
  }

  /**
   * @param firmwareProfiles the firmware and NOS versions the fabric file defines (its {@code
   *     firmwareProfiles}); {@link #firmwareRegistry()} adds the built-in ones
   * @return a copy with {@code firmwareProfiles}
   * @since 0.3
   */
  public FabricSpec withFirmwareProfiles(FirmwareRegistry firmwareProfiles) {
    return change(d -> d.firmwareProfiles = firmwareProfiles);
  }

  /** A copy with one or more components changed, validated anew. */
  private FabricSpec change(Consumer<Draft> edit) {
    Draft draft = new Draft(this);
    edit.accept(draft);
    return draft.build();
  }

  /** The components, to change one or more before building the next FabricSpec. */
  private static final class Draft {
    private String name;
    private String description;
    private Topology topology;
    private Map<String, SwitchProfile> switchProfiles;
    private Map<String, NicProfile> nicProfiles;
    private Map<String, HostProfile> hostProfiles;
    private Map<String, QosPolicy> qos;
    private FirmwarePolicy firmware;
    private List<DeviceOverride> overrides;
    private Map<String, FabricSection> sections;
    private FirmwareRegistry firmwareProfiles;

    Draft(FabricSpec from) {
      name = from.name;
      description = from.description;
      topology = from.topology;
      switchProfiles = from.switchProfiles;
      nicProfiles = from.nicProfiles;
      hostProfiles = from.hostProfiles;
      qos = from.qos;
      firmware = from.firmware;
      overrides = from.overrides;
      sections = from.sections;
      firmwareProfiles = from.firmwareProfiles;
    }

    FabricSpec build() {
      return new FabricSpec(
          name,
          description,
          topology,
          switchProfiles,
          nicProfiles,
          hostProfiles,
          qos,
          firmware,
          overrides,
          sections,
          firmwareProfiles);
    }
  }

  private static <T> T lookup(Map<String, T> map, String name, String what) {
    return Optional.ofNullable(map.get(name))
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "no "
                        + what
                        + " named \""
                        + name
                        + "\"; known: "
                        + String.join(", ", map.keySet())));
  }
}
