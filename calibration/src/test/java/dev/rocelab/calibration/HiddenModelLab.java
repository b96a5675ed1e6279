package dev.rocelab.calibration;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricBackendException;
import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.scenario.Scenario;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A lab for the fit's unit tests: the model of a fabric with hidden parameters, whatever fabric it
 * is opened with, its runs made with its own seed: a scenario's first run with the lab's seed, each
 * run after with the next (a lab's repeated run differs from the one before, whatever the
 * scenario's seed). A step named here breaks as a lab run does. (The synthetic lab in {@code
 * synthetic} goes through the real lab backend.)
 */
public final class HiddenModelLab implements FabricBackend {

  private final FabricBackend model;
  private final FabricSpec hidden;
  private final long seed;

  /** The scenarios that break, each from its run of this number on (1: every run). */
  private final Map<String, Integer> breaks;

  private final Map<String, Integer> runsSoFar = new ConcurrentHashMap<>();

  public HiddenModelLab(FabricSpec hidden, long seed) {
    this(FabricBackends.require("model"), hidden, seed);
  }

  /** The lab of another model than the built-in one: the closed-form twin's. */
  public HiddenModelLab(FabricBackend model, FabricSpec hidden, long seed) {
    this(model, hidden, seed, Map.of());
  }

  private HiddenModelLab(
      FabricBackend model, FabricSpec hidden, long seed, Map<String, Integer> breaks) {
    this.model = model;
    this.hidden = hidden;
    this.seed = seed;
    this.breaks = breaks;
  }

  /** The same lab, whose runs of these steps' scenarios break. */
  public HiddenModelLab breaking(CalibrationStep... steps) {
    return new HiddenModelLab(
        model,
        hidden,
        seed,
        Stream.of(steps).collect(Collectors.toMap(HiddenModelLab::name, s -> 1)));
  }

  /** The same lab, whose runs of a step's scenario break from its run of this number on. */
  HiddenModelLab breakingFrom(int run, CalibrationStep step) {
    return new HiddenModelLab(model, hidden, seed, Map.of(name(step), run));
  }

  private static String name(CalibrationStep step) {
    return "calibration · " + step.title();
  }

  @Override
  public String id() {
    return "hidden-model";
  }

  @Override
  public Set<Capability> capabilities() {
    return model.capabilities();
  }

  @Override
  public FabricSession open(FabricSpec spec) {
    FabricSession session = model.open(hidden);
    return new FabricSession() {
      @Override
      public FabricSpec fabric() {
        return spec;
      }

      @Override
      public FabricBackend backend() {
        return HiddenModelLab.this;
      }

      @Override
      public ScenarioRun start(Scenario scenario) {
        int run = runsSoFar.merge(scenario.name(), 1, Integer::sum);
        if (run >= breaks.getOrDefault(scenario.name(), Integer.MAX_VALUE)) {
          throw new FabricBackendException("host7: ib_write_bw: connection refused");
        }
        return session.start(scenario.withSeed(seed + run - 1));
      }

      @Override
      public void close() {
        session.close();
      }
    };
  }
}
