package dev.rocelab.model.net;

import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.engine.Component;
import dev.rocelab.model.traffic.FlowSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Samples time series at a fixed interval: per switch port and data priority the egress queue
 * depth ({@code queue_depth}, bytes), and over the last interval the time its egress was paused
 * ({@code paused_time}, ps) and the packets it marked ({@code ecn_marks}); per NIC and data
 * priority the time its egress was paused over the last interval ({@code paused_time}), and per
 * NIC the congestion notifications it sent and received over the last interval
 * ({@code cnps_sent}, {@code cnps_received}, packets, whatever their priority); per switch the
 * shared buffer in use ({@code shared_buffer}, bytes); per flow the delivered throughput over the
 * last interval ({@code throughput}, bps). Series that stayed zero are left out of the result.
 */
public final class Sampler extends Component {

  private final Network net;
  private final long intervalPs;
  private final SimTime interval;
  private final List<FlowSpec> flows;
  private final int[] priorities;
  private final long[][] queue;
  private final long[][] paused;
  private final long[][] marks;
  private final long[][] throughput;
  private final long[][] sharedBuffer;
  private final long[] lastDelivered;
  private final long[] lastPaused;
  private final long[] lastMarks;
  private final long[][] nicPaused;
  private final long[] lastNicPaused;
  private final long[][] cnpsSent;
  private final long[][] cnpsReceived;
  private final long[] lastCnpsSent;
  private final long[] lastCnpsReceived;
  private int samples;

  /**
   * @param net the network
   * @param intervalPs the sampling interval
   * @param flows the flows, in id order
   */
  public Sampler(Network net, long intervalPs, List<FlowSpec> flows) {
    this.net = net;
    this.intervalPs = intervalPs;
    this.interval = SimTime.picos(intervalPs);
    this.flows = flows;
    BitSet used = new BitSet(8);
    for (QueuePair qp : net.queuePairs) {
      for (SwitchNode sw : net.switches) {
        used.set(sw.priorityOf(qp.dscp));
      }
    }
    this.priorities = used.stream().toArray();
    int count = 0;
    for (SwitchNode sw : net.switches) {
      count += sw.ports.length;
    }
    int series = count * priorities.length;
    queue = new long[series][16];
    paused = new long[series][16];
    marks = new long[series][16];
    throughput = new long[flows.size()][16];
    sharedBuffer = new long[net.switches.length][16];
    lastDelivered = new long[flows.size()];
    lastPaused = new long[series];
    lastMarks = new long[series];
    int nics = net.nics.length;
    nicPaused = new long[nics * priorities.length][16];
    lastNicPaused = new long[nics * priorities.length];
    cnpsSent = new long[nics][16];
    cnpsReceived = new long[nics][16];
    lastCnpsSent = new long[nics];
    lastCnpsReceived = new long[nics];
    net.sim.register(this);
    net.sim.schedule(this, 0);
  }

  @Override
  protected void wake(long now) {
    int s = 0;
    for (SwitchNode sw : net.switches) {
      for (SwitchPort port : sw.ports) {
        for (int p : priorities) {
          put(queue, s, port.depth(p, now));
          long pausedSoFar = port.pausedPsAt(p, now);
          put(paused, s, pausedSoFar - lastPaused[s]);
          lastPaused[s] = pausedSoFar;
          long marksSoFar = net.counters.ecnMarks[port.gid * 8 + p];
          put(marks, s, marksSoFar - lastMarks[s]);
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
        put(nicPaused, slot, pausedSoFar - lastNicPaused[slot]);
        lastNicPaused[slot] = pausedSoFar;
      }
      long sent = 0;
      long received = 0;
      for (int p = 0; p < 8; p++) {
        sent += net.counters.cnpsSent[port.gid * 8 + p];
        received += net.counters.cnpsReceived[port.gid * 8 + p];
      }
      put(cnpsSent, n, sent - lastCnpsSent[n]);
      put(cnpsReceived, n, received - lastCnpsReceived[n]);
      lastCnpsSent[n] = sent;
      lastCnpsReceived[n] = received;
    }
    for (int sw = 0; sw < net.switches.length; sw++) {
      put(sharedBuffer, sw, net.switches[sw].buffer.sharedUsed());
    }
    long[] delivered = new long[flows.size()];
    for (int q = 0; q < net.queuePairs.length; q++) {
      delivered[net.queuePairs[q].flow] += net.receivers[q].delivered;
    }
    for (int f = 0; f < flows.size(); f++) {
      long bytes = delivered[f] - lastDelivered[f];
      lastDelivered[f] = delivered[f];
      put(throughput, f, samples == 0 ? 0 : Rate.average(DataSize.bytes(bytes), interval).bitsPerSecond());
    }
    samples++;
    net.sim.schedule(this, now + intervalPs);
  }

  private void put(long[][] series, int index, long value) {
    if (samples == series[index].length) {
      series[index] = Arrays.copyOf(series[index], samples * 2);
    }
    series[index][samples] = value;
  }

  /** @return the sampled series that are not all zero */
  public List<TimeSeries> series() {
    List<TimeSeries> out = new ArrayList<>();
    int s = 0;
    for (SwitchNode sw : net.switches) {
      for (SwitchPort port : sw.ports) {
        for (int p : priorities) {
          String subject = port.name + "/" + p;
          add(out, "queue_depth", subject, "bytes", interval, queue[s]);
          add(out, "paused_time", subject, "ps", interval, paused[s]);
          add(out, "ecn_marks", subject, "packets", interval, marks[s]);
          s++;
        }
      }
    }
    for (int n = 0; n < net.nics.length; n++) {
      String nic = net.nics[n].port.name;
      for (int i = 0; i < priorities.length; i++) {
        add(out, "paused_time", nic + "/" + priorities[i], "ps", interval, nicPaused[n * priorities.length + i]);
      }
      add(out, "cnps_sent", nic, "packets", interval, cnpsSent[n]);
      add(out, "cnps_received", nic, "packets", interval, cnpsReceived[n]);
    }
    for (int sw = 0; sw < net.switches.length; sw++) {
      add(out, "shared_buffer", net.switches[sw].name, "bytes", interval, sharedBuffer[sw]);
    }
    for (int f = 0; f < flows.size(); f++) {
      add(out, "throughput", flows.get(f).name(), "bps", interval, throughput[f]);
    }
    return out;
  }

  private void add(List<TimeSeries> out, String metric, String subject, String unit, SimTime interval, long[] values) {
    long[] used = Arrays.copyOf(values, samples);
    if (Arrays.stream(used).anyMatch(v -> v != 0)) {
      out.add(new TimeSeries(metric, subject, unit, SimTime.ZERO, interval, used));
    }
  }
}
