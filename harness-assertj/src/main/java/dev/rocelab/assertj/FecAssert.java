package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.assertj.internal.AssertContext;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on the forward-error-correction counters of one receiving port — the health of the
 * optic and cable feeding it:
 *
 * <pre>{@code
 * assertThat(run).fec("spine1:eth1").preFecBer().isLessThan(1e-5);
 * assertThat(run).fec("spine1:eth1").uncorrectableCodewords().isZero();
 * }</pre>
 *
 * A port the backend counted no FEC for is not measured: every assertion on it fails saying so (the
 * model counts FEC behind degrading optics; a lab where its exporter reports FEC counters).
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public class FecAssert extends AbstractAssert<FecAssert, FecStats> {

  private final AssertContext context;
  private final String where;

  FecAssert(AssertContext context, Endpoint port) {
    super(
        context.run().fec().stream().filter(f -> f.port().equals(port)).findFirst().orElse(null),
        FecAssert.class);
    this.context = context;
    this.where = "port " + port;
  }

  /**
   * @return an assertion on the bit-error rate before FEC that the port's counters reveal (see
   *     {@link FecStats#preFecBer()}); not measured where the backend did not count codewords
   */
  public NumberAssert preFecBer() {
    Double ber =
        actual == null || actual.preFecBer().isEmpty() ? null : actual.preFecBer().getAsDouble();
    return new NumberAssert(ber, context, "pre-FEC bit-error rate", where);
  }

  /**
   * @return an assertion on the codewords FEC corrected
   */
  public CountAssert correctedCodewords() {
    return new CountAssert(
        actual == null ? null : actual.correctedCodewords(),
        context,
        "FEC corrected codewords",
        where);
  }

  /**
   * @return an assertion on the codewords beyond FEC's correction, each losing its frame
   */
  public CountAssert uncorrectableCodewords() {
    return new CountAssert(
        actual == null ? null : actual.uncorrectableCodewords(),
        context,
        "FEC uncorrectable codewords",
        where);
  }
}
