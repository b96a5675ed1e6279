package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * What one run does to a fabric: workloads, faults at scheduled times, a bound on simulated (or
 * real) time, the seed that makes it repeatable and how often telemetry is sampled. Immutable;
 * {@code with…} methods return copies.
 *
 * @param name a short name used in reports
 * @param workloads the traffic, at least one workload
 * @param faults the faults, in any order
 * @param duration the longest the run may last; it ends earlier when all traffic has completed
 * @param seed the seed of every random choice (ECMP hashing, permutations, ECN marking)
 * @param sampleInterval how often time series are sampled
 * @param completion whether the workload must complete within the duration, or the run measures a
 *     window
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Scenario(
    String name,
    List<Workload> workloads,
    List<Fault> faults,
    SimTime duration,
    long seed,
    SimTime sampleInterval,
    Completion completion) {

  /** The default bound on a run: 10 ms of simulated time. */
  public static final SimTime DEFAULT_DURATION = SimTime.millis(10);

  /** The default sampling interval: 10 µs. */
  public static final SimTime DEFAULT_SAMPLE_INTERVAL = SimTime.micros(10);

  /** The default seed. */
  public static final long DEFAULT_SEED = 1L;

  /** Validates the fields and copies the lists. */
  public Scenario {
    Objects.requireNonNull(name, "name must not be null");
    if (name.isBlank()) {
      throw new IllegalArgumentException("name must not be blank");
    }
    workloads = List.copyOf(Objects.requireNonNull(workloads, "workloads must not be null"));
    if (workloads.isEmpty()) {
      throw new IllegalArgumentException("a scenario needs at least one workload");
    }
    faults = List.copyOf(Objects.requireNonNull(faults, "faults must not be null"));
    Checks.positive(duration, "duration");
    Checks.positive(sampleInterval, "sampleInterval");
    Objects.requireNonNull(completion, "completion must not be null");
  }

  /**
   * A scenario whose workload must complete within its duration ({@link Completion#REQUIRED}).
   *
   * @param name a short name used in reports
   * @param workloads the traffic, at least one workload
   * @param faults the faults, in any order
   * @param duration the longest the run may last
   * @param seed the seed of every random choice
   * @param sampleInterval how often time series are sampled
   */
  public Scenario(
      String name,
      List<Workload> workloads,
      List<Fault> faults,
      SimTime duration,
      long seed,
      SimTime sampleInterval) {
    this(name, workloads, faults, duration, seed, sampleInterval, Completion.REQUIRED);
  }

  /**
   * A scenario with default duration, seed and sampling.
   *
   * @param name a short name
   * @param workloads at least one workload
   * @return the scenario
   */
  public static Scenario of(String name, Workload... workloads) {
    return new Scenario(
        name,
        Arrays.asList(workloads),
        List.of(),
        DEFAULT_DURATION,
        DEFAULT_SEED,
        DEFAULT_SAMPLE_INTERVAL);
  }

  /**
   * Starts an incast: N senders each write one message to one receiver.
   *
   * <pre>{@code
   * Scenario.incast().senders(32).message("4MiB").dscp(26).build()
   * }</pre>
   *
   * @return a builder with the defaults of {@link IncastBuilder}
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static IncastBuilder incast() {
    return new IncastBuilder();
  }

  /**
   * Starts periodic synchronized bursts from N senders to one receiver.
   *
   * @return a builder with the defaults of {@link MicroburstBuilder}
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static MicroburstBuilder microburst() {
    return new MicroburstBuilder();
  }

  /**
   * Starts lossless RDMA traffic that shares the fabric with lossy background traffic.
   *
   * @return a builder with the defaults of {@link MixedTrafficBuilder}
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static MixedTrafficBuilder mixedTraffic() {
    return new MixedTrafficBuilder();
  }

  /**
   * Starts a permutation: every NIC sends one flow (1 MiB unless changed) to another NIC.
   *
   * @return a builder with the defaults of {@link PermutationBuilder}, named {@code permutation}
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static PermutationBuilder permutation() {
    return new PermutationBuilder("permutation", DataSize.mib(1));
  }

  /**
   * Starts a baseline: a light permutation (64 KiB per flow) that measures the fabric without real
   * load — the comparison point of the {@link Phase#BASELINE} phase.
   *
   * @return a permutation builder named {@code baseline}
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static PermutationBuilder baseline() {
    return new PermutationBuilder("baseline", DataSize.kib(64));
  }

  /**
   * Starts all-to-all traffic: every NIC sends to every NIC of other hosts.
   *
   * @return a builder with the defaults of {@link AllToAllBuilder}
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static AllToAllBuilder allToAll() {
    return new AllToAllBuilder();
  }

  /**
   * Starts an NCCL collective.
   *
   * <pre>{@code
   * Scenario.collective(ALL_REDUCE).size("1GiB").with(Fault.linkDown("spine1:eth3").at("2ms"))
   * }</pre>
   *
   * @param operation the collective; never null
   * @return a builder with the defaults of {@link CollectiveBuilder}, named {@code collective}
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static CollectiveBuilder collective(Workload.CollectiveOperation operation) {
    return new CollectiveBuilder(Objects.requireNonNull(operation, "operation must not be null"));
  }

  /**
   * Starts training steps of a job described the Megatron-LM way.
   *
   * @param job the job; never null
   * @return a builder with the defaults of {@link TrainingBuilder}, named {@code training}
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public static TrainingBuilder training(TrainingJob job) {
    return new TrainingBuilder(Objects.requireNonNull(job, "job must not be null").step());
  }

  /**
   * Starts training steps given as a graph of operations per rank (for example read from a Chakra
   * execution trace).
   *
   * @param step the step; never null
   * @return a builder with the defaults of {@link TrainingBuilder}, named {@code training}
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public static TrainingBuilder training(TrainingStep step) {
    return new TrainingBuilder(Objects.requireNonNull(step, "step must not be null"));
  }

  /**
   * Starts messages from one NIC to another.
   *
   * @param source the sending NIC, {@code host:nicN}
   * @param destination the receiving NIC
   * @return a builder with the defaults of {@link FlowBuilder}
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static FlowBuilder flow(String source, String destination) {
    return new FlowBuilder(source, destination);
  }

  /**
   * Adds faults.
   *
   * @param more the faults to add
   * @return a copy with the faults added
   */
  public Scenario with(Fault... more) {
    List<Fault> all = new ArrayList<>(faults);
    all.addAll(Arrays.asList(more));
    return new Scenario(name, workloads, all, duration, seed, sampleInterval, completion);
  }

  /**
   * Changes the bound on the run.
   *
   * @param bound the longest the run may last
   * @return a copy
   */
  public Scenario withDuration(SimTime bound) {
    return new Scenario(name, workloads, faults, bound, seed, sampleInterval, completion);
  }

  /**
   * Changes the seed.
   *
   * @param newSeed the seed
   * @return a copy
   */
  public Scenario withSeed(long newSeed) {
    return new Scenario(name, workloads, faults, duration, newSeed, sampleInterval, completion);
  }

  /**
   * Changes the sampling interval.
   *
   * @param interval how often to sample
   * @return a copy
   */
  public Scenario withSampleInterval(SimTime interval) {
    return new Scenario(name, workloads, faults, duration, seed, interval, completion);
  }

  /**
   * Says whether the workload must complete within the duration.
   *
   * @param expected {@link Completion#WINDOW} for a scenario that measures a window of traffic;
   *     never null
   * @return a copy
   * @since 0.1
   */
  public Scenario withCompletion(Completion expected) {
    return new Scenario(name, workloads, faults, duration, seed, sampleInterval, expected);
  }

  /**
   * @return every capability the workloads and faults need
   */
  public Set<Capability> requires() {
    EnumSet<Capability> all = EnumSet.noneOf(Capability.class);
    workloads.forEach(w -> all.addAll(w.requires()));
    faults.forEach(f -> all.add(f.requires()));
    return all;
  }

  /**
   * @return the workloads' and faults' descriptions joined, for display names and reports
   */
  public String describe() {
    List<String> parts = new ArrayList<>();
    workloads.forEach(w -> parts.add(w.describe()));
    faults.forEach(f -> parts.add(f.describe()));
    return parts.stream().collect(Collectors.joining(" + "));
  }
}
