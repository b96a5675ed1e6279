package dev.rocelab.model.internal.collective;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * NCCL's choice of algorithm and protocol for one collective call, made the way its tuning model
 * makes it (src/graph/tuning.cc: {@code ncclTopoTuneModel} and {@code ncclTopoGetAlgoTime}, NCCL
 * 2.19–2.21, H100-class GPUs on x86 Intel hosts): every enabled pair gets a latency and a bus
 * bandwidth; the predicted time is {@code latency + bytes / bandwidth}; the fastest pair runs, the
 * first in NCCL's order (tree before ring; LL, LL128, Simple) on a tie. What is forced ({@code
 * NCCL_ALGO}, {@code NCCL_PROTO}) is the only candidate.
 *
 * <p>The terms:
 *
 * <ul>
 *   <li><b>Bandwidth per channel</b>: a ring's is the lesser of the network's and NVLink's share
 *       per channel (NVLink's alone on one host) — NCCL searches one speed for both; a tree's on up
 *       to two hosts is NVLink's share (NCCL raises a tree's intra-node speed there, and its model
 *       then uses that speed), beyond two hosts like a ring's. The bus bandwidth is that times the
 *       channels, with NCCL's refinements: ring LL ÷4 and at most the LL ceiling; ring LL128 ×0.92
 *       (×0.7 with one GPU per host) and at most 36.7 GB/s per channel; tree ×0.92 and at most its
 *       per-channel ceiling, tree LL ÷3.8, tree LL128 ×120/128 (×7/9 on one host). Algorithm
 *       bandwidth = bus bandwidth × n/steps for a ring, × ½ for a tree.
 *   <li><b>Latency</b>: {@link NcclConstants}' base latency plus, for a ring, one step latency per
 *       step — NVLink's inside hosts (at least NCCL's 1 µs network-post overhead, 3 µs with Simple,
 *       on more than one host) and the network's for the {@code 2·nodes} steps that cross hosts;
 *       for a tree, up and down its NVLink chain and its {@code log2(nodes)} network levels. A
 *       multi-host Simple ring all-reduce of at least 64 B per channel and rank pays ×1.4 (NCCL's
 *       "plateau effect of ring").
 *   <li>Trees of medium sizes get NCCL's static correction factor on their bandwidth.
 *   <li><b>NVLS and NVLS tree</b> (all-reduce on hosts with NVSwitch; Simple only): NVLS on one
 *       host, NVLS tree across hosts, as NCCL enables them without CollNet. A head per GPU; its
 *       speed the lesser of NVLink's {@code nvlink / (GPUs + 1)} and its share of the host's NICs
 *       (halved beyond two hosts for the tree); bus bandwidth = GPUs × that, algorithm bandwidth ×
 *       5/6. Latency: NVLS 25 µs, NVLS tree 25 µs + 2 · log2(nodes) · 14 µs.
 * </ul>
 *
 * <p>All-to-all is point-to-point in NCCL, outside this model: it runs with Simple.
 *
 * @since 0.2
 */
@API(status = INTERNAL, since = "0.2")
public final class NcclTuner {

  /**
   * What NCCL's model sees of where a collective runs.
   *
   * @param ranks the rank count
   * @param nodes the hosts taking part
   * @param channels the channels
   * @param networkGBps a host's network bandwidth, GB/s
   * @param nvlinkGBps the data a GPU's NVLink carries, GB/s
   * @param nvls whether NVLS can run: every host's GPUs meet at NVSwitches that reduce, and every
   *     host has as many ranks
   */
  record Shape(
      int ranks, int nodes, int channels, double networkGBps, double nvlinkGBps, boolean nvls) {

    static Shape of(Workload.Collective collective, CollectiveLayout layout) {
      return new Shape(
          layout.size(),
          layout.nodes(),
          layout.channels(collective),
          layout.networkBitsPerSecond() / 8e9,
          layout.leastNvlinkBitsPerSecond() / 8e9,
          layout.nvswitch() && layout.sameRanksPerNode());
    }

    double ranksPerNode() {
      return (double) ranks / nodes;
    }
  }

  /** All-reduce's candidates in NCCL's order. */
  private static final List<Algorithm> ALGORITHMS =
      List.of(Algorithm.TREE, Algorithm.RING, Algorithm.NVLS, Algorithm.NVLS_TREE);

