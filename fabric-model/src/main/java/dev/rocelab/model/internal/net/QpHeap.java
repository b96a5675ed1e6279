package dev.rocelab.model.internal.net;

import java.util.Arrays;

/** A min-heap of queue pairs by (eligible time, id), for a NIC to pick the next sender quickly. */
final class QpHeap {

  private QueuePair[] heap = new QueuePair[8];
  private int size;

  boolean isEmpty() {
    return size == 0;
  }

  QueuePair peek() {
    return size == 0 ? null : heap[0];
  }

  /** Inserts, moves or removes the queue pair to match its current state. */
  void update(QueuePair qp) {
    if (!qp.hasData()) {
      remove(qp);
      return;
    }
    if (qp.heapPos < 0) {
      if (size == heap.length) {
        heap = Arrays.copyOf(heap, size * 2);
      }
      qp.heapPos = size;
      heap[size++] = qp;
    }
    siftUp(qp.heapPos);
    siftDown(qp.heapPos);
  }

  private void remove(QueuePair qp) {
    int i = qp.heapPos;
    if (i < 0) {
      return;
    }
    QueuePair last = heap[--size];
    heap[size] = null;
    qp.heapPos = -1;
    if (i < size) {
      heap[i] = last;
      last.heapPos = i;
      siftUp(i);
      siftDown(last.heapPos);
    }
  }

  private static boolean before(QueuePair a, QueuePair b) {
    long ta = a.eligibleAt();
    long tb = b.eligibleAt();
    return ta < tb || (ta == tb && a.id < b.id);
  }

  private void siftUp(int i) {
    QueuePair q = heap[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!before(q, heap[parent])) {
        break;
      }
      heap[i] = heap[parent];
      heap[i].heapPos = i;
      i = parent;
    }
    heap[i] = q;
    q.heapPos = i;
  }

  private void siftDown(int i) {
    QueuePair q = heap[i];
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      if (child + 1 < size && before(heap[child + 1], heap[child])) {
        child++;
      }
      if (!before(heap[child], q)) {
        break;
      }
      heap[i] = heap[child];
      heap[i].heapPos = i;
      i = child;
    }
    heap[i] = q;
    q.heapPos = i;
  }
}
