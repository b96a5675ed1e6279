package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.alerting.internal.PhaseSplit;
import dev.rocelab.alerting.internal.Projector;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A run projected onto the time scale alert rules think in. A simulated run lasts milliseconds;
 * rules evaluate every 15 s and wait 30 s to minutes in their {@code for:} clauses. Stretching the
 * simulated counters over minutes would divide every rate by the stretch factor, so instead the run
 * is split at its fault events into phases (before the fault, the fault, after recovery; one steady
 * phase without faults; a fault that strikes while another lasts, such as a degrading optic's link
 * going down, starts a phase of its own), each counter's rate and each gauge's level are measured
 * per phase from the simulation, and each phase is held on the timeline for a duration of the
 * {@link TimelineShape}: counters grow at the phase's simulated rate, gauges hold its level.
 *
 * <p><strong>The assumption:</strong> a fault's steady state lasts as long as the shape holds it —
 * as a NIC with a stuck receive path or a down link does in production until someone acts. The
 * numbers come from the simulation, the durations from the timeline. How each counter's total is
 * split over the phases is said in {@code Projector}: by the run's own time series where it has
 * one, uniformly over the run where it has none (CNPs).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OperationalTimeline {

  private final String scenario;
  private final TimelineShape shape;
  private final List<TimelinePhase> phases;
  private final Optional<FabricEvent> fault;
  private final List<ProjectedSeries> series;

  private OperationalTimeline(
      String scenario,
      TimelineShape shape,
      List<TimelinePhase> phases,
      Optional<FabricEvent> fault,
      List<ProjectedSeries> series) {
    this.scenario = scenario;
    this.shape = shape;
    this.phases = List.copyOf(phases);
    this.fault = fault;
    this.series = List.copyOf(series);
  }

  /**
   * Projects a run with the {@linkplain TimelineShape#DEFAULT default shape}.
   *
   * @param run the run, never null
   * @param fabric the fabric it ran on (to pair the two ends of each link), never null
   * @return its timeline
   */
  public static OperationalTimeline of(RunResult run, FabricSpec fabric) {
    return of(run, fabric, TimelineShape.DEFAULT);
  }

  /**
   * Projects a run.
   *
   * @param run the run, never null
   * @param fabric the fabric it ran on, never null
   * @param shape the scrape interval and phase durations, never null
   * @return its timeline
   * @throws IllegalArgumentException if the run lasted no time
   */
  public static OperationalTimeline of(RunResult run, FabricSpec fabric, TimelineShape shape) {
    Objects.requireNonNull(run, "run must not be null");
    Objects.requireNonNull(fabric, "fabric must not be null");
    Objects.requireNonNull(shape, "shape must not be null");
    List<TimelinePhase> phases = PhaseSplit.of(run, shape);
    Optional<FabricEvent> fault =
        run.events().stream()
            .filter(e -> e.kind() == FabricEvent.Kind.FAULT)
            .filter(e -> e.time().isBefore(run.elapsed()))
            .findFirst();
    List<ProjectedSeries> series =
        new Projector(run, FabricGraph.of(fabric), phases, shape).project();
    return new OperationalTimeline(run.scenario().name(), shape, phases, fault, series);
  }

  /**
   * @return the name of the scenario that ran
   */
  public String scenario() {
    return scenario;
  }

  /**
   * @return the scrape interval and phase durations
   */
  public TimelineShape shape() {
    return shape;
  }

  /**
   * @return the phases in time order
   */
  public List<TimelinePhase> phases() {
    return phases;
  }

  /**
   * @return the first fault of the run, empty for a run without faults
   */
  public Optional<FabricEvent> fault() {
    return fault;
  }

  /**
   * @return where the fault starts on the timeline, empty for a run without faults
   */
  public Optional<Duration> faultStart() {
    return phases.stream()
        .filter(p -> p.name().equals(PhaseSplit.FAULT))
        .map(TimelinePhase::start)
        .findFirst();
  }

  /**
   * @return the timeline's length: the last scrape is at this time
   */
  public Duration length() {
    return phases.get(phases.size() - 1).end();
  }

  /**
   * @return the number of scrapes, one at every multiple of the scrape interval up to the length
   */
  public int scrapes() {
    return (int) (length().toMillis() / shape.scrapeInterval().toMillis()) + 1;
  }

  /**
   * @param scrape 0..scrapes−1
   * @return its time on the timeline
   */
  public Duration scrapeTime(int scrape) {
    return shape.scrapeInterval().multipliedBy(scrape);
  }

  /**
   * @return every series, one value per scrape
   */
  public List<ProjectedSeries> series() {
    return series;
  }

  /**
   * @param metric a metric
   * @return its series
   */
  public List<ProjectedSeries> series(Metric metric) {
    return series.stream().filter(s -> s.metric() == metric).toList();
  }

  @Override
  public String toString() {
    return "timeline of "
        + scenario
        + ": "
        + phases.stream()
            .map(p -> p.name() + " (" + p.simulated() + " held " + p.held() + ")")
            .toList();
  }
}
