package dev.rocelab.api.analysis;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * How unevenly ECMP spread traffic: for each switch with two or more uplinks (ports whose peer is
 * on a higher tier), {@code max/mean − 1} of the bytes its uplinks sent, all priorities; the worst
 * switch is the result. 0 is a perfect spread; 1 means the busiest uplink carried twice the mean.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EcmpImbalance {

  private EcmpImbalance() {}

  /**
   * The worst switch.
   *
   * @param device the switch
   * @param imbalance max/mean − 1
   * @param busiest its busiest uplink
   * @param busiestBytes what that uplink sent
   * @param meanBytes the mean over its uplinks
   * @param uplinks how many uplinks it has
   */
  public record Worst(
      String device,
      double imbalance,
      Endpoint busiest,
      long busiestBytes,
      double meanBytes,
      int uplinks) {}

  /**
   * @param run the run
   * @param fabric the fabric it ran on
   * @return the worst switch, or empty if no switch with two or more uplinks sent anything up
   */
  public static Optional<Worst> compute(RunResult run, FabricGraph fabric) {
    Map<Endpoint, Long> sent = new HashMap<>();
    for (PortStats stats : run.ports()) {
      sent.merge(stats.port(), stats.txBytes(), Long::sum);
    }
    Worst worst = null;
    for (Device device : fabric.switches()) {
      List<Endpoint> uplinks = fabric.uplinks(device.name());
      if (uplinks.size() < 2) {
        continue;
      }
      long total = 0;
      Endpoint busiest = uplinks.get(0);
      long busiestBytes = -1;
      for (Endpoint uplink : uplinks) {
        long bytes = sent.getOrDefault(uplink, 0L);
        total += bytes;
        if (bytes > busiestBytes) {
          busiest = uplink;
          busiestBytes = bytes;
        }
      }
      if (total == 0) {
        continue;
      }
      double mean = (double) total / uplinks.size();
      double imbalance = busiestBytes / mean - 1;
      if (worst == null || imbalance > worst.imbalance()) {
        worst = new Worst(device.name(), imbalance, busiest, busiestBytes, mean, uplinks.size());
      }
    }
    return Optional.ofNullable(worst);
  }
}
