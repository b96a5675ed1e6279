package dev.rocelab.model.internal.net;

import dev.rocelab.api.fabric.Framing;

/**
 * One frame in flight. Mutable and reused along its path: switches stamp their local bookkeeping
 * (ingress port, buffer shares, ready time) on it. Sizes are bytes, times picoseconds.
 */
public final class Packet {

  /** RDMA data. */
  public static final byte DATA = 0;

  /** Cumulative acknowledgement. */
  public static final byte ACK = 1;

  /** Negative acknowledgement: go back to {@link #psn}. */
  public static final byte NACK = 2;

  /** Congestion notification (DCQCN notification point → reaction point). */
  public static final byte CNP = 3;

  /** IEEE 802.1Qbb priority flow control frame. */
  public static final byte PAUSE = 4;

  byte kind;
  byte dscp;
  byte priority;
  boolean ect;
  boolean ce;
  int flow;
  int psn;
  int payload;

  /** Frame size on the wire without preamble and inter-frame gap. */
  int frameBytes;

  int srcNic;
  int dstNic;
  int hash;
  long sentPs;
  boolean lastOfMessage;

  // PFC frames: which priority, and for how long (0 = resume).
  int pausePriority;
  int pauseQuanta;

  // Switch-local bookkeeping, valid while the packet is inside one switch.
  int ingressPort;
  int egressPort;
  int bufferBytes;
  int sharedBytes;
  int headroomBytes;
  long readyPs;

  /** When the frame arrived whole at this node (or was created here). */
  long arrivedPs;

  static Packet data(
      int flow, int psn, int payload, int dscp, int srcNic, int dstNic, int hash, long now) {
    Packet p = new Packet();
    p.kind = DATA;
    p.flow = flow;
    p.psn = psn;
    p.payload = payload;
    p.frameBytes = Math.max(payload + Framing.ROCE_HEADERS, Framing.MIN_FRAME);
    p.dscp = (byte) dscp;
    p.ect = true;
    p.srcNic = srcNic;
    p.dstNic = dstNic;
    p.hash = hash;
    p.sentPs = now;
    return p;
  }

  static Packet control(byte kind, int flow, int psn, int dscp, int srcNic, int dstNic, int hash) {
    Packet p = new Packet();
    p.kind = kind;
    p.flow = flow;
    p.psn = psn;
    p.frameBytes = Framing.MIN_FRAME;
    p.dscp = (byte) dscp;
    p.srcNic = srcNic;
    p.dstNic = dstNic;
    p.hash = hash;
    return p;
  }

  static Packet pause(int priority, int quanta) {
    Packet p = new Packet();
    p.kind = PAUSE;
    p.frameBytes = Framing.MIN_FRAME;
    p.pausePriority = priority;
    p.pauseQuanta = quanta;
    p.priority = (byte) priority;
    return p;
  }

  /**
   * @return the bytes this frame occupies on the wire, preamble and gap included
   */
  int wireBytes() {
    return frameBytes + Framing.WIRE_OVERHEAD;
  }

  boolean isControl() {
    return kind != DATA;
  }
}
