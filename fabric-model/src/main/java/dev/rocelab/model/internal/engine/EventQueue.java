package dev.rocelab.model.internal.engine;

import java.util.Arrays;

/**
 * A 4-ary min-heap of components ordered by (wake time, sequence number): ties run first in, first
 * out. Four children per node halve the depth of a binary heap, which is what a poll pays for. Each
 * component appears at most once; rescheduling moves it in place. The keys live in primitive arrays
 * beside the components, so comparisons never leave the heap's own memory.
 */
final class EventQueue {

  private Component[] items = new Component[64];
  private long[] times = new long[64];
  private long[] seqs = new long[64];
  private int size;
  private long nextSeq;

  boolean isEmpty() {
    return size == 0;
  }

  int size() {
    return size;
  }

  long peekTime() {
    return times[0];
  }

  /** Schedules or moves the component's single wake-up. */
  void schedule(Component c, long time) {
    c.wakeTime = time;
    c.running = false;
    long seq = nextSeq++;
    int i = c.heapIndex;
    if (i < 0) {
      if (size == items.length) {
        items = Arrays.copyOf(items, size * 2);
        times = Arrays.copyOf(times, size * 2);
        seqs = Arrays.copyOf(seqs, size * 2);
      }
      siftUp(size++, c, time, seq);
    } else if (time < times[i]) {
      siftUp(i, c, time, seq);
    } else {
      siftDown(i, c, time, seq); // later in time, or the same time with a later sequence
    }
  }

  /** Removes the component's wake-up if it has one. */
  void cancel(Component c) {
    c.running = false;
    int i = c.heapIndex;
    if (i < 0) {
      return;
    }
    c.heapIndex = -1;
    int last = --size;
    Component moved = items[last];
    long time = times[last];
    long seq = seqs[last];
    items[last] = null;
    if (i < last) {
      if (before(time, seq, times[i], seqs[i])) {
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
    Component top = items[0];
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
      c.running = false;
      cancel(c);
    }
  }

  private static boolean before(long timeA, long seqA, long timeB, long seqB) {
    return timeA < timeB || (timeA == timeB && seqA < seqB);
  }

  private void siftUp(int i, Component c, long time, long seq) {
    while (i > 0) {
      int parent = (i - 1) >>> 2;
      if (!before(time, seq, times[parent], seqs[parent])) {
        break;
      }
      place(i, items[parent], times[parent], seqs[parent]);
      i = parent;
    }
    place(i, c, time, seq);
  }

  private void siftDown(int i, Component c, long time, long seq) {
    while (true) {
      int first = 4 * i + 1;
      if (first >= size) {
        break;
      }
      int best = first;
      int end = Math.min(first + 4, size);
      for (int child = first + 1; child < end; child++) {
        if (before(times[child], seqs[child], times[best], seqs[best])) {
          best = child;
        }
      }
      if (!before(times[best], seqs[best], time, seq)) {
        break;
      }
      place(i, items[best], times[best], seqs[best]);
      i = best;
    }
    place(i, c, time, seq);
  }

  private void place(int i, Component c, long time, long seq) {
    items[i] = c;
    times[i] = time;
    seqs[i] = seq;
    c.heapIndex = i;
  }
}
