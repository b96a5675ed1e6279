package dev.rocelab.model.internal.traffic;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.fabricfile.FabricFiles;
import java.nio.file.Path;

/** Fabrics the traffic tests expand workloads on. */
final class Fabrics {

  private Fabrics() {}

  /**
   * The reference fabric: 8 hosts × 8 × 400G NICs, rail-optimized; every NIC marks RoCE with DSCP
   * 26.
   */
  static FabricGraph reference() {
    return FabricGraph.of(FabricFiles.load(Path.of("../fabrics/reference.yaml")));
  }

  /**
   * A small leaf-spine: 2 leaves, 1 spine, 2 hosts per leaf, 2 NICs per host (host1..host4).
   * host3's NICs use a profile marking RoCE with DSCP 24 and opening 4 QPs per connection; the
   * others mark 26 with 1 QP.
   */
  static FabricGraph small() {
    return FabricGraph.of(FabricFiles.load(smallYaml(2, 2), "small.yaml"));
  }

  /** One leaf with one 2-NIC host: no NIC has a peer on another host. */
  static FabricGraph singleHost() {
    return FabricGraph.of(
        FabricFiles.load(
            smallYaml(1, 1)
                .replace(
                    "  - devices: [host3]\n    nicProfile: cx7-dscp24\n",
                    "  - devices: [host1]\n    nicProfile: cx7-dscp24\n"),
            "single-host.yaml"));
  }

  private static String smallYaml(int leaves, int hostsPerLeaf) {
    return """
        name: small
        topology:
          kind: leaf-spine
          leaves: %d
          spines: 1
          hostsPerLeaf: %d
          hostLink: {speed: 400Gbps, length: 3m}
          fabricLink: {speed: 400Gbps, length: 10m}
          hostProfile: server
          leafProfile: switch
          spineProfile: switch
        switchProfiles:
          switch:
            asic: Spectrum-4
            nos: SONiC.202405.1
            buffer: 160MiB
            cellSize: 144B
            alpha: 0.125
        nicProfiles:
          cx7:
            speed: 400Gbps
            firmware: 28.39.1002
            roce: {dscp: 26, priority: 3}
            pfcPriorities: [3]
            qpsPerConnection: 1
          cx7-dscp24:
            speed: 400Gbps
            firmware: 28.39.1002
            roce: {dscp: 24, priority: 3}
            pfcPriorities: [3]
            qpsPerConnection: 4
        hostProfiles:
          server:
            gpus: 2
            nics: 2
            nicProfile: cx7
        qos:
          lossless:
            dscpToPriority: {0: 0, 24: 3, 26: 3, 48: 6}
            losslessPriorities: [3]
            ecn:
              3: {kmin: 400KiB, kmax: 1600KiB, pmax: 0.2}
        overrides:
          - devices: [host3]
            nicProfile: cx7-dscp24
        """
        .formatted(leaves, hostsPerLeaf);
  }
}
