package dev.rocelab.alerting.internal;

import dev.rocelab.alerting.Metric;
import dev.rocelab.alerting.MetricLabel;
import dev.rocelab.alerting.ProjectedSeries;
import dev.rocelab.alerting.TimelinePhase;
import dev.rocelab.alerting.TimelineShape;
import dev.rocelab.api.analysis.LoadBalance;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.Link;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.result.CollectiveTiming;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.DropRecord;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Outage;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.SimTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.stream.LongStream;

/**
 * Projects a run onto the operational timeline. A counter grows, in each phase, at the rate the run
 * measured in that phase (its increase in the phase's simulated window ÷ the window); a gauge holds
 * the phase's level. Where the run has a time series for a counter (ECN marks, paused time), the
 * series says how the counter's total splits over the phases; pause frames follow the paused time
 * of the queue they pause; CNPs follow the NIC's {@code cnps_sent} and {@code cnps_received}
 * series; dropped packets and bytes follow the recorded drops' times; a counter with no timing at
 * all (a backend without those series) is taken as uniform over the run. Gauges hold the phase's
 * worst level: the deepest queue, the fullest buffer, the link down if it was down at all;
 * throughput holds the phase's mean; a collective's busbw shows from the phase in which it was
 * measured (see {@code collectives}); a port's pre-FEC bit-error rate is the phase's rate (see
 * {@code fec}). Series that stay zero over the whole timeline are left out, as the run's own time
 * series are; dropped bytes the backend did not measure are left out too.
 */
public final class Projector {

  private final RunResult run;
  private final FabricGraph graph;
  private final List<TimelinePhase> phases;
  private final Duration scrape;
  private final int scrapes;
  private final Map<String, TimeSeries> series = new HashMap<>();

  /**
   * @param run the run
   * @param graph its fabric, to find the peer of a port
   * @param phases the phases of {@link PhaseSplit}
   * @param shape the timeline's shape
   */
  public Projector(
      RunResult run, FabricGraph graph, List<TimelinePhase> phases, TimelineShape shape) {
    this.run = run;
    this.graph = graph;
    this.phases = phases;
    this.scrape = shape.scrapeInterval();
    Duration total = phases.get(phases.size() - 1).end();
    this.scrapes = (int) (total.toMillis() / scrape.toMillis()) + 1;
    for (TimeSeries s : run.series()) {
      series.putIfAbsent(s.metric() + " " + s.subject(), s);
    }
  }

  /**
   * @return every projected series: per port and priority, per switch, per flow, per collective
   */
  public List<ProjectedSeries> project() {
    List<ProjectedSeries> out = new ArrayList<>();
    for (PortStats stats : run.ports()) {
      Map<MetricLabel, String> labels = portLabels(stats.port(), stats.priority());
      String subject = stats.port() + "/" + stats.priority();
      double[] pausedShare = seriesShares("paused_time", subject);
      String peer =
          graph
              .linkAt(stats.port())
              .map(l -> l.peerOf(stats.port()) + "/" + stats.priority())
              .orElse("");
      out.add(
          counter(
              Metric.PFC_PAUSES_SENT,
              labels,
              stats.pausesSent(),
              seriesShares("paused_time", peer)));
      out.add(counter(Metric.PFC_PAUSES_RECEIVED, labels, stats.pausesReceived(), pausedShare));
      out.add(
          counter(Metric.PFC_PAUSED_SECONDS, labels, stats.pausedTime().toSeconds(), pausedShare));
      out.add(
          counter(Metric.ECN_MARKS, labels, stats.ecnMarks(), seriesShares("ecn_marks", subject)));
      if (stats.txPackets() > 0) {
        // spread as the port's bytes went out, all priorities together (the series there is)
        out.add(
            counter(
                Metric.TRANSMITTED_PACKETS,
                labels,
                stats.txPackets(),
                seriesShares(LoadBalance.MODEL_SERIES, stats.port().toString())));
      }
      out.add(
          counter(
              Metric.CNPS_SENT,
              labels,
              stats.cnpsSent(),
              seriesShares("cnps_sent", stats.port().toString())));
      out.add(
          counter(
              Metric.CNPS_RECEIVED,
              labels,
              stats.cnpsReceived(),
              seriesShares("cnps_received", stats.port().toString())));
      for (Map.Entry<DropReason, Long> drop : stats.drops().entrySet()) {
        Map<MetricLabel, String> reason = new EnumMap<>(labels);
        reason.put(MetricLabel.REASON, drop.getKey().name().toLowerCase(Locale.ROOT));
        out.add(counter(Metric.DROPS, reason, drop.getValue(), dropShares(stats, drop.getKey())));
      }
      for (Map.Entry<DropReason, Long> bytes : stats.droppedBytes().orElse(Map.of()).entrySet()) {
        Map<MetricLabel, String> reason = new EnumMap<>(labels);
        reason.put(MetricLabel.REASON, bytes.getKey().name().toLowerCase(Locale.ROOT));
        out.add(
            counter(
                Metric.DROPPED_BYTES, reason, bytes.getValue(), dropShares(stats, bytes.getKey())));
      }
      TimeSeries queue = series.get("queue_depth " + subject);
      if (queue != null) {
        out.add(gauge(Metric.QUEUE_DEPTH, labels, levels(queue, Projector::max)));
      }
    }
    for (TimeSeries buffer : run.series("shared_buffer")) {
      out.add(
          gauge(
              Metric.SHARED_BUFFER,
              Map.of(MetricLabel.DEVICE, buffer.subject()),
              levels(buffer, Projector::max)));
    }
    for (TimeSeries throughput : run.series("throughput")) {
      double[] bitsPerSecond = levels(throughput, Projector::mean);
      double[] bytesPerSecond = new double[bitsPerSecond.length];
      for (int i = 0; i < bitsPerSecond.length; i++) {
        bytesPerSecond[i] = bitsPerSecond[i] / 8;
      }
      out.add(
          gauge(
              Metric.FLOW_THROUGHPUT,
              Map.of(MetricLabel.FLOW, throughput.subject()),
              bytesPerSecond));
    }
    fec(out);
    linkStates(out);
    collectives(out);
    // as in the run's own time series, what stayed zero throughout is left out
    return out.stream().filter(Projector::everNonZero).toList();
  }

