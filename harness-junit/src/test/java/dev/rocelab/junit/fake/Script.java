package dev.rocelab.junit.fake;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.fabric.QosPolicy;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.DropRecord;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A deterministic caricature of a fabric, for testing the extension: results follow from the
 * scenario by simple rules, so that criteria pass and fail for real.
 *
 * <ul>
 *   <li>Flows run at a fixed share of line rate, sampled every sample interval.
 *   <li>An incast of more than {@value #HEADROOM_SENDERS} senders on a lossless priority overflows
 *       headroom; latency, pauses and ECN marks grow with the number of senders.
 *   <li>A link down halves every flow's rate until rerouting, {@code 300us} later; a switch reset
 *       halves it for the reboot; a PFC storm stops the flows into the storming NIC and the
 *       watchdog triggers after {@code 1ms}; a NIC firmware mismatch gives the mismatched senders
 *       half again their share.
 * </ul>
 */
final class Script {

  static final int HEADROOM_SENDERS = 32;
  static final long RECONVERGENCE = SimTime.micros(300).picos();
  static final long WATCHDOG_DETECTION = SimTime.millis(1).picos();
  private static final long MTU = 4096;

  /** Every dropped frame is a full one: MTU payload plus RoCEv2 headers. */
  private static final long DROPPED_FRAME = MTU + Framing.ROCE_HEADERS;

  private final FabricGraph graph;
  private final Scenario scenario;
  private final String backend;
  private final QosPolicy qos;
  private final List<Flow> flows = new ArrayList<>();
  private final Map<Endpoint, Map<Integer, Counters>> ports = new TreeMap<>();
  private final List<DropRecord> drops = new ArrayList<>();
  private final List<FabricEvent> events = new ArrayList<>();
  private final Map<Integer, LatencySummary> latency = new TreeMap<>();
  private final List<Window> windows = new ArrayList<>();
  private final List<Runnable> afterRun = new ArrayList<>();
  private final List<TimeSeries> series = new ArrayList<>();
  private final Set<String> drifted = new HashSet<>();
  private long dt;
  private long elapsed;
  private int samples;

  private Script(FabricGraph graph, Scenario scenario, String backend) {
    this.graph = graph;
    this.scenario = scenario;
    this.backend = backend;
    this.qos = graph.spec().qosOf(graph.switchProfileOf(graph.switches().get(0).name()));
  }

  static RunResult run(FabricGraph graph, Scenario scenario, String backend) {
    return new Script(graph, scenario, backend).compute();
  }

  private RunResult compute() {
    scenario.faults().stream()
        .filter(Fault.ConfigDrift.class::isInstance)
        .map(Fault.ConfigDrift.class::cast)
        .forEach(
            drift -> {
              drifted.add(drift.device());
              event(drift.at(), FabricEvent.Kind.FAULT, drift.device(), drift.describe());
            });
    scenario.workloads().forEach(this::workload);
    scenario.faults().forEach(this::fault);
    simulate();
    afterRun.forEach(Runnable::run);
    return result();
  }

  // ---- workloads

  private void workload(Workload workload) {
    if (workload instanceof Workload.Incast w) {
      incast(
          w.senders(),
          w.receiver().orElse(graph.nics().get(0)),
          w.message().bytes(),
          w.dscp(),
          w.start().picos());
    } else if (workload instanceof Workload.Microburst w) {
      incast(
          w.senders(),
          w.receiver().orElse(graph.nics().get(0)),
          w.burst().bytes() * w.bursts(),
          w.dscp(),
          w.start().picos());
    } else if (workload instanceof Workload.MixedTraffic w) {
      workload(w.lossless());
      workload(w.lossy());
    } else if (workload instanceof Workload.Permutation w) {
      List<Endpoint> nics = graph.nics();
      int n = nics.size();
      for (int i = 0; i < n; i++) {
        flow(
            nics.get(i),
            nics.get((i + n / 2 + 1) % n),
            priority(w.dscp()),
            w.flowSize().bytes(),
            w.start().picos(),
            rate(nics.get(i)));
      }
      baseLatency(priority(w.dscp()), 2, 3, 5, 6, 8);
    } else if (workload instanceof Workload.AllToAll w) {
      List<Endpoint> nics = graph.nics();
      for (Endpoint src : nics) {
        List<Endpoint> peers = nics.stream().filter(d -> !d.device().equals(src.device())).toList();
        for (Endpoint dst : peers) {
          flow(
              src,
              dst,
              priority(w.dscp()),
              w.perPair().bytes(),
              w.start().picos(),
              rate(src) / peers.size());
        }
      }
      baseLatency(priority(w.dscp()), 3, 5, 9, 12, 15);
    } else if (workload instanceof Workload.RdmaFlow w) {
      flow(
          w.source(),
          w.destination(),
          priority(w.dscp()),
          w.message().bytes() * w.messages(),
          w.start().picos(),
          rate(w.source()));
      baseLatency(priority(w.dscp()), 2, 2, 3, 3, 4);
    } else if (workload instanceof Workload.Collective w) {
      List<Endpoint> nics = graph.nics();
      int ranks = w.ranks() == 0 ? nics.size() : Math.min(w.ranks(), nics.size());
      for (int i = 0; i < ranks; i++) {
        flow(
            nics.get(i),
            nics.get((i + 1) % ranks),
            priority(OptionalInt.empty()),
            w.sizes().max().bytes() * 2 * (ranks - 1) / ranks,
            w.start().picos(),
            rate(nics.get(i)));
      }
      baseLatency(priority(OptionalInt.empty()), 2, 3, 4, 5, 6);
    }
  }

  private void incast(int count, Endpoint receiver, long bytes, OptionalInt dscp, long start) {
    int priority = priority(dscp);
    List<Endpoint> senders =
        graph.nics().stream().filter(n -> !n.equals(receiver)).limit(count).toList();
    double weights = senders.stream().mapToDouble(this::weight).sum();
    long line = rate(receiver);
    List<Flow> mine = new ArrayList<>();
    for (Endpoint sender : senders) {
      mine.add(
          flow(sender, receiver, priority, bytes, start, (long) (line * weight(sender) / weights)));
    }
    int n = senders.size();
    Endpoint downlink = peer(receiver);
    boolean lossless = qos.isLossless(priority);
    counters(downlink, priority).maxQueue = Math.min(n * 64L * 1024, 16L << 20);
    for (Endpoint sender : senders) {
      counters(peer(sender), priority).maxHeadroom = Math.min(n * 4L * 1024, 160L * 1024);
    }
    if (lossless && n > HEADROOM_SENDERS) {
      Endpoint ingress = peer(senders.get(HEADROOM_SENDERS));
      drop(
          ingress,
          priority,
          DropReason.LOSSLESS_HEADROOM_EXCEEDED,
          (n - HEADROOM_SENDERS) * 16L,
          start + SimTime.nanos(1500).picos(),
          mine.get(HEADROOM_SENDERS).id,
          true);
    } else if (!lossless && n > HEADROOM_SENDERS / 2) {
      drop(
          downlink,
          priority,
          DropReason.BUFFER_OVERFLOW,
          (n - HEADROOM_SENDERS / 2) * 32L,
          start + SimTime.micros(3).picos(),
          mine.get(HEADROOM_SENDERS / 2).id,
          false);
    }
    baseLatency(priority, 2 + n / 2.0, 2 + n, 2 + 2.0 * n, 2 + 2.5 * n, 2 + 3.0 * n);
    afterRun.add(() -> incastTelemetry(mine, receiver, downlink, priority));
  }

  private void incastTelemetry(
      List<Flow> mine, Endpoint receiver, Endpoint downlink, int priority) {
    int n = mine.size();
    if (n < 2) {
      return;
    }
    Counters egress = counters(downlink, priority);
    long packets = mine.stream().mapToLong(f -> (long) Math.ceil(f.delivered / MTU)).sum();
    egress.ecnMarks += packets * Math.min(n, 64) / 128;
    counters(receiver, priority).cnpsSent += egress.ecnMarks / 4;
    long[] queue = new long[samples];
    for (Flow f : mine) {
      Counters nic = counters(f.src, priority);
      Counters ingress = counters(peer(f.src), priority);
      long active = (f.completion >= 0 ? f.completion : elapsed) - f.start;
      nic.pausesReceived += 50L * (n - 1);
      ingress.pausesSent += 50L * (n - 1);
      nic.pausedTime += active * (n - 1) / n;
      nic.cnpsReceived += egress.ecnMarks / 4 / n;
      long[] paused = new long[samples];
      for (int k = 0; k < samples; k++) {
        if (f.samples[k] > 0) {
          paused[k] = dt * (n - 1) / n;
          queue[k] = egress.maxQueue;
        }
      }
      series.add(
          new TimeSeries(
              "paused_time",
              f.src + "/" + priority,
              "ps",
              SimTime.ZERO,
              SimTime.picos(dt),
              paused));
    }
    series.add(
        new TimeSeries(
            "queue_depth",
            downlink + "/" + priority,
            "bytes",
            SimTime.ZERO,
            SimTime.picos(dt),
            queue));
  }

  // ---- faults

  private void fault(Fault fault) {
    if (fault instanceof Fault.LinkDown f) {
      event(f.at(), FabricEvent.Kind.FAULT, f.port().toString(), f.describe());
      long at = f.at().picos();
      windows.add(new Window(at, at + RECONVERGENCE, 0.5, flow -> true));
      event(
          SimTime.picos(at + RECONVERGENCE),
          FabricEvent.Kind.RECONVERGENCE,
          f.port().toString(),
          "traffic rerouted around " + f.port());
      int priority = flows.isEmpty() ? 3 : flows.get(0).priority;
      drop(
          f.port(),
          priority,
          DropReason.LINK_DOWN,
          8,
          at,
          flows.isEmpty() ? "none" : flows.get(0).id,
          qos.isLossless(priority));
    } else if (fault instanceof Fault.LinkUp f) {
      event(f.at(), FabricEvent.Kind.RECOVERY, f.port().toString(), f.describe());
    } else if (fault instanceof Fault.LinkFlap f) {
      event(f.at(), FabricEvent.Kind.FAULT, f.port().toString(), f.describe());
      for (int i = 0; i < f.count(); i++) {
        long start = f.at().picos() + i * f.period().picos();
        windows.add(new Window(start, start + f.period().picos() / 2, 0.5, flow -> true));
      }
    } else if (fault instanceof Fault.SwitchReset f) {
      event(f.at(), FabricEvent.Kind.FAULT, f.device(), f.describe());
      long at = f.at().picos();
      long end = at + f.rebootTime().picos();
      windows.add(new Window(at, end, 0.5, flow -> true));
      windows.add(
          new Window(
              at,
              end,
              0.0,
              flow ->
                  peer(flow.src).device().equals(f.device())
                      || peer(flow.dst).device().equals(f.device())));
      event(SimTime.picos(end), FabricEvent.Kind.RECOVERY, f.device(), f.device() + " is back");
      Endpoint port = graph.ports(f.device()).get(0);
      int priority = flows.isEmpty() ? 3 : flows.get(0).priority;
      drop(
          port,
          priority,
          DropReason.SWITCH_RESET,
          64,
          at,
          flows.isEmpty() ? "none" : flows.get(0).id,
          qos.isLossless(priority));
    } else if (fault instanceof Fault.PfcStorm f) {
      storm(f);
    } else if (fault instanceof Fault.BitErrors f) {
      event(f.at(), FabricEvent.Kind.FAULT, f.port().toString(), f.describe());
      drop(
          f.port(),
          3,
          DropReason.CRC_ERROR,
          4,
          f.at().picos(),
          flows.isEmpty() ? "none" : flows.get(0).id,
          true);
    }
  }

  private void storm(Fault.PfcStorm f) {
    long at = f.at().picos();
    long end = f.duration().picos() == 0 ? scenario.duration().picos() : at + f.duration().picos();
    event(f.at(), FabricEvent.Kind.FAULT, f.nic().toString(), f.describe());
    windows.add(
        new Window(
            at, end, 0.0, flow -> flow.dst.equals(f.nic()) && flow.priority == f.priority()));
    Endpoint leafPort = peer(f.nic());
    if (end - at >= WATCHDOG_DETECTION) {
      long trigger = at + WATCHDOG_DETECTION;
      event(
          SimTime.picos(trigger),
          FabricEvent.Kind.WATCHDOG_TRIGGERED,
          leafPort + "/" + f.priority(),
          "PFC watchdog declared the queue stormed; dropping");
      drop(leafPort, f.priority(), DropReason.PFC_WATCHDOG, 32, trigger, "storm", true);
      if (end < scenario.duration().picos()) {
        event(
            SimTime.picos(end),
            FabricEvent.Kind.WATCHDOG_RESTORED,
            leafPort + "/" + f.priority(),
            "pauses stopped; queue restored");
      }
    }
    if (end < scenario.duration().picos()) {
      event(SimTime.picos(end), FabricEvent.Kind.RECOVERY, f.nic().toString(), "storm over");
    }
    afterRun.add(
        () -> {
          long stop = Math.min(end, elapsed);
          Counters port = counters(leafPort, f.priority());
          port.pausesReceived += Math.max(0, stop - at) / SimTime.nanos(83_886).picos() + 1;
          port.pausedTime += Math.max(0, stop - at);
          counters(f.nic(), f.priority()).pausesSent += port.pausesReceived;
          long[] paused = new long[samples];
          for (int k = 0; k < samples; k++) {
            long t = k * dt;
            paused[k] = t >= at && t < stop ? dt : 0;
          }
          series.add(
              new TimeSeries(
                  "paused_time",
                  leafPort + "/" + f.priority(),
                  "ps",
                  SimTime.ZERO,
                  SimTime.picos(dt),
                  paused));
        });
  }

  // ---- the run

  private void simulate() {
    dt = scenario.sampleInterval().picos();
    long duration = scenario.duration().picos();
    int max = (int) Math.min(1_000_000, (duration + dt - 1) / dt);
    flows.forEach(f -> f.samples = new long[max]);
    int k = 0;
    boolean done = flows.isEmpty();
    for (; k < max && !done; k++) {
      long t = k * dt;
      done = true;
      for (Flow f : flows) {
        if (f.completion >= 0) {
          continue;
        }
        done = false;
        if (t < f.start) {
          continue;
        }
        long rate = (long) (f.rate * factor(f, t));
        f.samples[k] = rate;
        double bytes = rate * (double) dt / 8e12;
        if (f.delivered + bytes >= f.size) {
          double fraction = bytes == 0 ? 1 : (f.size - f.delivered) / bytes;
          f.completion = t + (long) Math.ceil(fraction * dt);
          f.delivered = f.size;
        } else {
          f.delivered += bytes;
        }
      }
    }
    samples = k;
    boolean completed = flows.stream().allMatch(f -> f.completion >= 0);
    elapsed =
        completed
            ? Math.max(1, flows.stream().mapToLong(f -> f.completion).max().orElse(1))
            : duration;
    for (Flow f : flows) {
      f.samples = java.util.Arrays.copyOf(f.samples, samples);
      series.add(
          new TimeSeries("throughput", f.id, "bps", SimTime.ZERO, SimTime.picos(dt), f.samples));
      traffic(f);
    }
  }

  private double factor(Flow flow, long t) {
    double factor = 1;
    for (Window w : windows) {
      if (t >= w.start && t < w.end && w.affects.test(flow)) {
        factor = Math.min(factor, w.factor);
      }
    }
    return factor;
  }

  private void traffic(Flow f) {
    long bytes = (long) f.delivered;
    long packets = (bytes + MTU - 1) / MTU;
    Counters src = counters(f.src, f.priority);
    src.txBytes += bytes;
    src.txPackets += packets;
    Counters dst = counters(f.dst, f.priority);
    dst.rxBytes += bytes;
    dst.rxPackets += packets;
    Endpoint ingress = peer(f.src);
    counters(ingress, f.priority).rxBytes += bytes;
    counters(ingress, f.priority).rxPackets += packets;
    Endpoint egress = peer(f.dst);
    counters(egress, f.priority).txBytes += bytes;
    counters(egress, f.priority).txPackets += packets;
    if (!ingress.device().equals(egress.device())) {
      List<Endpoint> uplinks = uplinks(ingress.device());
      if (!uplinks.isEmpty()) {
        int index =
            Math.floorMod(Long.hashCode(scenario.seed() * 31 + f.id.hashCode()), uplinks.size());
        counters(uplinks.get(index), f.priority).txBytes += bytes;
        counters(uplinks.get(index), f.priority).txPackets += packets;
      }
    }
  }

  private RunResult result() {
    List<PortStats> stats = new ArrayList<>();
    ports.forEach(
        (port, byPriority) ->
            byPriority.forEach(
                (priority, c) ->
                    stats.add(
                        new PortStats(
                            port,
                            priority,
                            c.txBytes,
                            c.rxBytes,
                            c.txPackets,
                            c.rxPackets,
                            c.pausesSent,
                            c.pausesReceived,
                            SimTime.picos(Math.min(c.pausedTime, elapsed)),
                            c.ecnMarks,
                            c.cnpsSent,
                            c.cnpsReceived,
                            c.drops,
                            Optional.of(c.droppedBytes),
                            DataSize.bytes(c.maxQueue),
                            DataSize.bytes(c.maxHeadroom)))));
    List<FlowResult> results =
        flows.stream()
            .map(
                f ->
                    new FlowResult(
                        f.id,
                        f.src,
                        f.dst,
                        f.priority,
                        DataSize.bytes(f.size),
                        DataSize.bytes((long) f.delivered),
                        SimTime.picos(f.start),
                        f.completion >= 0
                            ? java.util.Optional.of(SimTime.picos(f.completion))
                            : java.util.Optional.empty(),
                        0,
                        java.util.Optional.empty()))
            .toList();
    drops.sort(Comparator.comparing(DropRecord::time));
    List<FabricEvent> timeline =
        events.stream()
            .filter(e -> e.time().picos() <= elapsed)
            .sorted(Comparator.comparing(FabricEvent::time))
            .toList();
    StopReason reason =
        flows.stream().allMatch(f -> f.completion >= 0)
            ? StopReason.COMPLETED
            : StopReason.DURATION_REACHED;
    return new RunResult(
        scenario,
        backend,
        graph,
        reason,
        SimTime.picos(elapsed),
        stats,
        results,
        latency,
        drops.stream().filter(d -> d.time().picos() <= elapsed).toList(),
        series,
        timeline,
        List.of());
  }

  // ---- helpers

  private Flow flow(Endpoint src, Endpoint dst, int priority, long bytes, long start, long rate) {
    Flow f = new Flow(String.format("f%03d", flows.size()), src, dst, priority, bytes, start, rate);
    flows.add(f);
    return f;
  }

  private double weight(Endpoint sender) {
    return drifted.contains(sender.device()) ? 1.5 : 1.0;
  }

  private int priority(OptionalInt dscp) {
    return dscp.isPresent()
        ? qos.priorityOf(dscp.getAsInt())
        : graph.nicProfileOf(graph.nics().get(0)).roce().priority();
  }

  private long rate(Endpoint nic) {
    return graph.nicProfileOf(nic).speed().bitsPerSecond();
  }

  private Endpoint peer(Endpoint port) {
    return graph.linkAt(port).map(l -> l.peerOf(port)).orElse(port);
  }

  private List<Endpoint> uplinks(String device) {
    int tier = graph.device(device).map(Device::tier).orElse(0);
    return graph.ports(device).stream()
        .filter(
            p ->
                graph
                        .linkAt(p)
                        .flatMap(l -> graph.device(l.peerOf(p).device()))
                        .map(Device::tier)
                        .orElse(0)
                    > tier)
        .toList();
  }

  private Counters counters(Endpoint port, int priority) {
    return ports
        .computeIfAbsent(port, p -> new TreeMap<>())
        .computeIfAbsent(priority, p -> new Counters());
  }

  private void drop(
      Endpoint port,
      int priority,
      DropReason reason,
      long count,
      long time,
      String flow,
      boolean lossless) {
    counters(port, priority).drops.merge(reason, count, Long::sum);
    counters(port, priority).droppedBytes.merge(reason, count * DROPPED_FRAME, Long::sum);
    drops.add(new DropRecord(SimTime.picos(time), port, priority, reason, flow, lossless));
  }

  private void event(SimTime time, FabricEvent.Kind kind, String subject, String detail) {
    events.add(new FabricEvent(time, kind, subject, detail));
  }

  private void baseLatency(
      int priority, double p50, double p90, double p99, double p999, double max) {
    latency.merge(
        priority,
        new LatencySummary(
            1000,
            SimTime.micros(1),
            micros(p50),
            micros(p90),
            micros(p99),
            micros(p999),
            micros(max),
            micros(p50)),
        (a, b) -> b.max().isAfter(a.max()) ? b : a);
  }

  private static SimTime micros(double micros) {
    return SimTime.picos(Math.round(micros * 1e6));
  }

  private static final class Flow {
    final String id;
    final Endpoint src;
    final Endpoint dst;
    final int priority;
    final long size;
    final long start;
    final long rate;
    double delivered;
    long completion = -1;
    long[] samples;

    Flow(String id, Endpoint src, Endpoint dst, int priority, long size, long start, long rate) {
      this.id = id;
      this.src = src;
      this.dst = dst;
      this.priority = priority;
      this.size = size;
      this.start = start;
      this.rate = rate;
    }
  }

  private static final class Counters {
    long txBytes;
    long rxBytes;
    long txPackets;
    long rxPackets;
    long pausesSent;
    long pausesReceived;
    long pausedTime;
    long ecnMarks;
    long cnpsSent;
    long cnpsReceived;
    long maxQueue;
    long maxHeadroom;
    final Map<DropReason, Long> drops = new EnumMap<>(DropReason.class);
    final Map<DropReason, Long> droppedBytes = new EnumMap<>(DropReason.class);
  }

  private record Window(long start, long end, double factor, Predicate<Flow> affects) {}
}
