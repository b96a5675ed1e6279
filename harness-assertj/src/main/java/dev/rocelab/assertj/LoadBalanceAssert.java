package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.analysis.LoadBalance;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on how evenly traffic was spread over equal-cost uplinks ({@link LoadBalance}), and on
 * what balancing cost the flows (reordering). A failure names the group, its busiest and idlest
 * uplinks and what they sent. Needs the fabric; reads the same on the model and on a lab whose
 * telemetry reports transmitted bytes per switch port.
 *
 * <pre>{@code
 * assertThat(run).loadBalance().egressImbalance().isLessThan(0.10);
 * assertThat(run).loadBalance().group("leaf1").egressImbalance().isLessThan(0.10);
 * assertThat(run).loadBalance().flows().outOfOrder().isZero();
 * }</pre>
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public class LoadBalanceAssert extends AbstractAssert<LoadBalanceAssert, RunResult> {

  private final AssertContext context;
  private final String device;

  LoadBalanceAssert(AssertContext context) {
    this(context, null);
  }

  private LoadBalanceAssert(AssertContext context, String device) {
    super(context.run(), LoadBalanceAssert.class);
    this.context = context;
    this.device = device;
  }

  /**
   * @param switchName a switch with two or more uplinks
   * @return assertions on that switch's uplinks only
   */
  public LoadBalanceAssert group(String switchName) {
    return new LoadBalanceAssert(context, switchName);
  }

  /**
   * The egress imbalance, {@code max/mean − 1} of the bytes the uplinks sent: of the most uneven
   * group, or of the group chosen with {@link #group(String)}.
   *
   * @return an assertion on the imbalance
   */
  public NumberAssert egressImbalance() {
    String label = device == null ? "egress imbalance" : "egress imbalance of " + device;
    List<LoadBalance.Group> groups = LoadBalance.groups(actual, context.fabric());
    Optional<LoadBalance.Group> chosen =
        device == null
            ? LoadBalance.worst(actual, context.fabric())
            : groups.stream().filter(g -> g.device().equals(device)).findFirst();
    if (chosen.isEmpty()) {
      context.fail(
          label,
          "uplinks",
          device == null
              ? "traffic on the uplinks of a switch with two or more"
              : "traffic on the uplinks of " + device + " (a switch with two or more)",
          device == null ? "no such switch sent anything up" : device + " sent nothing up");
      return new NumberAssert(null, context, label, "uplinks");
    }
    LoadBalance.Group g = chosen.get();
    return new NumberAssert(
        g.imbalance(),
        context,
        label,
        g.egressBytes().size()
            + " uplinks of "
            + g.device()
            + (device == null && groups.size() > 1
                ? ", the most uneven of " + groups.size() + " groups"
                : ""),
        "",
        " (busiest "
            + g.busiest().getKey()
            + " sent "
            + Display.size(DataSize.bytes(g.busiest().getValue()))
            + ", idlest "
            + g.idlest().getKey()
            + " "
            + Display.size(DataSize.bytes(g.idlest().getValue()))
            + ", mean "
            + Display.size(DataSize.bytes(Math.round(g.meanBytes())))
            + ")");
  }

  /**
   * @return assertions on the run's flows, such as {@link FlowsAssert#outOfOrder()}
   */
  public FlowsAssert flows() {
    return new FlowsAssert(context, actual.flows(), "all flows");
  }
}
