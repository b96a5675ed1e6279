package dev.rocelab.model.internal.net;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.NicFirmware.DcqcnVariant;
import dev.rocelab.model.internal.cc.DcqcnReactionPoint;
import dev.rocelab.model.internal.engine.Component;

/**
 * The sending side of one queue pair: segments its messages at the MTU, paces them at the DCQCN
 * rate, and recovers losses (on NACK, and on a retransmission timeout) as its NIC's firmware does:
 * go-back-N, or go-back-0 from the first packet of the message. The timeout is the firmware's local
 * ACK timeout, or with adaptive retransmission a short first timeout doubled on each timeout
 * without progress up to it. Its own wake-up serves the DCQCN timers and the retransmission timer.
 * Its messages are either scheduled (a fixed size, posted every period from the start) or
 * {@linkplain #post(long, long) posted} one by one while the run goes on.
 */
final class QueuePair extends Component {

  final Network net;
  final int id;

  /** The flow (FlowSpec) this queue pair belongs to. */
  final int flow;

  final NicNode nic;
  final int dstNic;
  final int hash;
  final int dscp;
  final int priority;
  private final int mtu;
  private final int packetsPerMessage;
  private final int lastPayload;
  final int totalPackets;
  private final long startPs;
  private final long periodPs;
  private DcqcnReactionPoint rp;
  private final long lineRateBps;

  /** Messages posted at run time; null for scheduled messages. */
  private final PostedMessages posted;

  int sndNxt;
  int sndUna;
  private long nextSendPs;

  /** The wire size of the last data packet sent, whose gap a rate change re-times; 0 before any. */
  private int lastWireBytes;

  private long rtoDeadline = Long.MAX_VALUE;

  /** Timeouts since the last progress, for adaptive retransmission. */
  private int timeoutsInARow;

  long retransmissions;

  /** Bytes of the messages posted at run time so far. */
  long postedBytes;

  long completionPs = -1;

  /** Position in the NIC's per-priority heap, −1 when not queued. */
  int heapPos = -1;

  QueuePair(
      Network net,
      int id,
      int flow,
      NicNode nic,
      int dstNic,
      int hash,
      int dscp,
      int priority,
      int mtu,
      long messageBytes,
      int messages,
      long startPs,
      long periodPs,
      DcqcnReactionPoint rp) {
    this.net = net;
    this.id = id;
    this.flow = flow;
    this.nic = nic;
    this.dstNic = dstNic;
    this.hash = hash;
    this.dscp = dscp;
    this.priority = priority;
    this.mtu = mtu;
    this.packetsPerMessage = (int) ((messageBytes + mtu - 1) / mtu);
    this.lastPayload = (int) (messageBytes - (long) (packetsPerMessage - 1) * mtu);
    this.totalPackets = Math.multiplyExact(packetsPerMessage, messages);
    this.startPs = startPs;
    this.periodPs = periodPs;
    this.rp = rp;
    this.lineRateBps = nic.lineRateBps;
    this.nextSendPs = startPs;
    this.posted = messages == 0 ? new PostedMessages(mtu) : null;
  }

  int mtu() {
    return mtu;
  }

  boolean hasData() {
    return sndNxt < (posted == null ? totalPackets : posted.postedPackets());
  }

  /**
   * Posts a message now (a queue pair built with no scheduled messages).
   *
   * @param bytes its size, &gt; 0
   * @param now the simulated time
   */
  void post(long bytes, long now) {
    boolean idle = !hasData();
    posted.post(bytes);
    postedBytes += bytes;
    if (idle) {
      nextSendPs = Math.max(nextSendPs, now);
      nic.requeue(this, now);
    }
  }

  /** When the next packet may leave: paced by the rate and by when its message is posted. */
  long eligibleAt() {
    if (posted != null) {
      return hasData() ? nextSendPs : Long.MAX_VALUE;
    }
    return Math.max(nextSendPs, startPs + (long) (sndNxt / packetsPerMessage) * periodPs);
  }

  long rateBps() {
    return rp == null ? lineRateBps : rp.rateBps();
  }

  /** Builds the next packet and advances; called when the NIC's port starts sending it. */
  Packet nextPacket(long now) {
    int psn = sndNxt++;
    boolean last;
    int payload;
    if (posted == null) {
      last = psn % packetsPerMessage == packetsPerMessage - 1;
      payload = last ? lastPayload : mtu;
    } else {
      last = posted.endsMessage(psn);
      payload = posted.payload(psn);
    }
    Packet p = Packet.data(id, psn, payload, dscp, nic.index, dstNic, hash, now);
    p.priority = (byte) priority;
    p.lastOfMessage = last;
    p.readyPs = now;
    p.arrivedPs = now;
    lastWireBytes = p.wireBytes();
    nextSendPs = now + gapPs(lastWireBytes, rateBps());
    if (rp != null) {
      long before = rp.rateBps();
      rp.onBytesSent(p.frameBytes, now);
      repace(before); // the NIC updates this queue pair's place once the packet is out
    }
    if (rtoDeadline == Long.MAX_VALUE) {
      rtoDeadline = now + timeout();
    }
    reschedule();
    return p;
  }

