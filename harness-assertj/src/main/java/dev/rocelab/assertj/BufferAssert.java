package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on buffer use in a scope of ports: the deepest egress queue and the most headroom an
 * ingress priority group used.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class BufferAssert extends AbstractAssert<BufferAssert, List<PortStats>> {

  private final AssertContext context;
  private final PortScope scope;

  BufferAssert(AssertContext context, PortScope scope) {
    super(scope.stats(), BufferAssert.class);
    this.context = context;
    this.scope = scope;
  }

  /**
   * @return the deepest any egress queue of the scope got
   */
  public SizeAssert peakQueue() {
    return peak("peak queue depth", PortStats::maxQueue);
  }

  /**
   * @return the most headroom any ingress priority group of the scope used
   */
  public SizeAssert peakHeadroom() {
    return peak("peak headroom use", PortStats::maxHeadroom);
  }

  private SizeAssert peak(String label, Function<PortStats, DataSize> value) {
    Optional<PortStats> peak = actual.stream().max(Comparator.comparing(value));
    return new SizeAssert(
        peak.map(value).orElse(DataSize.ZERO),
        context,
        label,
        peak.map(p -> p.port() + " priority " + p.priority() + ", deepest of " + scope.where())
            .orElse(scope.where()));
  }
}
