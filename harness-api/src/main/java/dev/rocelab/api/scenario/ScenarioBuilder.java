package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * An immutable, fluent description of a {@link Scenario} with one workload: every {@code with…}
 * style method returns a new builder and leaves this one as it was, so a builder can be shared as
 * the base of several scenarios.
 *
 * <pre>{@code
 * IncastBuilder base = Scenario.incast().message("4MiB").dscp(26);
 * Scenario small = base.senders(8).build();
 * Scenario large = base.senders(63).with(Fault.linkDown("leaf1:eth9").at("2ms")).build();
 * }</pre>
 *
 * <p>Values are checked when they are set: an invalid value throws {@link IllegalArgumentException}
 * naming the field, as the records of {@link Workload} do.
 *
 * @param <SELF> the concrete builder
 * @since 0.1
 * @see Scenario#incast()
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract sealed class ScenarioBuilder<SELF extends ScenarioBuilder<SELF>>
    permits IncastBuilder,
        MicroburstBuilder,
        MixedTrafficBuilder,
        PermutationBuilder,
        AllToAllBuilder,
        CollectiveBuilder,
        TrainingBuilder,
        FlowBuilder {

  private final Settings settings;

  ScenarioBuilder(Settings settings) {
    this.settings = settings;
  }

  /** The parts of a scenario every builder shares. */
  record Settings(
      String name,
      List<Fault> faults,
      SimTime duration,
      long seed,
      SimTime sampleInterval,
      Completion completion) {

    Settings {
      faults = List.copyOf(faults);
      Checks.positive(duration, "duration");
      Checks.positive(sampleInterval, "sampleInterval");
      Objects.requireNonNull(completion, "completion must not be null");
    }

    static Settings defaults() {
      return new Settings(
          null,
          List.of(),
          Scenario.DEFAULT_DURATION,
          Scenario.DEFAULT_SEED,
          Scenario.DEFAULT_SAMPLE_INTERVAL,
          Completion.REQUIRED);
    }

    Settings withDuration(SimTime bound) {
      return new Settings(name, faults, bound, seed, sampleInterval, completion);
    }
  }

  /**
   * The workload the scenario will run, as configured so far.
   *
   * @return the workload; never null
   */
  public abstract Workload workload();

  /**
   * @return the name a scenario of this kind has unless {@link #named(String)} says otherwise
   */
  abstract String kind();

  abstract SELF copy(Settings changed);

  /**
   * Names the scenario (used in reports).
   *
   * @param name a short name, not blank
   * @return a changed copy
   */
  public SELF named(String name) {
    Objects.requireNonNull(name, "name must not be null");
    if (name.isBlank()) {
      throw new IllegalArgumentException("name must not be blank");
    }
    return copy(
        new Settings(
            name,
            settings.faults(),
            settings.duration(),
            settings.seed(),
            settings.sampleInterval(),
            settings.completion()));
  }

  /**
   * Adds faults to the scenario.
   *
   * @param faults the faults, in any order; never null
   * @return a changed copy
   */
  public SELF with(Fault... faults) {
    List<Fault> all = new ArrayList<>(settings.faults());
    Arrays.stream(faults)
        .forEach(f -> all.add(Objects.requireNonNull(f, "fault must not be null")));
    return copy(
        new Settings(
            settings.name(),
            all,
            settings.duration(),
            settings.seed(),
            settings.sampleInterval(),
            settings.completion()));
  }

  /**
   * Bounds the run.
   *
   * @param bound the longest the run may last, e.g. {@code "5ms"}
   * @return a changed copy
   */
  public SELF duration(String bound) {
    return duration(SimTime.parse(bound));
  }

  /**
   * Bounds the run.
   *
   * @param bound the longest the run may last, > 0
   * @return a changed copy
   */
  public SELF duration(SimTime bound) {
    return copy(settings.withDuration(bound));
  }

  /**
   * Sets the seed of every random choice of the run.
   *
   * @param seed the seed
   * @return a changed copy
   */
  public SELF seed(long seed) {
    return copy(
        new Settings(
            settings.name(),
            settings.faults(),
            settings.duration(),
            seed,
            settings.sampleInterval(),
            settings.completion()));
  }

  /**
   * Sets how often time series are sampled.
   *
   * @param interval e.g. {@code "10us"}
   * @return a changed copy
   */
  public SELF sampleInterval(String interval) {
    return sampleInterval(SimTime.parse(interval));
  }

  /**
   * Sets how often time series are sampled.
   *
   * @param interval > 0
   * @return a changed copy
   */
  public SELF sampleInterval(SimTime interval) {
    return copy(
        new Settings(
            settings.name(),
            settings.faults(),
            settings.duration(),
            settings.seed(),
            interval,
            settings.completion()));
  }

  /**
   * Says whether the workload must complete within the duration (by default it must).
   *
   * <pre>{@code
   * Scenario.incast().senders(16).message("1GiB").duration("5ms").completion(Completion.WINDOW).build()
   * }</pre>
   *
   * @param expected {@link Completion#WINDOW} for a scenario that measures a window of traffic;
   *     never null
   * @return a changed copy
   */
  public SELF completion(Completion expected) {
    return copy(
        new Settings(
            settings.name(),
            settings.faults(),
            settings.duration(),
            settings.seed(),
            settings.sampleInterval(),
            Objects.requireNonNull(expected, "completion must not be null")));
  }

  /**
   * Builds the scenario.
   *
   * @return the scenario; never null
   */
  public Scenario build() {
    String name = settings.name() != null ? settings.name() : kind();
    return new Scenario(
        name,
        List.of(workload()),
        settings.faults(),
        settings.duration(),
        settings.seed(),
        settings.sampleInterval(),
        settings.completion());
  }

  final Settings settings() {
    return settings;
  }

  @Override
  public String toString() {
    return build().describe();
  }
}