  private static boolean everNonZero(ProjectedSeries s) {
    for (int i = 0; i < s.size(); i++) {
      if (s.value(i) != 0 && !Double.isNaN(s.value(i))) {
        return true;
      }
    }
    return false;
  }

  private Map<MetricLabel, String> portLabels(Endpoint port, int priority) {
    Map<MetricLabel, String> labels = new EnumMap<>(MetricLabel.class);
    labels.put(MetricLabel.DEVICE, port.device());
    labels.put(MetricLabel.PORT, port.port());
    if (priority >= 0) {
      labels.put(MetricLabel.PRIORITY, Integer.toString(priority));
    }
    return labels;
  }

  /**
   * The share of a series' total that falls in each phase, by the middle of each sample's interval.
   */
  private double[] seriesShares(String metric, String subject) {
    double[] sums = phaseSums(metric, subject);
    return sums == null ? null : normalised(sums);
  }

  /**
   * A series' sum in each phase, by the middle of each sample's interval; null where the run has no
   * such series.
   */
  private double[] phaseSums(String metric, String subject) {
    TimeSeries s = series.get(metric + " " + subject);
    if (s == null) {
      return null;
    }
    double[] sums = new double[phases.size()];
    for (int i = 0; i < s.size(); i++) {
      // sample i counts what happened over the interval that ends at its time
      long middle = s.timeOf(i).picos() - s.interval().picos() / 2;
      sums[phaseOf(middle)] += s.value(i);
    }
    return sums;
  }

  private double[] dropShares(PortStats stats, DropReason reason) {
    double[] sums = new double[phases.size()];
    for (DropRecord drop : run.firstDrops()) {
      if (drop.port().equals(stats.port())
          && drop.priority() == stats.priority()
          && drop.reason() == reason) {
        sums[phaseOf(drop.time().picos())]++;
      }
    }
    return normalised(sums);
  }

  private static double[] normalised(double[] sums) {
    double total = 0;
    for (double v : sums) {
      total += v;
    }
    if (total <= 0) {
      return null;
    }
    double[] shares = new double[sums.length];
    for (int i = 0; i < sums.length; i++) {
      shares[i] = sums[i] / total;
    }
    return shares;
  }

  private int phaseOf(long picos) {
    for (int p = 0; p < phases.size(); p++) {
      if (picos < phases.get(p).simulatedEnd().picos()) {
        return p;
      }
    }
    return phases.size() - 1;
  }

