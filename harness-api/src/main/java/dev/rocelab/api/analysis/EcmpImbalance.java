package dev.rocelab.api.analysis;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.result.RunResult;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * How unevenly ECMP spread traffic: for each switch with two or more uplinks (ports whose peer is
 * on a higher tier), {@code max/mean − 1} of the bytes its uplinks sent, all priorities; the worst
 * switch is the result. 0 is a perfect spread; 1 means the busiest uplink carried twice the mean.
 * {@link LoadBalance} has every group, and their imbalance over time.
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
    return LoadBalance.worst(run, fabric)
        .map(
            group ->
                new Worst(
                    group.device(),
                    group.imbalance(),
                    group.busiest().getKey(),
                    group.busiest().getValue(),
                    group.meanBytes(),
                    group.egressBytes().size()));
  }
}
