package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * A quantity a calibration step measures, read the same way from a lab's run and the model's.
 * Switch counters are summed over the switches' ports only: a lab's exporters count there.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public enum Metric {

  /** The median one-way latency of the run's latency probe, µs. */
  ONE_WAY_LATENCY("one-way latency p50", "µs", 0, 0.05),

  /** The throughput of the run's first flow, Gb/s; none if it did not complete. */
  THROUGHPUT("throughput", "Gb/s", 0, 0.05),

  /** ECN-marked packets at the switches' egresses. */
  ECN_MARKS("ECN marks", "packets", 1, 0.30),

  /** PFC pause frames the switches sent. */
  PAUSES("pauses sent", "frames", 1, 0.30),

  /** The deepest queue a switch port held, KiB. */
  PEAK_QUEUE("peak queue", "KiB", 1, 0.25),

  /**
   * The most headroom a switch's ingress used, KiB. A switch that paused a sender always used some:
   * none anywhere means the lab does not report headroom (no {@code headroomUse} query) or nothing
   * paused, and the run did not measure it.
   */
  PEAK_HEADROOM("peak headroom", "KiB", 1, 0.10),

  /** The longest flow completion time, µs. */
  COMPLETION_TIME("longest completion", "µs", 0, 0.10),

  /** The collective's average bus bandwidth, GB/s. */
  BUS_BANDWIDTH("bus bandwidth", "GB/s", 0, 0.05);

  private final String title;
  private final String unit;
  private final double floor;
  private final double tolerance;

  Metric(String title, String unit, double floor, double tolerance) {
    this.title = title;
    this.unit = unit;
    this.floor = floor;
    this.tolerance = tolerance;
  }

  /**
   * @return what reports call it
   */
  public String title() {
    return title;
  }

  /**
   * @return the unit of its values
   */
  public String unit() {
    return unit;
  }

  /**
   * The largest relative difference between a fitted model and the lab that still reproduces the
   * lab: a calibration whose fitted model misses one of its measurements by more is not a fit.
   *
   * @return the tolerance, a fraction
   */
  public double tolerance() {
    return tolerance;
  }

  /**
   * How far apart a fitted model and the lab may lie on a measurement of this metric with this
   * noise: the metric's {@link #tolerance()}, or twice the noise where that is wider (a 2:1
   * incast's ECN marks swing by a quarter a run).
   *
   * @param noise the noise of the measurement's logarithm
   * @return the tolerance, a fraction
   */
  double tolerance(double noise) {
    return Math.max(tolerance, -Math.expm1(-2 * noise));
  }

  /**
   * How far a model value lies from a lab value: the logarithm of their ratio, counts offset by one
   * so that none and a few compare.
   *
   * @param model the model's value
   * @param lab the lab's value
   * @return the log ratio
   */
  double residual(double model, double lab) {
    return log(model) - log(lab);
  }

  /**
   * @param value a value
   * @return its logarithm, counts offset by one
   */
  double log(double value) {
    return Math.log(value + floor);
  }

  /**
   * The mean of repeated measurements on the logarithmic scale a fit compares them on: their
   * geometric mean, counts offset by one. One measurement is its own mean, exactly as measured.
   *
   * @param values the measurements, at least one
   * @return the mean
   */
  double mean(List<Double> values) {
    if (values.size() == 1) {
      return values.get(0);
    }
    return Math.exp(logMean(values)) - floor;
  }

  /**
   * How far repeated measurements swing on the logarithmic scale a fit compares them on: the sample
   * standard deviation of their logarithms (counts offset by one).
   *
   * @param values the measurements
   * @return the spread, 0 for fewer than two
   */
  double spread(List<Double> values) {
    if (values.size() < 2) {
      return 0;
    }
    double mean = logMean(values);
    double squares = 0;
    for (double v : values) {
      squares += (log(v) - mean) * (log(v) - mean);
    }
    return Math.sqrt(squares / (values.size() - 1));
  }

  /** The mean of the measurements' logarithms, counts offset by one. */
  private double logMean(List<Double> values) {
    double sum = 0;
    for (double v : values) {
      sum += log(v);
    }
    return sum / values.size();
  }

  /**
   * How far a model value lies from a lab value, as {@link dev.rocelab.api.analysis.Agreement}
   * compares: the difference over the larger of the two (counts offset by one).
   *
   * @param model the model's value
   * @param lab the lab's value
   * @return the symmetric relative difference, in [0, 1]
   */
  double difference(double model, double lab) {
    double a = model + floor;
    double b = lab + floor;
    return a == b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
  }

  /**
   * @param run a run of the step that measures this
   * @return the value, or empty if the run did not measure it
   */
  public OptionalDouble of(RunResult run) {
    return switch (this) {
      case ONE_WAY_LATENCY ->
          run.flows().stream()
              .flatMap(f -> f.latency().stream())
              .mapToDouble(l -> micros(l.p50()))
              .findFirst();
      case THROUGHPUT ->
          run.flows().stream()
              .findFirst()
              .filter(f -> f.completionTime().isPresent())
              .map(f -> OptionalDouble.of(gigabitsPerSecond(f)))
              .orElse(OptionalDouble.empty());
      case ECN_MARKS -> present(switchPorts(run).mapToDouble(PortStats::ecnMarks).sum(), run);
      case PAUSES -> present(switchPorts(run).mapToDouble(PortStats::pausesSent).sum(), run);
      case PEAK_QUEUE -> switchPorts(run).mapToDouble(p -> p.maxQueue().kibibytes()).max();
      case PEAK_HEADROOM -> {
        double most =
            switchPorts(run).mapToDouble(p -> p.maxHeadroom().kibibytes()).max().orElse(0);
        yield most > 0 ? OptionalDouble.of(most) : OptionalDouble.empty();
      }
      case COMPLETION_TIME ->
          run.flows().stream().allMatch(f -> f.completionTime().isPresent())
                  && !run.flows().isEmpty()
              ? run.flows().stream()
                  .mapToDouble(f -> micros(f.completionTime().orElseThrow()))
                  .max()
              : OptionalDouble.empty();
      case BUS_BANDWIDTH ->
          run.collectives().stream()
              .map(CollectiveResult::averageBusBandwidth)
              .mapToDouble(r -> r.bytesPerSecond() / 1e9)
              .findFirst();
    };
  }

  /**
   * The noise a measurement has however repeatable the run: the steps it moves in, as the standard
   * deviation of rounding to them ({@code ln(1 + step/value)/√12}). A buffer's peak moves in whole
   * frames, the fabric's largest NIC MTU: a headroom of four frames cannot tell a fifth of a frame.
   * Other metrics have none beyond their counts' offset.
   *
   * @param run a run of the step that measures this
   * @return the noise of its logarithm, 0 if none
   */
  double resolution(RunResult run) {
    if (this != PEAK_HEADROOM && this != PEAK_QUEUE) {
      return 0;
    }
    OptionalDouble value = of(run);
    double frame =
        run.fabric().spec().nicProfiles().values().stream()
                .mapToLong(n -> n.mtu().bytes())
                .max()
                .orElse(0)
            / 1024.0;
    return value.isPresent() && value.getAsDouble() > 0
        ? Math.log1p(frame / value.getAsDouble()) / Math.sqrt(12)
        : 0;
  }

  private static OptionalDouble present(double sum, RunResult run) {
    return switchPorts(run).findAny().isPresent() ? OptionalDouble.of(sum) : OptionalDouble.empty();
  }

  private static Stream<PortStats> switchPorts(RunResult run) {
    return run.ports().stream()
        .filter(p -> run.fabric().device(p.port().device()).map(Device::isSwitch).orElse(false));
  }

  private static double gigabitsPerSecond(FlowResult f) {
    SimTime took = f.completionTime().orElseThrow();
    return f.delivered().bits() / (took.picos() / 1e12) / 1e9;
  }

  private static double micros(SimTime t) {
    return t.picos() / 1e6;
  }
}
