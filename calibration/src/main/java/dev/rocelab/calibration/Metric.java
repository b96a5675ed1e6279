package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.SimTime;
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
  ONE_WAY_LATENCY("one-way latency p50", "µs", 0.05),

  /** The throughput of the run's first flow, Gb/s; none if it did not complete. */
  THROUGHPUT("throughput", "Gb/s", 0.05),

  /** ECN-marked packets at the switches' egresses. */
  ECN_MARKS("ECN marks", "packets", 0.30),

  /** PFC pause frames the switches sent. */
  PAUSES("pauses sent", "frames", 0.30),

  /** The deepest queue a switch port held, KiB. */
  PEAK_QUEUE("peak queue", "KiB", 0.25),

  /**
   * The most headroom a switch's ingress used, KiB. A switch that paused a sender always used some:
   * none anywhere means the lab does not report headroom (no {@code headroomUse} query) or nothing
   * paused, and the run did not measure it.
   */
  PEAK_HEADROOM("peak headroom", "KiB", 0.10),

  /** The longest flow completion time, µs. */
  COMPLETION_TIME("longest completion", "µs", 0.10),

  /** The collective's average bus bandwidth, GB/s. */
  BUS_BANDWIDTH("bus bandwidth", "GB/s", 0.05);

  private final String title;
  private final String unit;
  private final double tolerance;

  Metric(String title, String unit, double tolerance) {
    this.title = title;
    this.unit = unit;
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
