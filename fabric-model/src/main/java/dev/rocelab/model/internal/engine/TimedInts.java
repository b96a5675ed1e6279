package dev.rocelab.model.internal.engine;

import java.util.Arrays;

/**
 * A min-heap of ints keyed by time, first in first out among equal times, without boxing: the
 * pending actions of a component that has many of them but one wake-up.
 */
public final class TimedInts {

  private long[] times = new long[16];
  private long[] order = new long[16];
  private int[] values = new int[16];
  private int size;
  private long added;

  /**
   * @param time when
   * @param value what
   */
  public void add(long time, int value) {
    if (size == times.length) {
      times = Arrays.copyOf(times, size * 2);
      order = Arrays.copyOf(order, size * 2);
      values = Arrays.copyOf(values, size * 2);
    }
    int i = size++;
    long seq = added++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!before(time, seq, times[parent], order[parent])) {
        break;
      }
      move(parent, i);
      i = parent;
    }
    set(i, time, seq, value);
  }

  /**
   * @return whether nothing is pending
   */
  public boolean isEmpty() {
    return size == 0;
  }

  /**
   * @return the earliest time; meaningful only when not empty
   */
  public long nextTime() {
    return times[0];
  }

  /**
   * Removes the earliest entry (the first added among equal times).
   *
   * @return its value
   */
  public int poll() {
    int value = values[0];
    size--;
    if (size > 0) {
      long time = times[size];
      long seq = order[size];
      int last = values[size];
      int i = 0;
      while (true) {
        int child = 2 * i + 1;
        if (child >= size) {
          break;
        }
        if (child + 1 < size
            && before(times[child + 1], order[child + 1], times[child], order[child])) {
          child++;
        }
        if (!before(times[child], order[child], time, seq)) {
          break;
        }
        move(child, i);
        i = child;
      }
      set(i, time, seq, last);
    }
    return value;
  }

  private static boolean before(long t1, long s1, long t2, long s2) {
    return t1 < t2 || (t1 == t2 && s1 < s2);
  }

  private void move(int from, int to) {
    set(to, times[from], order[from], values[from]);
  }

  private void set(int i, long time, long seq, int value) {
    times[i] = time;
    order[i] = seq;
    values[i] = value;
  }
}
