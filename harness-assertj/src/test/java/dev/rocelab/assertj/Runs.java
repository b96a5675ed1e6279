package dev.rocelab.assertj;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.DropRecord;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.result.TrainingResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Hand-made run results on {@code fabrics/tiny.yaml}, so each criterion can be made to pass and
 * fail exactly. Public, in this module's test-jar, for harness-junit's tests of the criteria
 * through the extension.
 */
public final class Runs {

  /** The fabric every hand-made run ran on. */
  public static final FabricGraph TINY = FabricGraph.of(load("fabrics/tiny.yaml"));

  private Scenario scenario = Scenario.incast().senders(4).message("1MiB").dscp(26).build();
  private SimTime elapsed = SimTime.millis(1);
  private String backend = "scripted";
  private StopReason stop = StopReason.COMPLETED;
  private final List<PortStats> ports = new ArrayList<>();
  private final List<FlowResult> flows = new ArrayList<>();
  private final Map<Integer, LatencySummary> latency = new TreeMap<>();
  private final List<DropRecord> drops = new ArrayList<>();
  private final List<TimeSeries> series = new ArrayList<>();
  private final List<FabricEvent> events = new ArrayList<>();

  /**
   * @return a run to fill in: an incast scenario, 1 ms, completed, nothing measured yet
   */
  public static Runs run() {
    return new Runs();
  }

  public Runs scenario(Scenario value) {
    scenario = value;
    return this;
  }

  public Runs backend(String value) {
    backend = value;
    return this;
  }

  public Runs elapsed(String value) {
    elapsed = SimTime.parse(value);
    return this;
  }

  private final List<CollectiveResult> collectives = new ArrayList<>();
  private final List<TrainingResult> trainings = new ArrayList<>();
  private final List<FecStats> fec = new ArrayList<>();

  public Runs stop(StopReason value) {
    stop = value;
    return this;
  }

  public Runs port(String port, int priority, Consumer<Port> settings) {
    Port p = new Port();
    settings.accept(p);
    ports.add(
        new PortStats(
            Endpoint.parse(port),
            priority,
            p.txBytes,
            p.rxBytes,
            p.txPackets,
            p.rxPackets,
            p.pausesSent,
            p.pausesReceived,
            p.pausedTime,
            p.ecnMarks,
            p.cnpsSent,
            p.cnpsReceived,
            p.drops,
            p.droppedBytes,
            p.maxQueue,
            p.maxHeadroom));
    return this;
  }

  public Runs flow(
      String id,
      String source,
      String destination,
      String size,
      String delivered,
      String completion) {
    return flow(id, source, destination, size, delivered, completion, 0);
  }

  public Runs flow(
      String id,
      String source,
      String destination,
      String size,
      String delivered,
      String completion,
      long retransmissions) {
    return flow(id, source, destination, size, delivered, completion, retransmissions, 0);
  }

  public Runs flow(
      String id,
      String source,
      String destination,
      String size,
      String delivered,
      String completion,
      long retransmissions,
      long outOfOrder) {
    flows.add(
        new FlowResult(
            id,
            Endpoint.parse(source),
            Endpoint.parse(destination),
            3,
            DataSize.parse(size),
            DataSize.parse(delivered),
            SimTime.ZERO,
            Optional.ofNullable(completion).map(SimTime::parse),
            retransmissions,
            Optional.empty(),
            outOfOrder));
    return this;
  }

  public Runs latency(
      int priority, long count, String p50, String p90, String p99, String p999, String max) {
    latency.put(
        priority,
        new LatencySummary(
            count,
            SimTime.micros(1),
            SimTime.parse(p50),
            SimTime.parse(p90),
            SimTime.parse(p99),
            SimTime.parse(p999),
            SimTime.parse(max),
            SimTime.parse(p50)));
    return this;
  }

  public Runs drop(
      String time, String port, int priority, DropReason reason, String flow, boolean lossless) {
    drops.add(
        new DropRecord(
            SimTime.parse(time), Endpoint.parse(port), priority, reason, flow, lossless));
    return this;
  }

  public Runs series(String metric, String subject, String interval, long... values) {
    series.add(
        new TimeSeries(metric, subject, "unit", SimTime.ZERO, SimTime.parse(interval), values));
    return this;
  }

  public Runs event(String time, FabricEvent.Kind kind, String subject, String detail) {
    events.add(new FabricEvent(SimTime.parse(time), kind, subject, detail));
    return this;
  }

  public Runs collective(CollectiveResult result) {
    collectives.add(result);
    return this;
  }

  public Runs training(TrainingResult result) {
    trainings.add(result);
    return this;
  }

  public Runs fec(FecStats stats) {
    fec.add(stats);
    return this;
  }

  public RunResult build() {
    return new RunResult(
        scenario,
        backend,
        TINY,
        stop,
        elapsed,
        ports,
        flows,
        latency,
        drops,
        series,
        events,
        collectives,
        fec,
        trainings);
  }

  /** The counters of one port and priority. */
  public static final class Port {
    long txBytes;
    long rxBytes;
    long txPackets;
    long rxPackets;
    long pausesSent;
    long pausesReceived;
    SimTime pausedTime = SimTime.ZERO;
    long ecnMarks;
    long cnpsSent;
    long cnpsReceived;
    final Map<DropReason, Long> drops = new EnumMap<>(DropReason.class);
    Optional<Map<DropReason, Long>> droppedBytes = Optional.of(new EnumMap<>(DropReason.class));
    DataSize maxQueue = DataSize.ZERO;
    DataSize maxHeadroom = DataSize.ZERO;

    public Port tx(long bytes, long packets) {
      txBytes = bytes;
      txPackets = packets;
      return this;
    }

    public Port rx(long bytes, long packets) {
      rxBytes = bytes;
      rxPackets = packets;
      return this;
    }

    public Port pauses(long sent, long received, String paused) {
      pausesSent = sent;
      pausesReceived = received;
      pausedTime = SimTime.parse(paused);
      return this;
    }

    public Port ecn(long marks) {
      ecnMarks = marks;
      return this;
    }

    public Port cnps(long sent) {
      cnpsSent = sent;
      return this;
    }

    public Port drops(DropReason reason, long count) {
      drops.put(reason, count);
      return this;
    }

    public Port drops(DropReason reason, long count, long bytes) {
      drops.put(reason, count);
      droppedBytes.orElseThrow().put(reason, bytes);
      return this;
    }

    /** Dropped bytes unknown, as on a lab whose exporter counts only packets. */
    public Port droppedBytesNotMeasured() {
      droppedBytes = Optional.empty();
      return this;
    }

    public Port peaks(String queue, String headroom) {
      maxQueue = DataSize.parse(queue);
      maxHeadroom = DataSize.parse(headroom);
      return this;
    }
  }

  private static FabricSpec load(String resource) {
    try (Reader reader =
        new InputStreamReader(
            Runs.class.getClassLoader().getResourceAsStream(resource), StandardCharsets.UTF_8)) {
      return FabricFiles.load(reader, resource);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
