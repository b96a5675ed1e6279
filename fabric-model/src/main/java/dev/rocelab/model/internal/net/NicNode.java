package dev.rocelab.model.internal.net;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.NicFirmware;
import dev.rocelab.api.fabric.OutOfOrder;
import dev.rocelab.api.fabric.TrafficClass;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.model.internal.cc.CnpPacer;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Set;

/**
 * An RDMA NIC: sends for its queue pairs (per priority, earliest-eligible first, round robin across
 * priorities, honouring PFC pauses), and receives for the queue pairs that target it: in-order
 * delivery with cumulative ACKs, one NACK per gap, CNPs for CE-marked packets at most once per
 * interval per queue pair. ACK, NACK and CNP travel on the CNP class.
 *
 * <p>A packet that arrives ahead of the expected one is discarded and NACKed as a gap ({@link
 * OutOfOrder#RETRANSMIT}), or, with {@link OutOfOrder#TOLERATE}, placed and remembered in a window
 * of {@link OutOfOrder#WINDOW} packets, and delivered with the packets before it once the gap
 * fills; only a packet beyond the window is treated as a gap.
 *
 * <p>One NACK per gap is the InfiniBand responder rule (IBTA Vol. 1, C9-114: after a NAK for a PSN
 * sequence error the responder stays silent about later out-of-order packets until the expected PSN
 * arrives; Linux's soft-RoCE {@code rxe_resp.c} does the same): if the resent packet is lost too,
 * only the sender's retransmission timeout recovers. A receiver whose firmware goes back to 0 keeps
 * no partial message: on a gap it discards the message received so far, expects its first packet
 * again and NACKs for it, and it acknowledges whole messages only (Guo et al., "RDMA over Commodity
 * Ethernet at Scale", SIGCOMM 2016, §4; ns-3 HPCC's {@code L2BackToZero} resets its expected
 * sequence the same way).
 *
 * <p>Behind a host interface (PCIe) slower than its line, it fetches what it sends no faster than
 * the interface carries it, and writes what it receives to host memory at that rate ({@link
 * ReceiveDma}): received frames wait in the receive buffer, and once it is half full the NIC pauses
 * its peer on the frames' priority if PFC is on for it, resuming when the buffer is down to a
 * quarter; a full buffer drops what arrives.
 *
 * <p>It behaves per its firmware version ({@link NicFirmware}): DCQCN variant, loss recovery,
 * retransmission timeout, receive buffer and pause reaction; a firmware change during the run
 * ({@link #changeFirmware}) switches them, and rebases the DCQCN parameters and CNP marking still
 * at the old version's defaults onto the new one's.
 */
final class NicNode implements Node {

  /**
   * Coalesced ACKs: one per this many in-order packets, at the end of every message, and for the
   * first packet after {@link #ACK_INTERVAL_PS} without one — so a queue pair that DCQCN has slowed
   * to a crawl is still acknowledged long before its retransmission timeout.
   */
  static final int ACK_EVERY = 16;

  static final long ACK_INTERVAL_PS = 10_000_000L;

  private static final long PS_BITS_PER_BYTE = 8_000_000_000_000L;

  final int index;
  final String name;
  final long lineRateBps;

  /** The host interface's data rate per direction, or 0 where it keeps up with the line. */
  private final long hostInterfaceBps;

  /** The priorities on which the NIC sends PFC, one bit each. */
  private final int pfcPriorities;

  // Firmware behaviour and the settings derived from it; changeFirmware replaces them.
  NicFirmware firmware;
  DcqcnParameters dcqcn;
  int controlDscp;
  int controlPriority;
  boolean goBackToMessageStart;
  OutOfOrder outOfOrder;
  long rtoPs;

  /** The first timeout after progress with adaptive retransmission; 0 for a fixed one. */
  long adaptiveFirstTimeoutPs;

  /**
   * The receive buffer for one priority; half of it is the level at which the NIC pauses its peer.
   */
  long rxBufferBytes;

  NicPort port;
  private final QpHeap[] heaps = new QpHeap[8];
  private int[] priorities = new int[0];
  private int nextPriority;
  // A stuck receive path (a PFC storm): frames of one priority are held, not processed.
  private int stuckPriority = -1;
  private final ArrayDeque<Packet> held = new ArrayDeque<>();
  private long heldBytes;
  // A host interface slower than the line: when the next frame to send is fetched, and the
  // receive side's writes to host memory (null where the interface keeps up).
  private long sendFetchedPs;
  private ReceiveDma receiveDma;
  // Whether the NIC pauses its peer because its receive buffer is filling.
  private boolean pausingPeer;

