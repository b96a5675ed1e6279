package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
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
    return change(d -> d.senders = count);
  }

  /**
   * @param nic the receiving NIC, {@code host:nicN}
   * @return a changed copy
   */
  public MicroburstBuilder receiver(String nic) {
    return change(d -> d.receiver = Optional.of(Endpoint.parse(nic)));
  }

  /**
   * @param size the bytes each sender sends per burst, e.g. {@code "64KiB"}
   * @return a changed copy
   */
  public MicroburstBuilder burst(String size) {
    return change(d -> d.burst = DataSize.parse(size));
  }

  /**
   * @param time the time between burst starts, e.g. {@code "10us"}
   * @return a changed copy
   */
  public MicroburstBuilder period(String time) {
    return change(d -> d.period = SimTime.parse(time));
  }

  /**
   * @param count how many bursts, > 0
   * @return a changed copy
   */
  public MicroburstBuilder bursts(int count) {
    return change(d -> d.bursts = count);
  }

  /**
   * @param value the DSCP to mark with, 0..63
   * @return a changed copy
   */
  public MicroburstBuilder dscp(int value) {
    return change(d -> d.dscp = OptionalInt.of(value));
  }

  /**
   * @param time when the first burst starts, e.g. {@code "100us"}
   * @return a changed copy
   */
  public MicroburstBuilder start(String time) {
    return change(d -> d.start = SimTime.parse(time));
  }

  /** A changed copy: the workload's fields, one or more of them changed, validated anew. */
  private MicroburstBuilder change(Consumer<Draft> edit) {
    Draft d = new Draft(w);
    edit.accept(d);
    return new MicroburstBuilder(settings(), d.build());
  }

  /** The workload's fields, to change one before building the next workload. */
  private static final class Draft {
    private int senders;
    private Optional<Endpoint> receiver;
    private DataSize burst;
    private SimTime period;
    private int bursts;
    private OptionalInt dscp;
    private SimTime start;

    Draft(Workload.Microburst w) {
      senders = w.senders();
      receiver = w.receiver();
      burst = w.burst();
      period = w.period();
      bursts = w.bursts();
      dscp = w.dscp();
      start = w.start();
    }

    Workload.Microburst build() {
      return new Workload.Microburst(senders, receiver, burst, period, bursts, dscp, start);
    }
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
