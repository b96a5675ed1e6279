package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.alerting.internal.PromtoolReport;
import dev.rocelab.assertj.Checks;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on which alerts fired on a scenario's operational timeline:
 *
 * <pre>{@code
 * AlertsAssert.assertThat(report).fired("RocePfcStorm").on("device", "leaf1").within("2m").ofTheFault();
 * AlertsAssert.assertThat(report).fired("RoceOpticDegrading").on("port", "eth1").before("RoceLinkDown");
 * AlertsAssert.assertThat(baseline).nothingFired();
 * }</pre>
 *
 * Failure messages name the rule, the scenario and what did fire, with times on the timeline.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class AlertsAssert extends AbstractAssert<AlertsAssert, AlertReport> {

  private AlertsAssert(AlertReport actual) {
    super(actual, AlertsAssert.class);
  }

  /**
   * @param report the report of {@link AlertRuleTester#evaluate}
   * @return assertions on it
   */
  public static AlertsAssert assertThat(AlertReport report) {
    return new AlertsAssert(report);
  }

  /**
   * Verifies that an alert fired at least once.
   *
   * @param alertname the rule's name
   * @return assertions on its firings
   */
  public FiredAlertAssert fired(String alertname) {
    isNotNull();
    Objects.requireNonNull(alertname, "alertname must not be null");
    if (!actual.alertnames().contains(alertname)) {
      failWithMessage(
          "%nExpecting alert %s to fire in scenario \"%s\"%nbut the rule files %s have no such alerting rule;"
              + " they have: %s",
          alertname, actual.scenario(), actual.rules(), actual.alertnames());
    }
    List<AlertFiring> firings = actual.firings(alertname);
    Checks.report(
        "alert " + alertname,
        actual.scenario(),
        "fires",
        firings.isEmpty()
            ? "never fired over " + AlertReport.format(actual.timelineLength())
            : firingCount(firings),
        !firings.isEmpty());
    if (firings.isEmpty()) {
      failWithMessage(
          "%nExpecting alert %s to fire in scenario \"%s\" (fault at %s)%nbut it never fired over %s."
              + "%nWhat fired:%n%s",
          alertname,
          actual.scenario(),
          faultStart(),
          AlertReport.format(actual.timelineLength()),
          actual.describeFirings());
    }
    return new FiredAlertAssert(actual, alertname, firings, Map.of());
  }

  /**
   * Verifies that an alert never fired; the rule files must have an alerting rule of that name.
   *
   * @param alertname the rule's name
   * @return this
   */
  public AlertsAssert didNotFire(String alertname) {
    isNotNull();
    Objects.requireNonNull(alertname, "alertname must not be null");
    // a misspelt name must not pass for silence
    if (!actual.alertnames().contains(alertname)) {
      failWithMessage(
          "%nExpecting alert %s not to fire in scenario \"%s\"%nbut the rule files %s have no such alerting"
              + " rule; they have: %s",
          alertname, actual.scenario(), actual.rules(), actual.alertnames());
    }
    List<AlertFiring> firings = actual.firings(alertname);
    Checks.report(
        "alert " + alertname,
        actual.scenario(),
        "does not fire",
        firings.isEmpty() ? "did not fire" : firingCount(firings),
        firings.isEmpty());
    if (!firings.isEmpty()) {
      failWithMessage(
          "%nExpecting alert %s not to fire in scenario \"%s\" (fault at %s)%nbut it fired:%n%s",
          alertname, actual.scenario(), faultStart(), describe(firings));
    }
    return this;
  }

  /**
   * Verifies that no alert fired at all.
   *
   * @return this
   */
  public AlertsAssert nothingFired() {
    isNotNull();
    Checks.report(
        "alerts",
        actual.scenario(),
        "none fires",
        actual.firings().isEmpty() ? "none fired" : firingCount(actual.firings()),
        actual.firings().isEmpty());
    if (!actual.firings().isEmpty()) {
      failWithMessage(
          "%nExpecting no alert to fire in scenario \"%s\" (rules %s)%nbut these fired:%n%s",
          actual.scenario(), actual.rules(), actual.describeFirings());
    }
    return this;
  }

  private String faultStart() {
    return actual.faultStart().map(AlertReport::format).orElse("none");
  }

  private static String describe(List<AlertFiring> firings) {
    return AlertReport.describe(firings);
  }

  /** {@code fired 3 times, first at 6m15s}. */
  private static String firingCount(List<AlertFiring> firings) {
    Duration first =
        firings.stream().map(AlertFiring::firstFiring).min(Duration::compareTo).orElseThrow();
    return "fired "
        + (firings.size() == 1 ? "once" : firings.size() + " times")
        + ", first at "
        + AlertReport.format(first);
  }

  /**
   * Assertions on the firings of one alert.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class FiredAlertAssert
      extends AbstractAssert<FiredAlertAssert, List<AlertFiring>> {

    private final AlertReport report;
    private final String alertname;
    private final Map<String, String> labels;

    private FiredAlertAssert(
        AlertReport report,
        String alertname,
        List<AlertFiring> firings,
        Map<String, String> labels) {
      super(firings, FiredAlertAssert.class);
      this.report = report;
      this.alertname = alertname;
      this.labels = labels;
    }

    /**
     * Narrows to the firings carrying some labels; verifies there is one.
     *
     * @param namesAndValues label names and values, alternating, e.g. {@code "device", "leaf1"}
     * @return assertions on those firings
     */
    public FiredAlertAssert on(String... namesAndValues) {
      if (namesAndValues.length % 2 != 0) {
        throw new IllegalArgumentException(
            "on(...) takes label names and values in pairs but got " + List.of(namesAndValues));
      }
      Map<String, String> wanted = new LinkedHashMap<>(labels);
      for (int i = 0; i < namesAndValues.length; i += 2) {
        wanted.put(namesAndValues[i], namesAndValues[i + 1]);
      }
      List<AlertFiring> matching = actual.stream().filter(f -> f.hasLabels(wanted)).toList();
      if (matching.isEmpty()) {
        failWithMessage(
            "%nExpecting alert %s to fire on %s in scenario \"%s\"%nbut it fired only on:%n%s",
            alertname, wanted, report.scenario(), describe(actual));
      }
      return new FiredAlertAssert(report, alertname, matching, wanted);
    }

    /**
     * Verifies that this alert first fired before another alert first fired with the labels this
     * assertion was narrowed to: an early warning ahead of the failure it warns of, e.g. {@code
     * fired("RoceOpticDegrading").on("device", "spine1", "port", "eth1").before("RoceLinkDown")}.
     * The other alert must have fired there too. Narrowed-to labels the other alert never carries
     * (a drop's {@code reason} on a link alert) do not apply to it.
     *
     * @param later the alerting rule that must fire later
     * @return assertions on this alert's firings
     */
    public FiredAlertAssert before(String later) {
      Objects.requireNonNull(later, "later must not be null");
      String where = labels.isEmpty() ? "" : " on " + labels;
      if (!report.alertnames().contains(later)) {
        failWithMessage(
            "%nExpecting alert %s to fire before %s in scenario \"%s\"%nbut the rule files %s have"
                + " no alerting rule %s; they have: %s",
            alertname, later, report.scenario(), report.rules(), later, report.alertnames());
      }
      // the narrowed-to labels the later alert carries at all: a drop's reason is no link's label
      Map<String, String> shared = new LinkedHashMap<>(labels);
      List<AlertFiring> all = report.firings(later);
      if (!all.isEmpty()) {
        shared.keySet().removeIf(name -> all.stream().noneMatch(f -> f.labels().containsKey(name)));
      }
      String there = shared.isEmpty() ? "" : " on " + shared;
      List<AlertFiring> laterFirings = all.stream().filter(f -> f.hasLabels(shared)).toList();
      Duration first = firstFiring(actual);
      Duration laterFirst = laterFirings.isEmpty() ? null : firstFiring(laterFirings);
      boolean before = laterFirst != null && first.compareTo(laterFirst) < 0;
      Checks.report(
          "alert " + alertname + " before " + later + where,
          report.scenario(),
          "fires before " + later,
          laterFirst == null
              ? "first at " + AlertReport.format(first) + "; " + later + " never fired"
              : "first at "
                  + AlertReport.format(first)
                  + ", "
                  + later
                  + " first at "
                  + AlertReport.format(laterFirst),
          before);
      if (laterFirst == null) {
        failWithMessage(
            "%nExpecting alert %s%s to fire before %s in scenario \"%s\"%nbut %s never fired%s."
                + "%nWhat fired:%n%s",
            alertname, where, later, report.scenario(), later, there, report.describeFirings());
      }
      if (!before) {
        failWithMessage(
            "%nExpecting alert %s%s to fire before %s in scenario \"%s\"%nbut it first fired at %s,"
                + " and %s at %s.%nTheir firings:%n%s%n%s",
            alertname,
            where,
            later,
            report.scenario(),
            AlertReport.format(first),
            later,
            AlertReport.format(laterFirst),
            describe(actual),
            describe(laterFirings));
      }
      return this;
    }

    private static Duration firstFiring(List<AlertFiring> firings) {
      return firings.stream().map(AlertFiring::firstFiring).min(Duration::compareTo).orElseThrow();
    }

    /**
     * Starts a detection-latency check: {@code within("2m").ofTheFault()}.
     *
     * @param bound a Prometheus duration, e.g. {@code 30s}, {@code 2m}
     * @return the check
     */
    public Latency within(String bound) {
      return within(PromtoolReport.duration(bound));
    }

    /**
     * Starts a detection-latency check: {@code within(Duration.ofMinutes(2)).ofTheFault()}.
     *
     * @param bound the longest acceptable time from the fault's start to the first firing
     * @return the check
     */
    public Latency within(Duration bound) {
      return new Latency(this, Objects.requireNonNull(bound, "bound must not be null"));
    }

    private FiredAlertAssert detectedWithin(Duration bound) {
      if (report.faultStart().isEmpty()) {
        failWithMessage(
            "%nExpecting alert %s to fire within %s of the fault%nbut scenario \"%s\" has no fault",
            alertname, AlertReport.format(bound), report.scenario());
      }
      Duration fault = report.faultStart().get();
      AlertFiring first = actual.get(0);
      Duration latency = first.firstFiring().minus(fault);
      String where = labels.isEmpty() ? "" : " on " + labels;
      Checks.report(
          "alert " + alertname + " detection" + where,
          report.scenario(),
          "within " + AlertReport.format(bound) + " of the fault",
          AlertReport.latency(latency) + " after the fault at " + AlertReport.format(fault),
          !latency.isNegative() && latency.compareTo(bound) <= 0,
          bound);
      if (latency.isNegative()) {
        failWithMessage(
            "%nExpecting alert %s%s to fire within %s of the fault in scenario \"%s\"%n"
                + "but it fired at %s, before the fault started at %s: it does not single out the fault.%nIts firings:%n%s",
            alertname,
            where,
            AlertReport.format(bound),
            report.scenario(),
            AlertReport.format(first.firstFiring()),
            AlertReport.format(fault),
            describe(actual));
      }
      if (latency.compareTo(bound) > 0) {
        failWithMessage(
            "%nExpecting alert %s%s to fire within %s of the fault in scenario \"%s\"%n"
                + "but it first fired at %s, %s after the fault started at %s.%nIts firings:%n%s",
            alertname,
            where,
            AlertReport.format(bound),
            report.scenario(),
            AlertReport.format(first.firstFiring()),
            AlertReport.format(latency),
            AlertReport.format(fault),
            describe(actual));
      }
      return this;
    }
  }

  /**
   * A detection-latency check waiting for its reference point.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Latency {

    private final FiredAlertAssert fired;
    private final Duration bound;

    private Latency(FiredAlertAssert fired, Duration bound) {
      this.fired = fired;
      this.bound = bound;
    }

    /**
     * Verifies that the alert first fired no earlier than the fault's start and at most the bound
     * after it.
     *
     * @return assertions on the alert's firings
     */
    public FiredAlertAssert ofTheFault() {
      return fired.detectedWithin(bound);
    }
  }
}
