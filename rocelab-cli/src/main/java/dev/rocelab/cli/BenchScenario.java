package dev.rocelab.cli;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Fidelity;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
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
    return names;
  }

  /**
   * @return every benchmark: the default ones, then those run only when named (they take minutes)
   */
  static List<String> known() {
    List<String> known = new ArrayList<>(names());
    known.addAll(List.of("storm2s", "storm10s"));
    return known;
  }

  /**
   * A benchmark by name.
   *
   * @param name one of {@link #known()}
   * @return the benchmark
   * @throws IllegalArgumentException naming the known benchmarks
   */
  static BenchScenario named(String name) {
    boolean congestionControl = !name.endsWith("-nocc");
    String base = congestionControl ? name : name.substring(0, name.length() - "-nocc".length());
    Endpoint receiver = Endpoint.parse("host1:nic0");
    switch (base) {
      case "incast16":
        return incast(name, 16, DataSize.mb(1), receiver, congestionControl);
      case "incast64":
        return incast(name, 64, DataSize.mb(1), receiver, congestionControl);
      case "incast64x10MB":
        return incast(name, 64, DataSize.mb(10), receiver, congestionControl);
      case "perm128":
        return new BenchScenario(
            name,
            fabric("perm128", congestionControl),
            Scenario.of(
                    name,
                    new Workload.Permutation(DataSize.mb(2), 1, OptionalInt.empty(), SimTime.ZERO))
                .withDuration(BOUND)
                .withSampleInterval(SAMPLING));
      case "leafspine1024":
        return new BenchScenario(
            name,
            fabric("leafspine1024", congestionControl),
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
                .sizes("1MiB", "1GiB", 4)
                .duration("1s")
                .sampleInterval(SAMPLING)
                .build());
      case "allreduce4096":
        // flow level: 512 hosts × 8 GPUs × 400G, ring all-reduce 1 KiB .. 1 GiB
        return new BenchScenario(
            name,
            standalone("allreduce4096"),
            Scenario.collective(CollectiveOperation.ALL_REDUCE)
                .named(name)
                .sizes("1KiB", "1GiB", 2)
                .fidelity(Fidelity.FLOW)
                .duration("10s")
                .build());
      case "allreduce32768":
        // flow level: 4,096 hosts × 8 GPUs × 400G on three tiers, nccl-tests' whole default sweep
        // (-b 8 -e 8G -f 2)
        return new BenchScenario(
            name,
            standalone("allreduce32768"),
            Scenario.collective(CollectiveOperation.ALL_REDUCE)
                .named(name)
                .sizes("8B", "8GiB", 2)
                .fidelity(Fidelity.FLOW)
                .duration("100s")
                .build());
      case "storm2s":
        return storm(name, SimTime.seconds(2));
      case "storm10s":
        return storm(name, SimTime.seconds(10));
      default:
        throw new IllegalArgumentException(
            "no benchmark named " + name + "; known: " + String.join(", ", known()));
    }
  }

  private static BenchScenario incast(
      String name, int senders, DataSize size, Endpoint receiver, boolean cc) {
    return new BenchScenario(
        name,
        fabric("incast", cc),
        Scenario.of(
                name,
                new Workload.Incast(
                    senders, Optional.of(receiver), size, OptionalInt.empty(), SimTime.ZERO))
            .withDuration(BOUND)
            .withSampleInterval(SAMPLING));
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

  private static FabricSpec fabric(String topology, boolean congestionControl) {
    String yaml = resource(topology) + "\n" + resource("common");
    if (!congestionControl) {
      yaml = yaml.replace("      enabled: true\n      g:", "      enabled: false\n      g:");
    }
    return FabricFiles.load(yaml, "bench/" + topology + ".yaml");
  }

  /** A benchmark topology with the reference fabric's profiles, QoS and firmware after it. */
  private static FabricSpec standalone(String topology) {
    String reference = resource("reference");
    String profiles = reference.substring(reference.indexOf("\nswitchProfiles:"));
    return FabricFiles.load(resource(topology) + profiles, "bench/" + topology + ".yaml");
  }

  private static String resource(String name) {
    try (InputStream in = BenchScenario.class.getResourceAsStream("bench/" + name + ".yaml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
