package dev.rocelab.fabricfile.internal;

import dev.rocelab.api.fabric.DeviceOverride;
import dev.rocelab.api.fabric.FabricSection;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwarePolicy;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.HostProfile;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.fabric.SwitchProfile;
import dev.rocelab.api.fabric.Topology;
import dev.rocelab.fabricfile.spi.MappingReader;
import dev.rocelab.fabricfile.spi.ProblemCollector;
import dev.rocelab.fabricfile.spi.SectionReader;
import dev.rocelab.fabricfile.spi.Shape;
import dev.rocelab.fabricfile.spi.Values;
import dev.rocelab.fabricfile.spi.YamlNode;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;

/** Binds the top-level mapping of a fabric file to a {@link FabricSpec}. */
final class FabricBinder {

  /**
   * Sections whose reader ships with another rocelab module: named in the error when that module is
   * not on the class path.
   */
  private static final Map<String, String> WELL_KNOWN =
      Map.of("lab", "the lab backend (dev.rocelab:fabric-lab)");

  private final Values values;
  private final Map<String, SectionReader> readers = new LinkedHashMap<>();

  FabricBinder(ProblemCollector problems) {
    this.values = new Values(problems);
    ServiceLoader.load(SectionReader.class, FabricBinder.class.getClassLoader())
        .forEach(reader -> readers.putIfAbsent(reader.key(), reader));
  }

  /** The core's keys, and every section key that a module reads or that a rocelab module would. */
  private Shape shape() {
    Set<String> sections = new TreeSet<>(readers.keySet());
    sections.addAll(WELL_KNOWN.keySet());
    return Shapes.FABRIC.withOptional(sections);
  }

  /** The sections present, each read by its reader (or reported when no module reads it). */
  private Map<String, FabricSection> sections(MappingReader r) {
    Map<String, FabricSection> sections = new LinkedHashMap<>();
    for (String key : shape().keys().keySet()) {
      if (Shapes.FABRIC.accepts(key) || !r.has(key)) {
        continue;
      }
      SectionReader reader = readers.get(key);
      FabricSection section =
          r.optional(
              key,
              node -> {
                if (reader == null) {
                  values
                      .problems()
                      .error(
                          node,
                          "no module on the class path reads the "
                              + key
                              + ": section; add "
                              + WELL_KNOWN.get(key)
                              + ", which does");
                  return null;
                }
                return reader.read(node, values);
              },
              null);
      if (section != null) {
        sections.put(key, section);
      }
    }
    return sections;
  }

  /**
   * @return the fabric, or null if any part of it failed (everything found was reported)
   */
  FabricSpec bind(YamlNode root) {
    return MappingReader.open(root, shape(), values)
        .map(
            r -> {
              String name = r.required("name", values::text);
              String description = r.optional("description", values::text, "");
              Map<String, QosPolicy> qos =
                  r.required("qos", n -> profiles(n, "QoS policy", new QosBinder(values)::policy));
              FirmwareRegistry firmwareProfiles =
                  r.optional(
                      "firmwareProfiles",
                      new FirmwareBinder(values)::profiles,
                      FirmwareRegistry.EMPTY);
              // profile defaults come from the versions even if some of the file's failed (already
              // reported)
              FirmwareRegistry registry =
                  FirmwareRegistry.BUILT_IN.with(
                      firmwareProfiles == null ? FirmwareRegistry.EMPTY : firmwareProfiles);
              NicBinder nicBinder = new NicBinder(values, registry);
              Map<String, NicProfile> nics =
                  r.required("nicProfiles", n -> profiles(n, "NIC profile", nicBinder::nic));
              Map<String, HostProfile> hosts =
                  r.required("hostProfiles", n -> profiles(n, "host profile", nicBinder::host));
              SwitchBinder switchBinder = new SwitchBinder(values, qos, registry);
              Map<String, SwitchProfile> switches =
                  r.required(
                      "switchProfiles", n -> profiles(n, "switch profile", switchBinder::profile));
              Topology topology = r.required("topology", new TopologyBinder(values)::topology);
              FirmwarePolicy firmware =
                  r.optional("firmware", this::firmware, FirmwarePolicy.UNPINNED);
              List<DeviceOverride> overrides =
                  r.optional("overrides", n -> values.list(n, this::override), List.of());
              Map<String, FabricSection> sections = sections(r);
              return r.build(
                  () ->
                      new FabricSpec(
                          name,
                          description,
                          topology,
                          switches,
                          nics,
                          hosts,
                          qos,
                          firmware,
                          overrides,
                          sections,
                          firmwareProfiles));
            })
        .orElse(null);
  }

  private <T> Map<String, T> profiles(
      YamlNode node, String what, BiFunction<String, YamlNode, T> binder) {
    Map<String, T> profiles = values.namedMap(node, binder);
    if (profiles != null && profiles.isEmpty()) {
      values.problems().error(node, "expected at least one " + what);
      return null;
    }
    return profiles;
  }

  private FirmwarePolicy firmware(YamlNode node) {
    return MappingReader.open(node, Shapes.FIRMWARE, values)
        .map(
            r -> {
              List<String> nic =
                  r.optional("approvedNic", n -> values.list(n, values::text), List.of());
              List<String> sw =
                  r.optional("approvedSwitch", n -> values.list(n, values::text), List.of());
              return r.build(
                  () -> new FirmwarePolicy(new LinkedHashSet<>(nic), new LinkedHashSet<>(sw)));
            })
        .orElse(null);
  }

  private DeviceOverride override(YamlNode node) {
    return MappingReader.open(node, Shapes.OVERRIDE, values)
        .map(
            r -> {
              List<String> devices = r.required("devices", n -> values.list(n, values::text));
              String switchProfile = r.optional("switchProfile", values::text, null);
              String nicProfile = r.optional("nicProfile", values::text, null);
              return r.build(
                  () ->
                      new DeviceOverride(
                          devices,
                          Optional.ofNullable(switchProfile),
                          Optional.ofNullable(nicProfile)));
            })
        .orElse(null);
  }
}
