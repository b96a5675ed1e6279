package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * Builds a permutation: every NIC sends one flow to another NIC drawn from the scenario seed.
 * Defaults: 1 MiB per flow, one queue pair, the NIC's RoCE marking, start at zero. It is also the
 * traffic of {@link Scenario#baseline()} and the usual background of fault scenarios:
 *
 * <pre>{@code
 * Scenario.permutation().flowSize("8MiB").with(Fault.linkDown("leaf1:eth9").at("1ms")).build()
 * }</pre>
 *
 * @since 0.1
 * @see Workload.Permutation
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PermutationBuilder extends ScenarioBuilder<PermutationBuilder> {

  private final Workload.Permutation w;
  private final String kind;

  PermutationBuilder(String kind, DataSize flowSize) {
    this(
        Settings.defaults(),
        kind,
        new Workload.Permutation(flowSize, 1, OptionalInt.empty(), SimTime.ZERO));
  }

  private PermutationBuilder(Settings settings, String kind, Workload.Permutation workload) {
    super(settings);
    this.kind = kind;
    this.w = workload;
  }

  /**
   * @param size the size of each flow, e.g. {@code "8MiB"}
   * @return a changed copy
   */
  public PermutationBuilder flowSize(String size) {
    return flowSize(DataSize.parse(size));
  }

  /**
   * @param size the size of each flow, > 0
   * @return a changed copy
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public PermutationBuilder flowSize(DataSize size) {
    return new PermutationBuilder(
        settings(),
        kind,
        new Workload.Permutation(size, w.qps(), w.dscp(), w.start(), w.pairing()));
  }

  /**
   * @param count queue pairs per flow, > 0
   * @return a changed copy
   */
  public PermutationBuilder qps(int count) {
    return new PermutationBuilder(
        settings(),
        kind,
        new Workload.Permutation(w.flowSize(), count, w.dscp(), w.start(), w.pairing()));
  }

  /**
   * @param value the DSCP to mark with, 0..63
   * @return a changed copy
   */
  public PermutationBuilder dscp(int value) {
    return new PermutationBuilder(
        settings(),
        kind,
        new Workload.Permutation(
            w.flowSize(), w.qps(), OptionalInt.of(value), w.start(), w.pairing()));
  }

  /**
   * @param time when all flows start, e.g. {@code "100us"}
   * @return a changed copy
   */
  public PermutationBuilder start(String time) {
    return new PermutationBuilder(
        settings(),
        kind,
        new Workload.Permutation(
            w.flowSize(), w.qps(), w.dscp(), SimTime.parse(time), w.pairing()));
  }

  /**
   * Pairs every NIC with a NIC under another leaf, so that every flow crosses the tier above the
   * leaves ({@link Workload.Pairing#OTHER_LEAF}): the background for a fault on an uplink or a
   * spine, which a permutation over hosts may leave idle.
   *
   * @return a changed copy
   * @since 0.3
   */
  public PermutationBuilder acrossLeaves() {
    return new PermutationBuilder(
        settings(),
        kind,
        new Workload.Permutation(
            w.flowSize(), w.qps(), w.dscp(), w.start(), Workload.Pairing.OTHER_LEAF));
  }

  @Override
  public Workload.Permutation workload() {
    return w;
  }

  @Override
  String kind() {
    return kind;
  }

  @Override
  PermutationBuilder copy(Settings changed) {
    return new PermutationBuilder(changed, kind, w);
  }
}
