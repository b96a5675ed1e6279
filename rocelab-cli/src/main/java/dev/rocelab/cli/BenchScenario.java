package dev.rocelab.cli;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Gpu;
import dev.rocelab.api.scenario.ModelShape;
import dev.rocelab.api.scenario.Parallelism;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.TrainingJob;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFileException;
import dev.rocelab.fabricfile.FabricFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The benchmark scenarios of {@code rocelab bench}: the peer runs of DESIGN.md (100G links, 1 µs
 * per hop, ~1000 B payload, PFC + ECN + DCQCN with the benchmark parameter set), each also as a
 * {@code -nocc} variant with DCQCN off.
 *
 * @param name the scenario's name
 * @param fabric the fabric it runs on
 * @param scenario what it runs
 */
record BenchScenario(String name, FabricSpec fabric, Scenario scenario) {

  private static final SimTime BOUND = SimTime.millis(200);

  /** Telemetry is sampled coarsely so its series stay small next to the simulation itself. */
  private static final SimTime SAMPLING = SimTime.micros(100);

  /**
   * @return the benchmarks run by default, in order
   */
  static List<String> names() {
    List<String> names = new ArrayList<>();
    for (String base :
        List.of("incast16", "incast64", "incast64x10MB", "perm128", "leafspine1024")) {
      names.add(base);
      names.add(base + "-nocc");
    }
    names.add("allreduce16x8");
    names.add("allreduce4096");
    names.add("allreduce32768");
    names.add("training-dense");
    names.add("training-moe");
    return names;
  }

  /**
   * @return every benchmark: the default ones, then those run only when named (they take minutes or
   *     compare settings)
   */
  static List<String> known() {
    List<String> known = new ArrayList<>(names());
    known.addAll(List.of("training-dense-4096", "storm2s", "storm10s", LB_COMPARE));
    return known;
  }

  /** The group of load-balancing runs {@code rocelab bench lb-compare} stands for. */
  static final String LB_COMPARE = "lb-compare";

  private static final List<String> LB_MODES =
      List.of(
          "ecmp/retransmit",
          "ecmp-qp/retransmit",
          "flowlet/retransmit",
          "flowlet/tolerate",
          "packet/retransmit",
          "packet/tolerate",
          "global/tolerate",
          "global-packet/tolerate");

  /**
   * The benchmarks a name stands for: the runs of {@code lb-compare}, or the name itself.
   *
   * @param name a benchmark or group name
   * @return the benchmark names
   */
  static List<String> expand(String name) {
    if (!name.equals(LB_COMPARE)) {
      return List.of(name);
    }
    List<String> runs = new ArrayList<>();
    for (String mode : LB_MODES) {
      runs.add("lb:" + mode);
    }
    for (String mode : LB_MODES) {
      runs.add("lb:" + mode + "/slow-spine");
    }
    return runs;
  }

