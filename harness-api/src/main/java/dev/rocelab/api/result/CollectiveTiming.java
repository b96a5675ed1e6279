package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.apiguardian.api.API;

/**
 * One timed run of a collective at one size, as nccl-tests reports it: time, algorithm bandwidth
 * (size ÷ time) and bus bandwidth (algorithm bandwidth × the operation's {@linkplain
 * CollectiveOperation#busBandwidthFactor(int) factor}).
 *
 * @param time how long the collective took
 * @param algBandwidth size ÷ time
 * @param busBandwidth algBandwidth × the bus-bandwidth factor
 * @param wrong elements found wrong by a data check; empty when data was not checked (nccl-tests
 *     prints {@code N/A})
 * @param completed when the run completed, on the run's clock; empty where the backend does not
 *     know (a lab's nccl-tests output gives durations only). The runs of a sweep need not follow
 *     one another: the model runs each size untimed until its time settles before its timed runs
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record CollectiveTiming(
    SimTime time,
    Rate algBandwidth,
    Rate busBandwidth,
    OptionalLong wrong,
    Optional<SimTime> completed) {

  private static final double PICOS_PER_SECOND = 1e12;

  /** Validates the fields. */
  public CollectiveTiming {
    Objects.requireNonNull(time, "time must not be null");
    Objects.requireNonNull(algBandwidth, "algBandwidth must not be null");
    Objects.requireNonNull(busBandwidth, "busBandwidth must not be null");
    Objects.requireNonNull(wrong, "wrong must not be null");
    Objects.requireNonNull(completed, "completed must not be null");
  }

  /**
   * A timing whose completion time is not known.
   *
   * @param time how long the collective took
   * @param algBandwidth size ÷ time
   * @param busBandwidth algBandwidth × the bus-bandwidth factor
   * @param wrong elements found wrong by a data check, or empty
   */
  public CollectiveTiming(SimTime time, Rate algBandwidth, Rate busBandwidth, OptionalLong wrong) {
    this(time, algBandwidth, busBandwidth, wrong, Optional.empty());
  }

  /**
   * @param at when the run completed, on the run's clock
   * @return this timing, completed then
   * @since 0.3
   */
  public CollectiveTiming completedAt(SimTime at) {
    return new CollectiveTiming(
        time, algBandwidth, busBandwidth, wrong, Optional.of(Objects.requireNonNull(at, "at")));
  }

  /**
   * Derives both bandwidths from a measured time, exactly as nccl-tests does.
   *
   * @param operation the collective
   * @param ranks the rank count
   * @param size the size as nccl-tests counts it
   * @param time the measured time, &gt; 0
   * @param wrong wrong elements, or empty when data was not checked
   * @return the timing
   */
  public static CollectiveTiming measured(
      CollectiveOperation operation, int ranks, DataSize size, SimTime time, OptionalLong wrong) {
    if (time.picos() <= 0) {
      throw new IllegalArgumentException("time must be > 0 but was " + time);
    }
    double bitsPerSecond = size.bytes() * 8.0 * PICOS_PER_SECOND / time.picos();
    return new CollectiveTiming(
        time,
        Rate.bps(Math.round(bitsPerSecond)),
        Rate.bps(Math.round(bitsPerSecond * operation.busBandwidthFactor(ranks))),
        wrong);
  }

  /**
   * @return the algorithm bandwidth in GB/s (10⁹ bytes per second), nccl-tests' unit
   */
  public double algGigabytesPerSecond() {
    return algBandwidth.bytesPerSecond() / 1e9;
  }

  /**
   * @return the bus bandwidth in GB/s (10⁹ bytes per second), nccl-tests' unit
   */
  public double busGigabytesPerSecond() {
    return busBandwidth.bytesPerSecond() / 1e9;
  }
}
