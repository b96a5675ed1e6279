package dev.rocelab.fabricfile.internal;

import dev.rocelab.api.fabric.DeviceOverride;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwarePolicy;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.HostProfile;
import dev.rocelab.api.fabric.LabInventory;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.fabric.SwitchProfile;
import dev.rocelab.api.fabric.Topology;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/** Binds the top-level mapping of a fabric file to a {@link FabricSpec}. */
final class FabricBinder {

  private final Values values;

  FabricBinder(ProblemCollector problems) {
    this.values = new Values(problems);
  }

  /**
   * @return the fabric, or null if any part of it failed (everything found was reported)
   */
  FabricSpec bind(YamlNode root) {
    return MappingReader.open(root, Shapes.FABRIC, values)
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
              LabInventory lab = r.optional("lab", new LabBinder(values)::lab, LabInventory.NONE);
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
                          lab,
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
