package dev.rocelab.model.engine;

import java.util.Arrays;

/**
 * A binary min-heap of components ordered by (wake time, sequence number): ties run first in,
 * first out. Each component appears at most once; rescheduling moves it in place.
 */
final class EventQueue {

  private Component[] heap = new Component[64];
  private int size;
  private long nextSeq;

  boolean isEmpty() {
    return size == 0;
  }

  int size() {
    return size;
  }

  Component peek() {
    return heap[0];
  }

  /** Schedules or moves the component's single wake-up. */
  void schedule(Component c, long time) {
    c.wakeTime = time;
    c.wakeSeq = nextSeq++;
    if (c.heapIndex < 0) {
      if (size == heap.length) {
        heap = Arrays.copyOf(heap, size * 2);
      }
      c.heapIndex = size;
      heap[size++] = c;
      siftUp(c.heapIndex);
    } else {
      // The new key is later in sequence; it may be earlier or later in time.
      siftUp(c.heapIndex);
      siftDown(c.heapIndex);
    }
  }

  /** Removes the component's wake-up if it has one. */
  void cancel(Component c) {
    int i = c.heapIndex;
    if (i < 0) {
      return;
    }
    Component last = heap[--size];
    heap[size] = null;
    c.heapIndex = -1;
    if (i < size) {
      heap[i] = last;
      last.heapIndex = i;
      siftUp(i);
      siftDown(last.heapIndex);
    }
  }

  /** Removes and returns the earliest component. */
  Component poll() {
    Component top = heap[0];
    Component last = heap[--size];
    heap[size] = null;
    top.heapIndex = -1;
    if (size > 0) {
      heap[0] = last;
      last.heapIndex = 0;
      siftDown(0);
    }
    return top;
  }

  private static boolean before(Component a, Component b) {
    return a.wakeTime < b.wakeTime || (a.wakeTime == b.wakeTime && a.wakeSeq < b.wakeSeq);
  }

  private void siftUp(int i) {
    Component c = heap[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      Component p = heap[parent];
      if (!before(c, p)) {
        break;
      }
      heap[i] = p;
      p.heapIndex = i;
      i = parent;
    }
    heap[i] = c;
    c.heapIndex = i;
  }

  private void siftDown(int i) {
    Component c = heap[i];
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      Component smallest = heap[child];
      int right = child + 1;
      if (right < size && before(heap[right], smallest)) {
        child = right;
        smallest = heap[right];
      }
      if (!before(smallest, c)) {
        break;
      }
      heap[i] = smallest;
      smallest.heapIndex = i;
      i = child;
    }
    heap[i] = c;
    c.heapIndex = i;
  }
}
