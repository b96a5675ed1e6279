package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Traffic a scenario offers to the fabric. Endpoints are NIC ports ({@code host1:nic0}); where a
 * workload picks endpoints itself (incast senders, permutation pairs) it does so deterministically
 * from the fabric order and the scenario seed. A workload without a DSCP uses the NIC profile's
 * RoCE marking.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public sealed interface Workload
    permits Workload.RdmaFlow,
        Workload.Incast,
        Workload.Microburst,
        Workload.MixedTraffic,
        Workload.Permutation,
        Workload.AllToAll,
        Workload.Collective,
        Workload.Training {

  /**
   * @return the backend capabilities this workload needs
   */
  Set<Capability> requires();

  /**
   * @return a short human-readable description, e.g. {@code incast 32:1 · 4MiB · dscp 26}
   */
  String describe();

  /** The RDMA operation a flow uses. */
  @API(status = STABLE, since = "0.1")
  enum Verb {
    /** RDMA WRITE: one-sided. */
    WRITE,
    /** SEND/RECV: two-sided. */
    SEND
  }

  /**
   * Messages from one NIC to another.
   *
   * @param source the sending NIC
   * @param destination the receiving NIC
   * @param message the size of each message
   * @param messages how many messages are sent
   * @param qps queue pairs the messages are spread over
   * @param dscp the DSCP to mark with, or empty for the NIC's RoCE marking
   * @param start when the first message is posted
   * @param verb the RDMA operation
   * @param period from one message's posting to the next's; {@link SimTime#ZERO} sends them back to
   *     back (since 0.2): a paced flow averages {@code message / period}
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record RdmaFlow(
      Endpoint source,
      Endpoint destination,
      DataSize message,
      int messages,
      int qps,
      OptionalInt dscp,
      SimTime start,
      Verb verb,
      SimTime period)
      implements Workload {

    /** Validates the fields. */
    public RdmaFlow {
      Objects.requireNonNull(source, "source must not be null");
      Objects.requireNonNull(destination, "destination must not be null");
      if (source.equals(destination)) {
        throw new IllegalArgumentException(
            "source and destination must differ but both are " + source);
      }
      Checks.positive(message, "message");
      Checks.positive(messages, "messages");
      Checks.positive(qps, "qps");
      Checks.dscp(dscp, "dscp");
      Objects.requireNonNull(start, "start must not be null");
      Objects.requireNonNull(verb, "verb must not be null");
      Objects.requireNonNull(period, "period must not be null");
      if (period.picos() < 0) {
        throw new IllegalArgumentException("period must be >= 0 but was " + period);
      }
    }

    /**
     * Messages sent back to back ({@link SimTime#ZERO period}), as before pacing could be set.
     *
     * @param source the sending NIC
     * @param destination the receiving NIC
     * @param message the size of each message
     * @param messages how many messages
     * @param qps queue pairs the messages are spread over
     * @param dscp the DSCP to mark with, or empty for the NIC's RoCE marking
     * @param start when the first message is posted
     * @param verb the RDMA operation
     */
    public RdmaFlow(
        Endpoint source,
        Endpoint destination,
        DataSize message,
        int messages,
        int qps,
        OptionalInt dscp,
        SimTime start,
        Verb verb) {
      this(source, destination, message, messages, qps, dscp, start, verb, SimTime.ZERO);
    }

    @Override
    public Set<Capability> requires() {
      return EnumSet.of(Capability.RDMA_TRAFFIC);
    }

    @Override
    public String describe() {
      return "rdma "
          + verb.name().toLowerCase()
          + " "
          + source
          + " → "
          + destination
          + " · "
          + messages
          + " × "
          + message
          + (period.picos() > 0 ? " every " + period : "")
          + dscpSuffix(dscp);
    }
  }

  /**
   * N senders each write one message to a single receiver, all starting together.
   *
   * @param senders how many NICs send
   * @param receiver the receiving NIC, or empty for the fabric's first NIC
   * @param message the size each sender writes
   * @param dscp the DSCP to mark with, or empty for the NIC's RoCE marking
   * @param start when the senders start
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record Incast(
      int senders, Optional<Endpoint> receiver, DataSize message, OptionalInt dscp, SimTime start)
      implements Workload {

    /** Validates the fields. */
    public Incast {
      Checks.positive(senders, "senders");
      Objects.requireNonNull(receiver, "receiver must not be null");
      Checks.positive(message, "message");
      Checks.dscp(dscp, "dscp");
      Objects.requireNonNull(start, "start must not be null");
    }

    @Override
    public Set<Capability> requires() {
      return EnumSet.of(Capability.RDMA_TRAFFIC);
    }

    @Override
    public String describe() {
      return "incast " + senders + ":1 · " + message + dscpSuffix(dscp);
    }
  }

  /**
   * Periodic synchronized bursts from N senders to one receiver.
   *
   * @param senders how many NICs burst together
   * @param receiver the receiving NIC, or empty for the fabric's first NIC
   * @param burst the bytes each sender sends per burst
   * @param period the time between burst starts
   * @param bursts how many bursts
   * @param dscp the DSCP to mark with, or empty for the NIC's RoCE marking
   * @param start when the first burst starts
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record Microburst(
      int senders,
      Optional<Endpoint> receiver,
      DataSize burst,
      SimTime period,
      int bursts,
      OptionalInt dscp,
      SimTime start)
      implements Workload {

    /** Validates the fields. */
    public Microburst {
      Checks.positive(senders, "senders");
      Objects.requireNonNull(receiver, "receiver must not be null");
      Checks.positive(burst, "burst");
      Checks.positive(period, "period");
      Checks.positive(bursts, "bursts");
      Checks.dscp(dscp, "dscp");
      Objects.requireNonNull(start, "start must not be null");
    }

    @Override
    public Set<Capability> requires() {
      return EnumSet.of(Capability.RDMA_TRAFFIC, Capability.MICROBURSTS);
    }

    @Override
    public String describe() {
      return "microburst "
          + senders
          + ":1 · "
          + burst
          + " every "
          + period
          + " × "
          + bursts
          + dscpSuffix(dscp);
    }
  }

  /**
   * Lossless RDMA traffic sharing the fabric with lossy background traffic on another priority.
   *
   * @param lossless the RDMA workload on the lossless class
   * @param lossy the background workload; it must carry a DSCP that maps to a lossy priority
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record MixedTraffic(Workload lossless, Workload lossy) implements Workload {

    /** Validates the fields. */
    public MixedTraffic {
      Objects.requireNonNull(lossless, "lossless must not be null");
      Objects.requireNonNull(lossy, "lossy must not be null");
    }

    @Override
    public Set<Capability> requires() {
      EnumSet<Capability> all = EnumSet.of(Capability.LOSSY_TRAFFIC);
      all.addAll(lossless.requires());
      all.addAll(lossy.requires());
      return all;
    }

    @Override
    public String describe() {
      return "mixed · lossless " + lossless.describe() + " + lossy " + lossy.describe();
    }
  }

  /**
   * Every NIC sends one flow to another NIC, a random permutation drawn from the scenario seed (no
   * NIC sends to itself or to its own host; with {@link Pairing#OTHER_LEAF} none to a NIC under its
   * own leaf either).
   *
   * @param flowSize the size of each flow
   * @param qps queue pairs per flow
   * @param dscp the DSCP to mark with, or empty for the NIC's RoCE marking
   * @param start when all flows start
   * @param pairing which NICs a NIC may send to
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record Permutation(DataSize flowSize, int qps, OptionalInt dscp, SimTime start, Pairing pairing)
      implements Workload {

    /** Validates the fields. */
    public Permutation {
      Checks.positive(flowSize, "flowSize");
      Checks.positive(qps, "qps");
      Checks.dscp(dscp, "dscp");
      Objects.requireNonNull(start, "start must not be null");
      Objects.requireNonNull(pairing, "pairing must not be null");
    }

    /**
     * A permutation over other hosts ({@link Pairing#OTHER_HOST}), as before pairings existed.
     *
     * @param flowSize the size of each flow
     * @param qps queue pairs per flow
     * @param dscp the DSCP to mark with, or empty for the NIC's RoCE marking
     * @param start when all flows start
     */
    public Permutation(DataSize flowSize, int qps, OptionalInt dscp, SimTime start) {
      this(flowSize, qps, dscp, start, Pairing.OTHER_HOST);
    }

    @Override
    public Set<Capability> requires() {
      return EnumSet.of(Capability.RDMA_TRAFFIC);
    }

    @Override
    public String describe() {
      return "permutation · "
          + flowSize
          + " per flow"
          + (pairing == Pairing.OTHER_LEAF ? " · across leaves" : "")
          + dscpSuffix(dscp);
    }
  }

  /**
   * Which NICs a permutation pairs.
   *
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  enum Pairing {
    /** Every NIC sends to a NIC of another host: traffic that may stay under one leaf. */
    OTHER_HOST,
    /**
     * Every NIC sends to a NIC under another leaf (the switch its host link reaches), so every flow
     * crosses the tier above the leaves: the background that loads a failed uplink or spine.
     */
    OTHER_LEAF
  }

  /**
   * Every NIC sends to every NIC on other hosts.
   *
   * @param perPair the bytes sent from each NIC to each other NIC
   * @param dscp the DSCP to mark with, or empty for the NIC's RoCE marking
   * @param start when all flows start
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record AllToAll(DataSize perPair, OptionalInt dscp, SimTime start) implements Workload {

    /** Validates the fields. */
    public AllToAll {
      Checks.positive(perPair, "perPair");
      Checks.dscp(dscp, "dscp");
      Objects.requireNonNull(start, "start must not be null");
    }

    @Override
    public Set<Capability> requires() {
      return EnumSet.of(Capability.RDMA_TRAFFIC);
    }

    @Override
    public String describe() {
      return "all-to-all · " + perPair + " per pair" + dscpSuffix(dscp);
    }
  }

  /**
   * An NCCL collective over GPUs of the fabric, run over a size sweep the way nccl-tests runs it:
   * for each size, once out of place and once in place, one after the other. A backend that
   * simulates the sweep runs each size untimed before them until a run takes what the run before it
   * took (within 2%, at most five untimed runs, nccl-tests' warm-up count), so that the timed runs,
   * like nccl-tests' mean of 20 iterations, measure the size's own traffic rather than what the
   * previous size left behind.
   *
   * @param operation the collective
   * @param sizes the message sizes as nccl-tests counts them (the {@code size} column)
   * @param dataType the element type (sets the element count)
   * @param algorithm ring, tree, or {@link Algorithm#AUTO} for NCCL's choice per size
   * @param protocol NCCL protocol (sets the protocol efficiency and the per-step latency), or
   *     {@link Protocol#AUTO} for NCCL's choice per size
   * @param ranks GPUs taking part (the first {@code ranks} GPUs in fabric order), 0 for all
   * @param root the root rank of a broadcast or reduce, 0..ranks−1; ignored otherwise
   * @param channels NCCL channels (rings or tree pairs), 0 for the backend's choice (NCCL's usual
   *     two per NIC)
   * @param qpsPerConnection queue pairs per connection ({@code NCCL_IB_QPS_PER_CONNECTION}), &ge;
   *     1; each has its own source port for ECMP
   * @param splitDataOnQps how messages use the queue pairs ({@code NCCL_IB_SPLIT_DATA_ON_QPS}):
   *     {@code false}, NCCL's default since 2.20.3, sends each message whole on the next queue pair
   *     in turn; {@code true}, the default of NCCL 2.18 and 2.19, splits every message evenly over
   *     all of them (in 128-byte multiples) and it completes when every part has arrived
   * @param fidelity how closely a simulating backend models it
   * @param start when the collective starts
   * @param hosts where its ranks sit (its placement): the GPUs of these hosts, in this order; empty
   *     for the fabric's hosts in fabric order. With {@code ranks} &gt; 0 the first {@code ranks}
   *     GPUs of them take part
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  record Collective(
      CollectiveOperation operation,
      SizeSweep sizes,
      DataType dataType,
      Algorithm algorithm,
      Protocol protocol,
      int ranks,
      int root,
      int channels,
      int qpsPerConnection,
      boolean splitDataOnQps,
      Fidelity fidelity,
      SimTime start,
      List<String> hosts)
      implements Workload {

    /** Validates the fields and copies the hosts. */
    public Collective {
      Objects.requireNonNull(operation, "operation must not be null");
      Objects.requireNonNull(sizes, "sizes must not be null");
      Objects.requireNonNull(dataType, "dataType must not be null");
      Objects.requireNonNull(algorithm, "algorithm must not be null");
      Objects.requireNonNull(protocol, "protocol must not be null");
      if (!algorithm.runs(operation)) {
        throw new IllegalArgumentException(
            "NCCL does not run "
                + operation.ncclName()
                + " with the "
                + algorithm.ncclName()
                + " algorithm");
      }
      if (ranks < 0 || ranks == 1) {
        throw new IllegalArgumentException("ranks must be 0 (all) or >= 2 but was " + ranks);
      }
      if (root < 0 || (ranks > 0 && root >= ranks)) {
        throw new IllegalArgumentException(
            "root must be a rank 0.." + (ranks > 0 ? ranks - 1 : "n-1") + " but was " + root);
      }
      if (channels < 0) {
        throw new IllegalArgumentException(
            "channels must be 0 (backend's choice) or > 0 but was " + channels);
      }
      if (qpsPerConnection < 1) {
        throw new IllegalArgumentException(
            "qpsPerConnection must be >= 1 but was " + qpsPerConnection);
      }
      Objects.requireNonNull(fidelity, "fidelity must not be null");
      Objects.requireNonNull(start, "start must not be null");
      hosts = checkedHosts(hosts, "hosts");
    }

    /**
     * A collective on the fabric's hosts in fabric order.
     *
     * @param operation the collective
     * @param sizes the message sizes
     * @param dataType the element type
     * @param algorithm the algorithm, or AUTO
     * @param protocol the protocol, or AUTO
     * @param ranks GPUs taking part, 0 for all
     * @param root the root rank of a broadcast or reduce
     * @param channels NCCL channels, 0 for the backend's choice
     * @param qpsPerConnection queue pairs per connection
     * @param splitDataOnQps whether messages are split over the queue pairs
     * @param fidelity how closely a simulating backend models it
     * @param start when it starts
     */
    public Collective(
        CollectiveOperation operation,
        SizeSweep sizes,
        DataType dataType,
        Algorithm algorithm,
        Protocol protocol,
        int ranks,
        int root,
        int channels,
        int qpsPerConnection,
        boolean splitDataOnQps,
        Fidelity fidelity,
        SimTime start) {
      this(
          operation,
          sizes,
          dataType,
          algorithm,
          protocol,
          ranks,
          root,
          channels,
          qpsPerConnection,
          splitDataOnQps,
          fidelity,
          start,
          List.of());
    }

    @Override
    public Set<Capability> requires() {
      return EnumSet.of(Capability.COLLECTIVES);
    }

    @Override
    public String describe() {
      return operation.ncclName()
          + " · "
          + sizes
          + " · "
          + algorithm.describe(protocol)
          + (ranks == 0 ? "" : " · " + ranks + " ranks")
          + (qpsPerConnection == 1
              ? ""
              : " · " + qpsPerConnection + " QPs" + (splitDataOnQps ? " (split)" : ""))
          + (fidelity == Fidelity.PACKET ? "" : " · " + fidelity.name().toLowerCase())
          + placement(hosts);
    }
  }

  /**
   * Training steps of a job: every rank executes the step's graph ({@link TrainingStep}), the next
   * step starting on every rank once the whole job has finished the previous one. Rank {@code r} is
   * GPU {@code r mod g} of the {@code (r div g)}-th host of its placement ({@code g} GPUs per
   * host), and uses the NIC its host's rail mapping gives that GPU. Its collectives take NCCL's
   * algorithm and protocol for their size; its point-to-point transfers between hosts are RDMA
   * writes on one queue pair per pair of ranks, inside a host NVLink copies.
   *
   * @param step the step
   * @param steps how many steps run, &ge; 1
   * @param hosts where its ranks sit: the GPUs of these hosts, in this order; empty for the
   *     fabric's hosts in fabric order
   * @param start when the first step starts
   * @param slowGpus GPUs that compute slower than the rest (stragglers), each GPU at most once
   * @param fidelity how closely a simulating backend models its communication: packets, or flows
   *     for jobs of thousands of GPUs (as for collectives)
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  record Training(
      TrainingStep step,
      int steps,
      List<String> hosts,
      SimTime start,
      List<SlowGpu> slowGpus,
      Fidelity fidelity)
      implements Workload {

    /** Validates the fields and copies the lists. */
    public Training {
      Objects.requireNonNull(step, "step must not be null");
      Checks.positive(steps, "steps");
      hosts = checkedHosts(hosts, "hosts");
      Objects.requireNonNull(start, "start must not be null");
      slowGpus = Checks.list(slowGpus, "slowGpus");
      Set<String> seen = new HashSet<>();
      for (SlowGpu gpu : slowGpus) {
        if (!seen.add(gpu.host() + "/" + gpu.gpu())) {
          throw new IllegalArgumentException(
              "slowGpus names GPU " + gpu.gpu() + " of " + gpu.host() + " twice");
        }
      }
      Objects.requireNonNull(fidelity, "fidelity must not be null");
    }

    @Override
    public Set<Capability> requires() {
      return EnumSet.of(Capability.COLLECTIVES, Capability.TRAINING_STEPS);
    }

    @Override
    public String describe() {
      return "training · "
          + step.name()
          + " · "
          + step.ranks()
          + " ranks · "
          + steps
          + (steps == 1 ? " step" : " steps")
          + (fidelity == Fidelity.PACKET ? "" : " · " + fidelity.name().toLowerCase(Locale.ROOT))
          + placement(hosts)
          + (slowGpus.isEmpty()
              ? ""
              : " · slow " + String.join(", ", slowGpus.stream().map(SlowGpu::toString).toList()));
    }
  }

  /**
   * A GPU that computes slower than its peers — thermal or power throttling, a bad HBM stack, a
   * noisy host process: every compute operation of its rank takes {@code slowdown} times as long.
   *
   * @param host the host
   * @param gpu the GPU's index in the host
   * @param slowdown how many times as long its compute takes, &gt; 1
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  record SlowGpu(String host, int gpu, double slowdown) {

    /** Validates the fields. */
    public SlowGpu {
      Checks.name(host, "host");
      Checks.nonNegative(gpu, "gpu");
      if (!(slowdown > 1) || Double.isInfinite(slowdown)) {
        throw new IllegalArgumentException("slowdown must be > 1 but was " + slowdown);
      }
    }

    /**
     * @return {@code host3 GPU 5 ×1.25}
     */
    @Override
    public String toString() {
      return host + " GPU " + gpu + " ×" + slowdown;
    }
  }

  /** Checks and copies a placement: named hosts, none twice. */
  private static List<String> checkedHosts(List<String> hosts, String field) {
    List<String> copy = Checks.list(hosts, field);
    for (String host : copy) {
      Checks.name(host, field);
    }
    if (new HashSet<>(copy).size() != copy.size()) {
      throw new IllegalArgumentException(field + " must not repeat a host but was " + copy);
    }
    return copy;
  }

  /**
   * The workload description's placement part: {@code " · on host3, host4"} (the first three and
   * how many more), or nothing for the fabric's hosts in order.
   */
  private static String placement(List<String> hosts) {
    if (hosts.isEmpty()) {
      return "";
    }
    String named = String.join(", ", hosts.subList(0, Math.min(3, hosts.size())));
    return " · on " + named + (hosts.size() > 3 ? " and " + (hosts.size() - 3) + " more" : "");
  }

  /** NCCL collective operations. */
  @API(status = STABLE, since = "0.1")
  enum CollectiveOperation {
    /** ncclAllReduce. */
    ALL_REDUCE("all_reduce"),
    /** ncclAllGather. */
    ALL_GATHER("all_gather"),
    /** ncclReduceScatter. */
    REDUCE_SCATTER("reduce_scatter"),
    /** ncclAllToAll (nccl-tests alltoall). */
    ALL_TO_ALL("alltoall"),
    /** ncclBroadcast. */
    BROADCAST("broadcast"),
    /** ncclReduce. */
    REDUCE("reduce");

    private final String ncclName;

    CollectiveOperation(String ncclName) {
      this.ncclName = ncclName;
    }

    /**
     * @return the nccl-tests name, e.g. {@code all_reduce}
     */
    public String ncclName() {
      return ncclName;
    }

    /**
     * The factor nccl-tests multiplies the algorithm bandwidth by to get the bus bandwidth, a
     * figure comparable to the hardware's peak whatever the rank count: {@code 2(n−1)/n} for
     * all-reduce, {@code (n−1)/n} for all-gather, reduce-scatter and all-to-all, 1 for broadcast
     * and reduce (nccl-tests PERFORMANCE.md).
     *
     * @param ranks the rank count n, &ge; 1
     * @return the factor
     */
    public double busBandwidthFactor(int ranks) {
      if (ranks < 1) {
        throw new IllegalArgumentException("ranks must be >= 1 but was " + ranks);
      }
      return switch (this) {
        case ALL_REDUCE -> 2.0 * (ranks - 1) / ranks;
        case ALL_GATHER, REDUCE_SCATTER, ALL_TO_ALL -> (double) (ranks - 1) / ranks;
        case BROADCAST, REDUCE -> 1.0;
      };
    }

    /**
     * @return whether it reduces (nccl-tests prints {@code sum} as its redop, else {@code none})
     */
    public boolean reduces() {
      return this == ALL_REDUCE || this == REDUCE_SCATTER || this == REDUCE;
    }

    /**
     * @return whether it has a root rank (nccl-tests prints it, else −1)
     */
    public boolean rooted() {
      return this == BROADCAST || this == REDUCE;
    }
  }

  /** NCCL algorithms. */
  @API(status = STABLE, since = "0.1")
  enum Algorithm {
    /** Ring. */
    RING,
    /** Tree (double binary tree for all-reduce). */
    TREE,
    /**
     * NVLink SHARP on one host ({@code NVLS}): the NVSwitches reduce and multicast, so each GPU
     * sends its data once and receives the result once. Needs a host profile with {@link
     * dev.rocelab.api.fabric.HostProfile#nvswitch() NVSwitch}; NCCL runs it for all-reduce,
     * all-gather and reduce-scatter with the Simple protocol.
     *
     * @since 0.3
     */
    NVLS,
    /**
     * NVLS inside each host and a tree between hosts ({@code NVLSTree}): all-reduce across hosts
     * with NVSwitch, Simple protocol. Every GPU of a host heads its share of the data on the
     * network, through its own NIC.
     *
     * @since 0.3
     */
    NVLS_TREE,
    /**
     * NCCL's own choice, as with {@code NCCL_ALGO} unset: per message size, the algorithm its
     * tuning model predicts fastest (ring or, for all-reduce, tree, NVLS or NVLS-tree where the
     * hosts have NVSwitch). A backend that reports the choice puts it in every {@link
     * dev.rocelab.api.result.CollectiveRow row}.
     */
    AUTO;

    /**
     * @return the name {@code NCCL_ALGO} takes: {@code Ring}, {@code Tree}, {@code NVLS}, {@code
     *     NVLSTree}; {@code auto} for NCCL's choice (leave the variable unset)
     * @since 0.3
     */
    public String ncclName() {
      return switch (this) {
        case RING -> "Ring";
        case TREE -> "Tree";
        case NVLS -> "NVLS";
        case NVLS_TREE -> "NVLSTree";
        case AUTO -> "auto";
      };
    }

    /**
     * @param operation a collective
     * @return whether NCCL runs the collective with this algorithm: ring and NCCL's choice for
     *     every collective, tree and NVLS-tree for all-reduce, NVLS for all-reduce, all-gather and
     *     reduce-scatter
     * @since 0.3
     */
    public boolean runs(CollectiveOperation operation) {
      return switch (this) {
        case RING, AUTO -> true;
        case TREE, NVLS_TREE -> operation == CollectiveOperation.ALL_REDUCE;
        case NVLS ->
            operation == CollectiveOperation.ALL_REDUCE
                || operation == CollectiveOperation.ALL_GATHER
                || operation == CollectiveOperation.REDUCE_SCATTER;
      };
    }

    /**
     * How a collective's algorithm and protocol read in descriptions: {@code "ring · SIMPLE"},
     * {@code "ring · auto"}, or just {@code "auto"} when NCCL chooses both.
     *
     * @param protocol the protocol; never null
     * @return the description
     */
    public String describe(Protocol protocol) {
      if (this == AUTO && protocol == Protocol.AUTO) {
        return "auto";
      }
      return ncclName().toLowerCase(Locale.ROOT)
          + " · "
          + (protocol == Protocol.AUTO ? "auto" : protocol.name());
    }
  }

  /** NCCL protocols. */
  @API(status = STABLE, since = "0.1")
  enum Protocol {
    /** Simple: full bandwidth, higher latency. */
    SIMPLE(1.0),
    /** LL128: 120 of 128 bytes carry data. */
    LL128(120.0 / 128.0),
    /** LL: 4 of 8 bytes carry data (a flag with every 4 bytes), lowest latency. */
    LL(0.5),
    /**
     * NCCL's own choice, as with {@code NCCL_PROTO} unset: per message size, the protocol its
     * tuning model predicts fastest. It has no efficiency of its own; a backend resolves it first.
     */
    AUTO(Double.NaN);

    private final double efficiency;

    Protocol(double efficiency) {
      this.efficiency = efficiency;
    }

    /**
     * @return the fraction of the bytes NCCL moves that is user data
     * @throws IllegalStateException for {@link #AUTO}, which is resolved per size before use
     */
    public double efficiency() {
      if (this == AUTO) {
        throw new IllegalStateException("AUTO is NCCL's choice per size; resolve it first");
      }
      return efficiency;
    }
  }

  /**
   * The workload description's DSCP part: {@code " · dscp 26"}, or nothing when the class default
   * applies.
   */
  private static String dscpSuffix(OptionalInt dscp) {
    return dscp.isPresent() ? " · dscp " + dscp.getAsInt() : "";
  }
}