  /**
   * @param firmware the firmware version's behaviour
   * @param dcqcn the DCQCN parameters of the NIC's profile
   * @param cnp the CNP marking of the NIC's profile
   * @param outOfOrder the out-of-order handling of the NIC's profile
   * @param pfcPriorities the priorities on which the NIC sends PFC
   * @param hostInterfaceBps the host interface's data rate per direction, 0 if it keeps up
   */
  NicNode(
      int index,
      String name,
      long lineRateBps,
      NicFirmware firmware,
      DcqcnParameters dcqcn,
      TrafficClass cnp,
      OutOfOrder outOfOrder,
      Set<Integer> pfcPriorities,
      long hostInterfaceBps) {
    this.index = index;
    this.name = name;
    this.lineRateBps = lineRateBps;
    this.hostInterfaceBps = hostInterfaceBps < lineRateBps ? hostInterfaceBps : 0;
    int mask = 0;
    for (int priority : pfcPriorities) {
      mask |= 1 << priority;
    }
    this.pfcPriorities = mask;
    this.dcqcn = dcqcn;
    this.outOfOrder = outOfOrder;
    setFirmware(firmware, cnp);
  }

  private void setFirmware(NicFirmware next, TrafficClass cnp) {
    firmware = next;
    controlDscp = cnp.dscp();
    controlPriority = cnp.priority();
    goBackToMessageStart = next.retransmission() == NicFirmware.Retransmission.GO_BACK_0;
    rtoPs = next.retransmissionTimeout().picos();
    adaptiveFirstTimeoutPs = next.adaptiveRetransmission().picos();
    rxBufferBytes = next.receiveBuffer().bytes();
  }

  /** The pause reaction of the firmware applies to the NIC's port; called once the port exists. */
  void attach(NicPort nicPort) {
    port = nicPort;
    port.pauseReactionPs = firmware.pauseReaction().picos();
    if (hostInterfaceBps > 0) {
      receiveDma = port.net.sim.register(new ReceiveDma(this, port.net.sim, hostInterfaceBps));
    }
  }

  /**
   * @return the picoseconds a host interface of this rate takes to carry this payload
   */
  static long transferPs(int payload, long bitsPerSecond) {
    return payload * PS_BITS_PER_BYTE / bitsPerSecond;
  }

  /**
   * The NIC runs another firmware version from now on. Its queue pairs keep their state (rates,
   * outstanding packets); what the version decides applies from the next decision on.
   *
   * @param next the new version's behaviour
   * @param now the simulated time
   */
  void changeFirmware(NicFirmware next, long now) {
    NicFirmware previous = firmware;
    dcqcn = previous.rebase(dcqcn, next);
    outOfOrder = previous.rebase(outOfOrder, next);
    setFirmware(next, previous.rebase(new TrafficClass(controlDscp, controlPriority), next));
    port.pauseReactionPs = next.pauseReaction().picos();
    Network net = net();
    for (int q = 0; q < net.queuePairs.length; q++) {
      QueuePair qp = net.queuePairs[q];
      if (qp.nic == this) {
        qp.reconfigure(dcqcn, next.dcqcnVariant(), now);
      }
      if (qp.dstNic == index) {
        net.receivers[q].cnpPacer.interval(dcqcn.cnpInterval().picos());
      }
    }
  }

  /** Registers a sending queue pair. */
  void add(QueuePair qp) {
    if (heaps[qp.priority] == null) {
      heaps[qp.priority] = new QpHeap();
      int[] more = Arrays.copyOf(priorities, priorities.length + 1);
      more[priorities.length] = qp.priority;
      Arrays.sort(more);
      priorities = more;
    }
    heaps[qp.priority].update(qp);
  }

  /** A queue pair's eligibility changed outside the port's own choice. */
  void requeue(QueuePair qp, long now) {
    heaps[qp.priority].update(qp);
    port.kick(now);
  }

  Packet pollData(long now) {
    if (now < sendFetchedPs) {
      return null; // the host interface is still fetching the next frame
    }
    int n = priorities.length;
    for (int k = 0; k < n; k++) {
      int priority = priorities[(nextPriority + k) % n];
      if (port.isPaused(priority, now)) {
        continue;
      }
      QueuePair top = heaps[priority].peek();
      if (top != null && top.eligibleAt() <= now) {
        nextPriority = (nextPriority + k + 1) % n;
        Packet p = top.nextPacket(now);
        heaps[priority].update(top);
        if (hostInterfaceBps > 0) {
          sendFetchedPs = now + transferPs(p.payload, hostInterfaceBps);
        }
        return p;
      }
    }
    return null;
  }

  long nextDataTime(long now) {
    long next = Long.MAX_VALUE;
    for (int priority : priorities) {
      QueuePair top = heaps[priority].peek();
      if (top != null) {
        next =
            Math.min(
                next,
                port.isPaused(priority, now) ? port.pauseExpiry(priority, now) : top.eligibleAt());
      }
    }
    return next == Long.MAX_VALUE ? next : Math.max(next, sendFetchedPs);
  }

