package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * Builds lossless RDMA traffic sharing the fabric with lossy background traffic. Defaults: an 8:1
 * incast of 1 MiB with the NIC's RoCE marking as the lossless part, and the same incast marked DSCP
 * 0 as the lossy part; the lossy part must carry a DSCP that maps to a lossy priority.
 *
 * <pre>{@code
 * Scenario.mixedTraffic()
 *     .lossless(Scenario.incast().senders(16).message("4MiB"))
 *     .lossy(Scenario.permutation().flowSize("8MiB").dscp(0))
 *     .build()
 * }</pre>
 *
 * @since 0.1
 * @see Workload.MixedTraffic
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class MixedTrafficBuilder extends ScenarioBuilder<MixedTrafficBuilder> {

  private final Workload.MixedTraffic w;

  MixedTrafficBuilder() {
    this(
        Settings.defaults(),
        new Workload.MixedTraffic(
            new Workload.Incast(
                8, Optional.empty(), DataSize.mib(1), OptionalInt.empty(), SimTime.ZERO),
            new Workload.Incast(
                8, Optional.empty(), DataSize.mib(1), OptionalInt.of(0), SimTime.ZERO)));
  }

  private MixedTrafficBuilder(Settings settings, Workload.MixedTraffic workload) {
    super(settings);
    this.w = workload;
  }

  /**
   * @param traffic the lossless part, as configured by another builder (its faults and settings are
   *     not used); never null
   * @return a changed copy
   */
  public MixedTrafficBuilder lossless(ScenarioBuilder<?> traffic) {
    return lossless(Objects.requireNonNull(traffic, "traffic must not be null").workload());
  }

  /**
   * @param traffic the lossless part; never null
   * @return a changed copy
   */
  public MixedTrafficBuilder lossless(Workload traffic) {
    return new MixedTrafficBuilder(settings(), new Workload.MixedTraffic(traffic, w.lossy()));
  }

  /**
   * @param traffic the lossy part, as configured by another builder (its faults and settings are
   *     not used); never null
   * @return a changed copy
   */
  public MixedTrafficBuilder lossy(ScenarioBuilder<?> traffic) {
    return lossy(Objects.requireNonNull(traffic, "traffic must not be null").workload());
  }

  /**
   * @param traffic the lossy part; never null
   * @return a changed copy
   */
  public MixedTrafficBuilder lossy(Workload traffic) {
    return new MixedTrafficBuilder(settings(), new Workload.MixedTraffic(w.lossless(), traffic));
  }

  @Override
  public Workload.MixedTraffic workload() {
    return w;
  }

  @Override
  String kind() {
    return "mixed traffic";
  }

  @Override
  MixedTrafficBuilder copy(Settings changed) {
    return new MixedTrafficBuilder(changed, w);
  }
}
