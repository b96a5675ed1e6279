package dev.rocelab.model.internal.net;

import dev.rocelab.model.internal.engine.Component;

/**
 * One direction of a link: frames that have left a port travel for the propagation delay and arrive
 * whole at the peer. Frames are kept in a ring in arrival order; only the head's arrival is
 * scheduled.
 */
final class Wire extends Component {

  private final Network net;
  private final long propagationPs;
  final Node peer;
  final int peerPort;

  /** The port at the far end, where frames that fail their CRC are counted. */
  Port receiver;

  /** Bit errors or a degrading optic act on this wire: every frame is checked. */
  private boolean impaired;

  private java.util.SplittableRandom bitErrors;
  private double bitsKeptLog;

  /**
   * A degrading optic's FEC counters at the receiver: codewords checked, those FEC corrected and
   * those beyond correction.
   */
  long fecCodewords;

  long fecCorrected;

  long fecUncorrectable;

  /** A degrading optic's draws and FEC, or null. */
  private java.util.SplittableRandom codewordErrors;

  private Fec fec;
  private double codewordErrored;
  private double codewordUncorrectable;
  private Packet[] frames = new Packet[16];
  private long[] arrivals = new long[16];
  private int head;
  private int count;

  Wire(Network net, long propagationPs, Node peer, int peerPort) {
    this.net = net;
    this.propagationPs = propagationPs;
    this.peer = peer;
    this.peerPort = peerPort;
  }

  void send(Packet p, long now) {
    if (count == frames.length) {
      grow();
    }
    int tail = (head + count) % frames.length;
    frames[tail] = p;
    arrivals[tail] = now + propagationPs;
    if (count++ == 0) {
      net.sim.schedule(this, arrivals[tail]);
    }
  }

  @Override
  protected void wake(long now) {
    Packet p = frames[head];
    frames[head] = null;
    head = (head + 1) % frames.length;
    count--;
    if (count > 0) {
      net.sim.schedule(this, arrivals[head]);
    }
    if (impaired && lost(p)) {
      if (p.kind == Packet.DATA) {
        net.drop(p, receiver, dev.rocelab.api.result.DropReason.CRC_ERROR, now);
      }
      return;
    }
    peer.receive(p, peerPort, now);
  }

  /**
   * From now on, bits on this wire are flipped with probability {@code preFecBer} before the link's
   * FEC: each codeword of a frame is corrected when it has errored symbols FEC can correct, counted
   * at the receiver; a frame with a codeword beyond correction fails its CRC.
   *
   * @param preFecBer the bit-error rate before FEC
   * @param linkBitsPerSecond the link's speed, which decides its FEC
   * @param seed the draws' seed
   */
  void degrade(double preFecBer, long linkBitsPerSecond, long seed) {
    if (codewordErrors == null) {
      codewordErrors = new java.util.SplittableRandom(seed);
      fec = Fec.forSpeed(linkBitsPerSecond);
      impaired = true;
    }
    codewordErrored = fec.errored(preFecBer);
    codewordUncorrectable = fec.uncorrectable(preFecBer);
  }

  /**
   * @return the FEC of a degrading optic's link, or null if its optic never degraded
   */
  Fec fec() {
    return fec;
  }

  /** Only on an impaired wire: whether bit errors or uncorrectable codewords lose the frame. */
  private boolean lost(Packet p) {
    boolean lost = bitErrors != null && corrupted(p);
    if (codewordErrors != null) {
      int codewords = fec.codewords(p.wireBytes());
      fecCodewords += codewords;
      for (int c = codewords; c > 0; c--) {
        double draw = codewordErrors.nextDouble();
        if (draw < codewordUncorrectable) {
          fecUncorrectable++;
          lost = true;
        } else if (draw < codewordErrored) {
          fecCorrected++;
        }
      }
    }
    return lost;
  }

  /**
   * From now on, every bit on this wire is flipped with probability {@code ber}: a frame of n bits
   * fails its CRC with probability 1 − (1 − ber)^n and is dropped by the receiver.
   */
  void startBitErrors(double ber, long seed) {
    bitErrors = new java.util.SplittableRandom(seed);
    bitsKeptLog = Math.log1p(-ber);
    impaired = true;
  }

  private boolean corrupted(Packet p) {
    double intact = Math.exp(8.0 * p.wireBytes() * bitsKeptLog);
    return bitErrors.nextDouble() >= intact;
  }

  /** The link went down: every frame on the wire is lost, counted at the port that sent it. */
  void loseAll(Port from, long now) {
    for (int i = 0; i < count; i++) {
      int slot = (head + i) % frames.length;
      if (frames[slot].kind == Packet.DATA) {
        net.drop(frames[slot], from, dev.rocelab.api.result.DropReason.LINK_DOWN, now);
      }
      frames[slot] = null;
    }
    count = 0;
    net.sim.cancel(this);
  }

  /**
   * @return the frames on the wire, for in-flight accounting
   */
  int inFlightPayload() {
    int bytes = 0;
    for (int i = 0; i < count; i++) {
      Packet p = frames[(head + i) % frames.length];
      if (p.kind == Packet.DATA) {
        bytes += p.payload;
      }
    }
    return bytes;
  }

  private void grow() {
    Packet[] f = new Packet[frames.length * 2];
    long[] a = new long[frames.length * 2];
    for (int i = 0; i < count; i++) {
      f[i] = frames[(head + i) % frames.length];
      a[i] = arrivals[(head + i) % frames.length];
    }
    frames = f;
    arrivals = a;
    head = 0;
  }
}
