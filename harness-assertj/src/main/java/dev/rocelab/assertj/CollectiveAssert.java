package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.HostProfile;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.result.CollectiveTiming;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a collective's nccl-tests table: bus and algorithm bandwidth at the largest size
 * (or a chosen one), the "Avg bus bandwidth", absolute or as a fraction of the line rate a rank's
 * host can inject (its NICs together; NVLink when every rank is on one host).
 *
 * <pre>{@code
 * assertThat(run).collective().busBandwidth().isAtLeast("3000Gbps");
 * assertThat(run).collective().busBandwidth().fractionOfLineRate().isAtLeast(0.9);
 * assertThat(run).collective().atSize("1MiB").time().isAtMost("200us");
 * assertThat(run).collective().averageBusBandwidth().isAtLeast("1Tbps");
 * assertThat(run).collective().atSize("1GiB").ranWith(TREE);
 * }</pre>
 *
 * <p>Timings are the out-of-place column, as nccl-tests users usually quote them.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class CollectiveAssert extends AbstractAssert<CollectiveAssert, CollectiveResult> {

  private final AssertContext context;
  private final Optional<CollectiveRow> row;

  CollectiveAssert(AssertContext context, CollectiveResult result, Optional<CollectiveRow> row) {
    super(result, CollectiveAssert.class);
    this.context = context;
    this.row = row;
  }

  /**
   * @param size a size of the sweep, e.g. {@code "1GiB"}
   * @return assertions on that size's row
   */
  public CollectiveAssert atSize(String size) {
    if (actual == null) {
      return this;
    }
    DataSize wanted = DataSize.parse(size);
    Optional<CollectiveRow> match =
        actual.rows().stream().filter(r -> r.size().equals(wanted)).findFirst();
    if (match.isEmpty()) {
      context.fail(
          "collective size",
          actual.describe(),
          "a row of " + wanted,
          "sizes "
              + actual.rows().stream()
                  .map(r -> r.size().toString())
                  .collect(Collectors.joining(", ")));
      return new CollectiveAssert(context, null, Optional.empty());
    }
    return new CollectiveAssert(context, actual, match);
  }

  /**
   * @return the bus bandwidth at the size (the largest unless {@link #atSize(String) chosen})
   */
  public RateAssert busBandwidth() {
    return rate("bus bandwidth", timing().map(CollectiveTiming::busBandwidth));
  }

  /**
   * @return the algorithm bandwidth (size ÷ time) at the size
   */
  public RateAssert algBandwidth() {
    return rate("algorithm bandwidth", timing().map(CollectiveTiming::algBandwidth));
  }

  /**
   * @return the mean bus bandwidth of every timing of the sweep, nccl-tests' "Avg bus bandwidth"
   */
  public RateAssert averageBusBandwidth() {
    return new RateAssert(
        actual == null ? null : actual.averageBusBandwidth(),
        context,
        "average bus bandwidth",
        where(),
        lineRate(),
        lineRateProblem());
  }

  /**
   * Asserts which algorithm the size ran with (NCCL's choice, or what was forced).
   *
   * @param algorithm ring or tree
   * @return this, to go on
   */
  public CollectiveAssert ranWith(Algorithm algorithm) {
    return ranWith(algorithm.name().toLowerCase(Locale.ROOT), row -> row.algorithm() == algorithm);
  }

  /**
   * Asserts which algorithm and protocol the size ran with (NCCL's choice, or what was forced).
   *
   * @param algorithm ring or tree
   * @param protocol LL, LL128 or Simple
   * @return this, to go on
   */
  public CollectiveAssert ranWith(Algorithm algorithm, Protocol protocol) {
    return ranWith(
        algorithm.name().toLowerCase(Locale.ROOT) + "/" + protocol,
        row -> row.algorithm() == algorithm && row.protocol() == protocol);
  }

  private CollectiveAssert ranWith(String expected, Predicate<CollectiveRow> matches) {
    if (actual == null) {
      return this;
    }
    CollectiveRow at = row.orElse(actual.largest());
    String ran =
        at.choiceKnown()
            ? at.algorithm().name().toLowerCase(Locale.ROOT) + "/" + at.protocol()
            : "not reported (the backend does not say what NCCL chose)";
    if (at.choiceKnown() && matches.test(at)) {
      context.pass("algorithm and protocol", where(), expected, ran);
    } else {
      context.fail("algorithm and protocol", where(), expected, ran);
    }
    return this;
  }

  /**
   * @return the time the collective took at the size
   */
  public TimeAssert time() {
    return new TimeAssert(
        timing().map(CollectiveTiming::time).orElse(null), context, "collective time", where());
  }

  private RateAssert rate(String label, Optional<Rate> value) {
    return new RateAssert(
        value.orElse(null), context, label, where(), lineRate(), lineRateProblem());
  }

  private Optional<CollectiveTiming> timing() {
    if (actual == null) {
      return Optional.empty();
    }
    return Optional.of(row.orElse(actual.largest()).outOfPlace());
  }

  private String where() {
    if (actual == null) {
      return "no collective";
    }
    return actual.describe() + " · " + row.orElse(actual.largest()).size();
  }

  /**
   * What one rank's host can inject: its NICs' links together, or NVLink if no rank leaves the
   * host.
   */
  private Optional<Rate> lineRate() {
    if (actual == null) {
      return Optional.empty();
    }
    return hostRate(context.fabric(), actual.ranks());
  }

  private static Optional<Rate> hostRate(FabricGraph graph, int ranks) {
    if (graph.hosts().isEmpty()) {
      return Optional.empty();
    }
    String host = graph.hosts().get(0).name();
    HostProfile profile = graph.hostProfileOf(host);
    if (ranks <= profile.gpus()) {
      return Optional.of(profile.nvlinkBandwidth());
    }
    Rate nics = graph.hostLineRate(host);
    return nics.bitsPerSecond() > 0 ? Optional.of(nics) : Optional.empty();
  }

  private String lineRateProblem() {
    return "the fabric's first host has no cabled NICs";
  }
}
