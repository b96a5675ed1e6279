package dev.rocelab.api.analysis;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * Recovery time after a fault: from the first {@link FabricEvent.Kind#FAULT FAULT} event to the
 * first sample after it from which the summed {@value #METRIC} series stay at or above {@code (1 −
 * tolerance) ×} their mean before the fault, for {@code stable} samples (or to the end of the
 * series). The mean before the fault starts at the first non-zero sample, so an idle start does not
 * lower it.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Recovery {

  /** The metric recovery is measured on: per flow, in bits per second. */
  public static final String METRIC = "throughput";

  private Recovery() {}

  /**
   * What was found.
   *
   * @param fault the first fault, if any
   * @param problem why recovery cannot be measured, if it cannot
   * @param series how many series were summed
   * @param preFaultMean the mean before the fault, bps
   * @param recoveredAt the time of the first sample of the recovered stretch, if it recovered
   * @param last the last sample of the sum, bps
   * @param end the time of the last sample
   */
  public record Outcome(
      Optional<FabricEvent> fault,
      Optional<String> problem,
      int series,
      double preFaultMean,
      Optional<SimTime> recoveredAt,
      long last,
      SimTime end) {

    /**
     * @return the recovery time, if it recovered
     */
    public Optional<SimTime> time() {
      return recoveredAt.map(t -> t.minus(fault.orElseThrow().time()));
    }
  }

  /**
   * @param run the run
   * @param subjects which series of {@value #METRIC} take part (by subject, e.g. flow id)
   * @param tolerance how far below its pre-fault mean the throughput may stay, in [0, 1)
   * @param stable how many samples must stay recovered, >= 1
   * @return the outcome
   */
  public static Outcome compute(
      RunResult run, Predicate<String> subjects, double tolerance, int stable) {
    Optional<FabricEvent> fault =
        run.events().stream().filter(e -> e.kind() == FabricEvent.Kind.FAULT).findFirst();
    if (fault.isEmpty()) {
      return problem(fault, 0, "the run has no FAULT event to recover from");
    }
    List<TimeSeries> series =
        run.series(METRIC).stream().filter(s -> subjects.test(s.subject())).toList();
    if (series.isEmpty()) {
      return problem(
          fault,
          0,
          "the run has no "
              + METRIC
              + " series to measure recovery on; the backend must"
              + " sample "
              + METRIC
              + " per flow");
    }
    TimeSeries grid = series.get(0);
    long start = grid.start().picos();
    long interval = grid.interval().picos();
    long end =
        series.stream()
            .mapToLong(s -> s.start().picos() + s.size() * s.interval().picos())
            .max()
            .orElse(start);
    int samples = (int) Math.max(0, (end - start + interval - 1) / interval);
    long[] sum = new long[samples];
    for (int i = 0; i < samples; i++) {
      long t = start + i * interval;
      for (TimeSeries s : series) {
        long offset = t - s.start().picos();
        if (offset >= 0
            && offset % s.interval().picos() == 0
            && offset / s.interval().picos() < s.size()) {
          sum[i] += s.value((int) (offset / s.interval().picos()));
        }
      }
    }
    long faultTime = fault.get().time().picos();
    double total = 0;
    int counted = 0;
    for (int i = 0; i < samples && start + i * interval < faultTime; i++) {
      if (counted > 0 || sum[i] > 0) {
        total += sum[i];
        counted++;
      }
    }
    SimTime lastTime = SimTime.picos(start + Math.max(0, samples - 1) * interval);
    long last = samples == 0 ? 0 : sum[samples - 1];
    if (counted == 0) {
      return new Outcome(
          fault,
          Optional.of(
              "no "
                  + METRIC
                  + " was sampled before the fault at "
                  + Display.time(fault.get().time())
                  + " to compare with"),
          series.size(),
          0,
          Optional.empty(),
          last,
          lastTime);
    }
    double mean = total / counted;
    double threshold = mean * (1 - tolerance);
    for (int i = 0; i < samples; i++) {
      if (start + i * interval <= faultTime) {
        continue;
      }
      boolean recovered = true;
      for (int j = i; j < Math.min(samples, i + stable); j++) {
        recovered &= sum[j] >= threshold;
      }
      if (recovered) {
        return new Outcome(
            fault,
            Optional.empty(),
            series.size(),
            mean,
            Optional.of(SimTime.picos(start + i * interval)),
            last,
            lastTime);
      }
    }
    return new Outcome(
        fault, Optional.empty(), series.size(), mean, Optional.empty(), last, lastTime);
  }

  private static Outcome problem(Optional<FabricEvent> fault, int series, String problem) {
    return new Outcome(fault, Optional.of(problem), series, 0, Optional.empty(), 0, SimTime.ZERO);
  }
}
