package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * Builds an NCCL collective over the fabric's GPUs. Defaults: 256 MiB, float, NCCL's own choice of
 * algorithm and protocol for each size (as with {@code NCCL_ALGO} and {@code NCCL_PROTO} unset),
 * all GPUs, root 0, the backend's channel count, one queue pair per connection, packet fidelity,
 * start at zero, and a bound of {@link #DEFAULT_DURATION} on the run. {@link #algorithm} and {@link
 * #protocol} force one, as the environment variables do; comparisons with published ring figures
 * force {@code RING}, since on two nodes NCCL's tree reports a bus bandwidth above the network's.
 *
 * <pre>{@code
 * Scenario.collective(ALL_REDUCE).sizes("1MiB", "1GiB", 4).algorithm(RING).protocol(LL128).build()
 * Scenario.collective(ALL_REDUCE).size("1GiB").with(Fault.linkDown("spine1:eth3").at("2ms")).build()
 * }</pre>
 *
 * @since 0.1
 * @see Workload.Collective
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CollectiveBuilder extends ScenarioBuilder<CollectiveBuilder> {

  /** The default bound on a collective run: one second of simulated time. */
  public static final SimTime DEFAULT_DURATION = SimTime.millis(1000);

  private final Workload.Collective w;

  CollectiveBuilder(CollectiveOperation operation) {
    this(
        Settings.defaults().withDuration(DEFAULT_DURATION),
        new Workload.Collective(
            operation,
            SizeSweep.of(DataSize.mib(256)),
            DataType.FLOAT,
            Algorithm.AUTO,
            Protocol.AUTO,
            0,
            0,
            0,
            1,
            false,
            Fidelity.PACKET,
            SimTime.ZERO,
            List.of()));
  }

  private CollectiveBuilder(Settings settings, Workload.Collective workload) {
    super(settings);
    this.w = workload;
  }

  /**
   * @param bytes the one message size, as nccl-tests counts it, e.g. {@code "1GiB"}
   * @return a changed copy
   */
  public CollectiveBuilder size(String bytes) {
    return sizes(SizeSweep.of(DataSize.parse(bytes)));
  }

  /**
   * A size sweep like {@code all_reduce_perf -b min -e max -f factor}.
   *
   * @param min the first size, e.g. {@code "8B"}
   * @param max the last size, e.g. {@code "1GiB"}
   * @param factor the factor between sizes, &ge; 2
   * @return a changed copy
   */
  public CollectiveBuilder sizes(String min, String max, int factor) {
    return sizes(new SizeSweep(DataSize.parse(min), DataSize.parse(max), factor));
  }

  /**
   * @param sweep the sizes; never null
   * @return a changed copy
   */
  public CollectiveBuilder sizes(SizeSweep sweep) {
    return change(d -> d.sizes = sweep);
  }

  /**
   * @param type the element type; never null
   * @return a changed copy
   */
  public CollectiveBuilder dataType(DataType type) {
    return change(d -> d.dataType = type);
  }

  /**
   * @param algorithm ring or tree (tree for all-reduce only), like {@code NCCL_ALGO}; {@code AUTO}
   *     for NCCL's choice per size; never null
   * @return a changed copy
   */
  public CollectiveBuilder algorithm(Algorithm algorithm) {
    return change(d -> d.algorithm = algorithm);
  }

  /**
   * @param protocol the NCCL protocol, like {@code NCCL_PROTO}; {@code AUTO} for NCCL's choice per
   *     size; never null
   * @return a changed copy
   */
  public CollectiveBuilder protocol(Protocol protocol) {
    return change(d -> d.protocol = protocol);
  }

  /**
   * @param count GPUs taking part, the first {@code count} of its hosts (the fabric's, in order,
   *     unless {@link #hosts placed}); 0 for all, else &ge; 2
   * @return a changed copy
   */
  public CollectiveBuilder ranks(int count) {
    return change(d -> d.ranks = count);
  }

  /**
   * @param rank the root of a broadcast or reduce
   * @return a changed copy
   */
  public CollectiveBuilder root(int rank) {
    return change(d -> d.root = rank);
  }

  /**
   * @param count NCCL channels, &gt; 0 (like {@code NCCL_MIN_NCHANNELS = NCCL_MAX_NCHANNELS})
   * @return a changed copy
   */
  public CollectiveBuilder channels(int count) {
    return change(d -> d.channels = count);
  }

  /**
   * @param count queue pairs per connection, &ge; 1 (like {@code NCCL_IB_QPS_PER_CONNECTION})
   * @return a changed copy
   */
  public CollectiveBuilder qpsPerConnection(int count) {
    return change(d -> d.qpsPerConnection = count);
  }

  /**
   * @param split whether every message is split evenly over the connection's queue pairs (like
   *     {@code NCCL_IB_SPLIT_DATA_ON_QPS=1}) instead of going whole to the next one in turn
   * @return a changed copy
   */
  public CollectiveBuilder splitDataOnQps(boolean split) {
    return change(d -> d.splitDataOnQps = split);
  }

  /**
   * @param fidelity packet or flow level; never null
   * @return a changed copy
   */
  public CollectiveBuilder fidelity(Fidelity fidelity) {
    return change(d -> d.fidelity = fidelity);
  }

  /**
   * @param time when the collective starts, e.g. {@code "100us"}
   * @return a changed copy
   */
  public CollectiveBuilder start(String time) {
    return change(d -> d.start = SimTime.parse(time));
  }

  /**
   * Places the collective: its ranks are the GPUs of these hosts, in this order (with {@link
   * #ranks} the first that many of them), instead of the fabric's hosts in fabric order — for a job
   * on part of the fabric, a fragmented placement across leaves, or several jobs side by side.
   *
   * @param hosts host names, each once; none for the fabric's hosts in order
   * @return a changed copy
   */
  public CollectiveBuilder hosts(String... hosts) {
    return change(d -> d.hosts = List.of(hosts));
  }

  /** A changed copy: the workload's fields, one or more of them changed, validated anew. */
  private CollectiveBuilder change(Consumer<Draft> edit) {
    Draft d = new Draft(w);
    edit.accept(d);
    return new CollectiveBuilder(settings(), d.build());
  }

  /** The workload's fields, to change one before building the next workload. */
  private static final class Draft {
    private final CollectiveOperation operation;
    private SizeSweep sizes;
    private DataType dataType;
    private Algorithm algorithm;
    private Protocol protocol;
    private int ranks;
    private int root;
    private int channels;
    private int qpsPerConnection;
    private boolean splitDataOnQps;
    private Fidelity fidelity;
    private SimTime start;
    private List<String> hosts;

    Draft(Workload.Collective w) {
      operation = w.operation();
      sizes = w.sizes();
      dataType = w.dataType();
      algorithm = w.algorithm();
      protocol = w.protocol();
      ranks = w.ranks();
      root = w.root();
      channels = w.channels();
      qpsPerConnection = w.qpsPerConnection();
      splitDataOnQps = w.splitDataOnQps();
      fidelity = w.fidelity();
      start = w.start();
      hosts = w.hosts();
    }

    Workload.Collective build() {
      return new Workload.Collective(
          operation,
          sizes,
          dataType,
          algorithm,
          protocol,
          ranks,
          root,
          channels,
          qpsPerConnection,
          splitDataOnQps,
          fidelity,
          start,
          hosts);
    }
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