  private static final List<Protocol> PROTOCOLS =
      List.of(Protocol.LL, Protocol.LL128, Protocol.SIMPLE);

  /** Hopper: LL's ceiling on one host; Intel hosts: on two, and on more. GB/s. */
  private static final double[] LL_MAX_BW = {87.7, 39.0, 20.4};

  /** Hopper, per channel, GB/s, on one, two, and more hosts. */
  private static final double[] TREE_MAX_BW_PER_CHANNEL = {38.7, 41.4, 36.0};

  private static final double[] TREE_LL128_MAX_BW_PER_CHANNEL = {36.7, 36.7, 29.0};
  private static final double RING_LL128_MAX_BW_PER_CHANNEL = 36.7;

  /** NCCL's network-post overhead on Intel hosts, µs; three times that with Simple. */
  private static final double NET_OVERHEAD_US = 1.0;

  /** Compute capability 8.0 and later. */
  private static final double RING_PLATEAU = 1.4;

  /** Per protocol (LL, LL128, Simple), per power of two from 64 B to 256 MiB. */
  private static final double[][] TREE_CORRECTION = {
    {
      1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0,
      1.0
    },
    {
      1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0,
      1.0
    },
    {.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9}
  };

  private NcclTuner() {}

  /**
   * @param collective the collective, its algorithm and protocol as asked (either may be {@code
   *     AUTO})
   * @param layout where its ranks sit
   * @param bytes the call's size as nccl-tests counts it
   * @return the collective with the algorithm and protocol NCCL would run this size with
   */
  public static Workload.Collective resolve(
      Workload.Collective collective, CollectiveLayout layout, long bytes) {
    unavailable(collective, layout)
        .ifPresent(
            reason -> {
              throw new IllegalArgumentException(reason);
            });
    if (collective.algorithm() != Algorithm.AUTO && collective.protocol() != Protocol.AUTO) {
      return collective;
    }
    return resolve(collective, Shape.of(collective, layout), bytes);
  }

  static Workload.Collective resolve(Workload.Collective collective, Shape shape, long bytes) {
    Algorithm bestAlgorithm = null;
    Protocol bestProtocol = null;
    double best = Double.POSITIVE_INFINITY;
    for (Algorithm a : candidates(collective, shape)) {
      for (Protocol p : candidates(collective.protocol(), collective.operation(), a)) {
        double time = predictedMicros(collective.operation(), a, p, shape, bytes);
        if (time < best) {
          best = time;
          bestAlgorithm = a;
          bestProtocol = p;
        }
      }
    }
    return with(collective, bestAlgorithm, bestProtocol);
  }

  /**
   * NCCL's predicted time of one call.
   *
   * @param operation the collective
   * @param algorithm ring or tree
   * @param protocol LL, LL128 or Simple
   * @param shape where it runs
   * @param bytes its size
   * @return the time in microseconds
   */
  static double predictedMicros(
      CollectiveOperation operation,
      Algorithm algorithm,
      Protocol protocol,
      Shape shape,
      long bytes) {
    double bandwidth = bandwidth(operation, algorithm, protocol, shape);
    double latency = latencyMicros(operation, algorithm, protocol, shape);
    int logSize = log2(bytes >> 6);
    if (algorithm == Algorithm.TREE && logSize < TREE_CORRECTION[0].length) {
      bandwidth *= TREE_CORRECTION[index(protocol)][logSize];
    }
    if (algorithm == Algorithm.RING
        && protocol == Protocol.SIMPLE
        && operation == CollectiveOperation.ALL_REDUCE
        && shape.nodes() > 1
        && bytes / ((long) shape.channels() * shape.ranks()) >= 64) {
      latency *= RING_PLATEAU;
    }
    return latency + bytes / (1000 * bandwidth);
  }

