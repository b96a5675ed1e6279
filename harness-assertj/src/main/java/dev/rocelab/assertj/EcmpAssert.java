package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.assertj.internal.AssertContext;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on how evenly ECMP spread traffic. For each switch with two or more uplinks (ports
 * whose peer is on a higher tier) the imbalance is {@code max/mean − 1} of the bytes its uplinks
 * sent over all priorities; the worst switch counts. 0 is a perfect spread, 1 means the busiest
 * uplink carried twice the mean. Needs the fabric. {@link LoadBalanceAssert} has more.
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
   * @return an assertion on the imbalance of the worst switch (as {@link
   *     LoadBalanceAssert#egressImbalance()})
   */
  public NumberAssert imbalance() {
    return new LoadBalanceAssert(context).egressImbalance();
  }
}
