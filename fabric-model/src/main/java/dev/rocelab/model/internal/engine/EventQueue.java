package dev.rocelab.model.internal.engine;

import java.util.Arrays;

/**
 * The pending wake-ups of components, ordered by (wake time, sequence number): ties run first in,
 * first out. Each component appears at most once; rescheduling moves it.
 *
 * <p>Nearly every event is a port or a wire waking and scheduling its own next wake-up a frame's
 * serialisation or a hop's delay later, tens of nanoseconds ahead (96% of the schedules of a
 * 16-host all-reduce, 94% by the component that is running). So the near future is a timing wheel:
 * {@value #BUCKETS} buckets of {@code 2^}{@value #BUCKET_SHIFT} ps each, covering the next {@value
 * #WINDOW_PS} ps (2.1 µs) from the last wake-up's bucket; each bucket a list sorted by (time,
 * sequence), and a two-level bitmap of the buckets in use, so that finding the earliest takes a few
 * bit operations and moving a wake-up a few array writes, where a heap of hundreds of entries took
 * a sift of several levels each time. Wake-ups further ahead (DCQCN timers, retransmission
 * timeouts, faults) wait in a 4-ary min-heap; the earliest of both runs next, so the order is
 * exactly that of one sorted queue.
 *
 * <p>Neither structure holds references: each component gets a slot number when first scheduled,
 * and the slot's time, sequence number and links lie in arrays indexed by it.
 */
final class EventQueue {

  /** A bucket spans {@code 2^BUCKET_SHIFT} picoseconds. */
  static final int BUCKET_SHIFT = 8;

  /** Buckets of the wheel. */
  static final int BUCKETS = 8192;

  /** How far ahead of the last wake-up's bucket the wheel reaches, in picoseconds. */
  static final long WINDOW_PS = (long) BUCKETS << BUCKET_SHIFT;

  private static final int MASK = BUCKETS - 1;

  /** Where a slot's wake-up waits: nowhere, on the wheel, or in the heap. */
  private static final byte NONE = 0;

  private static final byte WHEEL = 1;
  private static final byte HEAP = 2;

  // ---- per slot

  /** A slot's component. */
  private Component[] components = new Component[64];

  /** A slot's wake time and sequence number, while it waits. */
  private long[] times = new long[64];

  private long[] seqs = new long[64];

  /** Where a slot's wake-up waits. */
  private byte[] where = new byte[64];

  /** On the wheel: the slots before and after in the bucket's list, or -1. */
  private int[] prev = new int[64];

  private int[] next = new int[64];

  /** In the heap: the slot's position. */
  private int[] heapPositions = new int[64];

  private int slotCount;

  // ---- the wheel

  /** Each bucket's first and last slot, or -1 when empty. */
  private final int[] heads = filled(BUCKETS);

  private final int[] tails = filled(BUCKETS);

  /** Bit b of word w: bucket 64w + b holds a wake-up. */
  private final long[] words = new long[BUCKETS / 64];

  /** Bit b of word s: word 64s + b of {@link #words} is not zero. */
  private final long[] summary = new long[BUCKETS / 64 / 64];

  /** The bucket number (time >> {@link #BUCKET_SHIFT}) of the last wake-up run: no earlier wait. */
  private long cursor;

  private int wheelSize;

  // ---- the heap of later wake-ups: entry i's slot; its keys are the slot's time and sequence

  private int[] heap = new int[16];

  private int heapSize;

  private long nextSeq;

  /** The earliest slot, or -1 when it must be found again. */
  private int earliest = -1;

  boolean isEmpty() {
    return wheelSize + heapSize == 0;
  }

  int size() {
    return wheelSize + heapSize;
  }

  /** The earliest wake-up's time; only when not {@link #isEmpty()}. */
  long peekTime() {
    return times[earliestSlot()];
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
    boolean near = (time >> BUCKET_SHIFT) - cursor < BUCKETS;
    byte was = where[slot];
    if (was == HEAP && !near) {
      long oldTime = times[slot];
      times[slot] = time;
      seqs[slot] = seq;
      // later in time, or the same time with a later sequence: down; earlier: up
      if (time < oldTime) {
        siftUp(heapPositions[slot], slot);
      } else {
        siftDown(heapPositions[slot], slot);
      }
    } else {
      remove(slot, was);
      times[slot] = time;
      seqs[slot] = seq;
      if (near) {
        link(slot);
      } else {
        heapAdd(slot);
      }
    }
    earliest = -1;
  }

  /** Removes the component's wake-up if it has one. */
  void cancel(Component c) {
    c.pending = false;
    c.running = false;
    int slot = c.slot;
    if (slot >= 0 && where[slot] != NONE) {
      remove(slot, where[slot]);
      earliest = -1;
    }
  }

  /**
   * Marks the earliest component as running: its wake-up stays where it waits, so that a component
   * that schedules its next wake-up while it runs — most do — is moved once, where removing it and
   * adding it again would take two steps. The queue holds the same keys either way, so the order of
   * wake-ups is the same.
   *
   * @return the component
   */
  Component startEarliest() {
    int slot = earliestSlot();
    cursor = times[slot] >> BUCKET_SHIFT;
    Component top = components[slot];
    top.pending = false;
    top.running = true;
    return top;
  }

  /**
   * Ends a component's run: its wake-up goes, unless it scheduled (or cancelled) itself meanwhile.
   *
   * @param c the component {@link #startEarliest} returned
   */
  void ran(Component c) {
    if (c.running) {
      cancel(c);
    }
  }

