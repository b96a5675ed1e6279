package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Byte counts of a RoCEv2 frame, shared by headroom sizing and the simulator's serialization.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class Framing {

  /** Ethernet header (14) and FCS (4). */
  public static final int ETHERNET = 18;

  /** IPv4 (20), UDP (8), InfiniBand BTH (12) and ICRC (4). */
  public static final int ROCE_V2 = 44;

  /** Every RoCEv2 data packet's headers: {@link #ETHERNET} + {@link #ROCE_V2} = 62 bytes. */
  public static final int ROCE_HEADERS = ETHERNET + ROCE_V2;

  /** Preamble and start-of-frame delimiter (8) and the minimum inter-frame gap (12). */
  public static final int WIRE_OVERHEAD = 20;

  /** The minimum Ethernet frame, FCS included. */
  public static final int MIN_FRAME = 64;

  /** RoCEv2's UDP destination port (IBTA RoCEv2 annex). */
  public static final int ROCE_V2_UDP_PORT = 4791;

  private Framing() {}

  /**
   * The bytes a RoCEv2 packet with this payload occupies on the wire, gap included.
   *
   * @param payload the RDMA payload in bytes
   * @return frame plus preamble and inter-frame gap
   */
  public static long wireBytes(long payload) {
    return Math.max(payload + ROCE_HEADERS, MIN_FRAME) + WIRE_OVERHEAD;
  }

  /**
   * Whether a size is a RoCE (InfiniBand path) MTU: 256, 512, 1024, 2048 or 4096 bytes.
   *
   * @param bytes the size
   * @return whether it is one
   */
  public static boolean isRoceMtu(long bytes) {
    return bytes >= 256 && bytes <= 4096 && Long.bitCount(bytes) == 1;
  }
}
