package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * Builds periodic synchronized bursts from N senders to one receiver. Defaults: 8 senders, 64 KiB
 * per burst, every 10 µs, 10 bursts, the fabric's first NIC as receiver, the NIC's RoCE marking.
 *
 * <pre>{@code
 * Scenario.microburst().senders(16).burst("64KiB").period("10us").bursts(100).build()
 * }</pre>
 *
 * @since 0.1
 * @see Workload.Microburst
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class MicroburstBuilder extends ScenarioBuilder<MicroburstBuilder> {

  private final Workload.Microburst w;

  MicroburstBuilder() {
    this(
        Settings.defaults(),
        new Workload.Microburst(
            8,
            Optional.empty(),
            DataSize.kib(64),
            SimTime.micros(10),
            10,
            OptionalInt.empty(),
            SimTime.ZERO));
  }

  private MicroburstBuilder(Settings settings, Workload.Microburst workload) {
    super(settings);
    this.w = workload;
  }

  /**
   * @param count how many NICs burst together, > 0
   * @return a changed copy
   */
  public MicroburstBuilder senders(int count) {
    return new MicroburstBuilder(
        settings(),
        new Workload.Microburst(
            count, w.receiver(), w.burst(), w.period(), w.bursts(), w.dscp(), w.start()));
  }

  /**
   * @param nic the receiving NIC, {@code host:nicN}
   * @return a changed copy
   */
  public MicroburstBuilder receiver(String nic) {
    return new MicroburstBuilder(
        settings(),
        new Workload.Microburst(
            w.senders(),
            Optional.of(Endpoint.parse(nic)),
            w.burst(),
            w.period(),
            w.bursts(),
            w.dscp(),
            w.start()));
  }

  /**
   * @param size the bytes each sender sends per burst, e.g. {@code "64KiB"}
   * @return a changed copy
   */
  public MicroburstBuilder burst(String size) {
    return new MicroburstBuilder(
        settings(),
        new Workload.Microburst(
            w.senders(),
            w.receiver(),
            DataSize.parse(size),
            w.period(),
            w.bursts(),
            w.dscp(),
            w.start()));
  }

  /**
   * @param time the time between burst starts, e.g. {@code "10us"}
   * @return a changed copy
   */
  public MicroburstBuilder period(String time) {
    return new MicroburstBuilder(
        settings(),
        new Workload.Microburst(
            w.senders(),
            w.receiver(),
            w.burst(),
            SimTime.parse(time),
            w.bursts(),
            w.dscp(),
            w.start()));
  }

  /**
   * @param count how many bursts, > 0
   * @return a changed copy
   */
  public MicroburstBuilder bursts(int count) {
    return new MicroburstBuilder(
        settings(),
        new Workload.Microburst(
            w.senders(), w.receiver(), w.burst(), w.period(), count, w.dscp(), w.start()));
  }

  /**
   * @param value the DSCP to mark with, 0..63
   * @return a changed copy
   */
  public MicroburstBuilder dscp(int value) {
    return new MicroburstBuilder(
        settings(),
        new Workload.Microburst(
            w.senders(),
            w.receiver(),
            w.burst(),
            w.period(),
            w.bursts(),
            OptionalInt.of(value),
            w.start()));
  }

  /**
   * @param time when the first burst starts, e.g. {@code "100us"}
   * @return a changed copy
   */
  public MicroburstBuilder start(String time) {
    return new MicroburstBuilder(
        settings(),
        new Workload.Microburst(
            w.senders(),
            w.receiver(),
            w.burst(),
            w.period(),
            w.bursts(),
            w.dscp(),
            SimTime.parse(time)));
  }

  @Override
  public Workload.Microburst workload() {
    return w;
  }

  @Override
  String kind() {
    return "microburst";
  }

  @Override
  MicroburstBuilder copy(Settings changed) {
    return new MicroburstBuilder(changed, w);
  }
}
