package dev.rocelab.model.internal.collective;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.Protocol;
import org.apiguardian.api.API;

/**
 * NCCL's own constants, as its tuning model (src/graph/tuning.cc) and device code state them: the
 * base latency of a collective and the latency of one step over NVLink or the network, per
 * algorithm and protocol; NVLS's efficiency; the data one pipeline step carries (buffer size ÷
 * NCCL_STEPS); the smallest transfer (one protocol line); and the steps a connection may have in
 * flight.
 *
 * <p>The model adds the base latency once per collective and a hop's step latency to every transfer
 * before it is posted, on top of the simulated wire and NVLink time: small messages take what
 * NCCL's latency model says, large ones what the fabric can carry.
 *
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public final class NcclConstants {

  /** NCCL_STEPS: buffer slots per connection, so transfers a connection may have in flight. */
  public static final int STEPS = 8;

  private static final long PS_PER_US = 1_000_000L;

  /** LL128's grain: a warp's 32 threads × 8 elements of 8 B, 15 of each 16 of them data. */
  private static final long LL128_GRAIN_BYTES = 32L * 8 * 8 * 15 / 16;

  /**
   * The share of NVLink's data rate that NVSwitch reduction and multicast reach on Hopper: NCCL's
   * {@code nvlsEfficiency} (src/graph/tuning.cc, NCCL 2.23 and later). NVLS traffic takes 1/0.85 of
   * the time on a GPU's NVLink that other traffic of its size takes.
   */
  public static final double NVLS_EFFICIENCY = 0.85;

  // [algorithm: tree, ring, NVLS, NVLS tree][protocol: LL, LL128, SIMPLE], microseconds
  // (tuning.cc baseLat, hwLat). NCCL's NVLS latency over NVLink (25 µs) is one figure for the whole
  // call, not per step, so it is the base latency here and an NVLS hop over NVLink adds none; its
  // network latency is per tree level (NVLS tree: 14 µs, NCCL 2.21).
  private static final double[][] BASE_LATENCY = {
    {6.8, 14.0, 0.0}, {6.6, 14.0, 8.4}, {0, 0, 25.0}, {0, 0, 25.0}
  };
  private static final double[][] NVLINK_STEP_LATENCY = {
    {0.6, 1.25, 4.0}, {0.6, 1.9, 3.4}, {0, 0, 0}, {0, 0, 0}
  };
  private static final double[][] NETWORK_STEP_LATENCY = {
    {5.0, 8.5, 14.0}, {2.7, 4.0, 14.0}, {0, 0, 18.0}, {0, 0, 14.0}
  };

  private NcclConstants() {}

  /**
   * @param algorithm the algorithm
   * @param protocol the protocol
   * @return the latency paid once per collective, in picoseconds
   */
  public static long baseLatencyPs(Algorithm algorithm, Protocol protocol) {
    return micros(BASE_LATENCY[a(algorithm)][p(protocol)]);
  }

  /**
   * @param algorithm the algorithm
   * @param protocol the protocol
   * @param network whether the step crosses the network (else NVLink)
   * @return the latency of one step, in picoseconds
   */
  public static long stepLatencyPs(Algorithm algorithm, Protocol protocol, boolean network) {
    double[][] table = network ? NETWORK_STEP_LATENCY : NVLINK_STEP_LATENCY;
    return micros(table[a(algorithm)][p(protocol)]);
  }

  /**
   * The user data one pipeline step carries, a protocol's buffer ÷ NCCL_STEPS: Simple 4 MiB ÷ 8;
   * LL128 120 elements × 640 threads × 8 B per step, 120 of each 128 bytes data; LL 8 lines × 512
   * threads × 16 B per step, half of it data.
   *
   * @param protocol the protocol
   * @return bytes of user data per step
   */
  public static long sliceBytes(Protocol protocol) {
    return switch (protocol) {
      case SIMPLE -> 4L * 1024 * 1024 / STEPS;
      case LL128 -> 120L * 640 * 8 * 120 / 128;
      case LL -> 8L * 512 * 16 / 2;
      case AUTO -> throw unresolved();
    };
  }

  /**
   * The user data one pipeline step of a collective carries: the protocol's {@link #sliceBytes},
   * except for a tree with LL128, whose steps NCCL halves ({@code calcCollChunking},
   * src/enqueue.cc) while each channel's data would fill fewer than {@code 64 s / ppn} of them
   * (down to 128 KiB) and then fewer than {@code 16 s / ppn} (down to 32 KiB), where {@code s = 1 +
   * floor(log2 nodes) + 0.1 ppn} is the tree's depth in steps and {@code ppn} its ranks per node;
   * the result is aligned down to LL128's grain (a warp's 32 threads × 8 elements, 15 of 16 of them
   * data: 1,920 B). Full 576,000-byte steps on a deep tree would leave a few steps crossing its
   * levels one after another.
   *
   * @param algorithm the algorithm, resolved
   * @param protocol the protocol, resolved
   * @param bytes the collective's size as nccl-tests counts it
   * @param channels the channels it runs on, &ge; 1
   * @param nodes the hosts its ranks sit on, &ge; 1
   * @param ranks its ranks, &ge; nodes
   * @return bytes of user data per step
   */
  public static long chunkBytes(
      Algorithm algorithm, Protocol protocol, long bytes, int channels, int nodes, int ranks) {
    long chunk = sliceBytes(protocol);
    if (algorithm != Algorithm.TREE || protocol != Protocol.LL128) {
      return chunk;
    }
    double ranksPerNode = ranks / (double) nodes;
    double depthSteps = 1 + (31 - Integer.numberOfLeadingZeros(nodes)) + 0.1 * ranksPerNode;
    while (bytes / (channels * chunk) < depthSteps * 64 / ranksPerNode && chunk > 128 * 1024) {
      chunk /= 2;
    }
    while (bytes / (channels * chunk) < depthSteps * 16 / ranksPerNode && chunk > 32 * 1024) {
      chunk /= 2;
    }
    return Math.max(LL128_GRAIN_BYTES, chunk / LL128_GRAIN_BYTES * LL128_GRAIN_BYTES);
  }

  /**
   * @param protocol the protocol
   * @return the smallest transfer on the wire: one LL line (16 B) or one 128-byte line
   */
  public static long minimumWireBytes(Protocol protocol) {
    return protocol == Protocol.LL ? 16 : 128;
  }

  /**
   * @param protocol the protocol
   * @param dataBytes user data of a transfer
   * @return the bytes it puts on the link: data ÷ the protocol's efficiency, at least one line
   */
  public static long wireBytes(Protocol protocol, long dataBytes) {
    long bytes = (long) Math.ceil(dataBytes / protocol.efficiency());
    return Math.max(bytes, minimumWireBytes(protocol));
  }

  /**
   * @param algorithm the algorithm
   * @param protocol the protocol
   * @param dataBytes user data of a transfer over NVLink
   * @return the NVLink time it takes, in bytes at the link's data rate: its {@link #wireBytes}, ÷
   *     {@link #NVLS_EFFICIENCY} for NVLS traffic
   */
  public static double nvlinkBytes(Algorithm algorithm, Protocol protocol, long dataBytes) {
    return nvlinkBytes(algorithm, wireBytes(protocol, dataBytes));
  }

  /**
   * @param algorithm the algorithm
   * @param wireBytes what a transfer puts on NVLink
   * @return the NVLink time it takes, in bytes at the link's data rate: ÷ {@link #NVLS_EFFICIENCY}
   *     for NVLS traffic
   */
  public static double nvlinkBytes(Algorithm algorithm, double wireBytes) {
    return isNvls(algorithm) ? wireBytes / NVLS_EFFICIENCY : wireBytes;
  }

  /**
   * @param algorithm an algorithm
   * @return whether it reduces and multicasts in the NVSwitches (NVLS, NVLS tree)
   */
  public static boolean isNvls(Algorithm algorithm) {
    return algorithm == Algorithm.NVLS || algorithm == Algorithm.NVLS_TREE;
  }

  private static long micros(double us) {
    return Math.round(us * PS_PER_US);
  }

  private static int a(Algorithm algorithm) {
    return switch (algorithm) {
      case TREE -> 0;
      case RING -> 1;
      case NVLS -> 2;
      case NVLS_TREE -> 3;
      case AUTO -> throw unresolved();
    };
  }

  private static int p(Protocol protocol) {
    return switch (protocol) {
      case LL -> 0;
      case LL128 -> 1;
      case SIMPLE -> 2;
      case AUTO -> throw unresolved();
    };
  }

  private static IllegalArgumentException unresolved() {
    return new IllegalArgumentException("NCCL's choice (AUTO) must be resolved per size first");
  }
}
