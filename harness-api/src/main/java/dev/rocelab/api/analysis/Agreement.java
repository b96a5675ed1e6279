package dev.rocelab.api.analysis;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TrainingResult;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.apiguardian.api.API;

/**
 * How far two runs of the same scenario are apart, metric by metric — typically a lab run and a
 * model run, to show where the model is the lab's twin and where it is not.
 *
 * <p>The metrics compared, where both runs measured them: every collective's bus bandwidth at every
 * size both ran; flow completion times (p50, p99); one-way latency p99 per priority; PFC pause
 * frames sent, time paused, ECN marks, CNPs sent (summed over ports) and the deepest queue (over
 * ports); every training job's step time. A run without port counters, flows, a latency summary for
 * a priority or a collective size has not measured what needs them; such rows are listed, not
 * compared.
 *
 * <p>Two values are apart by their <em>symmetric relative difference</em> {@code |a − b| / max(|a|,
 * |b|)}: 0 when equal (both zero included), 1 when one is zero and the other not. A compared row
 * agrees when that is at most its metric's tolerance.
 *
 * @param actual the run judged (e.g. the lab's)
 * @param reference the run it is compared with (e.g. the model's)
 * @param rows every metric, in the order above
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record Agreement(RunResult actual, RunResult reference, List<Row> rows) {

  /** Validates the fields and copies the rows. */
  public Agreement {
    Objects.requireNonNull(actual, "actual must not be null");
    Objects.requireNonNull(reference, "reference must not be null");
    rows = List.copyOf(rows);
  }

  /** What is compared, with its unit and default tolerance. */
  public enum Metric {
    /** A collective's bus bandwidth at one size, GB/s. */
    BUSBW("GB/s", 0.10),
    /** A flow completion time percentile, µs. */
    COMPLETION_TIME("µs", 0.20),
    /** A one-way latency percentile of a priority, µs. */
    LATENCY("µs", 0.25),
    /** PFC pause frames sent, summed over ports. */
    PAUSES("frames", 0.50),
    /** Time ports were paused, summed over ports, µs. */
    PAUSED_TIME("µs", 0.50),
    /** Packets marked congestion-experienced, summed over ports. */
    ECN_MARKS("packets", 0.50),
    /** Congestion notification packets sent, summed over ports. */
    CNPS("packets", 0.50),
    /** The deepest queue of any port, bytes. */
    PEAK_QUEUE("B", 0.30),
    /** A training job's step time, µs. */
    STEP_TIME("µs", 0.10);

    private final String unit;
    private final double defaultTolerance;

    Metric(String unit, double defaultTolerance) {
      this.unit = unit;
      this.defaultTolerance = defaultTolerance;
    }

    /**
     * @return the unit its values are in
     */
    public String unit() {
      return unit;
    }

    /**
     * The default tolerance: bandwidths and step times 10 %, completion times 20 %, latency 25 %,
     * the deepest queue 30 %, counts of congestion events (pauses, marks, CNPs, paused time) 50 % —
     * they swing with small changes of timing on a real fabric and in a model alike.
     *
     * @return the largest symmetric relative difference that agrees
     */
    public double defaultTolerance() {
      return defaultTolerance;
    }
  }

  /**
   * One metric's tolerance each.
   *
   * @param byMetric the tolerance per metric, each in [0, 1]; every metric present
   */
  public record Tolerances(Map<Metric, Double> byMetric) {

    /** Validates and copies the tolerances. */
    public Tolerances {
      EnumMap<Metric, Double> copy = new EnumMap<>(Metric.class);
      copy.putAll(byMetric);
      for (Metric m : Metric.values()) {
        Double t = copy.get(m);
        if (t == null || !(t >= 0 && t <= 1)) {
          throw new IllegalArgumentException(
              "the tolerance of " + m + " must be in [0, 1] but was " + t);
        }
      }
      byMetric = Collections.unmodifiableMap(copy);
    }

    /**
     * @return every metric's {@link Metric#defaultTolerance() default}
     */
    public static Tolerances defaults() {
      EnumMap<Metric, Double> map = new EnumMap<>(Metric.class);
      for (Metric m : Metric.values()) {
        map.put(m, m.defaultTolerance());
      }
      return new Tolerances(map);
    }

    /**
     * @param metric a metric
     * @param tolerance its largest symmetric relative difference that agrees, in [0, 1]
     * @return these tolerances with that one changed
     */
    public Tolerances with(Metric metric, double tolerance) {
      EnumMap<Metric, Double> map = new EnumMap<>(byMetric);
      map.put(Objects.requireNonNull(metric, "metric must not be null"), tolerance);
      return new Tolerances(map);
    }

    /**
     * @param metric a metric
     * @return its tolerance
     */
    public double of(Metric metric) {
      return byMetric.get(metric);
    }
  }

  /**
   * One metric of one subject in both runs.
   *
   * @param metric the metric
   * @param subject what it is of: {@code "all_reduce #0 at 1GiB"}, {@code "p99"}, {@code "priority
   *     3 p99"}, {@code "all ports"}, a training job's name
   * @param actual the actual run's value, empty if it did not measure it
   * @param reference the reference run's value, empty if it did not measure it
   * @param tolerance the metric's tolerance
   */
  public record Row(
      Metric metric,
      String subject,
      OptionalDouble actual,
      OptionalDouble reference,
      double tolerance) {

    /** Validates the fields. */
    public Row {
      Objects.requireNonNull(metric, "metric must not be null");
      Objects.requireNonNull(subject, "subject must not be null");
      Objects.requireNonNull(actual, "actual must not be null");
      Objects.requireNonNull(reference, "reference must not be null");
    }

    /**
     * @return whether both runs measured it
     */
    public boolean compared() {
      return actual.isPresent() && reference.isPresent();
    }

    /**
     * @return the symmetric relative difference (1 where one value is infinite — a percentile on a
     *     flow that did not complete — and the other not); NaN if not compared
     */
    public double difference() {
      if (!compared()) {
        return Double.NaN;
      }
      double a = actual.getAsDouble();
      double r = reference.getAsDouble();
      if (a == r) {
        return 0;
      }
      if (Double.isInfinite(a) || Double.isInfinite(r)) {
        return 1;
      }
      return Math.abs(a - r) / Math.max(Math.abs(a), Math.abs(r));
    }

    /**
     * @return whether it was compared and lies within its tolerance
     */
    public boolean agrees() {
      return compared() && difference() <= tolerance;
    }
  }

  /**
   * @param actual the run judged
   * @param reference the run it is compared with
   * @param tolerances the tolerance per metric
   * @return every metric of the two runs side by side
   */
  public static Agreement of(RunResult actual, RunResult reference, Tolerances tolerances) {
    Objects.requireNonNull(tolerances, "tolerances must not be null");
    List<Row> rows = new ArrayList<>();
    collectives(actual, reference, tolerances, rows);
    for (double percentile : new double[] {50, 99}) {
      rows.add(
          new Row(
              Metric.COMPLETION_TIME,
              "p" + (int) percentile,
              completion(actual, percentile),
              completion(reference, percentile),
              tolerances.of(Metric.COMPLETION_TIME)));
    }
    SortedSet<Integer> priorities = new TreeSet<>(actual.latency().keySet());
    priorities.addAll(reference.latency().keySet());
    for (int priority : priorities) {
      rows.add(
          new Row(
              Metric.LATENCY,
              "priority " + priority + " p99",
              p99(actual, priority),
              p99(reference, priority),
              tolerances.of(Metric.LATENCY)));
    }
    portSum(Metric.PAUSES, PortStats::pausesSent, actual, reference, tolerances, rows);
    portSum(
        Metric.PAUSED_TIME, p -> p.pausedTime().picos() / 1e6, actual, reference, tolerances, rows);
    portSum(Metric.ECN_MARKS, PortStats::ecnMarks, actual, reference, tolerances, rows);
    portSum(Metric.CNPS, PortStats::cnpsSent, actual, reference, tolerances, rows);
    rows.add(
        new Row(
            Metric.PEAK_QUEUE,
            "any port",
            portMax(actual),
            portMax(reference),
            tolerances.of(Metric.PEAK_QUEUE)));
    trainings(actual, reference, tolerances, rows);
    return new Agreement(actual, reference, rows);
  }

  /**
   * @param actual the run judged
   * @param reference the run it is compared with
   * @return the two runs compared with the default tolerances
   */
  public static Agreement of(RunResult actual, RunResult reference) {
    return of(actual, reference, Tolerances.defaults());
  }

  /**
   * @return the rows both runs measured
   */
  public List<Row> compared() {
    return rows.stream().filter(Row::compared).toList();
  }

  /**
   * @return the compared rows outside their tolerance
   */
  public List<Row> disagreements() {
    return rows.stream().filter(r -> r.compared() && !r.agrees()).toList();
  }

  /**
   * @return whether at least one metric was compared and every compared one agrees
   */
  public boolean agrees() {
    return !compared().isEmpty() && disagreements().isEmpty();
  }

  /**
   * The comparison as a text table, a row per metric: both values, the difference, the tolerance
   * and the verdict ({@code ok}, {@code APART}, or what was not measured).
   *
   * @return the table, with a header naming both runs' backends
   */
  public String table() {
    List<String[]> lines = new ArrayList<>();
    boolean sameBackend = actual.backend().equals(reference.backend());
    lines.add(
        new String[] {
          "metric",
          "subject",
          actual.backend() + (sameBackend ? " (actual)" : ""),
          reference.backend() + (sameBackend ? " (reference)" : ""),
          "apart",
          "tolerance",
          "verdict"
        });
    for (Row r : rows) {
      lines.add(
          new String[] {
            r.metric().name().toLowerCase(Locale.ROOT) + " (" + r.metric().unit() + ")",
            r.subject(),
            value(r.actual()),
            value(r.reference()),
            r.compared() ? percent(r.difference()) : "-",
            percent(r.tolerance()),
            verdict(r)
          });
    }
    int[] widths = new int[lines.get(0).length];
    for (String[] line : lines) {
      for (int i = 0; i < line.length; i++) {
        widths[i] = Math.max(widths[i], line[i].length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (String[] line : lines) {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < line.length; i++) {
        text.append(i == 0 ? "" : "  ")
            .append(pad(line[i], widths[i], i < 2 || i == line.length - 1));
      }
      out.append(text.toString().stripTrailing()).append(System.lineSeparator());
    }
    return out.toString();
  }

  private String verdict(Row r) {
    if (r.compared()) {
      return r.agrees() ? "ok" : "APART";
    }
    if (r.actual().isEmpty() && r.reference().isEmpty()) {
      return "not measured";
    }
    return "not measured on " + (r.actual().isEmpty() ? actual : reference).backend();
  }

  private static void collectives(
      RunResult actual, RunResult reference, Tolerances tolerances, List<Row> rows) {
    int count = Math.max(actual.collectives().size(), reference.collectives().size());
    for (int i = 0; i < count; i++) {
      CollectiveResult a = i < actual.collectives().size() ? actual.collectives().get(i) : null;
      CollectiveResult r =
          i < reference.collectives().size() ? reference.collectives().get(i) : null;
      SortedSet<DataSize> sizes = new TreeSet<>();
      for (CollectiveResult result : new CollectiveResult[] {a, r}) {
        if (result != null) {
          result.rows().forEach(row -> sizes.add(row.size()));
        }
      }
      String operation = (a != null ? a : r).operation().ncclName();
      for (DataSize size : sizes) {
        rows.add(
            new Row(
                Metric.BUSBW,
                operation + " #" + i + " at " + size,
                busbw(a, size),
                busbw(r, size),
                tolerances.of(Metric.BUSBW)));
      }
    }
  }

  private static OptionalDouble busbw(CollectiveResult result, DataSize size) {
    if (result == null) {
      return OptionalDouble.empty();
    }
    return result.rows().stream()
        .filter(row -> row.size().equals(size))
        .mapToDouble(row -> row.outOfPlace().busGigabytesPerSecond())
        .findFirst();
  }

  private static OptionalDouble completion(RunResult run, double percentile) {
    if (run.flows().isEmpty()) {
      return OptionalDouble.empty();
    }
    SimTime t = Stats.completionPercentile(run.flows(), percentile);
    return OptionalDouble.of(t.equals(SimTime.MAX) ? Double.POSITIVE_INFINITY : t.picos() / 1e6);
  }

  private static OptionalDouble p99(RunResult run, int priority) {
    LatencySummary summary = run.latency().get(priority);
    return summary == null || summary.count() == 0
        ? OptionalDouble.empty()
        : OptionalDouble.of(summary.p99().picos() / 1e6);
  }

  private static void portSum(
      Metric metric,
      ToDoubleFunction<PortStats> value,
      RunResult actual,
      RunResult reference,
      Tolerances tolerances,
      List<Row> rows) {
    rows.add(
        new Row(
            metric,
            "all ports",
            portSum(actual, value),
            portSum(reference, value),
            tolerances.of(metric)));
  }

  private static OptionalDouble portSum(RunResult run, ToDoubleFunction<PortStats> value) {
    return run.ports().isEmpty()
        ? OptionalDouble.empty()
        : OptionalDouble.of(run.ports().stream().mapToDouble(value).sum());
  }

  private static OptionalDouble portMax(RunResult run) {
    return run.ports().stream().mapToDouble(p -> p.maxQueue().bytes()).max();
  }

  private static void trainings(
      RunResult actual, RunResult reference, Tolerances tolerances, List<Row> rows) {
    int count = Math.max(actual.trainings().size(), reference.trainings().size());
    for (int i = 0; i < count; i++) {
      TrainingResult a = i < actual.trainings().size() ? actual.trainings().get(i) : null;
      TrainingResult r = i < reference.trainings().size() ? reference.trainings().get(i) : null;
      rows.add(
          new Row(
              Metric.STEP_TIME,
              (a != null ? a : r).job(),
              a == null ? OptionalDouble.empty() : OptionalDouble.of(a.stepTime().picos() / 1e6),
              r == null ? OptionalDouble.empty() : OptionalDouble.of(r.stepTime().picos() / 1e6),
              tolerances.of(Metric.STEP_TIME)));
    }
  }

  private static String value(OptionalDouble v) {
    if (v.isEmpty()) {
      return "-";
    }
    double d = v.getAsDouble();
    if (Double.isInfinite(d)) {
      return "not completed";
    }
    return d == Math.rint(d) && Math.abs(d) < 1e15
        ? String.format(Locale.ROOT, "%d", (long) d)
        : String.format(Locale.ROOT, "%.3f", d);
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
  }

  private static String pad(String text, int width, boolean left) {
    String fill = " ".repeat(width - text.length());
    return left ? text + fill : fill + text;
  }
}