  /** The algorithm bandwidth NCCL's model gives a pair, GB/s. */
  static double bandwidth(
      CollectiveOperation operation, Algorithm algorithm, Protocol protocol, Shape shape) {
    if (NcclConstants.isNvls(algorithm)) {
      return nvlsBandwidth(algorithm, shape);
    }
    int hosts = Math.min(shape.nodes(), 3) - 1;
    double network = shape.networkGBps() / shape.channels();
    double nvlink = shape.nvlinkGBps() / shape.channels();
    boolean throughNvlinkOnly =
        shape.nodes() == 1 || (algorithm == Algorithm.TREE && shape.nodes() <= 2);
    double perChannel = throughNvlinkOnly ? nvlink : Math.min(network, nvlink);
    double bus = shape.channels() * perChannel;
    if (algorithm == Algorithm.RING) {
      if (protocol == Protocol.LL) {
        boolean quarter =
            shape.nodes() > 1
                || operation == CollectiveOperation.ALL_REDUCE
                || operation == CollectiveOperation.REDUCE;
        bus = Math.min(LL_MAX_BW[hosts], bus * (quarter ? 1 / 4.0 : 1 / 3.0));
      } else if (protocol == Protocol.LL128) {
        bus =
            Math.min(
                bus * (shape.ranksPerNode() < 2 ? 0.7 : 0.92),
                shape.channels() * RING_LL128_MAX_BW_PER_CHANNEL);
      }
      return bus * shape.ranks() / steps(operation, shape.ranks());
    }
    bus = Math.min(bus * .92, shape.channels() * TREE_MAX_BW_PER_CHANNEL[hosts]);
    if (protocol == Protocol.LL) {
      bus = Math.min(bus / 3.8, LL_MAX_BW[hosts]);
    } else if (protocol == Protocol.LL128) {
      bus =
          Math.min(
              bus * (shape.nodes() == 1 ? 7.0 / 9.0 : 120.0 / 128.0),
              shape.channels() * TREE_LL128_MAX_BW_PER_CHANNEL[hosts]);
    }
    return bus * .5;
  }

  /**
   * NVLS and NVLS tree (NCCL 2.21): every GPU of a host heads a channel; a head's NVLink speed is
   * what the NVSwitch can pull and push with one more GPU's share for its own channel, {@code
   * nvlink / (heads + 1)}, its network speed its share of the host's NICs. NVLS takes the lesser,
   * NVLS tree the lesser of NVLink's and, beyond two hosts, half the network's (its tree sends up
   * and down). Bus bandwidth = heads × that; algorithm bandwidth × 5/6.
   */
  private static double nvlsBandwidth(Algorithm algorithm, Shape shape) {
    double heads = shape.ranksPerNode();
    double intra = shape.nvlinkGBps() / (heads + 1);
    double inter = shape.nodes() == 1 ? intra : shape.networkGBps() / heads;
    if (algorithm == Algorithm.NVLS_TREE && shape.nodes() > 2) {
      inter /= 2;
    }
    return heads * Math.min(intra, inter) * 5 / 6;
  }

  /** The latency NCCL's model gives a pair, µs. */
  static double latencyMicros(
      CollectiveOperation operation, Algorithm algorithm, Protocol protocol, Shape shape) {
    double base = micros(NcclConstants.baseLatencyPs(algorithm, protocol));
    double intra = micros(NcclConstants.stepLatencyPs(algorithm, protocol, false));
    double inter = micros(NcclConstants.stepLatencyPs(algorithm, protocol, true));
    int n = shape.ranks();
    int nodes = shape.nodes();
    if (algorithm == Algorithm.NVLS) {
      return base;
    }
    if (algorithm == Algorithm.NVLS_TREE) {
      return base + 2 * log2(nodes) * inter;
    }
    if (algorithm == Algorithm.TREE) {
      return base + 2 * ((n / nodes - 1) * intra + log2(nodes) * inter);
    }
    int steps = steps(operation, n);
    if (operation == CollectiveOperation.BROADCAST || operation == CollectiveOperation.REDUCE) {
      Algorithm chunk = protocol == Protocol.SIMPLE ? Algorithm.TREE : Algorithm.RING;
      return base + steps * micros(NcclConstants.stepLatencyPs(chunk, protocol, nodes > 1));
    }
    int interSteps =
        switch (operation) {
          case ALL_REDUCE -> nodes > 1 ? 2 * nodes : 0;
          case ALL_GATHER, REDUCE_SCATTER -> nodes - 1;
          default -> nodes;
        };
    if (nodes > 1) {
      intra = Math.max(intra, NET_OVERHEAD_US * (protocol == Protocol.SIMPLE ? 3 : 1));
    }
    return base + (steps - interSteps) * intra + interSteps * inter;
  }

