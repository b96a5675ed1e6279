package dev.rocelab.model.internal.net;

import dev.rocelab.api.result.DropReason;
import dev.rocelab.model.internal.engine.Component;
import java.util.ArrayDeque;

/**
 * The transmit side of a port: control frames first (strict), then data chosen by the subclass; one
 * frame on the wire at a time, serialized at the port's rate; PFC pauses received on this port stop
 * its data priorities (IEEE 802.1Qbb: for quanta × 512 bit times, or until a zero-quanta resume).
 * The frame being sent when a pause arrives is finished. A pause or resume takes effect {@link
 * #pauseReactionPs} after it arrives: the reaction delay of the owner's firmware or NOS.
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

  /** When the frame on the wire has been sent completely; the transmitter is free from then. */
  private long busyUntil;

  /** The link is down: nothing is sent, and what was waiting is lost. */
  private boolean down;

  // Pause state per priority: paused from pauseStart (>= 0) until pauseEnd.
  private final long[] pauseStart = {-1, -1, -1, -1, -1, -1, -1, -1};
  private final long[] pauseEnd = new long[8];
  private final long[] lastPauseReceivedPs = {-1, -1, -1, -1, -1, -1, -1, -1};
  private final boolean[] pausesIgnored = new boolean[8];

  /** How long after a pause frame arrives it takes effect (firmware/NOS behaviour). */
  long pauseReactionPs;

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

  /** Called when a frame starts transmission (it is then on the wire, and out of any queue). */
  void onTransmitStart(Packet p, long now) {}

  /** Another timer of the owner to fold into this port's single wake-up; Long.MAX_VALUE if none. */
  long ownerTimer() {
    return Long.MAX_VALUE;
  }

  /** Called when {@link #ownerTimer()} is due. */
  void onOwnerTimer(long now) {}

  /**
   * Queues a control frame: a pause before anything else waiting, other control frames after those
   * already waiting. A pause for a priority that already has one waiting replaces its quanta
   * instead: the latest state is the one the peer must end in, and a newer XOFF sent ahead of an
   * older XON would leave the peer sending into a congested group until the next refresh.
   *
   * @param p the frame
   * @param now the time
   * @return false if the pause was merged into one still waiting, so no further frame goes out
   */
  final boolean sendControl(Packet p, long now) {
    if (down) {
      return true; // lost with the link
    }
    if (p.kind == Packet.PAUSE) {
      for (Packet waiting : control) {
        if (waiting.kind == Packet.PAUSE && waiting.pausePriority == p.pausePriority) {
          waiting.pauseQuanta = p.pauseQuanta;
          return false;
        }
      }
      control.addFirst(p); // MAC control frames go before anything else waiting
    } else {
      control.addLast(p);
    }
    kick(now);
    return true;
  }

  final boolean isPaused(int priority, long now) {
    return pauseStart[priority] >= 0 && now >= pauseStart[priority] && now < pauseEnd[priority];
  }

  /** Paused now, or a received pause takes effect later: the priority is not free to send. */
  final boolean pausedOrPending(int priority, long now) {
    return pauseStart[priority] >= 0 && now < pauseEnd[priority];
  }

  /**
   * Starts the next frame if the transmitter is free, else makes sure it looks again when it is.
   */
  final void kick(long now) {
    if (down) {
      return;
    }
    if (now >= busyUntil) {
      startNext(now);
    } else {
      net.sim.scheduleNoLaterThan(this, busyUntil);
    }
  }

  @Override
  protected final void wake(long now) {
    if (down) {
      return;
    }
    if (now >= ownerTimer()) {
      onOwnerTimer(now);
    }
    if (now >= busyUntil) {
      startNext(now);
    } else {
      net.sim.schedule(this, busyUntil); // the owner timer fired while a frame is on the wire
    }
  }

  /**
   * Starts the next eligible frame, if any, and schedules this port's single wake-up for the next
   * decision: when the transmitter is free again and something may be sent, or when the owner's
   * timer is due. A frame goes onto the wire as it starts; it arrives whole at the peer after its
   * serialization and the propagation delay. Nothing happens at the end of a frame unless there is
   * something to do then, so a paced sender costs one event per frame.
   */
  private void startNext(long now) {
    Packet head = control.peekFirst();
    Packet next = head != null && head.readyPs <= now ? control.pollFirst() : pollData(now);
    if (next != null) {
      // A cut-through frame that arrived just now may have been ready before its last byte was in:
      // if the port was idle since then, its transmission logically started at its ready time.
      long start = next.arrivedPs == now ? Math.min(now, Math.max(next.readyPs, busyUntil)) : now;
      busyUntil = Math.max(now, start + (long) next.wireBytes() * psPerByte);
      if (next.kind != Packet.PAUSE) {
        int slot = gid * 8 + next.priority;
        net.counters.txBytes[slot] += next.frameBytes;
        net.counters.txPackets[slot]++;
      }
      out.send(next, busyUntil);
      onTransmitStart(next, now);
    }
    long at = Math.min(nextDataTime(now), ownerTimer());
    head = control.peekFirst();
    if (head != null) {
      at = Math.min(at, head.readyPs);
    }
    if (at == Long.MAX_VALUE) {
      net.sim.cancel(this);
    } else {
      long when = Math.max(at, busyUntil);
      net.sim.schedule(this, Math.max(when, now));
    }
  }

  final boolean isDown() {
    return down;
  }

  /**
   * The link went down: frames waiting here are lost for {@code reason} (the subclass drops its
   * queues), the peer's pauses no longer hold, and the port is silent until {@link #linkUp(long)}.
   */
  final void linkDown(long now, DropReason reason) {
    down = true;
    net.sim.cancel(this);
    control.clear();
    for (int p = 0; p < 8; p++) {
      endPause(p, now);
    }
    dropQueued(reason, now);
  }

  /** Drops whatever data waits in this port's queues; called when its link goes down. */
  void dropQueued(DropReason reason, long now) {}

  /** The link is back: the port sends again. */
  final void linkUp(long now) {
    down = false;
    busyUntil = Math.min(busyUntil, now);
    kick(now);
  }

  /** A PFC frame arrived on this port from the peer: stop or resume one priority. */
  final void receivePause(int priority, int quanta, long now) {
    net.counters.pausesReceived[gid * 8 + priority]++;
    net.pauseFramesReceived++;
    if (quanta > 0) {
      lastPauseReceivedPs[priority] = now;
    }
    if (pausesIgnored[priority]) {
      return; // the PFC watchdog has declared this queue stormed
    }
    long effective = now + pauseReactionPs;
    if (quanta == 0) {
      if (pauseReactionPs == 0) {
        endPause(priority, now);
      } else if (pauseStart[priority] >= 0) {
        pauseEnd[priority] =
            Math.min(pauseEnd[priority], Math.max(effective, pauseStart[priority]));
      }
      kick(now);
      return;
    }
    long end = effective + (long) quanta * QUANTUM_BYTES * psPerByte;
    boolean pending = pauseStart[priority] > now;
    if (isPaused(priority, now) || pending) {
      pauseEnd[priority] = end;
    } else {
      endPause(priority, now);
      pauseStart[priority] = effective;
      pauseEnd[priority] = end;
    }
    kick(now); // re-evaluate the wake-up: the paused queue may have been the next one
  }

  /** Ends any pause of a priority now (or when it expired), adding its paused time. */
  private void endPause(int priority, long now) {
    if (pauseStart[priority] >= 0) {
      net.counters.pausedPs[gid * 8 + priority] +=
          Math.max(0, Math.min(now, pauseEnd[priority]) - pauseStart[priority]);
      pauseStart[priority] = -1;
    }
  }

  /** When the current unbroken pause of a priority began, or −1 if it is not paused. */
  final long pausedSince(int priority, long now) {
    return isPaused(priority, now) ? pauseStart[priority] : -1;
  }

  /** When a pause frame for a priority last arrived, or −1. */
  final long lastPauseReceived(int priority) {
    return lastPauseReceivedPs[priority];
  }

  /** The PFC watchdog stops (true) or resumes (false) honouring pauses for a priority. */
  final void ignorePauses(int priority, boolean ignore, long now) {
    pausesIgnored[priority] = ignore;
    if (ignore) {
      endPause(priority, now);
      kick(now);
    }
  }

  /** The time a paused priority resumes on its own, or Long.MAX_VALUE when it is not paused. */
  final long pauseExpiry(int priority, long now) {
    return isPaused(priority, now) ? pauseEnd[priority] : Long.MAX_VALUE;
  }

  /** The paused time of a priority up to now, including a pause still running. */
  final long pausedPsAt(int priority, long now) {
    long closed = net.counters.pausedPs[gid * 8 + priority];
    return pauseStart[priority] >= 0
        ? closed + Math.max(0, Math.min(now, pauseEnd[priority]) - pauseStart[priority])
        : closed;
  }
}
