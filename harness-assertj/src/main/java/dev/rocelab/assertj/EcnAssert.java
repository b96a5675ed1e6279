package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.PortStats;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.List;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on ECN marking in a scope of ports.
 *
 * <pre>{@code
 * assertThat(run).port("leaf1:eth3").priority(3).ecn().markRatio().isBetween(0.01, 0.2);
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class EcnAssert extends AbstractAssert<EcnAssert, List<PortStats>> {

  private final AssertContext context;
  private final PortScope scope;

  EcnAssert(AssertContext context, PortScope scope) {
    super(scope.stats(), EcnAssert.class);
    this.context = context;
    this.scope = scope;
  }

  /**
   * @return the packets CE-marked at the scope's egresses
   */
  public CountAssert marks() {
    return new CountAssert(
        actual.stream().mapToLong(PortStats::ecnMarks).sum(), context, "ECN marks", scope.where());
  }

  /**
   * @return the ECN-marked fraction: marked packets over packets sent by the scope, 0..1
   */
  public NumberAssert markRatio() {
    long marks = actual.stream().mapToLong(PortStats::ecnMarks).sum();
    long packets = actual.stream().mapToLong(PortStats::txPackets).sum();
    return new NumberAssert(
        packets == 0 ? 0.0 : (double) marks / packets,
        context,
        "ECN-marked fraction",
        scope.where(),
        "",
        " (" + marks + " of " + packets + " packets)");
  }
}
