package dev.rocelab.alerting;

import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.fabricfile.FabricFiles;
import java.nio.file.Path;

/** The reference fabric and the runs the alerting tests project, on the built-in model. */
final class Scenarios {

  static final FabricSpec REFERENCE = FabricFiles.load(Path.of("../fabrics/reference.yaml"));

  private Scenarios() {}

  static RunResult run(Scenario scenario) {
    try (FabricSession session = FabricBackends.require("model").open(REFERENCE)) {
      return session.run(scenario);
    }
  }

  /**
   * A permutation of 64 MiB flows; host2's NIC stops receiving on priority 3 from 500us to 1.5ms.
   */
  static Scenario pfcStorm() {
    return Scenario.permutation()
        .flowSize("64MiB")
        .duration("3ms")
        .with(Fault.pfcStorm("host2:nic0", 3, "1ms").at("500us"))
        .named("PFC storm")
        .build();
  }

  /** A permutation of 64 MiB flows; leaf1's first spine uplink is down from 500us to 1.5ms. */
  static Scenario linkFailure() {
    return Scenario.permutation()
        .flowSize("64MiB")
        .duration("3ms")
        .with(Fault.linkDown("leaf1:eth9").at("500us"))
        .with(Fault.linkUp("leaf1:eth9").at("1500us"))
        .named("link failure")
        .build();
  }

  /**
   * A permutation of 64 MiB flows; the optic of leaf1's first spine uplink degrades from 300us on,
   * its pre-FEC BER rising from 1e-7 to the FEC limit (2e-4) until it fails at 1.3ms and the link
   * goes down for good: over 1e-5, the example rule's threshold, for the last 40% of the way.
   */
  static Scenario degradingOptic() {
    return opticFailingAfter(1e-7, 2e-4, "degrading optic");
  }

  /**
   * A permutation of 64 MiB flows; the optic of leaf1's first spine uplink degrades from 300us on,
   * its pre-FEC BER rising from one value to another over 1 ms, then fails.
   */
  static Scenario opticFailingAfter(double fromBer, double toBer, String name) {
    return Scenario.permutation()
        .flowSize("64MiB")
        .duration("3ms")
        .with(Fault.degradingOptic("leaf1:eth9", fromBer, toBer, "1ms").at("300us"))
        .named(name)
        .build();
  }

  /** 16 senders to host1's NIC, 4 MiB each, on the RoCE DSCP: ECN and DCQCN at work. */
  static Scenario incast() {
    return Scenario.incast()
        .senders(16)
        .message("4MiB")
        .dscp(26)
        .receiver("host1:nic0")
        .duration("3ms")
        .named("incast 16:1")
        .build();
  }

  /** A permutation of 16 MiB flows on a healthy fabric. */
  static Scenario baseline() {
    return Scenario.permutation().flowSize("16MiB").duration("3ms").named("baseline").build();
  }
}
