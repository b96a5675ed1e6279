package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.List;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on DCQCN congestion notification packets (CNPs) sent in a scope of ports (NICs send
 * them).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class CnpAssert extends AbstractAssert<CnpAssert, List<PortStats>> {

  private final AssertContext context;
  private final PortScope scope;

  CnpAssert(AssertContext context, PortScope scope) {
    super(scope.stats(), CnpAssert.class);
    this.context = context;
    this.scope = scope;
  }

  /**
   * @return the CNPs sent
   */
  public CountAssert sent() {
    return new CountAssert(
        actual.stream().mapToLong(PortStats::cnpsSent).sum(), context, "CNPs sent", scope.where());
  }

  /**
   * @return the CNP rate: CNPs sent per second of the run
   */
  public NumberAssert perSecond() {
    long sent = actual.stream().mapToLong(PortStats::cnpsSent).sum();
    double seconds = context.run().elapsed().toSeconds();
    return new NumberAssert(
        seconds == 0 ? 0.0 : sent / seconds,
        context,
        "CNP rate",
        scope.where(),
        "/s",
        " (" + sent + " in " + Display.time(context.run().elapsed()) + ")");
  }
}
