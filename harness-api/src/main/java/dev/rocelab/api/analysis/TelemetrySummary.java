package dev.rocelab.api.analysis;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.result.DropRecord;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Completion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/** A short text account of a run, attached to the test's report. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TelemetrySummary {

  private TelemetrySummary() {}

  /** How many of a run's events the summary names before it counts the rest. */
  private static final int EVENTS_NAMED = 8;

  /**
   * @param run a result
   * @return one line per subject: drops (packets and bytes) per priority, each fault and what it
   *     did, pauses, ECN marks, CNPs, the deepest queue, latency, FCT, the events
   */
  public static String of(RunResult run) {
    return of(run, "");
  }

  /**
   * The summary of a run whose clock is named, e.g. {@code "simulated"} for a model's run.
   *
   * @param run a result
   * @param clock what the run's time is, printed after its elapsed time; empty for nothing
   * @return the summary, as {@link #of(RunResult)}
   * @since 0.3
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public static String of(RunResult run, String clock) {
    List<String> lines = new ArrayList<>();
    lines.add(
        line(
            "scenario",
            run.scenario().name()
                + " · "
                + run.scenario().describe()
                + " (seed "
                + run.scenario().seed()
                + ")"));
    lines.add(line("fabric", run.fabric().spec().name() + " on backend " + run.backend()));
    lines.add(
        line(
            "elapsed",
            Display.time(run.elapsed())
                + (clock.isEmpty() ? "" : " " + clock)
                + " ("
                + run.stopReason()
                + ")"));
    run.unfinishedWork()
        .ifPresent(
            unfinished ->
                lines.add(
                    line(
                        "workload",
                        unfinished
                            + (run.scenario().completion() == Completion.WINDOW
                                ? ", a window by declaration"
                                : ""))));
    run.faultsNeverApplied().forEach(account -> lines.add(line("fault", account)));
    FaultEffects.of(run).effects().forEach(effect -> lines.add(line("fault", effect.describe())));
    lines.add(line("drops", drops(run)));
    lines.add(line("pauses", pauses(run)));
    long marks = run.ports().stream().mapToLong(PortStats::ecnMarks).sum();
    long packets = run.ports().stream().mapToLong(PortStats::txPackets).sum();
    lines.add(
        line(
            "ECN",
            marks
                + " marks"
                + (packets == 0
                    ? ""
                    : ", "
                        + Display.percent((double) marks / packets)
                        + " of "
                        + packets
                        + " packets sent")));
    lines.add(line("CNPs", run.ports().stream().mapToLong(PortStats::cnpsSent).sum() + " sent"));
    lines.add(line("queue", deepestQueue(run)));
    lines.add(line("latency", latency(run.latency())));
    lines.add(line("FCT", completion(run.flows())));
    lines.add(line("series", series(run.series())));
    if (!run.events().isEmpty()) {
      lines.add(line("events", events(run.events())));
    }
    return String.join("\n", lines) + "\n";
  }

  private static String events(List<FabricEvent> events) {
    List<String> named = new ArrayList<>();
    for (FabricEvent e : events.subList(0, Math.min(EVENTS_NAMED, events.size()))) {
      named.add(e.kind() + " " + e.subject() + " at " + Display.time(e.time()));
    }
    int rest = events.size() - named.size();
    return events.size()
        + ": "
        + String.join(", ", named)
        + (rest > 0 ? " and " + rest + " more" : "");
  }

  private static String deepestQueue(RunResult run) {
    return Stats.most(run.ports(), p -> p.maxQueue().bytes())
        .map(
            p ->
                "deepest "
                    + Display.size(p.maxQueue())
                    + " at "
                    + p.port()
                    + " priority "
                    + p.priority())
        .orElse("none measured");
  }

  private static String line(String subject, String text) {
    return String.format("%-9s %s", subject, text);
  }

  private static String drops(RunResult run) {
    Map<Integer, Long> byPriority = new TreeMap<>();
    run.ports().forEach(p -> byPriority.merge(p.priority(), p.totalDrops(), Long::sum));
    byPriority.values().removeIf(count -> count == 0);
    if (byPriority.isEmpty()) {
      return "none";
    }
    List<String> parts = new ArrayList<>();
    byPriority.forEach(
        (priority, count) ->
            parts.add(
                "priority "
                    + priority
                    + ": "
                    + count
                    + " packets, "
                    + run.droppedBytes(priority).map(Display::size).orElse("bytes not measured")));
    Optional<DropRecord> first = run.firstDrops().stream().findFirst();
    return String.join("; ", parts)
        + first
            .map(
                d ->
                    "; first at "
                        + d.port()
                        + " priority "
                        + d.priority()
                        + " at "
                        + Display.time(d.time())
                        + " ("
                        + d.reason()
                        + ")")
            .orElse("");
  }

  private static String pauses(RunResult run) {
    long sent = run.ports().stream().mapToLong(PortStats::pausesSent).sum();
    long received = run.ports().stream().mapToLong(PortStats::pausesReceived).sum();
    String most =
        Stats.most(run.ports(), p -> p.pausedTime().picos())
            .map(
                p ->
                    "; most paused "
                        + p.port()
                        + " priority "
                        + p.priority()
                        + ", "
                        + Display.percent(p.pausedFraction(run.elapsed()))
                        + " of the run")
            .orElse("");
    return sent + " sent, " + received + " received" + most;
  }

  private static String latency(Map<Integer, LatencySummary> latency) {
    if (latency.isEmpty()) {
      return "not measured";
    }
    List<String> parts = new ArrayList<>();
    latency.forEach(
        (priority, l) ->
            parts.add(
                "priority "
                    + priority
                    + ": p50 "
                    + Display.time(l.p50())
                    + ", p99 "
                    + Display.time(l.p99())
                    + ", max "
                    + Display.time(l.max())));
    return String.join("; ", parts);
  }

  /** Series of one run share a resolution; a lab's may not, so each resolution is named. */
  private static String series(List<TimeSeries> series) {
    if (series.isEmpty()) {
      return "none";
    }
    Map<String, Long> byResolution =
        series.stream()
            .collect(
                Collectors.groupingBy(
                    s ->
                        s.isDownsampled()
                            ? "in "
                                + Display.time(s.interval())
                                + " buckets (sampled every "
                                + Display.time(s.sampleInterval())
                                + "; least and greatest sample kept; downsampled to fit rocelab.limits.seriesMemory)"
                            : "every " + Display.time(s.interval()),
                    TreeMap::new,
                    Collectors.counting()));
    List<String> parts = new ArrayList<>();
    byResolution.forEach((resolution, count) -> parts.add(count + " " + resolution));
    return String.join("; ", parts);
  }

  private static String completion(List<FlowResult> flows) {
    if (flows.isEmpty()) {
      return "no flows";
    }
    long completed = flows.stream().filter(FlowResult::completed).count();
    return completed
        + " of "
        + flows.size()
        + " flows completed; p50 "
        + Display.time(Stats.completionPercentile(flows, 50))
        + ", p99 "
        + Display.time(Stats.completionPercentile(flows, 99))
        + ", max "
        + Display.time(Stats.completionPercentile(flows, 100));
  }
}
