package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.scenario.Workload.Verb;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * Builds messages from one NIC to another. Defaults: one 1 MiB RDMA WRITE on one queue pair, the
 * NIC's RoCE marking, start at zero, messages back to back.
 *
 * <pre>{@code
 * Scenario.flow("host1:nic0", "host2:nic0").message("64KiB").messages(1000).build()
 * }</pre>
 *
 * @since 0.1
 * @see Workload.RdmaFlow
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FlowBuilder extends ScenarioBuilder<FlowBuilder> {

  private final Workload.RdmaFlow w;

  FlowBuilder(String source, String destination) {
    this(
        Settings.defaults(),
        new Workload.RdmaFlow(
            Endpoint.parse(source),
            Endpoint.parse(destination),
            DataSize.mib(1),
            1,
            1,
            OptionalInt.empty(),
            SimTime.ZERO,
            Verb.WRITE,
            SimTime.ZERO));
  }

  private FlowBuilder(Settings settings, Workload.RdmaFlow workload) {
    super(settings);
    this.w = workload;
  }

  /**
   * @param size the size of each message, e.g. {@code "64KiB"}
   * @return a changed copy
   */
  public FlowBuilder message(String size) {
    return change(d -> d.message = DataSize.parse(size));
  }

  /**
   * @param count how many messages are sent back to back, > 0
   * @return a changed copy
   */
  public FlowBuilder messages(int count) {
    return change(d -> d.messages = count);
  }

  /**
   * @param count queue pairs the messages are spread over, > 0
   * @return a changed copy
   */
  public FlowBuilder qps(int count) {
    return change(d -> d.qps = count);
  }

  /**
   * @param value the DSCP to mark with, 0..63
   * @return a changed copy
   */
  public FlowBuilder dscp(int value) {
    return change(d -> d.dscp = OptionalInt.of(value));
  }

  /**
   * @param time when the first message is posted, e.g. {@code "100us"}
   * @return a changed copy
   */
  public FlowBuilder start(String time) {
    return change(d -> d.start = SimTime.parse(time));
  }

  /**
   * @param verb the RDMA operation; never null
   * @return a changed copy
   */
  public FlowBuilder verb(Verb verb) {
    return change(d -> d.verb = verb);
  }

  /**
   * Paces the messages: one posted every {@code period} instead of back to back, so the flow
   * averages {@code message / period} (a background load).
   *
   * @param period e.g. {@code "13us"}; {@code "0ns"} for back to back
   * @return a changed copy
   */
  public FlowBuilder every(String period) {
    return change(d -> d.period = SimTime.parse(period));
  }

  /** A changed copy: the workload's fields, one or more of them changed, validated anew. */
  private FlowBuilder change(Consumer<Draft> edit) {
    Draft d = new Draft(w);
    edit.accept(d);
    return new FlowBuilder(settings(), d.build());
  }

  /** The workload's fields, to change one before building the next workload. */
  private static final class Draft {
    private final Endpoint source;
    private final Endpoint destination;
    private DataSize message;
    private int messages;
    private int qps;
    private OptionalInt dscp;
    private SimTime start;
    private Verb verb;
    private SimTime period;

    Draft(Workload.RdmaFlow w) {
      source = w.source();
      destination = w.destination();
      message = w.message();
      messages = w.messages();
      qps = w.qps();
      dscp = w.dscp();
      start = w.start();
      verb = w.verb();
      period = w.period();
    }

    Workload.RdmaFlow build() {
      return new Workload.RdmaFlow(
          source, destination, message, messages, qps, dscp, start, verb, period);
    }
  }

  @Override
  public Workload.RdmaFlow workload() {
    return w;
  }

  @Override
  String kind() {
    return "rdma flow";
  }

  @Override
  FlowBuilder copy(Settings changed) {
    return new FlowBuilder(changed, w);
  }
}