  @Override
  public void receive(Packet p, int portIndex, long now) {
    if (p.kind == Packet.PAUSE) {
      port.receivePause(p.pausePriority, p.pauseQuanta, now);
      return;
    }
    int slot = port.gid * 8 + p.priority;
    net().counters.rxBytes[slot] += p.frameBytes;
    net().counters.rxPackets[slot]++;
    switch (p.kind) {
      case Packet.DATA -> {
        if (p.priority == stuckPriority) {
          hold(p, now);
        } else {
          take(p, now);
        }
      }
      case Packet.ACK -> net().queuePairs[p.flow].onAck(p.psn, now);
      case Packet.NACK -> net().queuePairs[p.flow].onNack(p.psn, now);
      case Packet.CNP -> {
        net().counters.cnpsReceived[slot]++;
        net().queuePairs[p.flow].onCnp(now);
      }
      default -> throw new IllegalStateException("unknown frame kind " + p.kind);
    }
  }

  /**
   * The receive path of a priority gets stuck (a PFC storm): its frames pile up in the NIC's
   * receive buffer, and once that is half full the NIC pauses its peer, and keeps pausing, until
   * {@link #unstick(long)}.
   */
  void stick(int priority) {
    stuckPriority = priority;
  }

  /** The receive path works again: what was held is processed, and the peer is resumed. */
  void unstick(long now) {
    stuckPriority = -1;
    Packet[] released = held.toArray(new Packet[0]);
    held.clear();
    heldBytes = 0;
    for (Packet p : released) {
      take(p, now);
    }
    resumeIfDrained(now);
  }

  /**
   * @return payload bytes in the receive buffer (held by a stuck receive path or waiting for the
   *     host interface), for in-flight accounting
   */
  long bufferedPayload() {
    long bytes = receiveDma == null ? 0 : receiveDma.queuedPayload();
    for (Packet p : held) {
      bytes += p.payload;
    }
    return bytes;
  }

  private void hold(Packet p, long now) {
    if (admitted(p, now)) {
      held.addLast(p);
      heldBytes += p.frameBytes;
      pauseIfHalfFull(p.priority, now);
    }
  }

  /** A data frame the receive path takes: through the host interface where it is slower. */
  private void take(Packet p, long now) {
    if (receiveDma == null) {
      receiveData(p, now);
    } else if (admitted(p, now)) {
      receiveDma.accept(p, now);
      if ((pfcPriorities & 1 << p.priority) != 0) {
        pauseIfHalfFull(p.priority, now);
      }
    }
  }

  /** The host interface has written a frame to host memory: it is processed now. */
  void written(Packet p, long now) {
    receiveData(p, now);
    resumeIfDrained(now);
  }

  /**
   * Whether the receive buffer has room for a frame; if not, it is dropped: past the headroom of a
   * paused priority, or as overflow on one without PFC.
   */
  private boolean admitted(Packet p, long now) {
    if (bufferedBytes() + p.frameBytes > rxBufferBytes) {
      boolean paused = p.priority == stuckPriority || (pfcPriorities & 1 << p.priority) != 0;
      net()
          .drop(
              p,
              port,
              paused ? DropReason.LOSSLESS_HEADROOM_EXCEEDED : DropReason.BUFFER_OVERFLOW,
              now);
      return false;
    }
    return true;
  }

  private long bufferedBytes() {
    return heldBytes + (receiveDma == null ? 0 : receiveDma.queuedBytes());
  }

  /** Half full, the NIC pauses its peer: the other half is headroom for what is still coming. */
  private void pauseIfHalfFull(int priority, long now) {
    if (!pausingPeer && bufferedBytes() >= rxBufferBytes / 2) {
      pausingPeer = true;
      port.startPausing(priority, now);
    }
  }

  /** Down to a quarter, and not stuck, the NIC resumes its peer. */
  private void resumeIfDrained(long now) {
    if (pausingPeer && stuckPriority < 0 && bufferedBytes() <= rxBufferBytes / 4) {
      pausingPeer = false;
      port.stopPausing(now);
    }
  }

  private Network net() {
    return port.net;
  }

  private void receiveData(Packet p, long now) {
    Network net = net();
    Receiver rx = net.receivers[p.flow];
    net.receivedPayload += p.payload;
    net.latency.record(p.priority, net.queuePairs[p.flow].flow, now - p.sentPs);
    if (p.ce && rx.cnpPacer.tryCnp(now)) {
      net.counters.cnpsSent[port.gid * 8 + controlPriority]++;
      sendControl(Packet.CNP, p, 0, now);
    }
    if (p.psn == rx.expected) {
      deliverInOrder(rx, p, now);
    } else if (p.psn > rx.expected) {
      receiveAhead(rx, p, now);
    } else {
      sendControl(Packet.ACK, p, acknowledged(rx), now); // a duplicate: repeat where we are
    }
  }

