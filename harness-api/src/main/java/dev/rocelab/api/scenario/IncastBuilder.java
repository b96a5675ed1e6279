package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * Builds an incast: N senders each write one message to a single receiver, all starting together.
 * Defaults: 8 senders, 1 MiB, the fabric's first NIC as receiver, the NIC's RoCE marking, start at
 * zero.
 *
 * <pre>{@code
 * Scenario.incast().senders(32).message("4MiB").dscp(26).build()
 * }</pre>
 *
 * @since 0.1
 * @see Workload.Incast
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class IncastBuilder extends ScenarioBuilder<IncastBuilder> {

  private final Workload.Incast w;

  IncastBuilder() {
    this(
        Settings.defaults(),
        new Workload.Incast(
            8, Optional.empty(), DataSize.mib(1), OptionalInt.empty(), SimTime.ZERO));
  }

  private IncastBuilder(Settings settings, Workload.Incast workload) {
    super(settings);
    this.w = workload;
  }

  /**
   * @param count how many NICs send, > 0
   * @return a changed copy
   */
  public IncastBuilder senders(int count) {
    return new IncastBuilder(
        settings(), new Workload.Incast(count, w.receiver(), w.message(), w.dscp(), w.start()));
  }

  /**
   * @param nic the receiving NIC, {@code host:nicN}
   * @return a changed copy
   */
  public IncastBuilder receiver(String nic) {
    return new IncastBuilder(
        settings(),
        new Workload.Incast(
            w.senders(), Optional.of(Endpoint.parse(nic)), w.message(), w.dscp(), w.start()));
  }

  /**
   * @param size what each sender writes, e.g. {@code "4MiB"}
   * @return a changed copy
   */
  public IncastBuilder message(String size) {
    return message(DataSize.parse(size));
  }

  /**
   * @param size what each sender writes, > 0
   * @return a changed copy
   */
  public IncastBuilder message(DataSize size) {
    return new IncastBuilder(
        settings(), new Workload.Incast(w.senders(), w.receiver(), size, w.dscp(), w.start()));
  }

  /**
   * @param value the DSCP to mark with, 0..63
   * @return a changed copy
   */
  public IncastBuilder dscp(int value) {
    return new IncastBuilder(
        settings(),
        new Workload.Incast(
            w.senders(), w.receiver(), w.message(), OptionalInt.of(value), w.start()));
  }

  /**
   * @param time when the senders start, e.g. {@code "100us"}
   * @return a changed copy
   */
  public IncastBuilder start(String time) {
    return new IncastBuilder(
        settings(),
        new Workload.Incast(w.senders(), w.receiver(), w.message(), w.dscp(), SimTime.parse(time)));
  }

  @Override
  public Workload.Incast workload() {
    return w;
  }

  @Override
  String kind() {
    return "incast";
  }

  @Override
  IncastBuilder copy(Settings changed) {
    return new IncastBuilder(changed, w);
  }
}
