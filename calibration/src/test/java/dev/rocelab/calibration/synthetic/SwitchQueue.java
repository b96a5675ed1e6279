package dev.rocelab.calibration.synthetic;

import dev.rocelab.api.fabric.Endpoint;
import java.util.Comparator;

/**
 * One priority of one switch port: the subject of one series of each {@link SwitchCounter}.
 *
 * @param port the switch port
 * @param priority the priority, 0..7
 */
record SwitchQueue(Endpoint port, int priority) implements Comparable<SwitchQueue> {

  private static final Comparator<SwitchQueue> ORDER =
      Comparator.comparing(SwitchQueue::port).thenComparingInt(SwitchQueue::priority);

  @Override
  public int compareTo(SwitchQueue other) {
    return ORDER.compare(this, other);
  }
}
