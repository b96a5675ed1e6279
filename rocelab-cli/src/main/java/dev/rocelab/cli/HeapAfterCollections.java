package dev.rocelab.cli;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The peak heap of a benchmark run, read without disturbing it: the JVM reports every garbage
 * collection it makes on its own, with the heap in use just after it, and the largest such figure
 * is the peak (an upper bound of the live heap: a young collection leaves the old generation's
 * garbage in place). It starts after a full collection, and {@link #peakBytes} makes one at the
 * end, both outside the timed run, so a run too short to collect at all still has a figure.
 */
final class HeapAfterCollections implements AutoCloseable {

  private final Set<String> heapPools =
      ManagementFactory.getMemoryPoolMXBeans().stream()
          .filter(pool -> pool.getType() == MemoryType.HEAP)
          .map(MemoryPoolMXBean::getName)
          .collect(Collectors.toUnmodifiableSet());

  private final AtomicLong peakBytes = new AtomicLong();
  private final AtomicLong collections = new AtomicLong();
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final NotificationListener listener = (notification, handback) -> collected(notification);

  /**
   * Starts listening to the JVM's collections, after a full one: what an earlier run in this JVM
   * left behind, live or not yet collected, must not count towards this run's peak.
   */
  HeapAfterCollections() {
    System.gc();
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (collector instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(listener, null, null);
        emitters.add(emitter);
      }
    }
  }

  /**
   * @return the collections the JVM made on its own since this meter started
   */
  long collections() {
    return collections.get();
  }

  /**
   * Stops listening after one full collection, which counts towards the peak.
   *
   * @return the largest heap in use after any collection, in bytes
   */
  long peakBytes() {
    System.gc();
    long afterFullCollection = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    close();
    return Math.max(peakBytes.get(), afterFullCollection);
  }

  @Override
  public void close() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(listener);
      } catch (ListenerNotFoundException alreadyRemoved) {
        // closed before
      }
    }
    emitters.clear();
  }

  private void collected(Notification notification) {
    if (!notification
        .getType()
        .equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
      return;
    }
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    if (info.getGcCause().equals("System.gc()")) {
      return; // the meter's own, or a caller's: not the run's own collections
    }
    long used =
        info.getGcInfo().getMemoryUsageAfterGc().entrySet().stream()
            .filter(pool -> heapPools.contains(pool.getKey()))
            .mapToLong(pool -> pool.getValue().getUsed())
            .sum();
    collections.incrementAndGet();
    peakBytes.accumulateAndGet(used, Math::max);
  }
}