  void onAck(int nextExpected, long now) {
    if (nextExpected <= sndUna) {
      if (nextExpected == sndUna && sndUna < sndNxt) {
        // nothing new, but the receiver is taking packets in (a receiver going back to 0
        // acknowledges whole messages only): the timeout starts over
        rtoDeadline = now + timeout();
        reschedule();
      }
      return;
    }
    sndUna =
        posted == null
            ? Math.min(nextExpected, totalPackets)
            : Math.min(nextExpected, posted.postedPackets());
    if (sndNxt < sndUna) {
      sndNxt = sndUna;
    }
    timeoutsInARow = 0;
    rtoDeadline = sndUna < sndNxt ? now + timeout() : Long.MAX_VALUE;
    if (posted != null) {
      posted.acknowledged(sndUna);
    } else if (sndUna == totalPackets && completionPs < 0) {
      completionPs = now;
      net.queuePairCompleted(this, now);
    }
    reschedule();
  }

  void onNack(int expected, long now) {
    onAck(expected, now);
    if (sndNxt > expected && expected >= sndUna) {
      goBackTo(expected, now);
    }
  }

  void onCnp(long now) {
    if (rp != null) {
      long before = rp.rateBps();
      rp.onCnp(now);
      repaceAndRequeue(before, now);
      reschedule();
    }
  }

  /**
   * The firmware's DCQCN changed: the reaction point runs the new parameters (one is made if DCQCN
   * was off and is now on).
   */
  void reconfigure(DcqcnParameters dcqcn, DcqcnVariant variant, long now) {
    long before = rateBps();
    if (rp != null) {
      rp.reconfigure(dcqcn, variant);
    } else if (dcqcn.enabled()) {
      rp = new DcqcnReactionPoint(dcqcn, variant, lineRateBps, now);
    }
    repaceAndRequeue(before, now);
    reschedule();
  }

  /** Resends from {@code psn}, or with go-back-0 from the first packet of its message. */
  private void goBackTo(int psn, long now) {
    int from = nic.goBackToMessageStart ? messageStart(psn) : psn;
    retransmissions += sndNxt - from;
    sndNxt = from;
    nic.requeue(this, now);
  }

  private int messageStart(int psn) {
    return posted == null ? psn - psn % packetsPerMessage : posted.messageStart(psn);
  }

  @Override
  protected void wake(long now) {
    if (rp != null && rp.nextWakeupPs() <= now) {
      long before = rp.rateBps();
      rp.onTimer(now);
      repaceAndRequeue(before, now);
    }
    if (now >= rtoDeadline) {
      timeoutsInARow++;
      rtoDeadline = now + timeout();
      if (sndUna < sndNxt) {
        goBackTo(sndUna, now);
      }
    }
    reschedule();
  }

  private static long gapPs(int wireBytes, long rateBps) {
    return (long) wireBytes * 8_000_000_000_000L / rateBps;
  }

  /**
   * Re-times the gap after the last packet at a new rate, as ns-3 HPCC's {@code RdmaHw::ChangeRate}
   * does: the pause that packet's departure bought shrinks or grows with the rate. Without it a
   * queue pair cut to its minimum rate waits out a gap computed at that rate (33 ms for a 4 KiB
   * packet at 1 Mb/s) however fast DCQCN then restores it.
   */
  private void repace(long before) {
    long after = rateBps();
    if (after != before && lastWireBytes > 0) {
      nextSendPs += gapPs(lastWireBytes, after) - gapPs(lastWireBytes, before);
    }
  }

  /** {@link #repace}, then the NIC's schedule learns when this queue pair may send next. */
  private void repaceAndRequeue(long before, long now) {
    long was = nextSendPs;
    repace(before);
    if (nextSendPs != was && hasData()) {
      nic.requeue(this, now);
    }
  }

  /**
   * The timeout now: the firmware's fixed one, or with adaptive retransmission the first timeout
   * doubled for each timeout since the last progress, capped at the fixed one.
   */
  private long timeout() {
    long first = nic.adaptiveFirstTimeoutPs;
    if (first == 0) {
      return nic.rtoPs;
    }
    int doublings = Math.min(timeoutsInARow, Long.numberOfLeadingZeros(first) - 1);
    return Math.min(first << doublings, nic.rtoPs);
  }

  private void reschedule() {
    long next = Math.min(rp == null ? Long.MAX_VALUE : rp.nextWakeupPs(), rtoDeadline);
    if (next == Long.MAX_VALUE) {
      net.sim.cancel(this);
    } else if (!isScheduled() || scheduledTime() != next) {
      net.sim.schedule(this, Math.max(next, net.sim.now()));
    }
  }
}
