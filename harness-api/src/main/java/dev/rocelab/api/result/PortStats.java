package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Counters of one priority of one port over a run. "tx" is what the port sent, "rx" what it
 * received; pause frames are counted where they were sent and where they were received.
 *
 * @param port the port (switch port or NIC)
 * @param priority 0..7
 * @param txBytes bytes transmitted (frames, headers included)
 * @param rxBytes bytes received
 * @param txPackets packets transmitted
 * @param rxPackets packets received
 * @param pausesSent PFC frames sent for this priority (XOFF and XON)
 * @param pausesReceived PFC frames received for this priority
 * @param pausedTime how long the egress of this priority was stopped by received pauses
 * @param ecnMarks packets CE-marked at this egress
 * @param cnpsSent congestion notification packets sent (NICs)
 * @param cnpsReceived congestion notification packets received (NICs)
 * @param drops dropped packets by reason
 * @param droppedBytes dropped bytes by reason (frames, headers included, as {@code txBytes}); empty
 *     if the backend does not measure them
 * @param maxQueue the deepest the egress queue got
 * @param maxHeadroom the most headroom the ingress priority group used
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record PortStats(
    Endpoint port,
    int priority,
    long txBytes,
    long rxBytes,
    long txPackets,
    long rxPackets,
    long pausesSent,
    long pausesReceived,
    SimTime pausedTime,
    long ecnMarks,
    long cnpsSent,
    long cnpsReceived,
    Map<DropReason, Long> drops,
    Optional<Map<DropReason, Long>> droppedBytes,
    DataSize maxQueue,
    DataSize maxHeadroom) {

  /** Validates the fields; the drop maps are copied in reason order, without zero entries. */
  public PortStats {
    Objects.requireNonNull(port, "port must not be null");
    if (priority < 0 || priority > 7) {
      throw new IllegalArgumentException("priority must be a priority 0..7 but was " + priority);
    }
    Objects.requireNonNull(pausedTime, "pausedTime must not be null");
    drops = byReason(Objects.requireNonNull(drops, "drops must not be null"), "drops");
    droppedBytes =
        Objects.requireNonNull(droppedBytes, "droppedBytes must not be null")
            .map(bytes -> byReason(bytes, "droppedBytes"));
    Objects.requireNonNull(maxQueue, "maxQueue must not be null");
    Objects.requireNonNull(maxHeadroom, "maxHeadroom must not be null");
  }

  private static Map<DropReason, Long> byReason(Map<DropReason, Long> counts, String field) {
    EnumMap<DropReason, Long> copy = new EnumMap<>(DropReason.class);
    counts.forEach(
        (reason, count) -> {
          if (count < 0) {
            throw new IllegalArgumentException(
                field + "." + reason + " must be >= 0 but was " + count);
          }
          if (count > 0) {
            copy.put(reason, count);
          }
        });
    return Collections.unmodifiableMap(copy);
  }

  /**
   * @return all dropped packets, whatever the reason
   */
  public long totalDrops() {
    return drops.values().stream().mapToLong(Long::longValue).sum();
  }

  /**
   * @return all dropped bytes, whatever the reason; empty if the backend does not measure them
   */
  public Optional<DataSize> totalDroppedBytes() {
    return droppedBytes.map(
        bytes -> DataSize.bytes(bytes.values().stream().mapToLong(Long::longValue).sum()));
  }

  /**
   * The fraction of a time span this priority's egress was paused.
   *
   * @param span the span, usually the run's simulated time
   * @return paused time / span
   */
  public double pausedFraction(SimTime span) {
    return span.picos() == 0 ? 0.0 : (double) pausedTime.picos() / span.picos();
  }
}
