package dev.rocelab.calibration.internal.fit;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.calibration.CalibratedParameter;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.calibration.LabMeasurements;
import dev.rocelab.calibration.Metric;
import dev.rocelab.calibration.Observable;
import dev.rocelab.calibration.internal.LogScale;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * A fit's runs of the model: every run deterministic (the calibration's seed) and each point of the
 * parameters' positions remembered, so no point is simulated twice; the runs with other seeds that
 * measure each measurement's noise; and the count of the runs made.
 */
final class ModelRuns {

  private final FabricSpec fabric;
  private final FabricBackend model;
  private final long seed;
  private final Map<String, Map<Metric, Double>> memo = new HashMap<>();
  private int runs;

  /**
   * @param fabric the fabric file's fabric, which the positions change
   * @param model the model backend
   * @param seed the seed of every model run
   */
  ModelRuns(FabricSpec fabric, FabricBackend model, long seed) {
    this.fabric = fabric;
    this.model = model;
    this.seed = seed;
  }

  /**
   * @return model runs made so far
   */
  int runs() {
    return runs;
  }

  /**
   * Counts model runs made on this fit's behalf.
   *
   * @param more how many
   */
  void count(int more) {
    runs += more;
  }

  /**
   * Runs a step on the model, and counts the run.
   *
   * @param step the step
   * @param spec the fabric to run it on
   * @return the run
   */
  RunResult counted(CalibrationStep step, FabricSpec spec) {
    runs++;
    return run(step, spec);
  }

  /** The step's metrics on the model at these positions; each point simulated once. */
  Map<Metric, Double> measure(CalibrationStep step, Map<CalibratedParameter, Double> at) {
    StringBuilder key = new StringBuilder(step.name());
    at.forEach((p, x) -> key.append(':').append(p.ordinal()).append('=').append(x));
    return memo.computeIfAbsent(key.toString(), k -> simulate(step, at));
  }

  private Map<Metric, Double> simulate(CalibrationStep step, Map<CalibratedParameter, Double> at) {
    runs++;
    RunResult run = run(step, applied(at));
    Map<Metric, Double> values = new EnumMap<>(Metric.class);
    for (Metric m : step.metrics()) {
      m.of(run).ifPresent(v -> values.put(m, v));
    }
    return values;
  }

  /**
   * Runs a step on the model.
   *
   * @param step the step
   * @param spec the fabric to run it on
   * @return the run
   */
  RunResult run(CalibrationStep step, FabricSpec spec) {
    return run(step, spec, seed);
  }

  private RunResult run(CalibrationStep step, FabricSpec spec, long runSeed) {
    FabricSession session = model.open(spec);
    try {
      return session.run(step.scenario(FabricGraph.of(spec), runSeed));
    } finally {
      session.close();
    }
  }

  FabricSpec applied(Map<CalibratedParameter, Double> at) {
    FabricSpec spec = fabric;
    for (Map.Entry<CalibratedParameter, Double> e : at.entrySet()) {
      spec = e.getKey().applyTo(spec, Positions.value(e.getKey(), e.getValue()));
    }
    return spec;
  }

  /**
   * Each measurement's noise: the spread of the log ratio the fit weighs, of the model's value (one
   * run, with the calibration's seed) to the lab's (the mean of its runs). The model's run varies
   * as its runs at the current values with other seeds do (ECMP hashes, jitter, the order of
   * simultaneous events), by at least its resolution ({@link #resolution}); the lab's mean varies
   * as one lab run does over the square root of the number of runs, a lab run varying at least as
   * much as the model's, as much as the lab's own runs did, and at least {@code floor}. A
   * measurement the lab repeated four times is so known to half a run's spread, one it measured
   * once to one run's; none to better than {@code floor}, the model not trusted to come closer to a
   * lab than a lab run repeats.
   *
   * @param spec the fabric at the current values
   * @param lab what the lab measured
   * @param observables the measurements
   * @param seeds how many other seeds
   * @param floor the smallest spread of a lab run and of a measurement
   * @return one standard deviation per measurement
   */
  Map<Observable, Double> noise(
      FabricSpec spec, LabMeasurements lab, List<Observable> observables, int seeds, double floor) {
    Map<CalibrationStep, List<RunResult>> runsBySeed = new EnumMap<>(CalibrationStep.class);
    Map<Observable, Double> spread = new TreeMap<>();
    for (Observable o : observables) {
      List<RunResult> others =
          runsBySeed.computeIfAbsent(
              o.step(),
              step -> {
                List<RunResult> list = new ArrayList<>();
                for (int i = 1; i <= seeds; i++) {
                  runs++;
                  list.add(run(step, spec, seed + i));
                }
                return list;
              });
      List<Double> values =
          others.stream()
              .map(run -> o.metric().of(run))
              .filter(OptionalDouble::isPresent)
              .map(OptionalDouble::getAsDouble)
              .toList();
      double resolution =
          others.stream().mapToDouble(run -> resolution(o.metric(), run)).max().orElse(0);
      double modelRun = Math.max(LogScale.spread(o.metric(), values), resolution);
      List<Double> labRuns = lab.samples().getOrDefault(o, List.of());
      double labRun = Math.max(floor, Math.max(modelRun, LogScale.spread(o.metric(), labRuns)));
      double labMean = labRun / Math.sqrt(Math.max(1, labRuns.size()));
      spread.put(o, Math.max(floor, Math.hypot(modelRun, labMean)));
    }
    return spread;
  }

  /**
   * The noise a measurement has however repeatable the run: the steps it moves in, as the standard
   * deviation of rounding to them ({@code ln(1 + step/value)/√12}). A buffer's peak moves in whole
   * frames, the fabric's largest NIC MTU: a headroom of four frames cannot tell a fifth of a frame.
   * Other metrics have none beyond their counts' offset.
   *
   * @param metric the metric
   * @param run a run of the step that measures it
   * @return the noise of its logarithm, 0 if none
   */
  private static double resolution(Metric metric, RunResult run) {
    if (metric != Metric.PEAK_HEADROOM && metric != Metric.PEAK_QUEUE) {
      return 0;
    }
    OptionalDouble value = metric.of(run);
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
}