  /**
   * A benchmark by name.
   *
   * @param name one of {@link #known()}, or a parameterised one such as {@code incast:64x10MB}
   * @return the benchmark
   * @throws IllegalArgumentException naming the known benchmarks and the parameterised forms
   */
  static BenchScenario named(String name) {
    boolean congestionControl = !name.endsWith("-nocc");
    String base = congestionControl ? name : name.substring(0, name.length() - "-nocc".length());
    if (base.startsWith("lb:")) {
      return loadBalancing(name, base.substring(3).split("/"));
    }
    int colon = base.indexOf(':');
    if (colon >= 0) {
      return parameterised(
          name, base.substring(0, colon), base.substring(colon + 1), congestionControl);
    }
    switch (base) {
      case "incast16":
        return incast(name, 16, 64, DataSize.mb(1), congestionControl);
      case "incast64":
        return incast(name, 64, 64, DataSize.mb(1), congestionControl);
      case "incast64x10MB":
        return incast(name, 64, 64, DataSize.mb(10), congestionControl);
      case "perm128":
        return permutation(name, 128, DataSize.mb(2), congestionControl);
      case "leafspine1024":
        return new BenchScenario(
            name,
            fabric(resource("leafspine1024"), "leafspine1024", congestionControl),
            Scenario.of(
                    name,
                    new Workload.Permutation(
                        DataSize.mb(100), 1, OptionalInt.empty(), SimTime.ZERO))
                .withDuration(SimTime.millis(1))
                .withSampleInterval(SAMPLING));
      case "allreduce16x8":
        // packet level: 16 hosts × 8 GPUs × 400G, ring all-reduce 1 MiB .. 1 GiB
        return new BenchScenario(
            name,
            standalone("allreduce16x8"),
            Scenario.collective(CollectiveOperation.ALL_REDUCE)
                .named(name)
                .algorithm(Algorithm.RING)
                .protocol(Protocol.SIMPLE)
                .sizes("1MiB", "1GiB", 4)
                .duration("1s")
                .sampleInterval(SAMPLING)
                .build());
      case "allreduce4096":
        // flow level: 512 hosts × 8 GPUs × 400G, all-reduce 1 KiB .. 1 GiB, NCCL's algorithm choice
        return allReduce(name, 4096, "1KiB", "1GiB");
      case "allreduce32768":
        // flow level: 4,096 hosts × 8 GPUs × 400G on three tiers, nccl-tests' whole default sweep,
        // NCCL's algorithm choice
        return allReduce(name, 32_768, "8B", "8GiB");
      case "training-dense":
        // packet level: a Llama 3 8B step on the reference fabric's 64 H100s, tensor parallel in
        // each host, two pipeline stages, 8 microbatches of one 4,096-token sequence
        return training(
            name, ModelShape.LLAMA3_8B.job(Parallelism.of(8, 2, 4), 8, 1, 4096, Gpu.H100_SXM));
      case "training-moe":
        // packet level: a Mixtral 8x7B step on the reference fabric's 64 H100s, tensor parallel
        // in each host, one expert per host (8-way expert parallelism across hosts), 4
        // microbatches of one 4,096-token sequence
        return training(
            name,
            ModelShape.MIXTRAL_8X7B.job(new Parallelism(8, 1, 8, 8), 4, 1, 4096, Gpu.H100_SXM));
      case "training-dense-4096":
        // flow level: a Llama 3 70B step on 4,096 H100s (512 hosts, rail-optimized), tensor
        // parallel in each host, 8 pipeline stages, 64-way data parallel, 16 microbatches
        return new BenchScenario(
            name,
            gpuFabric(name, 4096),
            Scenario.training(
                    ModelShape.LLAMA3_70B.job(Parallelism.of(8, 8, 64), 16, 1, 8192, Gpu.H100_SXM))
                .fidelity(Fidelity.FLOW)
                .named(name)
                .duration("100s")
                .build());
      case "storm2s":
        return storm(name, SimTime.seconds(2));
      case "storm10s":
        return storm(name, SimTime.seconds(10));
      default:
        throw new IllegalArgumentException(
            "no benchmark named "
                + name
                + "; known: "
                + String.join(", ", known())
                + "; or incast:<senders>x<size>, perm:<hosts>[x<size>], allreduce:<gpus>,"
                + " lb:<mode>/<retransmit|tolerate>[/slow-spine]");
    }
  }

