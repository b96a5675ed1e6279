package dev.rocelab.model.internal.net;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.DropRecord;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.internal.telemetry.DropLog;
import dev.rocelab.model.internal.telemetry.PortCounters;
import dev.rocelab.model.internal.traffic.FlowSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The network of one scenario: built for its flows with the config drifts it sets at time zero, its
 * ports sampled and its faults armed; and what it measured, as the API's records.
 *
 * <p>Whatever else sends on the network (the drivers: collectives, training jobs) starts before the
 * sampler and the faults are scheduled, so events due at the same time always run in the same
 * order.
 */
public final class ScenarioNetwork {

  private final List<FlowSpec> flows;
  private final Network net;

  /** The port sampler, or null where nothing runs packet by packet. */
  private final Sampler sampler;

  /**
   * Builds the network and arms the scenario's faults.
   *
   * @param graph the fabric
   * @param scenario the scenario: its seed, faults and sample interval
   * @param flows the flows of the run, in id order
   * @param seriesMemory the memory the time series may take; beyond it they are downsampled
   * @param packets whether anything runs packet by packet (a run of flow-level drivers alone has no
   *     packets to count or sample)
   * @param drivers starts the drivers on the network just built
   */
  public ScenarioNetwork(
      FabricGraph graph,
      Scenario scenario,
      List<FlowSpec> flows,
      DataSize seriesMemory,
      boolean packets,
      Consumer<Network> drivers) {
    this.flows = List.copyOf(flows);
    this.net =
        new NetworkBuilder(
                graph, this.flows, scenario.seed(), NicOverrides.atStart(scenario.faults()))
            .build();
    drivers.accept(net);
    this.sampler =
        packets
            ? new Sampler(
                net,
                scenario.sampleInterval().picos(),
                this.flows,
                seriesMemory.bytes(),
                FaultInjector.opticWires(net, scenario.faults()))
            : null;
    new FaultInjector(net, scenario.faults(), graph.spec().firmwareRegistry());
  }

  /**
   * @return the network
   */
  public Network network() {
    return net;
  }

  /**
   * @return the flows of the run, in id order
   */
  public List<FlowSpec> flows() {
    return flows;
  }

  /**
   * @return how many flows have delivered every queue pair's messages
   */
  public int completedFlows() {
    boolean[] open = new boolean[flows.size()];
    for (QueuePair qp : net.queuePairs) {
      open[qp.flow] |= qp.completionPs < 0;
    }
    int completed = 0;
    for (boolean o : open) {
      completed += o ? 0 : 1;
    }
    return completed;
  }

  /**
   * @return the time series sampled so far (none where nothing runs packet by packet)
   */
  public List<TimeSeries> series() {
    return sampler == null ? List.of() : sampler.series();
  }

  /**
   * @return the latency of delivered packets by priority
   */
  public Map<Integer, LatencySummary> latencyByPriority() {
    return net.latency.byPriority();
  }

  /**
   * @return what happened to the fabric (faults, recoveries, watchdog actions), in order
   */
  public List<FabricEvent> events() {
    return List.copyOf(net.events);
  }

  /**
   * @return the FEC counters of every port that received over a degrading optic, in port order
   */
  public List<FecStats> fecStats() {
    SortedMap<Integer, FecStats> byPort = new TreeMap<>();
    for (Wire wire : net.wires) {
      if (wire.fec() != null) {
        int gid = wire.receiver.gid;
        byPort.put(
            gid,
            new FecStats(
                Endpoint.parse(net.portNames[gid]),
                wire.fecCorrected,
                wire.fecUncorrectable,
                wire.fecCodewords,
                wire.fec().bits()));
      }
    }
    return List.copyOf(byPort.values());
  }