  /**
   * A counter whose total splits over the phases by the given shares (null: in proportion to their
   * simulated durations), growing at each phase's rate along the timeline.
   */
  private ProjectedSeries counter(
      Metric metric, Map<MetricLabel, String> labels, double total, double[] shares) {
    double[] ratePerSecond = new double[phases.size()];
    long runPicos = run.elapsed().picos();
    for (int p = 0; p < phases.size(); p++) {
      TimelinePhase phase = phases.get(p);
      double share = shares == null ? (double) phase.simulated().picos() / runPicos : shares[p];
      ratePerSecond[p] = total * share / phase.simulated().toSeconds();
    }
    double[] values = new double[scrapes];
    for (int i = 0; i < scrapes; i++) {
      double seconds = seconds(scrape.multipliedBy(i));
      double value = 0;
      for (int p = 0; p < phases.size(); p++) {
        double start = seconds(phases.get(p).start());
        double end = seconds(phases.get(p).end());
        value += ratePerSecond[p] * Math.max(0, Math.min(seconds, end) - start);
      }
      values[i] = value;
    }
    return new ProjectedSeries(metric, labels, values);
  }

  private ProjectedSeries gauge(
      Metric metric, Map<MetricLabel, String> labels, double[] phaseLevels) {
    double[] values = new double[scrapes];
    for (int i = 0; i < scrapes; i++) {
      values[i] = phaseLevels[timelinePhaseOf(scrape.multipliedBy(i))];
    }
    return new ProjectedSeries(metric, labels, values);
  }

  private int timelinePhaseOf(Duration t) {
    for (int p = 0; p < phases.size(); p++) {
      if (t.compareTo(phases.get(p).end()) < 0) {
        return p;
      }
    }
    return phases.size() - 1;
  }

  /** A level per phase from the samples taken in it (the nearest sample if none fell in it). */
  private double[] levels(TimeSeries s, ToDoubleFunction<long[]> level) {
    double[] levels = new double[phases.size()];
    for (int p = 0; p < phases.size(); p++) {
      TimelinePhase phase = phases.get(p);
      LongStream.Builder in = LongStream.builder();
      boolean any = false;
      for (int i = 0; i < s.size(); i++) {
        long t = s.timeOf(i).picos();
        if (t >= phase.simulatedStart().picos() && t < phase.simulatedEnd().picos()) {
          in.add(s.value(i));
          any = true;
        }
      }
      if (!any && s.size() > 0) {
        long index = (phase.simulatedStart().picos() - s.start().picos()) / s.interval().picos();
        in.add(s.value((int) Math.max(0, Math.min(s.size() - 1, index))));
        any = true;
      }
      levels[p] = any ? level.applyAsDouble(in.build().toArray()) : 0;
    }
    return levels;
  }

  private static double max(long[] values) {
    return LongStream.of(values).max().orElse(0);
  }

  private static double mean(long[] values) {
    return LongStream.of(values).average().orElse(0);
  }

  /**
   * Each receiving port's FEC counters, split over the phases by the run's {@code fec_corrected}
   * and {@code fec_uncorrectable} series, and its pre-FEC bit-error rate in each phase, estimated
   * from the codewords checked and errored in the phase: the rate over the phase, as a switch
   * computes it over its polling interval. A phase that checked no codeword (the link was down, or
   * its optic had not degraded yet) has no reading. Without a {@code fec_codewords} series the
   * run's own estimate holds in every phase.
   */
  private void fec(List<ProjectedSeries> out) {
    for (FecStats stats : run.fec()) {
      String subject = stats.port().toString();
      Map<MetricLabel, String> labels = portLabels(stats.port(), -1);
      out.add(
          counter(
              Metric.FEC_CORRECTED_CODEWORDS,
              labels,
              stats.correctedCodewords(),
              seriesShares(FecStats.CORRECTED_SERIES, subject)));
      out.add(
          counter(
              Metric.FEC_UNCORRECTABLE_CODEWORDS,
              labels,
              stats.uncorrectableCodewords(),
              seriesShares(FecStats.UNCORRECTABLE_SERIES, subject)));
      double[] checked = phaseSums(FecStats.CODEWORDS_SERIES, subject);
      double[] ber = filled(Double.NaN);
      if (checked != null) {
        double[] corrected = orZeros(phaseSums(FecStats.CORRECTED_SERIES, subject));
        double[] uncorrectable = orZeros(phaseSums(FecStats.UNCORRECTABLE_SERIES, subject));
        for (int p = 0; p < ber.length; p++) {
          if (checked[p] > 0) {
            ber[p] =
                FecStats.preFecBer(
                    corrected[p] + uncorrectable[p], checked[p], stats.codewordBits());
          }
        }
      } else if (stats.preFecBer().isPresent()) {
        Arrays.fill(ber, stats.preFecBer().getAsDouble());
      }
      out.add(gauge(Metric.PRE_FEC_BER, labels, ber));
    }
  }

