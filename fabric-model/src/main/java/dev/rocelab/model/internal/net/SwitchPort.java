package dev.rocelab.model.internal.net;

import dev.rocelab.api.result.DropReason;

/**
 * A switch's egress port: eight priority queues served strict-priority first (highest priority
 * number first), then by deficit-weighted round robin; paused priorities and frames not yet through
 * the forwarding pipeline wait.
 */
final class SwitchPort extends Port {

  /** DWRR quantum per unit of weight: one maximum-size frame, so every visit can send. */
  private static final long QUANTUM = 9216 + 64;

  final SwitchNode owner;
  final int local;
  private final EgressQueue[] queues = new EgressQueue[8];
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

  // Recent load for adaptive load balancing: bytes sent in the current and the last whole window.
  private final long loadWindowPs;
  private long windowStart;
  private long windowBytes;
  private long lastWindowBytes;

  SwitchPort(
      Network net,
      int gid,
      String name,
      long psPerByte,
      SwitchNode owner,
      int local,
      int[] strictOrder,
      int[] weights,
      long loadWindowPs) {
    super(net, gid, name, psPerByte);
    this.owner = owner;
    this.local = local;
    this.loadWindowPs = loadWindowPs;
    this.strictOrder = strictOrder;
    for (int p = 0; p < 8; p++) {
      queues[p] = new EgressQueue();
      weighted[p] = weights[p] > 0;
      quantum[p] = weights[p] * QUANTUM;
    }
  }

  void enqueue(Packet p, long now) {
    queues[p.priority].add(p);
    kick(now);
  }

  /** Whether a priority holds any frame, in the egress queue or still in the pipeline. */
  boolean holds(int priority) {
    return !queues[priority].isEmpty();
  }

  /**
   * The depth of a priority's egress queue at {@code now} (frames through the forwarding pipeline),
   * recorded as its peak if it is the deepest yet.
   */
  long depth(int priority, long now) {
    long depth = queues[priority].depth(now);
    int slot = gid * 8 + priority;
    if (depth > net.counters.maxQueue[slot]) {
      net.counters.maxQueue[slot] = depth;
    }
    return depth;
  }

  private boolean eligible(int priority, long now) {
    Packet head = queues[priority].peek();
    return head != null && head.readyPs <= now && !isPaused(priority, now);
  }

  private Packet dequeue(int priority, long now) {
    owner.onDequeue(this, queues[priority].peek(), depth(priority, now), now);
    return queues[priority].poll(now);
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
        int size = queues[q].peek().wireBytes();
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
      Packet head = queues[p].peek();
      if (head != null) {
        next = Math.min(next, isPaused(p, now) ? pauseExpiry(p, now) : head.readyPs);
      }
    }
    return next;
  }

  @Override
  void onTransmitStart(Packet p, long now) {
    if (net.tracksLoad) {
      rollLoadWindow(now);
      windowBytes += p.wireBytes();
    }
    owner.onTransmitted(p, now);
  }

  private void rollLoadWindow(long now) {
    long elapsed = now - windowStart;
    if (elapsed >= loadWindowPs) {
      lastWindowBytes = elapsed >= 2 * loadWindowPs ? 0 : windowBytes;
      windowBytes = 0;
      windowStart = now - elapsed % loadWindowPs;
    }
  }

  /**
   * The port's congestion band for load balancing: its egress occupancy, all priorities and the
   * pipeline included, and the share of line rate it sent in the last whole load window, quantised
   * as {@code balancer} does.
   *
   * @param balancer the balancer whose bands to use
   * @param now the simulated time
   * @return 0 (idle) to {@code balancer.bands − 1}
   */
  int band(LoadBalancer balancer, long now) {
    rollLoadWindow(now);
    long held = 0;
    for (EgressQueue queue : queues) {
      held += queue.heldBytes();
    }
    // the bytes of the last load window: this window's, and the older part of the one before
    double inWindow = (now - windowStart) / (double) loadWindowPs;
    double bytes = windowBytes + lastWindowBytes * (1 - inWindow);
    return balancer.band(held, bytes * psPerByte / loadWindowPs);
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
    while ((p = queues[priority].pollAny()) != null) {
      owner.onTransmitted(p, now); // frees its buffer, and may resume its upstream
      net.drop(p, this, reason, now);
    }
  }

  /**
   * Whether a frame that came in through local ingress port {@code ingress} waits on a priority.
   */
  boolean holdsFrom(int priority, int ingress) {
    EgressQueue queue = queues[priority];
    for (int i = 0; i < queue.size(); i++) {
      if (queue.get(i).ingressPort == ingress) {
        return true;
      }
    }
    return false;
  }

  /**
   * @return payload bytes of data frames waiting in the queues, for in-flight accounting
   */
  long queuedPayload() {
    long bytes = 0;
    for (EgressQueue queue : queues) {
      for (int i = 0; i < queue.size(); i++) {
        Packet p = queue.get(i);
        if (p.kind == Packet.DATA) {
          bytes += p.payload;
        }
      }
    }
    return bytes;
  }
}