  /**
   * A benchmark written with its parameters: {@code incast:64x10MB} (N senders of a size each to
   * one receiver, N + 1 hosts on one 100G switch), {@code perm:128} or {@code perm:128x2MB} (a
   * permutation over hosts at 100G, 16 to a leaf, 4 spines over 400G), {@code allreduce:32768} (a
   * flow-level all-reduce over GPUs, 8 to a host, with NCCL's choice of algorithm, nccl-tests'
   * default sweep 8 B to 8 GiB).
   */
  private static BenchScenario parameterised(
      String name, String kind, String parameters, boolean congestionControl) {
    String usage =
        name + ": write incast:<senders>x<size>, perm:<hosts>[x<size>] or allreduce:<gpus>";
    try {
      String[] parts = parameters.split("x", 2);
      int count = Integer.parseInt(parts[0]);
      Optional<DataSize> size =
          parts.length == 2 ? Optional.of(DataSize.parse(parts[1])) : Optional.empty();
      switch (kind) {
        case "incast":
          if (size.isEmpty()) {
            throw new IllegalArgumentException(
                name + ": write incast:<senders>x<size>, e.g. incast:64x10MB");
          }
          if (count < 1) {
            throw new IllegalArgumentException(name + ": an incast needs at least one sender");
          }
          return incast(name, count, count, size.get(), congestionControl);
        case "perm":
          if (count < 16 || count % 16 != 0) {
            throw new IllegalArgumentException(name + ": a permutation's hosts are 16 per leaf");
          }
          return permutation(name, count, size.orElse(DataSize.mb(2)), congestionControl);
        case "allreduce":
          if (size.isPresent() || count < 16 || count % 8 != 0) {
            throw new IllegalArgumentException(name + ": an all-reduce's GPUs are 8 per host");
          }
          return allReduce(name, count, "8B", "8GiB");
        default:
          throw new IllegalArgumentException(usage);
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(usage, e);
    }
  }

  /**
   * One run of the load-balancing comparison: a 32 MiB ring all-reduce on one channel over {@code
   * fabrics/examples/low-entropy.yaml} (8 hosts at 100G alternating over 2 leaves, 4 spines: 4
   * elephant flows per leaf on 4 uplinks), its switches in one mode ({@code ecmp}, {@code ecmp-qp},
   * {@code flowlet}, {@code packet}, {@code global} per flowlet, {@code global-packet}), its NICs
   * retransmitting or tolerating reordered packets, optionally with spine1's downlink to leaf2 at
   * 25G (congestion one tier away). Seed 1: its static hash puts 3 of leaf1's flows on one uplink.
   */
  private static BenchScenario loadBalancing(String name, String[] parts) {
    String usage =
        name
            + ": write lb:<ecmp|ecmp-qp|flowlet|packet|global|global-packet>/<retransmit|tolerate>"
            + "[/slow-spine]";
    if (parts.length < 2
        || parts.length > 3
        || parts.length == 3 && !parts[2].equals("slow-spine")) {
      throw new IllegalArgumentException(usage);
    }
    String mode =
        switch (parts[0]) {
          case "ecmp", "flowlet", "packet", "global" -> parts[0];
          case "ecmp-qp" -> "ecmp, hashQp: true";
          case "global-packet" -> "global, flowletGap: 0ns";
          default -> throw new IllegalArgumentException(usage);
        };
    if (!parts[1].equals("retransmit") && !parts[1].equals("tolerate")) {
      throw new IllegalArgumentException(usage);
    }
    String yaml =
        resource("low-entropy")
            .replace("loadBalancing: {mode: ecmp}", "loadBalancing: {mode: " + mode + "}")
            .replace("outOfOrder: retransmit", "outOfOrder: " + parts[1]);
    if (parts.length == 3) {
      yaml =
          yaml.replace(
              "{a: \"leaf2:eth5\", b: \"spine1:eth2\", speed: 100Gbps",
              "{a: \"leaf2:eth5\", b: \"spine1:eth2\", speed: 25Gbps");
    }
    return new BenchScenario(
        name,
        load(yaml, "bench/low-entropy.yaml"),
        Scenario.collective(CollectiveOperation.ALL_REDUCE)
            .named(name)
            .algorithm(Algorithm.RING)
            .protocol(Protocol.SIMPLE)
            .size("32MiB")
            .channels(1)
            .seed(1)
            .duration("1s")
            .sampleInterval(SAMPLING)
            .build());
  }

  /** N senders to host1, on one 100G switch with {@code hosts + 1} hosts. */
  private static BenchScenario incast(
      String name, int senders, int hosts, DataSize size, boolean cc) {
    String topology =
        resource("incast")
            .replace("65 hosts", (hosts + 1) + " hosts")
            .replace("hostsPerLeaf: 65", "hostsPerLeaf: " + (hosts + 1));
    return new BenchScenario(
        name,
        fabric(topology, "incast", cc),
        Scenario.of(
                name,
                new Workload.Incast(
                    senders,
                    Optional.of(Endpoint.parse("host1:nic0")),
                    size,
                    OptionalInt.empty(),
                    SimTime.ZERO))
            .withDuration(BOUND)
            .withSampleInterval(SAMPLING));
  }

  /** A seeded permutation over hosts at 100G, 16 to a leaf, 4 spines over 400G. */
  private static BenchScenario permutation(String name, int hosts, DataSize size, boolean cc) {
    String topology =
        resource("perm128")
            .replace("bench-perm128", "bench-perm" + hosts)
            .replace("128 hosts", hosts + " hosts")
            .replace("8 leaves", (hosts / 16) + " leaves")
            .replace("leaves: 8", "leaves: " + (hosts / 16));
    return new BenchScenario(
        name,
        fabric(topology, "perm" + hosts, cc),
        Scenario.of(name, new Workload.Permutation(size, 1, OptionalInt.empty(), SimTime.ZERO))
            .withDuration(BOUND)
            .withSampleInterval(SAMPLING));
  }

  /** A flow-level all-reduce sweep, NCCL choosing the algorithm per size, over GPU servers. */
  private static BenchScenario allReduce(String name, int gpus, String from, String to) {
    return new BenchScenario(
        name,
        gpuFabric(name, gpus),
        Scenario.collective(CollectiveOperation.ALL_REDUCE)
            .named(name)
            .sizes(from, to, 2)
            .fidelity(Fidelity.FLOW)
            .duration("1000s")
            .build());
  }

  /**
   * GPU servers (8 × 400G NICs each, the reference fabric's profiles), 1:1 at every tier: up to 512
   * servers rail-optimized in scalable units of up to 32 with as many spines (the allreduce4096
   * fabric at 512), beyond that three tiers of pods of 256 servers (32 leaves of 8, 16 spines)
   * under 128 super-spines (the allreduce32768 fabric at 4,096).
   */
  private static FabricSpec gpuFabric(String name, int gpus) {
    int hosts = gpus / 8;
    String topology;
    if (hosts <= 512) {
      int perUnit = Math.min(32, hosts);
      if (hosts % perUnit != 0) {
        throw new IllegalArgumentException(
            name + ": up to 512 hosts, a multiple of 32 hosts (scalable units) or fewer");
      }
      topology =
          """
          kind: rail-optimized
          scalableUnits: %d
          hostsPerUnit: %d
          spines: %d
          uplinksPerSpine: 1
          """
              .formatted(hosts / perUnit, perUnit, perUnit);
    } else {
      if (hosts % 256 != 0) {
        throw new IllegalArgumentException(
            name + ": beyond 512 hosts, a multiple of 256 hosts (pods of 32 leaves of 8)");
      }
      topology =
          """
          kind: three-tier
          pods: %d
          leavesPerPod: 32
          spinesPerPod: 16
          superSpines: 128
          hostsPerLeaf: 8
          uplinksPerSpine: 4
          uplinksPerSuperSpine: 1
          coreLink: {speed: 400Gbps, length: 100m}
          superSpineProfile: spectrum4
          """
              .formatted(hosts / 256);
    }
    String yaml =
        "name: bench-allreduce"
            + gpus
            + "\ntopology:\n"
            + (topology
                    + """
                    hostLink: {speed: 400Gbps, length: 3m}
                    fabricLink: {speed: 400Gbps, length: 30m}
                    hostProfile: gpu-server
                    leafProfile: spectrum4
                    spineProfile: spectrum4
                    """)
                .indent(2);
    return withReferenceProfiles(yaml, "bench/allreduce" + gpus + ".yaml");
  }

  /**
   * The run that once exhausted a 3 GB heap: the reference fabric under a permutation while one NIC
   * storms PFC for seconds, every series sampled at the default 10 µs. Its figure is the
   * telemetry's live heap, which the series budget bounds whatever the simulated duration.
   */
  private static BenchScenario storm(String name, SimTime storm) {
    return new BenchScenario(
        name,
        FabricFiles.load(resource("reference"), "fabrics/reference.yaml"),
        Scenario.of(
                name,
                new Workload.Permutation(DataSize.mib(1), 1, OptionalInt.empty(), SimTime.ZERO))
            .with(new Fault.PfcStorm(Endpoint.parse("host2:nic0"), 3, SimTime.micros(20), storm))
            .withDuration(storm.plus(SimTime.millis(100))));
  }

  /** One step of a training job on the reference fabric, and the same on its ideal network. */
  private static BenchScenario training(String name, TrainingJob job) {
    return new BenchScenario(
        name,
        FabricFiles.load(resource("reference"), "fabrics/reference.yaml"),
        Scenario.training(job).named(name).duration("10s").sampleInterval(SAMPLING).build());
  }

  /** A benchmark topology with the shared benchmark profiles after it, DCQCN on or off. */
  private static FabricSpec fabric(String topology, String file, boolean congestionControl) {
    String yaml = topology + "\n" + resource("common");
    if (!congestionControl) {
      yaml = yaml.replace("      enabled: true\n      g:", "      enabled: false\n      g:");
    }
    return load(yaml, "bench/" + file + ".yaml");
  }

  /** A benchmark topology with the reference fabric's profiles, QoS and firmware after it. */
  private static FabricSpec standalone(String topology) {
    return withReferenceProfiles(resource(topology), "bench/" + topology + ".yaml");
  }

  private static FabricSpec withReferenceProfiles(String topology, String file) {
    String reference = resource("reference");
    return load(topology + reference.substring(reference.indexOf("\nswitchProfiles:")), file);
  }

  /** A generated fabric that does not load is the parameters' fault: said as such. */
  private static FabricSpec load(String yaml, String file) {
    try {
      return FabricFiles.load(yaml, file);
    } catch (FabricFileException e) {
      throw new IllegalArgumentException(
          file + " (generated for the benchmark) is not a valid fabric: " + e.getMessage(), e);
    }
  }

  private static String resource(String name) {
    try (InputStream in = BenchScenario.class.getResourceAsStream("bench/" + name + ".yaml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