  private int earliestSlot() {
    if (earliest < 0) {
      int onWheel = wheelSize == 0 ? -1 : heads[firstBucket()];
      int inHeap = heapSize == 0 ? -1 : heap[0];
      earliest = onWheel < 0 || inHeap >= 0 && before(inHeap, onWheel) ? inHeap : onWheel;
    }
    return earliest;
  }

  /** The first bucket in use from the cursor's on, going round: the wheel must hold a wake-up. */
  private int firstBucket() {
    int from = (int) cursor & MASK;
    int word = from >>> 6;
    long bits = words[word] & (-1L << from);
    if (bits != 0) {
      return word << 6 | Long.numberOfTrailingZeros(bits);
    }
    // later words, else round from the first (the cursor's word below the cursor included: its
    // bits there are buckets a whole turn ahead)
    int found = wordInUse(word + 1);
    if (found < 0) {
      found = wordInUse(0);
    }
    return found << 6 | Long.numberOfTrailingZeros(words[found]);
  }

  /** The first word of the bitmap not zero from this one on, or -1. */
  private int wordInUse(int from) {
    for (int s = from >>> 6; s < summary.length; s++) {
      long bits = s == from >>> 6 ? summary[s] & (-1L << from) : summary[s];
      if (bits != 0) {
        return s << 6 | Long.numberOfTrailingZeros(bits);
      }
    }
    return -1;
  }

  private boolean before(int a, int b) {
    return times[a] < times[b] || (times[a] == times[b] && seqs[a] < seqs[b]);
  }

  private void remove(int slot, byte was) {
    if (was == WHEEL) {
      unlink(slot);
    } else if (was == HEAP) {
      heapRemove(slot);
    }
  }

  /** Puts a slot on the wheel, in its bucket's (time, sequence) order: its sequence is the last. */
  private void link(int slot) {
    long time = times[slot];
    int bucket = (int) (time >> BUCKET_SHIFT) & MASK;
    int after = tails[bucket];
    while (after >= 0 && times[after] > time) {
      after = prev[after];
    }
    int before = after < 0 ? heads[bucket] : next[after];
    prev[slot] = after;
    next[slot] = before;
    if (after < 0) {
      heads[bucket] = slot;
    } else {
      next[after] = slot;
    }
    if (before < 0) {
      tails[bucket] = slot;
    } else {
      prev[before] = slot;
    }
    if (after < 0 && before < 0) {
      words[bucket >>> 6] |= 1L << bucket;
      summary[bucket >>> 12] |= 1L << (bucket >>> 6);
    }
    where[slot] = WHEEL;
    wheelSize++;
  }

  private void unlink(int slot) {
    int bucket = (int) (times[slot] >> BUCKET_SHIFT) & MASK;
    int before = prev[slot];
    int after = next[slot];
    if (before < 0) {
      heads[bucket] = after;
    } else {
      next[before] = after;
    }
    if (after < 0) {
      tails[bucket] = before;
    } else {
      prev[after] = before;
    }
    if (before < 0 && after < 0) {
      int word = bucket >>> 6;
      words[word] &= ~(1L << bucket);
      if (words[word] == 0) {
        summary[word >>> 6] &= ~(1L << word);
      }
    }
    where[slot] = NONE;
    wheelSize--;
  }

  private int addSlot(Component c) {
    int slot = slotCount++;
    if (slot == components.length) {
      int n = slot * 2;
      components = Arrays.copyOf(components, n);
      times = Arrays.copyOf(times, n);
      seqs = Arrays.copyOf(seqs, n);
      where = Arrays.copyOf(where, n);
      prev = Arrays.copyOf(prev, n);
      next = Arrays.copyOf(next, n);
      heapPositions = Arrays.copyOf(heapPositions, n);
    }
    components[slot] = c;
    c.slot = slot;
    return slot;
  }

  private void heapAdd(int slot) {
    if (heapSize == heap.length) {
      heap = Arrays.copyOf(heap, heapSize * 2);
    }
    where[slot] = HEAP;
    siftUp(heapSize++, slot);
  }

  private void heapRemove(int slot) {
    int i = heapPositions[slot];
    where[slot] = NONE;
    int last = heap[--heapSize];
    if (i < heapSize) {
      if (before(last, slot)) {
        siftUp(i, last);
      } else {
        siftDown(i, last);
      }
    }
  }

  /** Moves the slot from position i towards the root to where its keys belong. */
  private void siftUp(int i, int slot) {
    while (i > 0) {
      int parent = (i - 1) >>> 2;
      if (!before(slot, heap[parent])) {
        break;
      }
      place(i, heap[parent]);
      i = parent;
    }
    place(i, slot);
  }

  /** Moves the slot from position i towards the leaves to where its keys belong. */
  private void siftDown(int i, int slot) {
    while (true) {
      int first = 4 * i + 1;
      if (first >= heapSize) {
        break;
      }
      int best = heap[first];
      int end = Math.min(first + 4, heapSize);
      int bestAt = first;
      for (int child = first + 1; child < end; child++) {
        if (before(heap[child], best)) {
          best = heap[child];
          bestAt = child;
        }
      }
      if (!before(best, slot)) {
        break;
      }
      place(i, best);
      i = bestAt;
    }
    place(i, slot);
  }

  private void place(int i, int slot) {
    heap[i] = slot;
    heapPositions[slot] = i;
  }

  private static int[] filled(int n) {
    int[] a = new int[n];
    Arrays.fill(a, -1);
    return a;
  }
}
