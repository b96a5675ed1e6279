package dev.rocelab.calibration;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricBackendException;
import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.scenario.Scenario;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A lab for the fit's unit tests: the model of a fabric with hidden parameters, whatever fabric it
 * is opened with, its runs made with its own seed. A step named here breaks as a lab run does. (The
 * synthetic lab in {@code synthetic} goes through the real lab backend.)
 */
final class HiddenModelLab implements FabricBackend {

  private final FabricSpec hidden;
  private final long seed;
  private final Set<String> breaks;

  HiddenModelLab(FabricSpec hidden, long seed) {
    this(hidden, seed, Set.of());
  }

  private HiddenModelLab(FabricSpec hidden, long seed, Set<String> breaks) {
    this.hidden = hidden;
    this.seed = seed;
    this.breaks = breaks;
  }

  /** The same lab, whose runs of these steps' scenarios break. */
  HiddenModelLab breaking(CalibrationStep... steps) {
    return new HiddenModelLab(
        hidden,
        seed,
        Stream.of(steps).map(s -> "calibration · " + s.title()).collect(Collectors.toSet()));
  }

  @Override
  public String id() {
    return "hidden-model";
  }

  @Override
  public Set<Capability> capabilities() {
    return FabricBackends.require("model").capabilities();
  }

  @Override
  public FabricSession open(FabricSpec spec) {
    FabricSession model = FabricBackends.require("model").open(hidden);
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
        if (breaks.contains(scenario.name())) {
          throw new FabricBackendException("host7: ib_write_bw: connection refused");
        }
        return model.start(scenario.withSeed(seed));
      }

      @Override
      public void close() {
        model.close();
      }
    };
  }
}