  /**
   * @return the counters of every port and priority that saw traffic or was paused, by port and
   *     priority (none where nothing runs packet by packet)
   */
  public List<PortStats> portStats() {
    if (sampler == null) {
      return List.of();
    }
    PortCounters c = net.counters;
    long now = net.sim.now();
    for (SwitchNode sw : net.switches) {
      for (SwitchPort port : sw.ports) {
        for (int p = 0; p < PortCounters.PRIORITIES; p++) {
          port.depth(p, now); // a queue still growing at the end has its peak now
        }
      }
    }
    List<PortStats> out = new ArrayList<>();
    for (int gid = 0; gid < net.ports.length; gid++) {
      Endpoint port = Endpoint.parse(net.portNames[gid]);
      for (int p = 0; p < PortCounters.PRIORITIES; p++) {
        int slot = gid * 8 + p;
        long paused = net.ports[gid].pausedPsAt(p, now);
        if (!c.active(slot) && paused == 0) {
          continue;
        }
        Map<DropReason, Long> drops = new EnumMap<>(DropReason.class);
        Map<DropReason, Long> droppedBytes = new EnumMap<>(DropReason.class);
        for (DropReason reason : DropReason.values()) {
          drops.put(reason, c.drops(slot, reason));
          droppedBytes.put(reason, c.droppedBytes(slot, reason));
        }
        out.add(
            new PortStats(
                port,
                p,
                c.txBytes[slot],
                c.rxBytes[slot],
                c.txPackets[slot],
                c.rxPackets[slot],
                c.pausesSent[slot],
                c.pausesReceived[slot],
                SimTime.picos(paused),
                c.ecnMarks[slot],
                c.cnpsSent[slot],
                c.cnpsReceived[slot],
                drops,
                Optional.of(droppedBytes),
                DataSize.bytes(c.maxQueue[slot]),
                DataSize.bytes(c.maxHeadroom[slot])));
      }
    }
    out.sort(
        (a, b) ->
            a.port().compareTo(b.port()) != 0
                ? a.port().compareTo(b.port())
                : Integer.compare(a.priority(), b.priority()));
    return out;
  }

  /**
   * @return what each flow posted and delivered, in flow order (none where nothing runs packet by
   *     packet)
   */
  public List<FlowResult> flowResults() {
    if (sampler == null) {
      return List.of();
    }
    int n = flows.size();
    long[] delivered = new long[n];
    long[] posted = new long[n];
    long[] retransmissions = new long[n];
    long[] outOfOrder = new long[n];
    long[] completion = new long[n];
    boolean[] complete = new boolean[n];
    int[] priority = new int[n];
    Arrays.fill(complete, true);
    for (int q = 0; q < net.queuePairs.length; q++) {
      QueuePair qp = net.queuePairs[q];
      delivered[qp.flow] += net.receivers[q].delivered;
      retransmissions[qp.flow] += qp.retransmissions;
      outOfOrder[qp.flow] += net.receivers[q].outOfOrder;
      posted[qp.flow] += qp.postedBytes;
      priority[qp.flow] = qp.priority;
      if (qp.completionPs < 0) {
        complete[qp.flow] = false;
      }
      completion[qp.flow] = Math.max(completion[qp.flow], qp.completionPs);
    }
    List<FlowResult> out = new ArrayList<>();
    for (FlowSpec f : flows) {
      int i = f.id();
      long size = f.posted() ? posted[i] : f.totalBytes();
      out.add(
          new FlowResult(
              f.name(),
              f.source(),
              f.destination(),
              priority[i],
              DataSize.bytes(size),
              DataSize.bytes(delivered[i]),
              SimTime.picos(f.startPs()),
              complete[i] ? Optional.of(SimTime.picos(completion[i])) : Optional.empty(),
              retransmissions[i],
              net.latency.ofFlow(i),
              outOfOrder[i]));
    }
    return out;
  }

  /**
   * @return the first drops of data packets, in time order, each naming its flow
   */
  public List<DropRecord> firstDrops() {
    List<DropRecord> out = new ArrayList<>();
    for (DropLog.Entry e : net.drops.entries()) {
      out.add(
          new DropRecord(
              SimTime.picos(e.timePs()),
              Endpoint.parse(net.portNames[e.port()]),
              e.priority(),
              e.reason(),
              flows.get(e.flow()).name(),
              e.lossless()));
    }
    return out;
  }
}