  /**
   * The expected packet, then any placed ones it joins up with: acknowledged once, and before a
   * message that completes is reported.
   */
  private void deliverInOrder(Receiver rx, Packet p, long now) {
    boolean ackDue = false;
    for (Packet next = p; next != null; ) {
      ackDue |= accept(rx, next, now);
      Packet following = rx.takePlaced();
      if (ackDue && (following == null || next.lastOfMessage)) {
        ackDue = false;
        rx.sinceAck = 0;
        rx.lastAckPs = now;
        sendControl(Packet.ACK, p, acknowledged(rx), now);
      }
      if (next.lastOfMessage && rx.listener != null) {
        rx.listener.delivered(p.flow, now);
      }
      next = following;
    }
  }

  /** A packet ahead of the expected one: placed if the receiver tolerates it, else a gap. */
  private void receiveAhead(Receiver rx, Packet p, long now) {
    rx.outOfOrder++;
    if (outOfOrder == OutOfOrder.TOLERATE && rx.place(p)) {
      return;
    }
    if (!rx.nackSent) {
      rx.nackSent = true;
      if (goBackToMessageStart) {
        rx.expected = rx.messageStart; // the message so far is discarded
        rx.partial = 0;
        rx.clearPlaced();
      }
      sendControl(Packet.NACK, p, rx.expected, now);
    }
  }

  /**
   * Takes the expected packet: delivers its payload, and its message's if it is the last.
   *
   * @return whether an acknowledgement is due
   */
  private boolean accept(Receiver rx, Packet p, long now) {
    rx.expected++;
    rx.nackSent = false;
    if (goBackToMessageStart) {
      rx.partial += p.payload; // delivered once the whole message is in
    } else {
      rx.delivered += p.payload;
    }
    if (p.lastOfMessage) {
      rx.delivered += rx.partial;
      rx.partial = 0;
      rx.messageStart = rx.expected;
    }
    return p.lastOfMessage || ++rx.sinceAck >= ACK_EVERY || now - rx.lastAckPs >= ACK_INTERVAL_PS;
  }

  /**
   * The PSN a receiver acknowledges up to: whole messages only when its firmware goes back to 0.
   */
  private int acknowledged(Receiver rx) {
    return goBackToMessageStart ? rx.messageStart : rx.expected;
  }

  private void sendControl(byte kind, Packet data, int psn, long now) {
    Packet c = Packet.control(kind, data.flow, psn, controlDscp, index, data.srcNic, data.hash);
    c.priority = (byte) controlPriority;
    c.readyPs = now;
    c.arrivedPs = now;
    port.sendControl(c, now);
  }

  /** Receive-side state of one queue pair, kept at its destination NIC. */
  static final class Receiver {
    final CnpPacer cnpPacer;

    /** For queue pairs whose messages are posted at run time; null otherwise. */
    MessageListener listener;

    int expected;

    /** The first PSN of the message being received. */
    int messageStart;

    int sinceAck;
    long lastAckPs;
    boolean nackSent;

    /** Payload delivered in order, of whole messages when the receiver goes back to 0. */
    long delivered;

    /** Data packets that arrived ahead of the expected one. */
    long outOfOrder;

    /**
     * Packets placed ahead of the expected one by a tolerating receiver, at {@code psn % WINDOW};
     * null until the first is placed.
     */
    private Packet[] placed;

    /**
     * Payload of the message being received that a receiver going back to 0 has not delivered yet.
     */
    long partial;

    Receiver(CnpPacer cnpPacer) {
      this.cnpPacer = cnpPacer;
    }

    /**
     * Places a packet ahead of the expected one, if it falls in the window.
     *
     * @return false if it lies beyond the window: the receiver must treat the gap as a loss
     */
    boolean place(Packet p) {
      if (p.psn - expected >= OutOfOrder.WINDOW) {
        return false;
      }
      if (placed == null) {
        placed = new Packet[OutOfOrder.WINDOW];
      }
      placed[p.psn % OutOfOrder.WINDOW] = p; // a duplicate replaces its twin
      return true;
    }

    /** The placed packet that is now the expected one, removed; null if there is none. */
    Packet takePlaced() {
      if (placed == null) {
        return null;
      }
      int slot = expected % OutOfOrder.WINDOW;
      Packet p = placed[slot];
      if (p == null || p.psn != expected) {
        return null;
      }
      placed[slot] = null;
      return p;
    }

    /** Forgets every placed packet (the receiver went back to the message's start). */
    void clearPlaced() {
      if (placed != null) {
        Arrays.fill(placed, null);
      }
    }
  }
}
