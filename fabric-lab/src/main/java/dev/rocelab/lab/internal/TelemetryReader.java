package dev.rocelab.lab.internal;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.lab.LabException;
import dev.rocelab.lab.LabTelemetry;
import dev.rocelab.lab.LabTelemetry.Counter;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToIntFunction;

/**
 * Turns the lab's Prometheus counters into the run's port statistics, FEC statistics and time
 * series: an instant snapshot before and after the run gives each counter's increase, range queries
 * over the run give the series. A switch counter does not say why a packet was dropped, so drops
 * are reported as {@link DropReason#BUFFER_OVERFLOW}. Dropped bytes are known only where the fabric
 * file's {@code droppedBytes} query returned a series for the port and priority; elsewhere they are
 * left unknown, never taken as zero.
 */
final class TelemetryReader {

  private final LabTelemetry telemetry;
  private final PrometheusClient prometheus;

  TelemetryReader(LabTelemetry telemetry) {
    this.telemetry = telemetry;
    Map<String, String> headers = new LinkedHashMap<>();
    try {
      telemetry
          .headers()
          .forEach(
              (name, value) ->
                  headers.put(
                      name,
                      Templates.fill(value, Map.of(), Templates.Quoting.NONE, System::getenv)));
      this.prometheus =
          new PrometheusClient(
              URI.create(
                  Templates.fill(
                      telemetry.prometheus(), Map.of(), Templates.Quoting.NONE, System::getenv)),
              headers);
    } catch (IllegalArgumentException e) {
      throw new LabException(
          "cannot reach Prometheus: " + e.getMessage(), "prometheus", "lab.telemetry", e);
    }
  }

  /** The largest value of each gauge seen per queue over a run. */
  static final class Peaks {
    private final Map<Counter, Map<Queue, Double>> peaks = new EnumMap<>(Counter.class);

    void saw(Counter gauge, Queue queue, double value) {
      peaks.computeIfAbsent(gauge, g -> new HashMap<>()).merge(queue, value, Math::max);
    }

    /** The peak of a gauge at a queue, or zero where it was never seen. */
    DataSize of(Counter gauge, Queue queue) {
      return DataSize.bytes(
          Math.round(peaks.getOrDefault(gauge, Map.of()).getOrDefault(queue, 0.0)));
    }
  }

  /** A port and priority, the key of every counter. */
  record Queue(Endpoint port, int priority) implements Comparable<Queue> {
    @Override
    public int compareTo(Queue o) {
      int byPort = port.compareTo(o.port);
      return byPort != 0 ? byPort : Integer.compare(priority, o.priority);
    }
  }

  /**
   * Counter values at one time: per queue, and per receiving port for the FEC counters (summed over
   * whatever else labels their series, lanes or priorities).
   */
  record Snapshot(
      Instant time,
      Map<Queue, Map<Counter, Double>> values,
      Map<Endpoint, Map<Counter, Double>> fec) {}

  Snapshot snapshot(Instant at) {
    Map<Queue, Map<Counter, Double>> values = new TreeMap<>();
    Map<Endpoint, Map<Counter, Double>> fec = new TreeMap<>();
    telemetry
        .queries()
        .forEach(
            (counter, query) -> {
              for (PrometheusClient.Series series : prometheus.query(query, at)) {
                if (!series.samples().isEmpty()) {
                  Queue queue = queue(series, counter);
                  Map<Counter, Double> counters =
                      counter.fec()
                          ? fec.computeIfAbsent(queue.port(), p -> new EnumMap<>(Counter.class))
                          : values.computeIfAbsent(queue, q -> new EnumMap<>(Counter.class));
                  counters.merge(counter, series.samples().get(0).value(), Double::sum);
                }
              }
            });
    return new Snapshot(at, values, fec);
  }

  /**
   * The increase of every receiving port's FEC counters from one snapshot to the other.
   *
   * @param codewordBits the bits of a port's FEC codewords, by its link
   */
  List<FecStats> fecStats(Snapshot before, Snapshot after, ToIntFunction<Endpoint> codewordBits) {
    List<FecStats> stats = new ArrayList<>();
    after
        .fec()
        .forEach(
            (port, now) -> {
              Map<Counter, Double> then = before.fec().getOrDefault(port, Map.of());
              long corrected = increase(Counter.FEC_CORRECTED, then, now);
              long uncorrectable = increase(Counter.FEC_UNCORRECTABLE, then, now);
              long codewords = increase(Counter.FEC_CODEWORDS, then, now);
              // codewords counted by a wrapped or reset histogram can fall short of the errored
              // ones
              stats.add(
                  new FecStats(
                      port,
                      corrected,
                      uncorrectable,
                      codewords < corrected + uncorrectable ? 0 : codewords,
                      codewordBits.applyAsInt(port)));
            });
    return stats;
  }

