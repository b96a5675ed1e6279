package dev.rocelab.model.fidelity;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.unit.SimTime;
import java.util.List;

/**
 * What a packet-model run did at one bottleneck over a window of its time series: the figures a
 * fluid model predicts. Every flow's messages must outlast the window and carry full payloads.
 *
 * @param goodputBps the flows' delivered payload rate, summed
 * @param flowBps each flow's delivered payload rate
 * @param meanQueueBytes the bottleneck egress queue, averaged over the samples
 * @param maxQueueBytes the deepest sampled queue
 * @param shareBelowKmin the share of samples with the queue below Kmin
 * @param markingProbability ECN marks over data packets sent through the bottleneck
 */
record SteadyState(
    double goodputBps,
    double[] flowBps,
    double meanQueueBytes,
    double maxQueueBytes,
    double shareBelowKmin,
    double markingProbability) {

  /**
   * @param run the run, sampled finely enough for the window (10 µs here)
   * @param port the bottleneck egress port and priority, as the series name it ({@code
   *     leaf1:eth1/3})
   * @param from the window's start; it ends with the run
   * @param kminBytes the bottleneck's Kmin
   * @param payloadBytes every data packet's payload
   */
  static SteadyState of(
      RunResult run, String port, SimTime from, long kminBytes, int payloadBytes) {
    TimeSeries queue = only(run.series("queue_depth"), port);
    long interval = queue.interval().picos();
    int first = (int) (from.picos() / interval);
    int last = queue.size();
    double queueSum = 0;
    double queueMax = 0;
    int below = 0;
    for (int i = first; i < last; i++) {
      queueSum += queue.value(i);
      queueMax = Math.max(queueMax, queue.value(i));
      below += queue.value(i) < kminBytes ? 1 : 0;
    }
    List<TimeSeries> throughput = run.series("throughput");
    double[] flows = new double[throughput.size()];
    double goodput = 0;
    for (int f = 0; f < flows.length; f++) {
      TimeSeries series = throughput.get(f);
      double sum = 0;
      for (int i = first; i < last; i++) {
        sum += i < series.size() ? series.value(i) : 0;
      }
      flows[f] = sum / (last - first);
      goodput += flows[f];
    }
    long marks = 0;
    for (TimeSeries series : run.series("ecn_marks")) {
      if (series.subject().equals(port)) {
        for (int i = first; i < Math.min(last, series.size()); i++) {
          marks += series.value(i);
        }
      }
    }
    double seconds = (last - first) * (interval / 1e12);
    double packets = goodput * seconds / 8 / payloadBytes;
    int samples = last - first;
    return new SteadyState(
        goodput, flows, queueSum / samples, queueMax, below / (double) samples, marks / packets);
  }

  /**
   * @return Jain's fairness index of the flows' rates: 1 when equal, 1/N when one takes all
   */
  double jain() {
    double sum = 0;
    double squares = 0;
    for (double rate : flowBps) {
      sum += rate;
      squares += rate * rate;
    }
    return sum * sum / (flowBps.length * squares);
  }

  private static TimeSeries only(List<TimeSeries> series, String subject) {
    return series.stream()
        .filter(s -> s.subject().equals(subject))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no series for " + subject));
  }

  @Override
  public String toString() {
    return String.format(
        "goodput %.3f Gb/s, queue mean %.0f B max %.0f B, below Kmin %.3f, marking %.5f, Jain %.4f",
        goodputBps / 1e9,
        meanQueueBytes,
        maxQueueBytes,
        shareBelowKmin,
        markingProbability,
        jain());
  }
}