  private double[] orZeros(double[] sums) {
    return sums == null ? new double[phases.size()] : sums;
  }

  /**
   * The ports a link fault, flap or switch reset took down (both ends of each link, from the
   * scenario's {@linkplain Outage outages}): 1 in a phase where they stayed up, 0 where they were
   * down at any time.
   */
  private void linkStates(List<ProjectedSeries> out) {
    Map<Endpoint, double[]> states = new TreeMap<>();
    for (Outage outage : Outage.of(run.scenario().faults(), graph)) {
      long until = outage.until().orElse(run.elapsed()).picos();
      for (Link link : outage.links()) {
        for (Endpoint port : List.of(link.a(), link.b())) {
          markDown(states.computeIfAbsent(port, k -> filled(1.0)), outage.from().picos(), until);
        }
      }
    }
    states.forEach((port, state) -> out.add(gauge(Metric.LINK_UP, portLabels(port, -1), state)));
  }

  private double[] filled(double value) {
    double[] values = new double[phases.size()];
    Arrays.fill(values, value);
    return values;
  }

  private void markDown(double[] up, long from, long to) {
    for (int p = 0; p < phases.size(); p++) {
      TimelinePhase phase = phases.get(p);
      if (from < phase.simulatedEnd().picos() && to > phase.simulatedStart().picos()) {
        up[p] = 0;
      }
    }
  }

  /**
   * Each collective's busbw per operation and size, as an exporter of nccl-tests results shows it.
   * nccl-tests prints a measurement (one size, out of place or in place) when it completes, so a
   * measurement belongs to the phase in which it completed: a phase shows the lowest busbw
   * completed in it (gauges hold a phase's worst level), a phase in which none completed keeps the
   * last reading, and before the first reading there is no sample. A regression measured while a
   * fault lasted thus shows from the fault on, not before it. A measurement completed when its
   * timing says; where the backend does not say (a lab's nccl-tests output), the measurements of a
   * sweep are taken to run back to back from the collective's start (each size out of place, then
   * in place).
   */
  private void collectives(List<ProjectedSeries> out) {
    Map<String, List<BusbwReading>> readings = new TreeMap<>();
    List<Workload.Collective> workloads =
        new ArrayList<>(
            run.scenario().workloads().stream()
                .filter(Workload.Collective.class::isInstance)
                .map(Workload.Collective.class::cast)
                .toList());
    for (CollectiveResult collective : run.collectives()) {
      String op = collective.operation().name().toLowerCase(Locale.ROOT);
      long completed = startOf(collective, workloads).picos();
      for (CollectiveRow row : collective.rows()) {
        for (CollectiveTiming timing : List.of(row.outOfPlace(), row.inPlace())) {
          completed =
              timing.completed().map(SimTime::picos).orElse(completed + timing.time().picos());
          readings
              .computeIfAbsent(op + " " + row.size().bytes(), k -> new ArrayList<>())
              .add(new BusbwReading(phaseOf(completed), timing.busBandwidth().bytesPerSecond()));
        }
      }
    }
    readings.forEach(
        (key, measured) -> {
          double[] levels = filled(Double.NaN);
          for (BusbwReading reading : measured) {
            int phase = reading.phase();
            levels[phase] =
                Double.isNaN(levels[phase])
                    ? reading.busbw()
                    : Math.min(levels[phase], reading.busbw());
          }
          for (int p = 1; p < levels.length; p++) {
            if (Double.isNaN(levels[p])) {
              levels[p] = levels[p - 1];
            }
          }
          Map<MetricLabel, String> labels = new EnumMap<>(MetricLabel.class);
          labels.put(MetricLabel.OPERATION, key.substring(0, key.indexOf(' ')));
          labels.put(MetricLabel.SIZE, key.substring(key.indexOf(' ') + 1));
          out.add(gauge(Metric.COLLECTIVE_BUSBW, labels, levels));
        });
  }

  /** One nccl-tests measurement: the phase in which it completed and its busbw, bytes/s. */
  private record BusbwReading(int phase, double busbw) {}

  /**
   * Where a collective's sweep started: the first not yet matched collective workload of its
   * operation.
   */
  private static SimTime startOf(CollectiveResult collective, List<Workload.Collective> workloads) {
    for (int i = 0; i < workloads.size(); i++) {
      if (workloads.get(i).operation() == collective.operation()) {
        return workloads.remove(i).start();
      }
    }
    return SimTime.ZERO;
  }

  private static double seconds(Duration d) {
    return d.toMillis() / 1000.0;
  }
}
