package dev.rocelab.assertj;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.analysis.Display;
import dev.rocelab.api.report.Check;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.internal.AssertContext;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on priority flow control in a scope of ports: pause frames, the paused-time ratio,
 * whether pauses have stopped, and PFC storms.
 *
 * <pre>{@code
 * assertThat(run).pfc().pausedFraction().isLessThan(0.95);
 * assertThat(run).port("leaf1:eth3").pfc().isNotPausedInLast("50us");
 * assertThat(run).pfc().stormDetectionLatency().isAtMost("400ms");
 * }</pre>
 *
 * <p>{@link #isNotPausedInLast(String)} reads the time series {@value #PAUSED_TIME_METRIC}, whose
 * subjects are {@code device:port/priority} and whose samples are the time paused within each
 * interval, in picoseconds.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class PfcAssert extends AbstractAssert<PfcAssert, List<PortStats>> {

  /** The time series of paused time per port and priority, picoseconds per sample interval. */
  public static final String PAUSED_TIME_METRIC = "paused_time";

  private final AssertContext context;
  private final PortScope scope;

  PfcAssert(AssertContext context, PortScope scope) {
    super(scope.stats(), PfcAssert.class);
    this.context = context;
    this.scope = scope;
  }

  /**
   * @return the PFC frames the scope sent (XOFF and XON)
   */
  public CountAssert pauseFrames() {
    return new CountAssert(
        actual.stream().mapToLong(PortStats::pausesSent).sum(),
        context,
        "PFC pause frames sent",
        scope.where());
  }

  /**
   * @return the PFC frames the scope received
   */
  public CountAssert pausesReceived() {
    return new CountAssert(
        actual.stream().mapToLong(PortStats::pausesReceived).sum(),
        context,
        "PFC pause frames received",
        scope.where());
  }

  /**
   * The paused-time ratio of the most paused port and priority of the scope: how much of the run
   * its egress was stopped by received pauses.
   *
   * @return an assertion on the ratio, 0..1
   */
  public NumberAssert pausedFraction() {
    RunResult run = context.run();
    Optional<PortStats> worst =
        actual.stream().max(Comparator.comparingLong(p -> p.pausedTime().picos()));
    double fraction = worst.map(p -> p.pausedFraction(run.elapsed())).orElse(0.0);
    String where =
        worst
            .filter(p -> p.pausedTime().picos() > 0)
            .map(p -> p.port() + " priority " + p.priority() + ", most paused of " + scope.where())
            .orElse(scope.where());
    String detail =
        worst
            .map(
                p ->
                    " ("
                        + Display.time(p.pausedTime())
                        + " of "
                        + Display.time(run.elapsed())
                        + ")")
            .orElse("");
    return new NumberAssert(fraction, context, "paused-time ratio", where, "", detail);
  }

  /**
   * The time paused of the most paused port and priority of the scope: how long its egress was
   * stopped by received pauses over the run.
   *
   * @return an assertion on that time
   */
  public TimeAssert pausedTime() {
    RunResult run = context.run();
    Optional<PortStats> worst =
        actual.stream().max(Comparator.comparingLong(p -> p.pausedTime().picos()));
    SimTime paused = worst.map(PortStats::pausedTime).orElse(SimTime.ZERO);
    String where =
        worst
            .filter(p -> p.pausedTime().picos() > 0)
            .map(p -> p.port() + " priority " + p.priority() + ", most paused of " + scope.where())
            .orElse(scope.where());
    return new TimeAssert(
        paused,
        context,
        "time paused",
        where,
        Display.time(paused)
            + " ("
            + Display.percent(worst.map(p -> p.pausedFraction(run.elapsed())).orElse(0.0))
            + " of "
            + Display.time(run.elapsed())
            + ")");
  }

  /**
   * Checks that no port and priority of the scope was paused during the last {@code window} of the
   * run (or of the snapshot, for a live run): every sample of {@value #PAUSED_TIME_METRIC} in it is
   * zero.
   *
   * @param window e.g. {@code "50us"}
   * @return this assertion
   */
  public PfcAssert isNotPausedInLast(String window) {
    return isNotPausedInLast(SimTime.parse(window));
  }

  /**
   * @param window how far back from the end of the run to look
   * @return this assertion
   * @see #isNotPausedInLast(String)
   */
  public PfcAssert isNotPausedInLast(SimTime window) {
    RunResult run = context.run();
    String label = "PFC pauses in the last " + Display.time(window);
    List<TimeSeries> series =
        run.series(PAUSED_TIME_METRIC).stream().filter(s -> scope.covers(s.subject())).toList();
    if (series.isEmpty()) {
      context.fail(
          label,
          scope.where(),
          "none",
          "no "
              + PAUSED_TIME_METRIC
              + " series for "
              + scope.where()
              + "; the backend must sample "
              + PAUSED_TIME_METRIC
              + " per port and priority");
      return myself;
    }
    long from = run.elapsed().picos() - Math.min(run.elapsed().picos(), window.picos());
    for (TimeSeries s : series) {
      for (int i = s.size() - 1; i >= 0 && s.timeOf(i).picos() > from; i--) {
        if (s.value(i) > 0 && s.timeOf(i).picos() <= run.elapsed().picos()) {
          context.fail(
              label,
              scope.where(),
              "none",
              s.subject().replace("/", " priority ")
                  + " paused "
                  + Display.time(SimTime.picos(s.value(i)))
                  + " in the sample at "
                  + Display.time(s.timeOf(i))
                  + " (run at "
                  + Display.time(run.elapsed())
                  + ")"
                  + (s.isDownsampled()
                      ? "; the series was downsampled to "
                          + Display.time(s.interval())
                          + " buckets to fit its memory"
                          + " budget, so these pauses may lie up to that much before the window"
                          + " (raise rocelab.limits.seriesMemory for finer samples)"
                      : ""));
          return myself;
        }
      }
    }
    context.pass(label, scope.where(), "none", "none in " + series.size() + " queues");
    return myself;
  }

  /**
   * Checks that the PFC watchdog never declared a queue of the scope stormed and that no PFC
   * deadlock was detected.
   *
   * @return this assertion
   */
  public PfcAssert hasNoStorm() {
    Optional<FabricEvent> storm =
        context.run().events().stream()
            .filter(
                e ->
                    e.kind() == FabricEvent.Kind.DEADLOCK
                        || (e.kind() == FabricEvent.Kind.WATCHDOG_TRIGGERED
                            && inScope(e.subject())))
            .findFirst();
    storm.ifPresentOrElse(
        e ->
            context.fail(
                "PFC storm",
                scope.where(),
                "no PFC watchdog trigger and no deadlock",
                e.kind() + " " + e.subject() + " at " + Display.time(e.time()) + ": " + e.detail()),
        () ->
            context.pass(
                "PFC storm",
                scope.where(),
                "no PFC watchdog trigger and no deadlock",
                "no watchdog trigger, no deadlock"));
    return myself;
  }

  /**
   * Checks that the PFC watchdog caught the scenario's PFC storm within a bound: from the start of
   * the first {@link Fault.PfcStorm} to the first {@link FabricEvent.Kind#WATCHDOG_TRIGGERED} event
   * after it.
   *
   * @param bound e.g. {@code "250ms"}, inclusive
   * @return this assertion
   */
  public PfcAssert stormDetectedWithin(String bound) {
    return stormDetectedWithin(SimTime.parse(bound));
  }

  /**
   * @param bound inclusive
   * @return this assertion
   * @see #stormDetectedWithin(String)
   */
  public PfcAssert stormDetectedWithin(SimTime bound) {
    RunResult run = context.run();
    Optional<Fault.PfcStorm> storm = firstStorm();
    String expected = "a watchdog trigger within " + Display.time(bound);
    if (storm.isEmpty()) {
      context.fail("PFC storm detection", scope.where(), expected, "the scenario has no PFC storm");
      return myself;
    }
    SimTime start = storm.get().at();
    String where = describe(storm.get());
    Optional<FabricEvent> trigger = firstTriggerFrom(start);
    if (trigger.isEmpty()) {
      context.fail(
          "PFC storm detection",
          where,
          expected,
          "no watchdog trigger by the end of the run at " + Display.time(run.elapsed()));
    } else {
      context.check(
          !trigger.get().time().minus(start).isAfter(bound),
          new Object[] {bound},
          "PFC storm detection",
          where,
          expected,
          "triggered after "
              + Display.time(trigger.get().time().minus(start))
              + " on "
              + trigger.get().subject()
              + " at "
              + Display.time(trigger.get().time()),
          Optional.of(Check.Magnitude.of(trigger.get().time().minus(start))));
    }
    return myself;
  }

  /**
   * The storm detection latency: from the start of the scenario's first {@link Fault.PfcStorm} to
   * the first {@link FabricEvent.Kind#WATCHDOG_TRIGGERED} event of the scope at or after it.
   *
   * @return an assertion on that time; a watchdog that never triggered fails every bound
   */
  public TimeAssert stormDetectionLatency() {
    RunResult run = context.run();
    String label = "PFC storm detection latency";
    Optional<Fault.PfcStorm> storm = firstStorm();
    if (storm.isEmpty()) {
      context.fail(label, scope.where(), "a measured latency", "the scenario has no PFC storm");
      return new TimeAssert(null, context, label, scope.where());
    }
    SimTime start = storm.get().at();
    String where = describe(storm.get()) + ", watchdog triggers on " + scope.where();
    Optional<FabricEvent> trigger = firstTriggerFrom(start);
    if (trigger.isEmpty()) {
      return new TimeAssert(
          SimTime.MAX,
          context,
          label,
          where,
          "no watchdog trigger by the end of the run at " + Display.time(run.elapsed()));
    }
    SimTime latency = trigger.get().time().minus(start);
    return new TimeAssert(
        latency,
        context,
        label,
        where,
        Display.time(latency)
            + " ("
            + trigger.get().subject()
            + " at "
            + Display.time(trigger.get().time())
            + ")");
  }

  private Optional<Fault.PfcStorm> firstStorm() {
    return context.run().scenario().faults().stream()
        .filter(Fault.PfcStorm.class::isInstance)
        .map(Fault.PfcStorm.class::cast)
        .min(Comparator.comparing(Fault.PfcStorm::at));
  }

  private Optional<FabricEvent> firstTriggerFrom(SimTime start) {
    return context.run().events().stream()
        .filter(e -> e.kind() == FabricEvent.Kind.WATCHDOG_TRIGGERED && !e.time().isBefore(start))
        .filter(e -> inScope(e.subject()))
        .findFirst();
  }

  private static String describe(Fault.PfcStorm storm) {
    return "storm from "
        + storm.nic()
        + " on priority "
        + storm.priority()
        + " at "
        + Display.time(storm.at());
  }

  private boolean inScope(String subject) {
    return scope.port().isEmpty() || subject.startsWith(scope.port().get().toString());
  }
}
