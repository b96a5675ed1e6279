package dev.rocelab.api.analysis;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * How evenly a run spread traffic over equal-cost ports. An <b>uplink group</b> is a switch's ports
 * whose peers are on a higher tier (the ports its ECMP, flowlet or adaptive choice spreads over
 * towards the rest of the fabric), for switches with two or more; its <b>egress imbalance</b> is
 * {@code max/mean − 1} of the bytes the group's ports sent, all priorities: 0 is a perfect spread,
 * 1 means the busiest port carried twice the mean. The figures come from the run's port counters,
 * so they read the same on the model and on a lab whose telemetry reports transmitted bytes per
 * switch port.
 *
 * <p>Over time, {@link #windows(RunResult, Group)} gives the imbalance of each sampling interval
 * from the per-port transmitted-bytes series ({@value #MODEL_SERIES} from the model, {@value
 * #LAB_SERIES} per port and priority from a lab); short intervals are noisy, as a few frames decide
 * them.
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class LoadBalance {

  /** The model's series of bytes each switch port sent per interval. */
  public static final String MODEL_SERIES = "tx_bytes";

  /** A lab's series of bytes sent per port and priority per interval. */
  public static final String LAB_SERIES = "txBytes";

  private LoadBalance() {}

  /**
   * One switch's uplinks and what each sent.
   *
   * @param device the switch
   * @param egressBytes bytes sent per uplink, all priorities, in link order
   */
  public record Group(String device, Map<Endpoint, Long> egressBytes) {

    /** Copies the map, keeping its order. */
    public Group {
      egressBytes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(egressBytes));
    }

    /**
     * @return the bytes all uplinks sent
     */
    public long totalBytes() {
      return egressBytes.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * @return the mean over the uplinks
     */
    public double meanBytes() {
      return (double) totalBytes() / egressBytes.size();
    }

    /**
     * @return the uplink that sent most (the first in link order among equals)
     */
    public Map.Entry<Endpoint, Long> busiest() {
      return firstWith(
          egressBytes.values().stream().mapToLong(Long::longValue).max().orElseThrow());
    }

    /**
     * @return the uplink that sent least (the first in link order among equals)
     */
    public Map.Entry<Endpoint, Long> idlest() {
      long least = egressBytes.values().stream().mapToLong(Long::longValue).min().orElseThrow();
      return firstWith(least);
    }

    private Map.Entry<Endpoint, Long> firstWith(long bytes) {
      return egressBytes.entrySet().stream()
          .filter(e -> e.getValue() == bytes)
          .findFirst()
          .orElseThrow();
    }

    /**
     * @return max/mean − 1; 0 when the group sent nothing
     */
    public double imbalance() {
      long total = totalBytes();
      return total == 0 ? 0 : busiest().getValue() / meanBytes() - 1;
    }
  }

  /**
   * The imbalance of a group over one sampling interval.
   *
   * @param end when the interval ended
   * @param bytes what the group's uplinks sent in it
   * @param imbalance max/mean − 1 over its uplinks in it
   */
  public record Window(SimTime end, long bytes, double imbalance) {}

  /**
   * @param run the run
   * @param fabric the fabric it ran on
   * @return every switch with two or more uplinks that sent anything up, in the fabric's order
   */
  public static List<Group> groups(RunResult run, FabricGraph fabric) {
    Map<Endpoint, Long> sent = new HashMap<>();
    for (PortStats stats : run.ports()) {
      sent.merge(stats.port(), stats.txBytes(), Long::sum);
    }
    List<Group> groups = new ArrayList<>();
    for (Device device : fabric.switches()) {
      List<Endpoint> uplinks = fabric.uplinks(device.name());
      if (uplinks.size() < 2) {
        continue;
      }
      Map<Endpoint, Long> bytes = new LinkedHashMap<>();
      for (Endpoint uplink : uplinks) {
        bytes.put(uplink, sent.getOrDefault(uplink, 0L));
      }
      Group group = new Group(device.name(), bytes);
      if (group.totalBytes() > 0) {
        groups.add(group);
      }
    }
    return groups;
  }

  /**
   * @param run the run
   * @param fabric the fabric it ran on
   * @return the group with the highest imbalance (the first in the fabric's order among equals), or
   *     empty if no group sent anything
   */
  public static Optional<Group> worst(RunResult run, FabricGraph fabric) {
    Group worst = null;
    for (Group group : groups(run, fabric)) {
      if (worst == null || group.imbalance() > worst.imbalance()) {
        worst = group;
      }
    }
    return Optional.ofNullable(worst);
  }

  /**
   * The group's imbalance per sampling interval, for the intervals in which it sent anything.
   *
   * @param run the run, with transmitted-bytes series of the group's ports
   * @param group one of its groups
   * @return the windows in time order; empty if the run has no such series
   */
  public static List<Window> windows(RunResult run, Group group) {
    Set<Endpoint> ports = group.egressBytes().keySet();
    Map<Endpoint, long[]> perPort = new LinkedHashMap<>();
    TimeSeries shape = null;
    for (TimeSeries series : run.series()) {
      if (!series.metric().equals(MODEL_SERIES) && !series.metric().equals(LAB_SERIES)) {
        continue;
      }
      String subject = series.subject();
      int slash = subject.indexOf('/');
      Optional<Endpoint> port = endpoint(slash < 0 ? subject : subject.substring(0, slash));
      if (port.isEmpty() || !ports.contains(port.get())) {
        continue;
      }
      long[] sum = perPort.computeIfAbsent(port.get(), p -> new long[series.size()]);
      for (int i = 0; i < Math.min(sum.length, series.size()); i++) {
        sum[i] += series.value(i);
      }
      shape = series;
    }
    if (shape == null) {
      return List.of();
    }
    List<Window> windows = new ArrayList<>();
    for (int i = 0; i < shape.size(); i++) {
      long total = 0;
      long most = 0;
      for (Endpoint port : ports) {
        long[] bytes = perPort.get(port);
        long b = bytes == null || i >= bytes.length ? 0 : bytes[i];
        total += b;
        most = Math.max(most, b);
      }
      if (total > 0) {
        double mean = (double) total / ports.size();
        windows.add(new Window(shape.timeOf(i), total, most / mean - 1));
      }
    }
    return List.copyOf(windows);
  }

  private static Optional<Endpoint> endpoint(String text) {
    try {
      return Optional.of(Endpoint.parse(text));
    } catch (IllegalArgumentException notAPort) {
      return Optional.empty();
    }
  }
}
