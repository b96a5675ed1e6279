package dev.rocelab.model.net;

import dev.rocelab.model.engine.Component;
import java.util.ArrayDeque;

/**
 * The transmit side of a port: control frames first (strict), then data chosen by the subclass;
 * one frame on the wire at a time, serialized at the port's rate; PFC pauses received on this
 * port stop its data priorities (IEEE 802.1Qbb: for quanta × 512 bit times, or until a zero-quanta
 * resume). The frame being sent when a pause arrives is finished.
 */
abstract class Port extends Component {

  /** 802.1Qbb: one quantum is 512 bit times = 64 byte times. */
  static final int QUANTUM_BYTES = 64;

  final Network net;
  /** Index of this port in the fabric-wide counters. */
  final int gid;
  final String name;
  final long psPerByte;
  Wire out;

  private final ArrayDeque<Packet> control = new ArrayDeque<>();
  private Packet sending;
  private long sendEnd;
  private long lastSendEnd;

  // Pause state per priority: paused from pauseStart (>= 0) until pauseEnd.
  private final long[] pauseStart = {-1, -1, -1, -1, -1, -1, -1, -1};
  private final long[] pauseEnd = new long[8];

  Port(Network net, int gid, String name, long psPerByte) {
    this.net = net;
    this.gid = gid;
    this.name = name;
    this.psPerByte = psPerByte;
  }

  /** The next data frame that may start now, removed from its queue; null if none. */
  abstract Packet pollData(long now);

  /** The earliest future time a data frame may become eligible, or Long.MAX_VALUE. */
  abstract long nextDataTime(long now);

  /** Called when a frame starts transmission. */
  void onTransmitStart(Packet p, long now) {}

  /** Called when a frame has left the port completely. */
  void onTransmitEnd(Packet p, long now) {}

  /** Another timer of the owner to fold into this port's single wake-up; Long.MAX_VALUE if none. */
  long ownerTimer() {
    return Long.MAX_VALUE;
  }

  /** Called when {@link #ownerTimer()} is due. */
  void onOwnerTimer(long now) {}

  final void sendControl(Packet p, long now) {
    if (p.kind == Packet.PAUSE) {
      control.addFirst(p); // MAC control frames go before anything else waiting
    } else {
      control.addLast(p);
    }
    kick(now);
  }

  final boolean isPaused(int priority, long now) {
    return pauseStart[priority] >= 0 && now < pauseEnd[priority];
  }

  /** Starts the next frame if the transmitter is idle, else leaves it to the end of the current one. */
  final void kick(long now) {
    if (sending == null) {
      startNext(now);
    }
  }

  @Override
  protected final void wake(long now) {
    if (sending != null && now >= sendEnd) {
      Packet done = sending;
      sending = null;
      lastSendEnd = now;
      if (done.kind != Packet.PAUSE) {
        int slot = gid * 8 + done.priority;
        net.counters.txBytes[slot] += done.frameBytes;
        net.counters.txPackets[slot]++;
      }
      out.send(done, now);
      onTransmitEnd(done, now);
    }
    if (now >= ownerTimer()) {
      onOwnerTimer(now);
    }
    if (sending == null) {
      startNext(now);
    }
  }

  private void startNext(long now) {
    Packet head = control.peekFirst();
    Packet next = head != null && head.readyPs <= now ? control.pollFirst() : pollData(now);
    if (next == null) {
      long at = Math.min(Math.min(nextDataTime(now), ownerTimer()), head != null ? head.readyPs : Long.MAX_VALUE);
      if (at == Long.MAX_VALUE) {
        net.sim.cancel(this);
      } else {
        net.sim.schedule(this, Math.max(at, now));
      }
      return;
    }
    sending = next;
    // A cut-through frame that arrived just now may have been ready before its last byte was in:
    // if the port was idle since then, its transmission logically started at its ready time.
    long start = next.arrivedPs == now ? Math.min(now, Math.max(next.readyPs, lastSendEnd)) : now;
    sendEnd = Math.max(now, start + (long) next.wireBytes() * psPerByte);
    onTransmitStart(next, now);
    net.sim.schedule(this, sendEnd);
  }

  /** A PFC frame arrived on this port from the peer: stop or resume one priority. */
  final void receivePause(int priority, int quanta, long now) {
    net.counters.pausesReceived[gid * 8 + priority]++;
    boolean paused = isPaused(priority, now);
    if (quanta == 0) {
      if (paused) {
        net.counters.pausedPs[gid * 8 + priority] += now - pauseStart[priority];
        pauseStart[priority] = -1;
      }
      kick(now);
      return;
    }
    long end = now + (long) quanta * QUANTUM_BYTES * psPerByte;
    if (paused) {
      pauseEnd[priority] = end;
    } else {
      closePause(priority);
      pauseStart[priority] = now;
      pauseEnd[priority] = end;
    }
    if (sending == null) {
      startNext(now); // re-evaluate the wake-up: the paused queue may have been the next one
    }
  }

  /** Adds an expired pause interval to the paused time. */
  private void closePause(int priority) {
    if (pauseStart[priority] >= 0) {
      net.counters.pausedPs[gid * 8 + priority] += pauseEnd[priority] - pauseStart[priority];
      pauseStart[priority] = -1;
    }
  }

  /** The time a paused priority resumes on its own, or Long.MAX_VALUE when it is not paused. */
  final long pauseExpiry(int priority, long now) {
    return isPaused(priority, now) ? pauseEnd[priority] : Long.MAX_VALUE;
  }

  /** The paused time of a priority up to now, including a pause still running. */
  final long pausedPsAt(int priority, long now) {
    long closed = net.counters.pausedPs[gid * 8 + priority];
    return pauseStart[priority] >= 0 ? closed + Math.min(now, pauseEnd[priority]) - pauseStart[priority] : closed;
  }

  /** Accounts paused time up to the end of the run. */
  final void closeAt(long end) {
    for (int p = 0; p < 8; p++) {
      if (pauseStart[p] >= 0) {
        net.counters.pausedPs[gid * 8 + p] += Math.min(end, pauseEnd[p]) - pauseStart[p];
        pauseStart[p] = -1;
      }
    }
  }

  /** Bytes of the frame on the wire plus queued control frames, for in-flight accounting. */
  final Packet sending() {
    return sending;
  }

  final Iterable<Packet> queuedControl() {
    return control;
  }
}
