package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * One run of the calibration suite: what it sends, which model parameters it informs and what it
 * measures. The steps use the fabric's first NIC of each host: a source, and as destination the
 * first host on another leaf (the longest path a one-to-one flow takes), which also receives the
 * incasts; the pause response uses the source's neighbour, the next host on its leaf, and the DCQCN
 * recovery's victim flow comes from the first host that is neither.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public enum CalibrationStep {

  /**
   * Ping-pong of 64-byte messages between the two hosts (perftest's {@code ib_write_lat} on a lab):
   * the one-way latency, which the switch latency sets.
   */
  PING_PONG(
      "ping-pong", Set.of(CalibratedParameter.SWITCH_LATENCY), List.of(Metric.ONE_WAY_LATENCY)),

  /**
   * One 64 MiB flow: the line rate a single queue pair reaches, or less where the hosts' PCIe is
   * narrower than the NIC. A lab faster than the fabric file's links is beyond the model's reach,
   * and calibration stops there.
   */
  LINE_RATE("line rate", Set.of(CalibratedParameter.PCIE_BANDWIDTH), List.of(Metric.THROUGHPUT)),

  /**
   * The source writes to its neighbour (the next host on its leaf) while the neighbour's NIC sends
   * pauses (a PFC storm from the receiver, {@code lab.faults.pfcStorm} on a lab): the leaf's queue
   * to the neighbour fills, the leaf pauses the source, and what the source sends before it stops
   * lands in the leaf's headroom — the line rate times the round trip of the cable and the NIC's
   * pause reaction. The storm lasts twice the time the source takes to fill the leaf's buffer, at
   * least {@value #LEAST_STORM_MICROS} µs, and the flow is twice the buffer, so the source is
   * paused whatever the switch's share of its buffer.
   */
  PAUSE_RESPONSE(
      "pause response",
      Set.of(CalibratedParameter.NIC_PAUSE_REACTION),
      List.of(Metric.PEAK_HEADROOM)),

  /**
   * Two senders write 16 MiB each to the destination with ECN on: marking onset and the reaction to
   * CNPs set the marks, the deepest queue and the completion time.
   */
  ECN_INCAST(
      "2:1 incast",
      Set.of(
          CalibratedParameter.ECN_KMIN,
          CalibratedParameter.ECN_KMAX,
          CalibratedParameter.CNP_INTERVAL,
          CalibratedParameter.ALPHA_GAIN),
      List.of(Metric.ECN_MARKS, Metric.PEAK_QUEUE, Metric.COMPLETION_TIME)),

  /**
   * Every other host (at least 3, up to 16) writes 8 MiB to the destination: the queue reaches the
   * pause threshold and the leaves send pauses; how often the receiver sends CNPs sets how fast the
   * senders slow down. (The pauses depend on the NIC's pause reaction too, which the pause response
   * pins on its own, before: fitted together, the incasts' many counts outweigh its one headroom.)
   */
  DEEP_INCAST(
      "N:1 incast",
      Set.of(CalibratedParameter.CNP_INTERVAL, CalibratedParameter.ALPHA_GAIN),
      List.of(Metric.PAUSES, Metric.PEAK_QUEUE, Metric.ECN_MARKS, Metric.COMPLETION_TIME)),

  /**
   * A victim flow of 64 MiB from a third host (neither source nor destination) to the destination,
   * while the source sends it 1 MiB bursts every {@value #BURST_PERIOD_MICROS} µs, {@value #BURSTS}
   * of them, over the victim's whole life: each burst queues behind the victim, the queue is
   * marked, the victim cuts its rate and climbs back, stage by stage, at each expiry of its
   * increase timer or its byte counter, whichever comes first. How fast it climbs back sets its
   * throughput. How deep it cuts depends on the CNP interval and the ECN thresholds too: the step
   * is fitted together with the incasts, which depend on the timer and the byte counter in turn. (A
   * lab starts the two flows a little apart; the bursts last long enough that the victim meets them
   * all its life whatever the offset.)
   */
  RATE_RECOVERY(
      "DCQCN recovery",
      Set.of(
          CalibratedParameter.RATE_INCREASE_TIMER,
          CalibratedParameter.BYTE_COUNTER,
          CalibratedParameter.CNP_INTERVAL,
          CalibratedParameter.ALPHA_GAIN),
      List.of(Metric.THROUGHPUT, Metric.ECN_MARKS)),

  /**
   * A ring all-reduce (Simple protocol) of 64 MiB over the GPUs of the fabric's first two hosts
   * (nccl-tests' {@code all_reduce_perf} on a lab, which places ranks on its host file's first
   * hosts): where NVLink is slower than the network, its bandwidth sets the bus bandwidth.
   */
  ALL_REDUCE(
      "2-node all-reduce",
      Set.of(CalibratedParameter.NVLINK_BANDWIDTH),
      List.of(Metric.BUS_BANDWIDTH));

  /**
   * How long an incast, or the DCQCN recovery, may run: DCQCN at its slowest settings takes
   * milliseconds to drain one.
   */
  static final SimTime STEP_BOUND = SimTime.millis(100);

  /**
   * How long the single flow may run: behind the narrowest host interface the fit considers (0.1
   * GB/s) it takes 671 ms.
   */
  static final SimTime SINGLE_FLOW_BOUND = SimTime.seconds(1);

  /** The shortest PFC storm of the pause response, µs. */
  static final long LEAST_STORM_MICROS = 200;

  /** The time between two bursts of the DCQCN recovery, µs. */
  static final long BURST_PERIOD_MICROS = 200;

  /** The bursts of the DCQCN recovery: 8 ms of them. */
  static final int BURSTS = 40;

  /** The pause response's flow is sent as messages of this size. */
  private static final DataSize PAUSE_RESPONSE_MESSAGE = DataSize.mib(16);

  /** The fewest senders of the N:1 incast: it must go deeper than the 2:1. */
  static final int DEEP_INCAST_LEAST_SENDERS = 3;

  /** The largest number of senders of the N:1 incast. */
  static final int DEEP_INCAST_SENDERS = 16;

  private final String title;
  private final Set<CalibratedParameter> informs;
  private final List<Metric> metrics;

  CalibrationStep(String title, Set<CalibratedParameter> informs, List<Metric> metrics) {
    this.title = title;
    this.informs = informs;
    this.metrics = metrics;
  }

  /**
   * @return what reports call it, e.g. {@code "2:1 incast"}
   */
  public String title() {
    return title;
  }

  /**
   * @return what the command line calls it: its name in lower case, words joined by hyphens, e.g.
   *     {@code "ecn-incast"}
   */
  public String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * @param id a step's {@link #id()}
   * @return the step
   * @throws IllegalArgumentException naming every step's id if none has this one
   */
  public static CalibrationStep byId(String id) {
    for (CalibrationStep step : values()) {
      if (step.id().equals(id)) {
        return step;
      }
    }
    throw new IllegalArgumentException(
        "no calibration step '"
            + id
            + "'; the steps are "
            + Stream.of(values()).map(CalibrationStep::id).collect(Collectors.joining(", ")));
  }

  /**
   * @return the parameters fitted to this step's measurements
   */
  public Set<CalibratedParameter> informs() {
    return informs;
  }

  /**
   * @return what it measures
   */
  public List<Metric> metrics() {
    return metrics;
  }

  /**
   * Whether DCQCN shapes the step (the incasts and the recovery, every step that informs the CNP
   * interval). Its counts swing from run to run — a 2:1 incast's ECN marks by a factor of five, as
   * a sender's rate cut lands early or late — so the lab runs it more than once and the fit
   * compares the runs' mean ({@link Calibrator#repeats(int)}).
   *
   * @return whether DCQCN shapes it
   */
  public boolean shapedByDcqcn() {
    return informs.contains(CalibratedParameter.CNP_INTERVAL);
  }

  /**
   * @return its measurements, one per metric
   */
  public List<Observable> observables() {
    return metrics.stream().map(m -> new Observable(this, m)).toList();
  }

  /**
   * The step's scenario on a fabric.
   *
   * @param graph the fabric
   * @param seed the scenario's seed
   * @return the scenario
   * @throws IllegalArgumentException if the fabric has too few hosts for the step
   */
  public Scenario scenario(FabricGraph graph, long seed) {
    List<Endpoint> nics = firstNics(graph);
    Endpoint source = nics.get(0);
    Endpoint destination = destination(graph, nics);
    String name = "calibration · " + title;
    return switch (this) {
      case PING_PONG ->
          Scenario.flow(source.toString(), destination.toString())
              .message("64B")
              .messages(1000)
              .named(name)
              .seed(seed)
              .build();
      case LINE_RATE ->
          Scenario.flow(source.toString(), destination.toString())
              .message("64KiB")
              .messages(1024)
              .named(name)
              .seed(seed)
              .build()
              .withDuration(SINGLE_FLOW_BOUND);
      case PAUSE_RESPONSE -> pauseResponse(name, graph, source, neighbour(graph, nics), seed);
      case ECN_INCAST -> incast(name, 2, "16MiB", destination, nics, seed);
      case DEEP_INCAST ->
          incast(
              name,
              Math.max(DEEP_INCAST_LEAST_SENDERS, Math.min(DEEP_INCAST_SENDERS, nics.size() - 1)),
              "8MiB",
              destination,
              nics,
              seed);
      case RATE_RECOVERY ->
          Scenario.of(
                  name,
                  Scenario.flow(bystander(nics, destination).toString(), destination.toString())
                      .message("1MiB")
                      .messages(64)
                      .workload(),
                  Scenario.flow(source.toString(), destination.toString())
                      .message("1MiB")
                      .messages(BURSTS)
                      .every(BURST_PERIOD_MICROS + "us")
                      .workload())
              .withDuration(STEP_BOUND)
              .withSeed(seed);
      case ALL_REDUCE ->
          Scenario.collective(CollectiveOperation.ALL_REDUCE)
              .ranks(2 * graph.hostProfileOf(source.device()).gpus())
              .algorithm(Algorithm.RING)
              .protocol(Protocol.SIMPLE)
              .size("64MiB")
              .named(name)
              .seed(seed)
              .build();
    };
  }

  private static Scenario pauseResponse(
      String name, FabricGraph graph, Endpoint source, Endpoint neighbour, long seed) {
    String leaf =
        graph
            .leafOf(neighbour)
            .orElseThrow(() -> new IllegalArgumentException(neighbour + " has no leaf switch"));
    DataSize buffer = graph.switchProfileOf(leaf).buffer();
    Rate line =
        graph
            .linkAt(source)
            .orElseThrow(() -> new IllegalArgumentException(source + " has no link"))
            .spec()
            .speed();
    long stormMicros =
        Math.max(LEAST_STORM_MICROS, 2 * line.timeToSend(buffer).picos() / 1_000_000 + 1);
    long messages = Math.max(1, 2 * buffer.bytes() / PAUSE_RESPONSE_MESSAGE.bytes());
    return Scenario.flow(source.toString(), neighbour.toString())
        .message(PAUSE_RESPONSE_MESSAGE.toString())
        .messages(Math.toIntExact(messages))
        .with(
            new Fault.PfcStorm(
                neighbour,
                graph.nicProfileOf(neighbour).roce().priority(),
                SimTime.ZERO,
                SimTime.micros(stormMicros)))
        .named(name)
        .seed(seed)
        .build();
  }

  private static Scenario incast(
      String name, int senders, String message, Endpoint receiver, List<Endpoint> nics, long seed) {
    if (nics.size() <= senders) {
      throw new IllegalArgumentException(
          "a "
              + senders
              + ":1 incast needs "
              + (senders + 1)
              + " hosts; the fabric has "
              + nics.size());
    }
    return Scenario.incast()
        .senders(senders)
        .receiver(receiver.toString())
        .message(message)
        .duration(STEP_BOUND)
        .named(name)
        .seed(seed)
        .build();
  }

  /** The first NIC of each host, in fabric order. */
  private static List<Endpoint> firstNics(FabricGraph graph) {
    List<Endpoint> first = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    for (Endpoint nic : graph.nics()) {
      if (!seen.contains(nic.device())) {
        seen.add(nic.device());
        first.add(nic);
      }
    }
    if (first.size() < 2) {
      throw new IllegalArgumentException(
          "calibration needs two hosts; the fabric has " + first.size());
    }
    return first;
  }

  /**
   * The next host on the first host's leaf: across switches, the headroom a switch's pause takes
   * from the next switch up would be measured too, and its reaction is not the NIC's.
   */
  private static Endpoint neighbour(FabricGraph graph, List<Endpoint> nics) {
    Endpoint source = nics.get(0);
    return nics.stream()
        .skip(1)
        .filter(n -> graph.leafOf(n).equals(graph.leafOf(source)))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "the pause response needs a second host on "
                        + graph.leafOf(source).orElse(source.device() + "'s switch")
                        + "; it has only "
                        + source.device()));
  }

  /** The first host that is neither the source (the first host) nor the destination. */
  private static Endpoint bystander(List<Endpoint> nics, Endpoint destination) {
    return nics.stream()
        .skip(1)
        .filter(n -> !n.equals(destination))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "the DCQCN recovery needs three hosts; the fabric has " + nics.size()));
  }

  /** The first host on another leaf than the first host's, else the second host. */
  private static Endpoint destination(FabricGraph graph, List<Endpoint> nics) {
    Endpoint source = nics.get(0);
    return nics.stream()
        .skip(1)
        .filter(n -> !graph.leafOf(n).equals(graph.leafOf(source)))
        .findFirst()
        .orElse(nics.get(1));
  }
}
