package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Everything a backend measured in one run of a scenario: per-port-and-priority counters, per-flow
 * results, latency distributions, time series, the first drops, a timeline of events and the
 * collectives' nccl-tests tables. The same fields are filled by the simulator and by real labs, so
 * the same criteria apply to both.
 *
 * @param scenario the scenario that ran
 * @param backend the backend's id
 * @param fabric the fabric it ran on
 * @param stopReason why the run ended
 * @param elapsed simulated (or real) time from start to end
 * @param ports counters per port and priority, ordered by port then priority
 * @param flows per-flow results, ordered by id
 * @param latency one-way latency per priority
 * @param firstDrops the first dropped packets, in time order (bounded by the backend)
 * @param series sampled time series
 * @param events the timeline, in time order
 * @param collectives the collectives' nccl-tests tables, in workload order
 * @param fec FEC counters of the receiving ports whose link's errors were counted — in the model
 *     the ports behind a degrading optic, on a lab the ports its exporter reports FEC counters for
 *     — ordered by port; empty where the backend does not count them
 * @param trainings the training jobs' step times, in workload order
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record RunResult(
    Scenario scenario,
    String backend,
    FabricGraph fabric,
    StopReason stopReason,
    SimTime elapsed,
    List<PortStats> ports,
    List<FlowResult> flows,
    Map<Integer, LatencySummary> latency,
    List<DropRecord> firstDrops,
    List<TimeSeries> series,
    List<FabricEvent> events,
    List<CollectiveResult> collectives,
    List<FecStats> fec,
    List<TrainingResult> trainings) {

  /** Validates the fields and copies the collections. */
  public RunResult {
    Objects.requireNonNull(scenario, "scenario must not be null");
    Objects.requireNonNull(backend, "backend must not be null");
    Objects.requireNonNull(fabric, "fabric must not be null");
    Objects.requireNonNull(stopReason, "stopReason must not be null");
    Objects.requireNonNull(elapsed, "elapsed must not be null");
    ports = List.copyOf(ports);
    flows = List.copyOf(flows);
    latency = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(latency));
    firstDrops = List.copyOf(firstDrops);
    series = List.copyOf(series);
    events = List.copyOf(events);
    collectives = List.copyOf(collectives);
    fec = List.copyOf(fec);
    trainings = List.copyOf(trainings);
  }

  /**
   * A result without training jobs.
   *
   * @param scenario the scenario that ran
   * @param backend the backend's id
   * @param fabric the fabric it ran on
   * @param stopReason why the run ended
   * @param elapsed simulated (or real) time from start to end
   * @param ports counters per port and priority
   * @param flows per-flow results
   * @param latency one-way latency per priority
   * @param firstDrops the first dropped packets
   * @param series sampled time series
   * @param events the timeline
   * @param collectives the collectives' nccl-tests tables
   * @param fec FEC counters of the receiving ports whose link's errors were counted
   */
  public RunResult(
      Scenario scenario,
      String backend,
      FabricGraph fabric,
      StopReason stopReason,
      SimTime elapsed,
      List<PortStats> ports,
      List<FlowResult> flows,
      Map<Integer, LatencySummary> latency,
      List<DropRecord> firstDrops,
      List<TimeSeries> series,
      List<FabricEvent> events,
      List<CollectiveResult> collectives,
      List<FecStats> fec) {
    this(
        scenario,
        backend,
        fabric,
        stopReason,
        elapsed,
        ports,
        flows,
        latency,
        firstDrops,
        series,
        events,
        collectives,
        fec,
        List.of());
  }

  /**
   * A result without FEC counters.
   *
   * @param scenario the scenario that ran
   * @param backend the backend's id
   * @param fabric the fabric it ran on
   * @param stopReason why the run ended
   * @param elapsed simulated (or real) time from start to end
   * @param ports counters per port and priority
   * @param flows per-flow results
   * @param latency one-way latency per priority
   * @param firstDrops the first dropped packets
   * @param series sampled time series
   * @param events the timeline
   * @param collectives the collectives' nccl-tests tables
   */
  public RunResult(
      Scenario scenario,
      String backend,
      FabricGraph fabric,
      StopReason stopReason,
      SimTime elapsed,
      List<PortStats> ports,
      List<FlowResult> flows,
      Map<Integer, LatencySummary> latency,
      List<DropRecord> firstDrops,
      List<TimeSeries> series,
      List<FabricEvent> events,
      List<CollectiveResult> collectives) {
    this(
        scenario,
        backend,
        fabric,
        stopReason,
        elapsed,
        ports,
        flows,
        latency,
        firstDrops,
        series,
        events,
        collectives,
        List.of());
  }

  /**
   * The counters of one port, all priorities.
   *
   * @param port {@code device:port}
   * @return its counters, empty if the port saw nothing
   */
  public List<PortStats> port(String port) {
    Endpoint end = Endpoint.parse(port);
    return ports.stream().filter(p -> p.port().equals(end)).toList();
  }

  /**
   * The counters of every port for one priority.
   *
   * @param priority 0..7
   * @return the counters
   */
  public Stream<PortStats> priority(int priority) {
    return ports.stream().filter(p -> p.priority() == priority);
  }

  /**
   * Drops on a priority, whatever the reason, over all ports.
   *
   * @param priority 0..7
   * @return the count
   */
  public long drops(int priority) {
    return priority(priority).mapToLong(PortStats::totalDrops).sum();
  }

  /**
   * @return all drops of the run
   */
  public long totalDrops() {
    return ports.stream().mapToLong(PortStats::totalDrops).sum();
  }

  /**
   * Bytes dropped on a priority, whatever the reason, over all ports.
   *
   * @param priority 0..7
   * @return the bytes; empty if the backend did not measure them on some port of that priority
   */
  public Optional<DataSize> droppedBytes(int priority) {
    return sumDroppedBytes(priority(priority));
  }

  /**
   * @return all bytes dropped in the run; empty if the backend did not measure them on some port
   */
  public Optional<DataSize> totalDroppedBytes() {
    return sumDroppedBytes(ports.stream());
  }

  private static Optional<DataSize> sumDroppedBytes(Stream<PortStats> stats) {
    List<Optional<DataSize>> bytes = stats.map(PortStats::totalDroppedBytes).toList();
    if (bytes.stream().anyMatch(Optional::isEmpty)) {
      return Optional.empty();
    }
    return Optional.of(DataSize.bytes(bytes.stream().mapToLong(b -> b.get().bytes()).sum()));
  }

  /**
   * The priorities that must not drop: those the fabric's QoS policies make lossless, and any
   * priority the backend recorded a lossless drop on.
   *
   * @return the priorities, in order
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public SortedSet<Integer> losslessPriorities() {
    SortedSet<Integer> priorities = new TreeSet<>();
    fabric.spec().qos().values().stream()
        .map(QosPolicy::losslessPriorities)
        .forEach(priorities::addAll);
    firstDrops.stream()
        .filter(DropRecord::lossless)
        .map(DropRecord::priority)
        .forEach(priorities::add);
    ports.stream()
        .filter(p -> p.drops().containsKey(DropReason.LOSSLESS_HEADROOM_EXCEEDED))
        .map(PortStats::priority)
        .forEach(priorities::add);
    return priorities;
  }

  /**
   * The packets dropped on {@linkplain #losslessPriorities() lossless priorities}, for any reason.
   *
   * @return the count
   * @since 0.2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public long losslessDrops() {
    SortedSet<Integer> lossless = losslessPriorities();
    return ports.stream()
        .filter(p -> lossless.contains(p.priority()))
        .mapToLong(p -> p.drops().values().stream().mapToLong(Long::longValue).sum())
        .sum();
  }

  /**
   * The scenario's faults that took no effect: each scheduled at or after the run's end — after it
   * completed all its work, or beyond the duration it stopped at — so the run says nothing about
   * how the fabric lives through them. A test or a command that asked for such a fault has not
   * checked what it meant to, and fails. The summary, the command line's verdict and a failed test
   * all give these accounts.
   *
   * @return an account per fault, in the scenario's order, e.g. {@code "link down leaf1:eth9 at 2ms
   *     never applied: the run ended at 89.83us"}; empty for a run still going on
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public List<String> faultsNeverApplied() {
    if (stopReason == StopReason.IN_PROGRESS) {
      return List.of();
    }
    return scenario.faults().stream()
        .filter(f -> f.at().compareTo(elapsed) >= 0)
        .map(f -> f.describe() + " never applied: the run ended at " + elapsed)
        .toList();
  }

  /**
   * What the run left undone. A run that stopped before all its traffic completed — at the
   * scenario's duration, at the backend's wall-clock limit or on a deadlock — says how much did:
   * how many flows completed and how many collective sizes were measured, e.g. {@code "0 of 16
   * flows completed in 10ms (duration reached)"}. Whether unfinished work fails a test is the
   * scenario's {@link Scenario#completion() completion}.
   *
   * @return the account; empty if all traffic completed or the run is still going on
   * @since 0.1
   */
  public Optional<String> unfinishedWork() {
    if (stopReason == StopReason.COMPLETED || stopReason == StopReason.IN_PROGRESS) {
      return Optional.empty();
    }
    long completed = flows.stream().filter(FlowResult::completed).count();
    int measured = collectives.stream().mapToInt(c -> c.rows().size()).sum();
    int steps = trainings.stream().mapToInt(t -> t.steps().size()).sum();
    String done = workDone(scenario, completed, flows.size(), measured, steps);
    String work = done.isEmpty() ? "traffic still in flight at " : done + " in ";
    return Optional.of(
        work + elapsed + " (" + stopReason.name().toLowerCase().replace('_', ' ') + ")");
  }

  /**
   * What of a scenario's work is done, in the words of {@link #unfinishedWork()} (and of a
   * backend's progress reports), for a scenario without training jobs.
   *
   * @param scenario the scenario
   * @param completedFlows the flows completed so far
   * @param flows the flows of the run
   * @param measuredSizes the collective sizes measured so far
   * @return see {@link #workDone(Scenario, long, int, int, int)}
   * @since 0.1
   */
  public static String workDone(
      Scenario scenario, long completedFlows, int flows, int measuredSizes) {
    return workDone(scenario, completedFlows, flows, measuredSizes, 0);
  }

  /**
   * What of a scenario's work is done, in the words of {@link #unfinishedWork()} (and of a
   * backend's progress reports): flows completed, if the scenario has traffic other than
   * collectives and training jobs, collective sizes measured, if it has collectives, and training
   * steps finished, if it has training jobs.
   *
   * @param scenario the scenario
   * @param completedFlows the flows completed so far
   * @param flows the flows of the run
   * @param measuredSizes the collective sizes measured so far
   * @param finishedSteps the training steps finished so far, over all jobs
   * @return e.g. {@code "12 of 64 flows completed, 3 of 23 collective sizes measured"}; empty if
   *     there is nothing to count
   * @since 0.2
   */
  public static String workDone(
      Scenario scenario, long completedFlows, int flows, int measuredSizes, int finishedSteps) {
    List<Workload> parts = new ArrayList<>();
    scenario.workloads().forEach(w -> addParts(w, parts));
    List<String> counts = new ArrayList<>();
    if (flows > 0
        && parts.stream()
            .anyMatch(w -> !(w instanceof Workload.Collective || w instanceof Workload.Training))) {
      counts.add(completedFlows + " of " + flows + " flows completed");
    }
    int sizes =
        parts.stream()
            .filter(Workload.Collective.class::isInstance)
            .map(Workload.Collective.class::cast)
            .mapToInt(c -> c.sizes().sizes().size())
            .sum();
    if (sizes > 0) {
      counts.add(measuredSizes + " of " + sizes + " collective sizes measured");
    }
    int steps =
        parts.stream()
            .filter(Workload.Training.class::isInstance)
            .mapToInt(t -> ((Workload.Training) t).steps())
            .sum();
    if (steps > 0) {
      counts.add(finishedSteps + " of " + steps + " training steps finished");
    }
    return String.join(", ", counts);
  }

  private static void addParts(Workload workload, List<Workload> parts) {
    if (workload instanceof Workload.MixedTraffic mixed) {
      addParts(mixed.lossless(), parts);
      addParts(mixed.lossy(), parts);
    } else {
      parts.add(workload);
    }
  }

  /**
   * Time series of one metric.
   *
   * @param metric e.g. {@code queue_depth}
   * @return the series of that metric, in result order
   */
  public List<TimeSeries> series(String metric) {
    return series.stream().filter(s -> s.metric().equals(metric)).toList();
  }
}
