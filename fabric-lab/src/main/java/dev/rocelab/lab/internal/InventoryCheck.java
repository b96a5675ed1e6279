package dev.rocelab.lab.internal;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.lab.LabInventory;
import java.util.ArrayList;
import java.util.List;

/** Checks that a lab inventory names only hosts, NICs and switches the fabric has. */
final class InventoryCheck {

  private InventoryCheck() {}

  static void check(FabricGraph graph, LabInventory lab) {
    List<String> problems = new ArrayList<>();
    lab.hosts()
        .forEach(
            (name, host) -> {
              if (graph.device(name).filter(d -> !d.isSwitch()).isEmpty()) {
                problems.add(
                    "lab.hosts."
                        + name
                        + ": the fabric has no host "
                        + name
                        + "; hosts: "
                        + names(graph.hosts()));
              } else {
                host.nics()
                    .keySet()
                    .forEach(
                        nic -> {
                          if (!graph.nics().contains(new Endpoint(name, nic))) {
                            problems.add(
                                "lab.hosts."
                                    + name
                                    + ".nics."
                                    + nic
                                    + ": host "
                                    + name
                                    + " has no NIC "
                                    + nic);
                          }
                        });
              }
            });
    lab.switches()
        .keySet()
        .forEach(
            name -> {
              if (graph.device(name).filter(Device::isSwitch).isEmpty()) {
                problems.add(
                    "lab.switches."
                        + name
                        + ": the fabric has no switch "
                        + name
                        + "; switches: "
                        + names(graph.switches()));
              }
            });
    lab.launcher()
        .ifPresent(
            launcher -> {
              if (!lab.hosts().containsKey(launcher.host())) {
                problems.add("lab.launcher.host: " + launcher.host() + " is not a lab host");
              }
            });
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(
          "the lab inventory of "
              + graph.spec().name()
              + " does not match its"
              + " fabric:\n  "
              + String.join("\n  ", problems));
    }
  }

  private static String names(List<Device> devices) {
    return String.join(", ", devices.stream().map(Device::name).toList());
  }
}