  /**
   * The increase of every counter from one snapshot to the other; the largest value of each gauge
   * seen.
   */
  List<PortStats> portStats(Snapshot before, Snapshot after, Peaks peaks) {
    List<PortStats> stats = new ArrayList<>();
    after
        .values()
        .forEach(
            (queue, now) -> {
              Map<Counter, Double> then = before.values().getOrDefault(queue, Map.of());
              long drops = increase(Counter.DROPS, then, now);
              Optional<Map<DropReason, Long>> bytes =
                  now.containsKey(Counter.DROPPED_BYTES)
                      ? Optional.of(
                          Map.of(
                              DropReason.BUFFER_OVERFLOW,
                              increase(Counter.DROPPED_BYTES, then, now)))
                      : Optional.empty();
              stats.add(
                  new PortStats(
                      queue.port(),
                      queue.priority(),
                      increase(Counter.TX_BYTES, then, now),
                      increase(Counter.RX_BYTES, then, now),
                      increase(Counter.TX_PACKETS, then, now),
                      increase(Counter.RX_PACKETS, then, now),
                      increase(Counter.PFC_PAUSES_SENT, then, now),
                      increase(Counter.PFC_PAUSES_RECEIVED, then, now),
                      SimTime.ZERO,
                      increase(Counter.ECN_MARKS, then, now),
                      0,
                      0,
                      drops > 0 ? Map.of(DropReason.BUFFER_OVERFLOW, drops) : Map.of(),
                      bytes,
                      peaks.of(Counter.BUFFER_USE, queue),
                      peaks.of(Counter.HEADROOM_USE, queue)));
            });
    return stats;
  }

  /** A counter's increase; a counter that went backwards was reset, and counts from zero. */
  private static long increase(
      Counter counter, Map<Counter, Double> then, Map<Counter, Double> now) {
    double end = now.getOrDefault(counter, 0.0);
    double start = then.getOrDefault(counter, 0.0);
    return Math.round(end >= start ? end - start : end);
  }

  /**
   * Every counter sampled over a span: per step, the increase of a counter or the level of a gauge.
   *
   * @param peaks filled with the largest value of each gauge seen per queue
   */
  List<TimeSeries> series(Instant start, Instant end, Peaks peaks) {
    Duration step = Duration.ofNanos(telemetry.step().picos() / 1000);
    List<TimeSeries> all = new ArrayList<>();
    telemetry
        .queries()
        .forEach(
            (counter, query) -> {
              for (PrometheusClient.Series series :
                  prometheus.queryRange(query, start, end, step)) {
                Queue queue = queue(series, counter);
                List<PrometheusClient.Sample> samples = series.samples();
                if (samples.size() < 2 && !counter.gauge()) {
                  continue;
                }
                long[] values = new long[counter.gauge() ? samples.size() : samples.size() - 1];
                for (int i = 0; i < values.length; i++) {
                  double value =
                      counter.gauge()
                          ? samples.get(i).value()
                          : Math.max(0, samples.get(i + 1).value() - samples.get(i).value());
                  values[i] = Math.round(value);
                }
                if (counter.gauge()) {
                  samples.forEach(s -> peaks.saw(counter, queue, s.value()));
                }
                if (values.length > 0) {
                  Instant first = samples.get(counter.gauge() ? 0 : 1).time();
                  all.add(
                      new TimeSeries(
                          seriesName(counter),
                          counter.fec()
                              ? queue.port().toString()
                              : queue.port() + "/" + queue.priority(),
                          counter.unit(),
                          SimTime.millis(Math.max(0, Duration.between(start, first).toMillis())),
                          telemetry.step(),
                          values));
                }
              }
            });
    return summedPerSubject(all);
  }

  /**
   * Series of one metric and subject summed sample by sample, as the snapshots sum their values: a
   * query may return several series per port and priority (lanes, histogram bins, queues mapped to
   * one priority). Series on another grid than the first of their subject stay apart.
   */
  private static List<TimeSeries> summedPerSubject(List<TimeSeries> all) {
    Map<String, TimeSeries> summed = new LinkedHashMap<>();
    List<TimeSeries> apart = new ArrayList<>();
    for (TimeSeries s : all) {
      String key = s.metric() + " " + s.subject();
      TimeSeries earlier = summed.get(key);
      if (earlier == null) {
        summed.put(key, s);
      } else if (earlier.start().equals(s.start()) && earlier.size() == s.size()) {
        long[] values = new long[s.size()];
        for (int i = 0; i < values.length; i++) {
          values[i] = earlier.value(i) + s.value(i);
        }
        summed.put(
            key,
            new TimeSeries(s.metric(), s.subject(), s.unit(), s.start(), s.interval(), values));
      } else {
        apart.add(s);
      }
    }
    List<TimeSeries> out = new ArrayList<>(summed.values());
    out.addAll(apart);
    return out;
  }

  /**
   * The name of a counter's time series: the FEC counters' as the model names them (so the alert
   * timeline reads either backend's), the others' their query key.
   */
  private static String seriesName(Counter counter) {
    return switch (counter) {
      case FEC_CODEWORDS -> FecStats.CODEWORDS_SERIES;
      case FEC_CORRECTED -> FecStats.CORRECTED_SERIES;
      case FEC_UNCORRECTABLE -> FecStats.UNCORRECTABLE_SERIES;
      default -> counter.key();
    };
  }

  private Queue queue(PrometheusClient.Series series, Counter counter) {
    String device = series.labels().get(telemetry.deviceLabel());
    String port = series.labels().get(telemetry.portLabel());
    if (device == null || port == null) {
      throw new LabException(
          "the "
              + counter.key()
              + " query returned a series without the labels "
              + telemetry.deviceLabel()
              + " and "
              + telemetry.portLabel()
              + ": "
              + series.labels(),
          "prometheus",
          "query " + telemetry.queries().get(counter),
          null);
    }
    String priority = series.labels().get(telemetry.priorityLabel());
    try {
      return new Queue(
          new Endpoint(device, port), priority == null ? 0 : Integer.parseInt(priority));
    } catch (IllegalArgumentException e) {
      throw new LabException(
          "the "
              + counter.key()
              + " query returned a series whose labels are not a port and"
              + " priority: "
              + series.labels(),
          "prometheus",
          "query " + telemetry.queries().get(counter),
          e);
    }
  }
}
