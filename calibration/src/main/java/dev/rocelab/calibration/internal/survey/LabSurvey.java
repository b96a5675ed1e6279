package dev.rocelab.calibration.internal.survey;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricBackendException;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.calibration.CalibrationListener;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.LabMeasurements;
import dev.rocelab.calibration.Metric;
import dev.rocelab.calibration.Observable;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The lab survey: runs the steps of the calibration suite on a lab, in the suite's order, each step
 * DCQCN shapes as many times as told, and keeps what each run measured and why a step did not run
 * to the end.
 */
@API(status = INTERNAL, since = "0.3")
public final class LabSurvey {

  private final FabricSpec fabric;
  private final long seed;
  private final int repeats;
  private final Set<CalibrationStep> steps;
  private final CalibrationListener listener;

  /**
   * @param fabric the lab's fabric file
   * @param seed the seed of a step's first run; its repeats take the next seeds
   * @param repeats how many times each step DCQCN shapes runs, at least 1
   * @param steps the steps to run, at least one
   * @param listener told of each step
   */
  public LabSurvey(
      FabricSpec fabric,
      long seed,
      int repeats,
      Set<CalibrationStep> steps,
      CalibrationListener listener) {
    this.fabric = fabric;
    this.seed = seed;
    this.repeats = repeats;
    this.steps = steps;
    this.listener = listener;
  }

  /**
   * Runs the steps on the lab: a step the lab cannot run, or that breaks, is recorded with its
   * reason and the next step runs; a repeat that breaks, or does not measure everything, ends the
   * step's runs with its reason, and what the runs before measured is kept. A lab that cannot be
   * opened breaks every step it was to run.
   *
   * @param lab the lab's backend
   * @return what it measured
   */
  public LabMeasurements measure(FabricBackend lab) {
    FabricGraph graph = FabricGraph.of(fabric);
    Map<CalibrationStep, RunResult> runs = new EnumMap<>(CalibrationStep.class);
    Map<Observable, List<Double>> samples = new TreeMap<>();
    Map<CalibrationStep, String> broken = new EnumMap<>(CalibrationStep.class);
    Set<CalibrationStep> leftOut = EnumSet.complementOf(EnumSet.copyOf(steps));
    FabricSession session;
    try {
      session = lab.open(fabric);
    } catch (FabricBackendException | IllegalArgumentException e) {
      for (CalibrationStep step : steps) {
        broken.put(step, "the lab could not be opened: " + e.getMessage());
        listener.stepEnded(step, Optional.of(broken.get(step)));
      }
      return new LabMeasurements(runs, samples, broken, leftOut);
    }
    try {
      for (CalibrationStep step : steps) {
        int times = step.shapedByDcqcn() ? repeats : 1;
        Optional<String> reason = Optional.empty();
        for (int run = 0; run < times && reason.isEmpty(); run++) {
          reason = measure(session, graph, step, run, runs, samples);
          if (run > 0) {
            int kept = run;
            reason =
                reason.map(
                    r ->
                        String.format(
                            Locale.ROOT,
                            "run %d of %d: %s; the mean of the %s before is kept",
                            kept + 1,
                            times,
                            r,
                            kept == 1 ? "run" : kept + " runs"));
          }
        }
        reason.ifPresent(r -> broken.put(step, r));
        listener.stepEnded(step, reason);
      }
    } finally {
      session.close();
    }
    return new LabMeasurements(runs, samples, broken, leftOut);
  }

  /**
   * One run of a step on the lab, with the calibration's seed plus the run's index; its values are
   * added to the samples only where it measured all of them.
   */
  private Optional<String> measure(
      FabricSession session,
      FabricGraph graph,
      CalibrationStep step,
      int index,
      Map<CalibrationStep, RunResult> runs,
      Map<Observable, List<Double>> samples) {
    Scenario scenario;
    try {
      scenario = step.scenario(graph, seed + index);
    } catch (IllegalArgumentException e) {
      return Optional.of("the fabric cannot hold it: " + e.getMessage());
    }
    Optional<String> unsupported = session.unsupported(scenario);
    if (unsupported.isPresent()) {
      return Optional.of("the lab cannot run it: " + unsupported.get());
    }
    listener.stepStarting(step, scenario);
    RunResult run;
    try {
      run = session.run(scenario);
    } catch (FabricBackendException e) {
      return Optional.of("broken: " + e.getMessage());
    }
    runs.putIfAbsent(step, run);
    Map<Observable, Double> values = new TreeMap<>();
    List<String> missing = new ArrayList<>();
    for (Metric metric : step.metrics()) {
      metric
          .of(run)
          .ifPresentOrElse(
              v -> values.put(new Observable(step, metric), v), () -> missing.add(metric.title()));
    }
    if (index == 0 || missing.isEmpty()) {
      values.forEach((o, v) -> samples.computeIfAbsent(o, k -> new ArrayList<>()).add(v));
    }
    return missing.isEmpty()
        ? Optional.empty()
        : Optional.of("the lab did not measure " + String.join(", ", missing));
  }
}