  private static int steps(CollectiveOperation operation, int ranks) {
    return switch (operation) {
      case ALL_REDUCE -> 2 * (ranks - 1);
      case ALL_GATHER, REDUCE_SCATTER -> ranks - 1;
      default -> ranks;
    };
  }

  private static List<Algorithm> candidates(Workload.Collective collective, Shape shape) {
    if (collective.algorithm() != Algorithm.AUTO) {
      return List.of(collective.algorithm());
    }
    if (collective.operation() != CollectiveOperation.ALL_REDUCE) {
      return List.of(Algorithm.RING);
    }
    return ALGORITHMS.stream().filter(a -> unavailable(a, shape).isEmpty()).toList();
  }

  private static List<Protocol> candidates(
      Protocol asked, CollectiveOperation operation, Algorithm algorithm) {
    if (asked != Protocol.AUTO) {
      return List.of(asked);
    }
    return operation == CollectiveOperation.ALL_TO_ALL || NcclConstants.isNvls(algorithm)
        ? List.of(Protocol.SIMPLE)
        : PROTOCOLS;
  }

  /**
   * Why a collective cannot run as it asks where it is placed, if it cannot: NVLS needs NVSwitch on
   * every host and spans one host (NCCL disables it across hosts without CollNet), NVLS tree needs
   * NVSwitch, more than one host and as many ranks on each; both run only Simple. This model runs
   * NVLS for all-reduce only.
   *
   * @param collective the collective
   * @param layout where its ranks sit
   * @return the reason, or empty
   */
  public static Optional<String> unavailable(
      Workload.Collective collective, CollectiveLayout layout) {
    Algorithm algorithm = collective.algorithm();
    if (!NcclConstants.isNvls(algorithm)) {
      return Optional.empty();
    }
    String name = algorithm.ncclName();
    if (collective.operation() != CollectiveOperation.ALL_REDUCE) {
      return Optional.of(
          "the model runs "
              + name
              + " for all_reduce only, not "
              + collective.operation().ncclName()
              + " (NVSwitch multicast loads a GPU's NVLink receive side, which it does not"
              + " model)");
    }
    if (collective.protocol() != Protocol.AUTO && collective.protocol() != Protocol.SIMPLE) {
      return Optional.of(
          name + " runs with the Simple protocol only, not " + collective.protocol());
    }
    if (!layout.sameRanksPerNode()) {
      return Optional.of(name + " needs as many ranks on every host: a head per GPU of each host");
    }
    return unavailable(algorithm, Shape.of(collective, layout));
  }

  private static Optional<String> unavailable(Algorithm algorithm, Shape shape) {
    if (!NcclConstants.isNvls(algorithm)) {
      return Optional.empty();
    }
    String name = algorithm.ncclName();
    if (!shape.nvls()) {
      return Optional.of(
          name + " needs NVSwitch reduction: give the hosts' profile `nvswitch: true`");
    }
    if (algorithm == Algorithm.NVLS && shape.nodes() > 1) {
      return Optional.of(
          "NVLS spans one host (NCCL needs CollNet for more); across "
              + shape.nodes()
              + " hosts NCCL runs NVLSTree");
    }
    if (algorithm == Algorithm.NVLS_TREE && shape.nodes() == 1) {
      return Optional.of("NVLSTree spans hosts; on one host NCCL runs NVLS");
    }
    return Optional.empty();
  }

  private static Workload.Collective with(
      Workload.Collective c, Algorithm algorithm, Protocol protocol) {
    return new Workload.Collective(
        c.operation(),
        c.sizes(),
        c.dataType(),
        algorithm,
        protocol,
        c.ranks(),
        c.root(),
        c.channels(),
        c.qpsPerConnection(),
        c.splitDataOnQps(),
        c.fidelity(),
        c.start(),
        c.hosts());
  }

  /** NCCL's log2i: floor(log2 n), 0 for n &le; 1. */
  private static int log2(long n) {
    return n <= 1 ? 0 : 63 - Long.numberOfLeadingZeros(n);
  }

  private static int index(Protocol protocol) {
    return switch (protocol) {
      case LL -> 0;
      case LL128 -> 1;
      default -> 2;
    };
  }

  private static double micros(long ps) {
    return ps / 1e6;
  }
}
