package dev.rocelab.model.internal.net;

/**
 * One priority's frames at a switch egress port, in arrival order, in a ring buffer. A frame is
 * held from the moment the switch admits it, but it joins the egress queue only when it comes out
 * of the forwarding pipeline ({@link Packet#readyPs}): ECN marking and queue-depth telemetry look
 * at the egress queue, as a switch's MMU counts it, not at frames still being looked up. Without
 * this distinction a 1 µs pipeline at 100 Gb/s alone would read as a 12.5 KB queue and mark packets
 * behind an idle link whenever Kmin is below that.
 *
 * <p>The queue is the ready prefix of the held frames (frames leave in order, so one still in the
 * pipeline keeps those behind it out too); it is brought up to date lazily, whenever it is read, at
 * a cost of one step per frame over its life.
 */
final class EgressQueue {

  private Packet[] ring = new Packet[16];
  private int head;
  private int size;

  /** Bytes of every frame held, pipeline included. */
  private long heldBytes;

  /** How many frames from the head have come out of the pipeline, and their bytes. */
  private int queued;

  private long queuedBytes;

  void add(Packet p) {
    if (size == ring.length) {
      Packet[] grown = new Packet[ring.length * 2];
      for (int i = 0; i < size; i++) {
        grown[i] = ring[(head + i) & (ring.length - 1)];
      }
      ring = grown;
      head = 0;
    }
    ring[(head + size++) & (ring.length - 1)] = p;
    heldBytes += p.frameBytes;
  }

  Packet peek() {
    return size == 0 ? null : ring[head];
  }

  /** Removes the head, which must have come out of the pipeline by {@code now}. */
  Packet poll(long now) {
    depth(now);
    Packet p = ring[head];
    ring[head] = null;
    head = (head + 1) & (ring.length - 1);
    size--;
    heldBytes -= p.frameBytes;
    if (queued > 0) {
      queued--;
      queuedBytes -= p.frameBytes;
    }
    return p;
  }

  /** Removes the head whether or not it is through the pipeline (the queue is being flushed). */
  Packet pollAny() {
    return size == 0 ? null : poll(Long.MIN_VALUE);
  }

  boolean isEmpty() {
    return size == 0;
  }

  /**
   * @return the bytes of every frame held, those still in the pipeline included
   */
  long heldBytes() {
    return heldBytes;
  }

  /**
   * The egress queue's depth at {@code now}: the frames from the head that are through the pipeline
   * by then.
   *
   * @param now the simulated time, never earlier than the previous call's
   * @return the depth in bytes (frames, headers included)
   */
  long depth(long now) {
    while (queued < size) {
      Packet next = ring[(head + queued) & (ring.length - 1)];
      if (next.readyPs > now) {
        break;
      }
      queued++;
      queuedBytes += next.frameBytes;
    }
    return queuedBytes;
  }

  /**
   * @return how many frames are held
   */
  int size() {
    return size;
  }

  /**
   * @param i a position from the head, {@code 0 <= i < size()}
   * @return the frame held there
   */
  Packet get(int i) {
    return ring[(head + i) & (ring.length - 1)];
  }
}
