package dev.rocelab.model.internal.net;

import static dev.rocelab.api.result.FecStats.CODEWORDS_SERIES;
import static dev.rocelab.api.result.FecStats.CORRECTED_SERIES;
import static dev.rocelab.api.result.FecStats.UNCORRECTABLE_SERIES;

import dev.rocelab.api.analysis.LoadBalance;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.internal.engine.Component;
import dev.rocelab.model.internal.telemetry.SeriesStore;
import dev.rocelab.model.internal.telemetry.SeriesStore.Kind;
import dev.rocelab.model.internal.telemetry.SeriesStore.Scale;
import dev.rocelab.model.internal.traffic.FlowSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;

/**
 * Samples time series at a fixed interval: per switch port and data priority the egress queue depth
 * ({@code queue_depth}, bytes), and over the last interval the time its egress was paused ({@code
 * paused_time}, ps) and the packets it marked ({@code ecn_marks}); per NIC and data priority the
 * time its egress was paused over the last interval ({@code paused_time}); per switch port the
 * bytes it sent over the last interval, all priorities ({@code tx_bytes}); per NIC the congestion
 * notifications it sent and received over the last interval ({@code cnps_sent}, {@code
 * cnps_received}, packets, whatever their priority); per switch the shared buffer in use ({@code
 * shared_buffer}, bytes); per flow the delivered throughput over the last interval ({@code
 * throughput}, bps); per port receiving over a degrading optic the codewords its FEC checked,
 * corrected and could not correct over the last interval ({@code fec_codewords}, {@code
 * fec_corrected}, {@code fec_uncorrectable}). Series that stayed zero are left out of the result.
 * The series share a memory budget: a run too long for it has its series downsampled (see {@link
 * SeriesStore}); the counters the result reports are exact whatever the budget.
 */
public final class Sampler extends Component {

  /** Codewords checked, corrected and uncorrectable, per sampled wire. */
  private static final int FEC_COUNTERS = 3;

  private final Network net;
  private final long intervalPs;
  private final List<FlowSpec> flows;
  private final int[] priorities;
  private final SeriesStore store;
  // where each group of series starts in the store
  private final int queue;
  private final int paused;
  private final int marks;
  private final int nicPaused;
  private final int cnpsSent;
  private final int cnpsReceived;
  private final int sharedBuffer;
  private final int throughput;
  private final int txBytes;
  private final int fec;
  private final List<Wire> fecWires;
  // counters at the last sample, to sample what happened since
  private final long[] lastDelivered;
  private final long[] lastPaused;
  private final long[] lastMarks;
  private final long[] lastNicPaused;
  private final long[] lastCnpsSent;
  private final long[] lastCnpsReceived;
  private final long[] lastTxBytes;
  private final long[] lastFec;
  private final long[] delivered;

  /**
   * @param net the network
   * @param intervalPs the sampling interval
   * @param flows the flows, in id order
   * @param budgetBytes the memory all series may take; beyond it they are downsampled
   * @param fecWires the wires whose receivers' FEC counters are sampled
   */
  public Sampler(
      Network net, long intervalPs, List<FlowSpec> flows, long budgetBytes, List<Wire> fecWires) {
    this.net = net;
    this.intervalPs = intervalPs;
    this.flows = flows;
    this.fecWires = List.copyOf(fecWires);
    BitSet used = new BitSet(8);
    for (QueuePair qp : net.queuePairs) {
      for (SwitchNode sw : net.switches) {
        used.set(sw.priorityOf(qp.dscp));
      }
    }
    this.priorities = used.stream().toArray();
    int switchPorts = 0;
    for (SwitchNode sw : net.switches) {
      switchPorts += sw.ports.length;
    }
    int portSeries = switchPorts * priorities.length;
    int nics = net.nics.length;
    List<Kind> kinds = new ArrayList<>();
    queue = group(kinds, Kind.LEVEL, portSeries);
    paused = group(kinds, Kind.AMOUNT, portSeries);
    marks = group(kinds, Kind.AMOUNT, portSeries);
    nicPaused = group(kinds, Kind.AMOUNT, nics * priorities.length);
    cnpsSent = group(kinds, Kind.AMOUNT, nics);
    cnpsReceived = group(kinds, Kind.AMOUNT, nics);
    sharedBuffer = group(kinds, Kind.LEVEL, net.switches.length);
    throughput = group(kinds, Kind.AMOUNT, flows.size()); // bytes, shown as a rate
    txBytes = group(kinds, Kind.AMOUNT, switchPorts);
    fec = group(kinds, Kind.AMOUNT, FEC_COUNTERS * this.fecWires.size());
    this.store = new SeriesStore(kinds.toArray(Kind[]::new), intervalPs, budgetBytes);
    lastDelivered = new long[flows.size()];
    lastPaused = new long[portSeries];
    lastMarks = new long[portSeries];
    lastNicPaused = new long[nics * priorities.length];
    lastCnpsSent = new long[nics];
    lastCnpsReceived = new long[nics];
    lastTxBytes = new long[switchPorts];
    lastFec = new long[FEC_COUNTERS * this.fecWires.size()];
    delivered = new long[flows.size()];
    net.sim.register(this);
    net.sim.schedule(this, 0);
  }

  private static int group(List<Kind> kinds, Kind kind, int count) {
    int first = kinds.size();
    kinds.addAll(Collections.nCopies(count, kind));
    return first;
  }

