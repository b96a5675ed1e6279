package dev.rocelab.model.internal.collective;

import java.util.Arrays;

/** A FIFO of ints without boxing. */
final class IntQueue {

  private int[] items = new int[8];
  private int head;
  private int size;

  void add(int value) {
    if (size == items.length) {
      int[] grown = new int[items.length * 2];
      for (int i = 0; i < size; i++) {
        grown[i] = items[(head + i) % items.length];
      }
      items = grown;
      head = 0;
    }
    items[(head + size++) % items.length] = value;
  }

  int poll() {
    if (size == 0) {
      throw new IllegalStateException("empty");
    }
    int value = items[head];
    head = (head + 1) % items.length;
    size--;
    return value;
  }

  boolean isEmpty() {
    return size == 0;
  }

  void clear() {
    Arrays.fill(items, 0);
    head = 0;
    size = 0;
  }
}
