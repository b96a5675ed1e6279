package dev.rocelab.model.internal.engine;

import java.util.Arrays;

/**
 * A 4-ary min-heap of components ordered by (wake time, sequence number): ties run first in, first
 * out. Four children per node halve the depth of a binary heap, which is what a poll pays for. Each
 * component appears at most once; rescheduling moves it in place.
 *
 * <p>The heap holds no references: each component gets a slot number when first scheduled, and the
 * heap's entries are (time, sequence) pairs side by side in one array with the slot beside them;
 * the slot's heap position is kept in an array too. A sift therefore reads and writes only the
 * heap's own dense arrays, never the components, which lie scattered in memory: on a fabric of
 * thousands of ports those cache misses were most of the engine's time.
 */
final class EventQueue {

  /** Entry i's wake time at {@code 2 * i}, its sequence number at {@code 2 * i + 1}. */
  private long[] keys = new long[128];

  /** Entry i's component slot. */
  private int[] slots = new int[64];

  /** A slot's component. */
  private Component[] components = new Component[64];

  /** A slot's position in the heap, or -1 when it has no entry. */
  private int[] positions = new int[64];

  private int size;
  private int slotCount;
  private long nextSeq;

  boolean isEmpty() {
    return size == 0;
  }

  int size() {
    return size;
  }

  long peekTime() {
    return keys[0];
  }

  /** Schedules or moves the component's single wake-up. */
  void schedule(Component c, long time) {
    c.wakeTime = time;
    c.pending = true;
    c.running = false;
    long seq = nextSeq++;
    int slot = c.slot;
    if (slot < 0) {
      slot = addSlot(c);
    }
    int i = positions[slot];
    if (i < 0) {
      if (size == slots.length) {
        slots = Arrays.copyOf(slots, size * 2);
        keys = Arrays.copyOf(keys, size * 4);
      }
      siftUp(size++, slot, time, seq);
    } else if (time < keys[2 * i]) {
      siftUp(i, slot, time, seq);
    } else {
      siftDown(i, slot, time, seq); // later in time, or the same time with a later sequence
    }
  }

  /** Removes the component's wake-up if it has one. */
  void cancel(Component c) {
    c.pending = false;
    c.running = false;
    int slot = c.slot;
    if (slot < 0 || positions[slot] < 0) {
      return;
    }
    int i = positions[slot];
    positions[slot] = -1;
    int last = --size;
    int moved = slots[last];
    long time = keys[2 * last];
    long seq = keys[2 * last + 1];
    if (i < last) {
      if (before(time, seq, keys[2 * i], keys[2 * i + 1])) {
        siftUp(i, moved, time, seq);
      } else {
        siftDown(i, moved, time, seq);
      }
    }
  }

  /**
   * Marks the earliest component as running: its entry stays in the heap, so that a component that
   * schedules its next wake-up while it runs — most do — is moved in place by {@link #schedule},
   * one sift where removing it and adding it again would take two. The heap then holds the same
   * keys either way, so the order of wake-ups is the same.
   *
   * @return the component
   */
  Component startEarliest() {
    Component top = components[slots[0]];
    top.pending = false;
    top.running = true;
    return top;
  }

  /**
   * Ends a component's run: its entry goes, unless it scheduled (or cancelled) itself meanwhile.
   *
   * @param c the component {@link #startEarliest} returned
   */
  void ran(Component c) {
    if (c.running) {
      cancel(c);
    }
  }

  private int addSlot(Component c) {
    int slot = slotCount++;
    if (slot == components.length) {
      components = Arrays.copyOf(components, slot * 2);
      positions = Arrays.copyOf(positions, slot * 2);
    }
    components[slot] = c;
    positions[slot] = -1;
    c.slot = slot;
    return slot;
  }

  private static boolean before(long timeA, long seqA, long timeB, long seqB) {
    return timeA < timeB || (timeA == timeB && seqA < seqB);
  }

  private void siftUp(int i, int slot, long time, long seq) {
    while (i > 0) {
      int parent = (i - 1) >>> 2;
      long parentTime = keys[2 * parent];
      long parentSeq = keys[2 * parent + 1];
      if (!before(time, seq, parentTime, parentSeq)) {
        break;
      }
      place(i, slots[parent], parentTime, parentSeq);
      i = parent;
    }
    place(i, slot, time, seq);
  }

  private void siftDown(int i, int slot, long time, long seq) {
    long[] k = keys;
    int n = size;
    while (true) {
      int first = 4 * i + 1;
      if (first >= n) {
        break;
      }
      int best = first;
      long bestTime = k[2 * first];
      long bestSeq = k[2 * first + 1];
      int end = Math.min(first + 4, n);
      for (int child = first + 1; child < end; child++) {
        long childTime = k[2 * child];
        long childSeq = k[2 * child + 1];
        // without short-circuits, so that the choice compiles to conditional moves: which child
        // is earliest is as good as random, a branch on it mispredicts half the time
        boolean earlier = childTime < bestTime | (childTime == bestTime & childSeq < bestSeq);
        best = earlier ? child : best;
        bestTime = earlier ? childTime : bestTime;
        bestSeq = earlier ? childSeq : bestSeq;
      }
      if (!(bestTime < time | (bestTime == time & bestSeq < seq))) {
        break;
      }
      place(i, slots[best], bestTime, bestSeq);
      i = best;
    }
    place(i, slot, time, seq);
  }

  private void place(int i, int slot, long time, long seq) {
    keys[2 * i] = time;
    keys[2 * i + 1] = seq;
    slots[i] = slot;
    positions[slot] = i;
  }
}