  @Override
  protected void wake(long now) {
    int s = 0;
    for (SwitchNode sw : net.switches) {
      for (SwitchPort port : sw.ports) {
        for (int p : priorities) {
          store.put(queue + s, port.depth(p, now));
          long pausedSoFar = port.pausedPsAt(p, now);
          store.put(paused + s, pausedSoFar - lastPaused[s]);
          lastPaused[s] = pausedSoFar;
          long marksSoFar = net.counters.ecnMarks[port.gid * 8 + p];
          store.put(marks + s, marksSoFar - lastMarks[s]);
          lastMarks[s] = marksSoFar;
          s++;
        }
      }
    }
    for (int n = 0; n < net.nics.length; n++) {
      NicPort port = net.nics[n].port;
      for (int i = 0; i < priorities.length; i++) {
        int slot = n * priorities.length + i;
        long pausedSoFar = port.pausedPsAt(priorities[i], now);
        store.put(nicPaused + slot, pausedSoFar - lastNicPaused[slot]);
        lastNicPaused[slot] = pausedSoFar;
      }
      long sent = 0;
      long received = 0;
      for (int p = 0; p < 8; p++) {
        sent += net.counters.cnpsSent[port.gid * 8 + p];
        received += net.counters.cnpsReceived[port.gid * 8 + p];
      }
      store.put(cnpsSent + n, sent - lastCnpsSent[n]);
      store.put(cnpsReceived + n, received - lastCnpsReceived[n]);
      lastCnpsSent[n] = sent;
      lastCnpsReceived[n] = received;
    }
    for (int sw = 0; sw < net.switches.length; sw++) {
      store.put(sharedBuffer + sw, net.switches[sw].buffer.sharedUsed());
    }
    Arrays.fill(delivered, 0);
    for (int q = 0; q < net.queuePairs.length; q++) {
      delivered[net.queuePairs[q].flow] += net.receivers[q].delivered;
    }
    for (int f = 0; f < flows.size(); f++) {
      store.put(throughput + f, delivered[f] - lastDelivered[f]);
      lastDelivered[f] = delivered[f];
    }
    int port = 0;
    for (SwitchNode sw : net.switches) {
      for (SwitchPort out : sw.ports) {
        long sent = 0;
        for (int p = 0; p < 8; p++) {
          sent += net.counters.txBytes[out.gid * 8 + p];
        }
        store.put(txBytes + port, sent - lastTxBytes[port]);
        lastTxBytes[port++] = sent;
      }
    }
    for (int w = 0; w < fecWires.size(); w++) {
      Wire wire = fecWires.get(w);
      putFec(FEC_COUNTERS * w, wire.fecCodewords);
      putFec(FEC_COUNTERS * w + 1, wire.fecCorrected);
      putFec(FEC_COUNTERS * w + 2, wire.fecUncorrectable);
    }
    store.endSample();
    net.sim.schedule(this, now + intervalPs);
  }

  private void putFec(int slot, long soFar) {
    store.put(fec + slot, soFar - lastFec[slot]);
    lastFec[slot] = soFar;
  }

  /**
   * @return the sampled series that are not all zero
   */
  public List<TimeSeries> series() {
    List<TimeSeries> out = new ArrayList<>();
    int s = 0;
    for (SwitchNode sw : net.switches) {
      for (SwitchPort port : sw.ports) {
        for (int p : priorities) {
          String subject = port.name + "/" + p;
          add(out, queue + s, "queue_depth", subject, "bytes", Scale.SAME);
          add(out, paused + s, "paused_time", subject, "ps", Scale.SAME);
          add(out, marks + s, "ecn_marks", subject, "packets", Scale.SAME);
          s++;
        }
      }
    }
    for (int n = 0; n < net.nics.length; n++) {
      String nic = net.nics[n].port.name;
      for (int i = 0; i < priorities.length; i++) {
        add(
            out,
            nicPaused + n * priorities.length + i,
            "paused_time",
            nic + "/" + priorities[i],
            "ps",
            Scale.SAME);
      }
      add(out, cnpsSent + n, "cnps_sent", nic, "packets", Scale.SAME);
      add(out, cnpsReceived + n, "cnps_received", nic, "packets", Scale.SAME);
    }
    for (int sw = 0; sw < net.switches.length; sw++) {
      add(out, sharedBuffer + sw, "shared_buffer", net.switches[sw].name, "bytes", Scale.SAME);
    }
    Scale bitsPerSecond =
        (bytes, samples) ->
            Rate.average(DataSize.bytes(bytes), SimTime.picos(samples * intervalPs))
                .bitsPerSecond();
    for (int f = 0; f < flows.size(); f++) {
      add(out, throughput + f, "throughput", flows.get(f).name(), "bps", bitsPerSecond);
    }
    int port = 0;
    for (SwitchNode sw : net.switches) {
      for (SwitchPort p : sw.ports) {
        add(out, txBytes + port++, LoadBalance.MODEL_SERIES, p.name, "bytes", Scale.SAME);
      }
    }
    for (int w = 0; w < fecWires.size(); w++) {
      String receiver = fecWires.get(w).receiver.name;
      add(out, fec + FEC_COUNTERS * w, CODEWORDS_SERIES, receiver, "codewords", Scale.SAME);
      add(out, fec + FEC_COUNTERS * w + 1, CORRECTED_SERIES, receiver, "codewords", Scale.SAME);
      add(out, fec + FEC_COUNTERS * w + 2, UNCORRECTABLE_SERIES, receiver, "codewords", Scale.SAME);
    }
    return out;
  }

  private void add(
      List<TimeSeries> out, int series, String metric, String subject, String unit, Scale scale) {
    if (store.anyNonZero(series)) {
      out.add(store.series(series, metric, subject, unit, scale));
    }
  }
}
