package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.analysis.EcmpImbalance;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.Optional;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on how evenly ECMP spread traffic. For each switch with two or more uplinks (ports
 * whose peer is on a higher tier) the imbalance is {@code max/mean − 1} of the bytes its uplinks
 * sent over all priorities; the worst switch counts. 0 is a perfect spread, 1 means the busiest
 * uplink carried twice the mean. Needs the fabric.
 *
 * <pre>{@code
 * assertThat(run).ecmp().imbalance().isAtMost(0.25);
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class EcmpAssert extends AbstractAssert<EcmpAssert, RunResult> {

  private final AssertContext context;

  EcmpAssert(AssertContext context) {
    super(context.run(), EcmpAssert.class);
    this.context = context;
  }

  /**
   * @return an assertion on the imbalance of the worst switch
   */
  public NumberAssert imbalance() {
    String label = "ECMP imbalance";
    Optional<EcmpImbalance.Worst> worst = EcmpImbalance.compute(actual, context.fabric());
    if (worst.isEmpty()) {
      context.fail(
          label,
          "uplinks",
          "traffic on the uplinks of a switch with two or more",
          "no such switch sent anything up");
      return new NumberAssert(null, context, label, "uplinks");
    }
    EcmpImbalance.Worst w = worst.get();
    return new NumberAssert(
        w.imbalance(),
        context,
        label,
        w.uplinks() + " uplinks of " + w.device() + ", the most uneven switch",
        "",
        " ("
            + w.busiest()
            + " sent "
            + Display.size(DataSize.bytes(w.busiestBytes()))
            + ", mean "
            + Display.size(DataSize.bytes(Math.round(w.meanBytes())))
            + ")");
  }
}
