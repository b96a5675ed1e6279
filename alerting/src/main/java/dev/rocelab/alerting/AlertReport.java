package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Which alerts fired on a scenario's operational timeline and when, as promtool evaluated the
 * rules, with the files that prove it: the promtool unit test that expects exactly these alerts (it
 * passed) and the timeline as OpenMetrics.
 *
 * @param scenario the scenario's name
 * @param faultStart where the fault starts on the timeline, empty for a run without faults
 * @param timelineLength the last evaluation
 * @param rules the rule files' names
 * @param alertnames every alerting rule evaluated
 * @param firings the alerts that fired, by first firing then name
 * @param promtoolTest the promtool test file that expects exactly {@code firings}; promtool passed
 *     it
 * @param openMetrics the timeline as OpenMetrics
 * @param promtoolVersion the first line of {@code promtool --version}
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record AlertReport(
    String scenario,
    Optional<Duration> faultStart,
    Duration timelineLength,
    List<String> rules,
    List<String> alertnames,
    List<AlertFiring> firings,
    String promtoolTest,
    String openMetrics,
    String promtoolVersion) {

  /** Validates the fields and orders the firings. */
  public AlertReport {
    Objects.requireNonNull(scenario, "scenario must not be null");
    Objects.requireNonNull(faultStart, "faultStart must not be null");
    Objects.requireNonNull(timelineLength, "timelineLength must not be null");
    rules = List.copyOf(rules);
    alertnames = List.copyOf(alertnames);
    firings =
        firings.stream()
            .sorted(
                Comparator.comparing(AlertFiring::firstFiring)
                    .thenComparing(AlertFiring::alertname)
                    .thenComparing(f -> f.labels().toString()))
            .toList();
    Objects.requireNonNull(promtoolTest, "promtoolTest must not be null");
    Objects.requireNonNull(openMetrics, "openMetrics must not be null");
    Objects.requireNonNull(promtoolVersion, "promtoolVersion must not be null");
  }

  /**
   * @param alertname a rule's name
   * @return its firings
   */
  public List<AlertFiring> firings(String alertname) {
    return firings.stream().filter(f -> f.alertname().equals(alertname)).toList();
  }

  /**
   * A plain-text table of the firings, for reports: alert, labels, first and last firing, and the
   * detection latency (first firing − fault start).
   *
   * @return the table, or a line saying nothing fired
   */
  public String table() {
    StringBuilder out = new StringBuilder("scenario: " + scenario + "\n");
    out.append("fault starts at: ")
        .append(faultStart.map(AlertReport::format).orElse("(no fault)"))
        .append('\n');
    out.append("rules: ")
        .append(rules)
        .append(", alerts evaluated: ")
        .append(alertnames)
        .append('\n');
    if (firings.isEmpty()) {
      return out.append("no alert fired over ")
          .append(format(timelineLength))
          .append('\n')
          .toString();
    }
    out.append(
        String.format(
            "%-24s %-12s %-12s %-16s %s%n",
            "alert", "first firing", "last firing", "after the fault", "labels"));
    for (AlertFiring f : firings) {
      out.append(
          String.format(
              "%-24s %-12s %-12s %-16s %s%n",
              f.alertname(),
              format(f.firstFiring()),
              format(f.lastFiring()),
              faultStart.map(s -> latency(f.firstFiring().minus(s))).orElse("-"),
              f.labels()));
    }
    return out.toString();
  }

  /**
   * @return a summary of what fired, with times, for failure messages
   */
  public String describeFirings() {
    if (firings.isEmpty()) {
      return "nothing fired";
    }
    return describe(firings);
  }

  /** How many firings a message lists before "and N more". */
  static final int FIRINGS_SHOWN = 10;

  /**
   * @param firings some firings
   * @return the first {@value #FIRINGS_SHOWN}, one per line, and how many more there are
   */
  static String describe(List<AlertFiring> firings) {
    List<String> lines = new ArrayList<>();
    firings.stream().limit(FIRINGS_SHOWN).forEach(f -> lines.add("  " + f));
    if (firings.size() > FIRINGS_SHOWN) {
      lines.add("  … and " + (firings.size() - FIRINGS_SHOWN) + " more firings");
    }
    return String.join("\n", lines);
  }

  static String latency(Duration d) {
    return d.isNegative() ? "-" + format(d.negated()) : "+" + format(d);
  }

  /**
   * @param d a duration on the timeline
   * @return it in Prometheus notation, e.g. {@code 5m15s}
   */
  public static String format(Duration d) {
    return dev.rocelab.alerting.internal.PromtoolTestFile.go(d);
  }
}
