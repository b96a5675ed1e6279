package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import org.apiguardian.api.API;

/**
 * Builds an NCCL collective over the fabric's GPUs. Defaults: 256 MiB, ring, Simple protocol, all
 * GPUs, start at zero.
 *
 * <pre>{@code
 * Scenario.collective(ALL_REDUCE).size("1GiB").with(Fault.linkDown("spine1:eth3").at("2ms")).build()
 * }</pre>
 *
 * @since 0.1
 * @see Workload.Collective
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CollectiveBuilder extends ScenarioBuilder<CollectiveBuilder> {

  private final Workload.Collective w;

  CollectiveBuilder(CollectiveOperation operation) {
    this(Settings.defaults(),
        new Workload.Collective(operation, DataSize.mib(256), Algorithm.RING, Protocol.SIMPLE, 0, SimTime.ZERO));
  }

  private CollectiveBuilder(Settings settings, Workload.Collective workload) {
    super(settings);
    this.w = workload;
  }

  /**
   * @param bytes the message size per rank as nccl-tests counts it, e.g. {@code "1GiB"}
   * @return a changed copy
   */
  public CollectiveBuilder size(String bytes) {
    return new CollectiveBuilder(settings(), new Workload.Collective(w.operation(), DataSize.parse(bytes),
        w.algorithm(), w.protocol(), w.ranks(), w.start()));
  }

  /**
   * @param algorithm ring or tree; never null
   * @return a changed copy
   */
  public CollectiveBuilder algorithm(Algorithm algorithm) {
    return new CollectiveBuilder(settings(), new Workload.Collective(w.operation(), w.size(), algorithm,
        w.protocol(), w.ranks(), w.start()));
  }

  /**
   * @param protocol the NCCL protocol; never null
   * @return a changed copy
   */
  public CollectiveBuilder protocol(Protocol protocol) {
    return new CollectiveBuilder(settings(), new Workload.Collective(w.operation(), w.size(), w.algorithm(),
        protocol, w.ranks(), w.start()));
  }

  /**
   * @param count GPUs taking part, the first {@code count} in fabric order; 0 for all, else >= 2
   * @return a changed copy
   */
  public CollectiveBuilder ranks(int count) {
    return new CollectiveBuilder(settings(), new Workload.Collective(w.operation(), w.size(), w.algorithm(),
        w.protocol(), count, w.start()));
  }

  /**
   * @param time when the collective starts, e.g. {@code "100us"}
   * @return a changed copy
   */
  public CollectiveBuilder start(String time) {
    return new CollectiveBuilder(settings(), new Workload.Collective(w.operation(), w.size(), w.algorithm(),
        w.protocol(), w.ranks(), SimTime.parse(time)));
  }

  @Override
  public Workload.Collective workload() {
    return w;
  }

  @Override
  String kind() {
    return "collective";
  }

  @Override
  CollectiveBuilder copy(Settings changed) {
    return new CollectiveBuilder(changed, w);
  }
}
