package dev.rocelab.model.net;

import dev.rocelab.api.result.DropReason;
import java.util.ArrayDeque;

/**
 * A switch's egress port: eight priority queues served strict-priority first (highest priority
 * number first), then by deficit-weighted round robin; paused priorities and frames not yet
 * through the forwarding pipeline wait.
 */
final class SwitchPort extends Port {

  /** DWRR quantum per unit of weight: one maximum-size frame, so every visit can send. */
  private static final long QUANTUM = 9216 + 64;

  final SwitchNode owner;
  final int local;
  @SuppressWarnings("unchecked")
  private final ArrayDeque<Packet>[] queues = new ArrayDeque[8];
  final long[] queueBytes = new long[8];
  private final int[] strictOrder;
  private final boolean[] weighted = new boolean[8];
  private final long[] quantum = new long[8];
  private final long[] deficit = new long[8];
  private int current;
  private boolean visited;
  long pauseRefreshAt = Long.MAX_VALUE;
  /** Taken out of routing: no switch chooses this port, though it still sends what it holds. */
  boolean withdrawn;
  /** Priorities the PFC watchdog has switched to drop: their frames are discarded. */
  final boolean[] watchdogDropping = new boolean[8];

  SwitchPort(Network net, int gid, String name, long psPerByte, SwitchNode owner, int local, int[] strictOrder,
      int[] weights) {
    super(net, gid, name, psPerByte);
    this.owner = owner;
    this.local = local;
    this.strictOrder = strictOrder;
    for (int p = 0; p < 8; p++) {
      queues[p] = new ArrayDeque<>();
      weighted[p] = weights[p] > 0;
      quantum[p] = weights[p] * QUANTUM;
    }
  }

  void enqueue(Packet p, long now) {
    queues[p.priority].addLast(p);
    long depth = queueBytes[p.priority] += p.frameBytes;
    int slot = gid * 8 + p.priority;
    if (depth > net.counters.maxQueue[slot]) {
      net.counters.maxQueue[slot] = depth;
    }
    kick(now);
  }

  private boolean eligible(int priority, long now) {
    Packet head = queues[priority].peekFirst();
    return head != null && head.readyPs <= now && !isPaused(priority, now);
  }

  private Packet dequeue(int priority, long now) {
    Packet p = queues[priority].pollFirst();
    owner.onDequeue(this, p, queueBytes[priority], now);
    queueBytes[priority] -= p.frameBytes;
    return p;
  }

  @Override
  Packet pollData(long now) {
    for (int priority : strictOrder) {
      if (eligible(priority, now)) {
        return dequeue(priority, now);
      }
    }
    for (int tries = 0; tries < 17; tries++) {
      int q = current;
      if (weighted[q] && eligible(q, now)) {
        if (!visited) {
          deficit[q] += quantum[q];
          visited = true;
        }
        int size = queues[q].peekFirst().wireBytes();
        if (deficit[q] >= size) {
          deficit[q] -= size;
          return dequeue(q, now);
        }
      } else if (queues[q].isEmpty()) {
        deficit[q] = 0;
      }
      current = (current + 1) & 7;
      visited = false;
    }
    return null;
  }

  @Override
  long nextDataTime(long now) {
    long next = Long.MAX_VALUE;
    for (int p = 0; p < 8; p++) {
      Packet head = queues[p].peekFirst();
      if (head != null) {
        next = Math.min(next, isPaused(p, now) ? pauseExpiry(p, now) : head.readyPs);
      }
    }
    return next;
  }

  @Override
  void onTransmitStart(Packet p, long now) {
    owner.onTransmitted(p, now);
  }

  @Override
  long ownerTimer() {
    return pauseRefreshAt;
  }

  @Override
  void onOwnerTimer(long now) {
    owner.refreshPauses(this, now);
  }

  @Override
  void dropQueued(DropReason reason, long now) {
    for (int priority = 0; priority < 8; priority++) {
      dropQueue(priority, reason, now);
    }
  }

  /** Discards every frame waiting on one priority, freeing its buffer. */
  void dropQueue(int priority, DropReason reason, long now) {
    Packet p;
    while ((p = queues[priority].pollFirst()) != null) {
      queueBytes[priority] -= p.frameBytes;
      owner.onTransmitted(p, now); // frees its buffer, and may resume its upstream
      net.drop(p, this, reason, now);
    }
  }

  /** Whether a frame that came in through local ingress port {@code ingress} waits on a priority. */
  boolean holdsFrom(int priority, int ingress) {
    for (Packet p : queues[priority]) {
      if (p.ingressPort == ingress) {
        return true;
      }
    }
    return false;
  }

  /** @return payload bytes of data frames waiting in the queues, for in-flight accounting */
  long queuedPayload() {
    long bytes = 0;
    for (ArrayDeque<Packet> q : queues) {
      for (Packet p : q) {
        if (p.kind == Packet.DATA) {
          bytes += p.payload;
        }
      }
    }
    return bytes;
  }
}
