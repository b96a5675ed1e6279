package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * Builds all-to-all traffic: every NIC sends to every NIC on other hosts. Defaults: 1 MiB per pair,
 * the NIC's RoCE marking, start at zero.
 *
 * @since 0.1
 * @see Workload.AllToAll
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class AllToAllBuilder extends ScenarioBuilder<AllToAllBuilder> {

  private final Workload.AllToAll w;

  AllToAllBuilder() {
    this(
        Settings.defaults(),
        new Workload.AllToAll(DataSize.mib(1), OptionalInt.empty(), SimTime.ZERO));
  }

  private AllToAllBuilder(Settings settings, Workload.AllToAll workload) {
    super(settings);
    this.w = workload;
  }

  /**
   * @param size the bytes from each NIC to each other NIC, e.g. {@code "1MiB"}
   * @return a changed copy
   */
  public AllToAllBuilder perPair(String size) {
    return new AllToAllBuilder(
        settings(), new Workload.AllToAll(DataSize.parse(size), w.dscp(), w.start()));
  }

  /**
   * @param value the DSCP to mark with, 0..63
   * @return a changed copy
   */
  public AllToAllBuilder dscp(int value) {
    return new AllToAllBuilder(
        settings(), new Workload.AllToAll(w.perPair(), OptionalInt.of(value), w.start()));
  }

  /**
   * @param time when all flows start, e.g. {@code "100us"}
   * @return a changed copy
   */
  public AllToAllBuilder start(String time) {
    return new AllToAllBuilder(
        settings(), new Workload.AllToAll(w.perPair(), w.dscp(), SimTime.parse(time)));
  }

  @Override
  public Workload.AllToAll workload() {
    return w;
  }

  @Override
  String kind() {
    return "all-to-all";
  }

  @Override
  AllToAllBuilder copy(Settings changed) {
    return new AllToAllBuilder(changed, w);
  }
}
