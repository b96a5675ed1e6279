package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.alerting.internal.PromtoolReport;
import dev.rocelab.alerting.internal.PromtoolTestFile;
import dev.rocelab.alerting.internal.PromtoolTestFile.ExpectedAlert;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apiguardian.api.API;

/**
 * Finds which alerts a team's Prometheus rules fire on an {@link OperationalTimeline}, and when,
 * with Prometheus' own rule tester, {@code promtool test rules}:
 *
 * <ol>
 *   <li>{@code promtool check rules} on each file, once per tester: a file promtool rejects is
 *       reported with its name and promtool's message ({@link InvalidRuleFileException});
 *   <li>a discovery pass: a test file with the timeline's series as input and, for every alerting
 *       rule and every evaluation (one per scrape interval), a test expecting no alert; promtool's
 *       report of what it got instead says which alerts fire, with which labels and annotations,
 *       when;
 *   <li>a confirmation pass: the same input expecting exactly what was discovered must pass — it
 *       guards the reading of promtool's report, and is a promtool unit test a team can keep
 *       ({@link AlertReport#promtoolTest()}).
 * </ol>
 *
 * Immutable but for the container directory its first evaluation writes the rule files to; {@link
 * #evaluate} does the work.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class AlertRuleTester {

  private static final AtomicInteger RUNS = new AtomicInteger();

  private final Promtool promtool;
  private final List<RuleFile> rules;
  private final MetricNaming naming;

  /** Where the rules lie checked in the container, once the first evaluation has put them there. */
  private String checkedIn;

  private AlertRuleTester(Promtool promtool, List<RuleFile> rules, MetricNaming naming) {
    this.promtool = promtool;
    this.rules = List.copyOf(rules);
    this.naming = naming;
  }

  /**
   * @param promtool a running promtool, never null
   * @return a tester with no rules yet and the {@linkplain MetricNaming#rocelab() default naming}
   */
  public static AlertRuleTester using(Promtool promtool) {
    return new AlertRuleTester(
        Objects.requireNonNull(promtool, "promtool must not be null"),
        List.of(),
        MetricNaming.rocelab());
  }

  /**
   * @param files the rule files to evaluate, with distinct names
   * @return a copy with these rule files
   */
  public AlertRuleTester rules(RuleFile... files) {
    List<RuleFile> list = List.of(files);
    if (list.stream().map(RuleFile::name).distinct().count() < list.size()) {
      throw new IllegalArgumentException(
          "rule files must have distinct names but were "
              + list.stream().map(RuleFile::name).toList());
    }
    return new AlertRuleTester(promtool, list, naming);
  }

  /**
   * @param naming the metric and label names the rules are written against
   * @return a copy exporting with these names
   */
  public AlertRuleTester naming(MetricNaming naming) {
    return new AlertRuleTester(
        promtool, rules, Objects.requireNonNull(naming, "naming must not be null"));
  }

  /**
   * Evaluates the rules on a timeline.
   *
   * @param timeline the timeline, never null
   * @return what fired and when
   * @throws InvalidRuleFileException if promtool rejects a rule file
   * @throws IllegalStateException if no rules were given, or promtool's report cannot be read or
   *     confirmed
   * @throws PromtoolUnavailableException if promtool cannot be run
   */
  public AlertReport evaluate(OperationalTimeline timeline) {
    Objects.requireNonNull(timeline, "timeline must not be null");
    if (rules.isEmpty()) {
      throw new IllegalStateException("no rule files to evaluate: give some with rules(...)");
    }
    String dir = checkedRules();
    int run = RUNS.incrementAndGet();
    List<String> alertnames = new ArrayList<>();
    for (RuleFile rule : rules) {
      rule.alertNames().stream().filter(n -> !alertnames.contains(n)).forEach(alertnames::add);
    }
    if (alertnames.isEmpty()) {
      throw new IllegalStateException(
          "rule files " + names() + " have no alerting rules (only recording rules?)");
    }
    int scrapes = timeline.scrapes();
    Map<String, List<List<ExpectedAlert>>> expected = new LinkedHashMap<>();
    for (String alertname : alertnames) {
      List<List<ExpectedAlert>> steps = new ArrayList<>();
      for (int i = 0; i < scrapes; i++) {
        steps.add(new ArrayList<>());
      }
      expected.put(alertname, steps);
    }
    String discovery = PromtoolTestFile.write(rules, timeline, naming, expected);
    String discoveryFile = "discovery-" + run + ".yaml";
    promtool.write(dir + "/" + discoveryFile, discovery);
    Promtool.Result found = promtool.run(dir, "test", "rules", discoveryFile);
    if (found.exitCode() != 0) {
      List<PromtoolReport.Failure> failures = PromtoolReport.failures(found.output());
      if (failures.isEmpty()) {
        throw new IllegalStateException(
            "promtool test rules failed on the generated test for "
                + timeline.scenario()
                + " without an alert report:\n"
                + found.output());
      }
      for (PromtoolReport.Failure failure : failures) {
        int step = step(failure, timeline);
        List<ExpectedAlert> at = expected.get(failure.alertname()).get(step);
        for (PromtoolReport.Alert alert : failure.got()) {
          Map<String, String> labels = new TreeMap<>(alert.labels());
          labels.remove("alertname");
          at.add(new ExpectedAlert(labels, new TreeMap<>(alert.annotations())));
        }
      }
    }
    String confirmation = PromtoolTestFile.write(rules, timeline, naming, expected);
    String confirmationFile = "alerts-" + run + ".test.yaml";
    promtool.write(dir + "/" + confirmationFile, confirmation);
    Promtool.Result confirmed = promtool.run(dir, "test", "rules", confirmationFile);
    if (confirmed.exitCode() != 0) {
      throw new IllegalStateException(
          "promtool does not confirm the alerts read from its report for "
              + timeline.scenario()
              + ":\n"
              + confirmed.output());
    }
    return new AlertReport(
        timeline.scenario(),
        timeline.faultStart(),
        timeline.length(),
        names(),
        alertnames,
        firings(expected, timeline),
        confirmation,
        OpenMetrics.write(timeline, naming),
        promtool.version());
  }

  /**
   * The directory of the container where the rule files lie, checked with {@code promtool check
   * rules}: written and checked by the first evaluation, the later ones write their test files
   * beside them. A file promtool rejects is rejected again at every evaluation.
   */
  private synchronized String checkedRules() {
    if (checkedIn == null) {
      String dir = "/tmp/rocelab-alerts-" + RUNS.incrementAndGet();
      for (RuleFile rule : rules) {
        promtool.write(dir + "/" + rule.name(), rule.content());
        Promtool.Result check = promtool.run(dir, "check", "rules", rule.name());
        if (check.exitCode() != 0) {
          throw new InvalidRuleFileException(rule.name(), check.output());
        }
      }
      checkedIn = dir;
    }
    return checkedIn;
  }

  private List<String> names() {
    return rules.stream().map(RuleFile::name).toList();
  }

  private static int step(PromtoolReport.Failure failure, OperationalTimeline timeline) {
    long interval = timeline.shape().scrapeInterval().toMillis();
    long millis = failure.time().toMillis();
    if (failure.alertname() == null
        || millis % interval != 0
        || millis / interval >= timeline.scrapes()) {
      throw new IllegalStateException(
          "promtool reported "
              + failure.alertname()
              + " at "
              + failure.time()
              + ", which is no evaluation of the generated test");
    }
    return (int) (millis / interval);
  }

  private static List<AlertFiring> firings(
      Map<String, List<List<ExpectedAlert>>> expected, OperationalTimeline timeline) {
    List<AlertFiring> firings = new ArrayList<>();
    expected.forEach(
        (alertname, steps) -> {
          Map<Map<String, String>, Duration[]> spans = new LinkedHashMap<>();
          Map<Map<String, String>, Map<String, String>> annotations = new HashMap<>();
          for (int i = 0; i < steps.size(); i++) {
            Duration t = timeline.scrapeTime(i);
            for (ExpectedAlert alert : steps.get(i)) {
              spans.computeIfAbsent(alert.labels(), k -> new Duration[] {t, t})[1] = t;
              annotations.putIfAbsent(alert.labels(), alert.annotations());
            }
          }
          spans.forEach(
              (labels, span) ->
                  firings.add(
                      new AlertFiring(
                          alertname, labels, annotations.get(labels), span[0], span[1])));
        });
    return firings;
  }
}
