package dev.rocelab.reports.internal;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import dev.rocelab.api.report.Check;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The sign-off page: one static HTML file, no scripts and nothing loaded from elsewhere, rendered
 * from the Mustache template {@code signoff.html.mustache} (which escapes every value). It gives
 * the audit record, each phase's verdict with its counts and a link to the phase's Allure report,
 * what changed since the previous sign-off, then per phase the tests that decided it (each failing
 * test with its category and message) and every check its tests made, with the measured value, the
 * criterion and where the limit comes from.
 */
final class SignOffPage {

  private static final int MESSAGE_LINES = 24;

  private static final Mustache TEMPLATE =
      new DefaultMustacheFactory("dev/rocelab/reports") {
        // HTML escaping that keeps line breaks, which a failure message's <pre> shows as they are
        @Override
        public void encode(String value, Writer writer) {
          try {
            writer.write(Svg.escape(value));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
      }.compile("signoff.html.mustache");

  private SignOffPage() {}

  /**
   * @param outcomes the phases, in sign-off order
   * @param combinedReport the combined report's path relative to the page, empty if none
   * @param audit the audit record
   * @param comparison what changed since the previous sign-off, if there was one
   * @return the page
   */
  static String render(
      List<PhaseOutcome> outcomes,
      Optional<String> combinedReport,
      AuditRecord audit,
      Optional<Comparison> comparison) {
    Verdict overall = overall(outcomes);
    Map<String, Object> page = new LinkedHashMap<>();
    page.put(
        "overall",
        Map.of(
            "text", overall.text(), "css", css(overall), "banner", overallText(overall, outcomes)));
    page.put("audit", audit(audit));
    page.put("phases", outcomes.stream().map(SignOffPage::phase).toList());
    combinedReport.ifPresent(r -> page.put("combinedReport", r));
    comparison.ifPresent(
        c ->
            page.put(
                "comparison",
                Map.of(
                    "previousGenerated", c.previousGenerated(),
                    "tolerancePercent", Math.round(SignOffDiff.TOLERANCE * 100) + " %",
                    "changed", !c.changes().isEmpty(),
                    "changes", c.changes())));
    page.put("version", audit.version());
    page.put("categories", String.join(", ", Categories.names()));
    StringWriter html = new StringWriter();
    TEMPLATE.execute(html, page);
    return html.toString();
  }

  /**
   * The previous sign-off this one is compared with.
   *
   * @param previousGenerated when it was written
   * @param changes what changed since
   */
  record Comparison(String previousGenerated, List<SignOffDiff.Change> changes) {}

  /**
   * A sign-off is failed if a phase failed, broken if one broke, passed if every phase that ran
   * passed.
   *
   * @param outcomes the phases
   * @return the overall verdict; {@link Verdict#NOT_RUN} if nothing ran
   */
  static Verdict overall(List<PhaseOutcome> outcomes) {
    List<Verdict> verdicts = outcomes.stream().map(PhaseOutcome::verdict).toList();
    if (verdicts.contains(Verdict.FAILED)) {
      return Verdict.FAILED;
    }
    if (verdicts.contains(Verdict.BROKEN)) {
      return Verdict.BROKEN;
    }
    return verdicts.contains(Verdict.PASSED) ? Verdict.PASSED : Verdict.NOT_RUN;
  }

  private static String overallText(Verdict overall, List<PhaseOutcome> outcomes) {
    long notRun = outcomes.stream().filter(o -> o.verdict() == Verdict.NOT_RUN).count();
    String text =
        switch (overall) {
          case PASSED -> "Passed: every phase that ran met its criteria";
          case FAILED ->
              "Failed: "
                  + names(outcomes, Verdict.FAILED)
                  + " did not meet its criteria"
                  + (outcomes.stream().anyMatch(o -> o.verdict() == Verdict.BROKEN)
                      ? "; " + names(outcomes, Verdict.BROKEN) + " could not be decided"
                      : "");
          case BROKEN -> "Broken: " + names(outcomes, Verdict.BROKEN) + " could not be decided";
          case NOT_RUN -> "Not run: no test ran";
        };
    int notApplicable = outcomes.stream().mapToInt(o -> o.notApplicable().size()).sum();
    return text
        + (notRun > 0 && overall != Verdict.NOT_RUN
            ? " (" + names(outcomes, Verdict.NOT_RUN) + " not run)"
            : "")
        + (notApplicable > 0
            ? "; "
                + notApplicable
                + (notApplicable == 1 ? " test does" : " tests do")
                + " not apply to this fabric (listed under its phase)"
            : "");
  }

  private static String names(List<PhaseOutcome> outcomes, Verdict verdict) {
    return String.join(
        ", ",
        outcomes.stream().filter(o -> o.verdict() == verdict).map(PhaseOutcome::phase).toList());
  }

  /** The audit record, as a definition list a reviewer reads top to bottom. */
  private static List<Map<String, String>> audit(AuditRecord audit) {
    List<Map<String, String>> entries = new ArrayList<>();
    entry(entries, "signed off", audit.generated().truncatedTo(ChronoUnit.SECONDS).toString());
    audit
        .runDuration()
        .ifPresent(
            duration ->
                entry(
                    entries,
                    "tests ran",
                    audit.runStart().orElseThrow().truncatedTo(ChronoUnit.SECONDS)
                        + " to "
                        + audit.runStop().orElseThrow().truncatedTo(ChronoUnit.SECONDS)
                        + " ("
                        + duration(duration)
                        + ")"));
    entry(entries, "rocelab", audit.version());
    entry(entries, "commit", audit.commit().orElse("unknown (no CI variable and no checkout)"));
    audit
        .build()
        .ifPresent(
            build -> {
              Map<String, String> entry = new LinkedHashMap<>();
              entry.put("name", "CI build");
              entry.put("value", build.name());
              build.url().ifPresent(url -> entry.put("url", url));
              entries.add(entry);
            });
    audit
        .fabrics()
        .forEach(
            (fabric, hashes) ->
                entry(
                    entries,
                    "fabric",
                    fabric + (hashes.isEmpty() ? "" : " · SHA-256 " + String.join(", ", hashes))));
    list(entries, "backend", audit.backends());
    list(entries, "seed", audit.seeds());
    list(entries, "NIC firmware", audit.nicFirmware());
    list(entries, "switch NOS", audit.switchNos());
    return entries;
  }

  private static void list(
      List<Map<String, String>> entries, String name, Collection<String> values) {
    if (!values.isEmpty()) {
      entry(entries, name, String.join("; ", values));
    }
  }

  private static void entry(List<Map<String, String>> entries, String name, String value) {
    entries.add(Map.of("name", name, "value", value));
  }

  /** {@code 48 s}, {@code 3 min 12 s}, {@code 1 h 2 min}. */
  static String duration(Duration duration) {
    long seconds = Math.round(duration.toMillis() / 1000.0);
    if (seconds < 60) {
      return seconds + " s";
    }
    if (seconds < 3600) {
      return seconds / 60 + " min " + seconds % 60 + " s";
    }
    return seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
  }

  /** One phase: its row in the table and its section. */
  private static Map<String, Object> phase(PhaseOutcome o) {
    Map<String, Object> phase = new LinkedHashMap<>();
    phase.put("phase", o.phase());
    phase.put("slug", PhaseOutcome.slug(o.phase()));
    phase.put("verdict", o.verdict().text());
    phase.put("css", css(o.verdict()));
    for (String status : PhaseOutcome.COUNTS) {
      phase.put(status, o.count(status));
    }
    o.report().ifPresent(r -> phase.put("report", r));
    phase.put(
        "notApplicableTests",
        o.notApplicable().stream()
            .map(r -> Map.of("name", r.name(), "reason", SignOffRun.reason(r)))
            .toList());
    phase.put("hasNotApplicable", !o.notApplicable().isEmpty());
    List<AllureResult> decisive = o.decisive();
    if (!decisive.isEmpty()) {
      phase.put("decisiveText", decisive.size() + (decisive.size() == 1 ? " test" : " tests"));
    }
    phase.put("decisive", decisive.stream().map(SignOffPage::decisive).toList());
    if (o.results().isEmpty() || o.verdict() == Verdict.NOT_RUN) {
      phase.put(
          "notRun",
          "No test of this phase ran"
              + (o.count("skipped") > 0 ? " (" + o.count("skipped") + " skipped)" : "")
              + ".");
    }
    List<Map<String, String>> checks = new ArrayList<>();
    for (AllureResult r : o.results()) {
      for (Check c : r.checks()) {
        checks.add(
            Map.of(
                "test", r.name(),
                "check", CheckData.name(c),
                "status", CheckData.status(c),
                "measured", c.actual(),
                "expected", c.expected(),
                "limitFrom", c.limitSource().orElse("")));
      }
    }
    phase.put("checkCount", checks.size());
    phase.put("checks", checks);
    if (!checks.isEmpty()) {
      int ran = o.count("passed") + o.count("failed") + o.count("broken");
      phase.put(
          "checksText",
          "Key figures: the "
              + checks.size()
              + (checks.size() == 1 ? " check" : " checks")
              + " of "
              + ran
              + (ran == 1 ? " test" : " tests")
              + ", with measured values and limits");
      // a passed phase shows its numbers at once; a failed one leads with what decided it
      phase.put("open", decisive.isEmpty());
    }
    return phase;
  }

  private static Map<String, String> decisive(AllureResult r) {
    Map<String, String> test = new LinkedHashMap<>();
    test.put("name", r.name());
    test.put("status", r.status());
    test.put("css", r.status().equals("failed") ? css(Verdict.FAILED) : css(Verdict.BROKEN));
    Categories.of(r).ifPresent(c -> test.put("category", c.name()));
    Optional.ofNullable(r.labels().get(AllureLabels.STORY))
        .ifPresent(v -> test.put("criterion", v));
    Optional.ofNullable(r.labels().get(AllureLabels.FEATURE))
        .ifPresent(v -> test.put("scenario", v));
    test.put("message", shortened(r.message()));
    return test;
  }

  private static String shortened(String message) {
    List<String> lines = message.lines().toList();
    return lines.size() <= MESSAGE_LINES
        ? message
        : String.join("\n", lines.subList(0, MESSAGE_LINES))
            + "\n… ("
            + (lines.size() - MESSAGE_LINES)
            + " more lines in the report)";
  }

  private static String css(Verdict verdict) {
    return "verdict-" + verdict.text().replace(' ', '-');
  }
}
