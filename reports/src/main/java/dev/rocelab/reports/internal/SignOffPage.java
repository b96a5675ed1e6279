package dev.rocelab.reports.internal;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The sign-off page: one static HTML file, no scripts and nothing loaded from elsewhere. It gives
 * each phase's verdict with its counts and a link to the phase's Allure report, then per phase the
 * criteria that decided it: for a failed or broken phase each failing test with its category and
 * message, for a passed phase the criteria it met.
 */
final class SignOffPage {

  private static final int MESSAGE_LINES = 24;

  private SignOffPage() {}

  /**
   * @param outcomes the phases, in sign-off order
   * @param combinedReport the combined report's path relative to the page, empty if none
   * @param audit the audit record
   * @return the page
   */
  static String render(
      List<PhaseOutcome> outcomes, Optional<String> combinedReport, AuditRecord audit) {
    Verdict overall = overall(outcomes);
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>rocelab sign-off: ")
        .append(overall.text())
        .append("</title>\n<style>\n")
        .append(
            "body{font-family:sans-serif;margin:2em auto;max-width:70em;color:#222;padding:0 1em}\n")
        .append(
            "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.35em .8em;text-align:left}\n")
        .append("th{background:#f4f4f4}.verdict{font-weight:bold;text-transform:uppercase}\n")
        .append(
            ".verdict-passed{color:#1b7f2a}.verdict-failed{color:#c62828}.verdict-broken{color:#d98200}")
        .append(".verdict-not-run{color:#777}\n")
        .append(
            ".banner{padding:.8em 1em;border-radius:4px;font-size:1.3em;margin:1em 0;text-transform:none}")
        .append(
            ".banner.verdict-passed{background:#e6f4ea}.banner.verdict-failed{background:#fdecea}")
        .append(
            ".banner.verdict-broken{background:#fff4e0}.banner.verdict-not-run{background:#eee}\n")
        .append(
            "pre{background:#f7f7f7;padding:.6em;overflow-x:auto;font-size:.9em}dl{margin:.3em 0}dt{font-weight:bold}\n")
        .append("</style>\n</head>\n<body>\n");
    html.append("<h1>rocelab sign-off</h1>\n");
    html.append("<div class=\"banner verdict ")
        .append(css(overall))
        .append("\" id=\"overall\">")
        .append(overallText(overall, outcomes))
        .append("</div>\n");
    audit(html, audit);

    html.append(
            "<table id=\"phases\">\n<tr><th>Phase</th><th>Verdict</th><th>Passed</th><th>Failed</th><th>Broken</th>")
        .append("<th>Skipped</th><th>Report</th></tr>\n");
    for (PhaseOutcome o : outcomes) {
      html.append("<tr data-phase=\"")
          .append(Svg.escape(o.phase()))
          .append("\"><td><a href=\"#")
          .append(PhaseOutcome.slug(o.phase()))
          .append("\">")
          .append(Svg.escape(o.phase()))
          .append("</a></td>")
          .append("<td class=\"verdict ")
          .append(css(o.verdict()))
          .append("\">")
          .append(o.verdict().text())
          .append("</td>")
          .append("<td>")
          .append(o.count("passed"))
          .append("</td><td>")
          .append(o.count("failed"))
          .append("</td><td>")
          .append(o.count("broken"))
          .append("</td><td>")
          .append(o.count("skipped"))
          .append("</td><td>")
          .append(
              o.report()
                  .map(
                      r ->
                          "<a href=\""
                              + Svg.escape(r)
                              + "\">"
                              + Svg.escape(o.phase())
                              + " report</a>")
                  .orElse("—"))
          .append("</td></tr>\n");
    }
    html.append("</table>\n");
    combinedReport.ifPresent(
        r ->
            html.append("<p>All phases in one report: <a id=\"combined\" href=\"")
                .append(Svg.escape(r))
                .append(
                    "\">combined report</a> (the same test in two phases stays two tests).</p>\n"));

    for (PhaseOutcome o : outcomes) {
      phase(html, o);
    }
    html.append("<hr>\n<p><small>rocelab ")
        .append(Svg.escape(audit.version()))
        .append(" · <a href=\"signoff.json\">signoff.json</a>")
        .append(" · categories: ")
        .append(
            Svg.escape(
                String.join(", ", Categories.ALL.stream().map(Categories.Category::name).toList())))
        .append("</small></p>\n</body>\n</html>\n");
    return html.toString();
  }

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
              "Failed: " + names(outcomes, Verdict.FAILED) + " did not meet its criteria";
          case BROKEN -> "Broken: " + names(outcomes, Verdict.BROKEN) + " could not be decided";
          case NOT_RUN -> "Not run: no test ran";
        };
    return Svg.escape(
        text
            + (notRun > 0 && overall != Verdict.NOT_RUN
                ? " (" + names(outcomes, Verdict.NOT_RUN) + " not run)"
                : ""));
  }

  private static String names(List<PhaseOutcome> outcomes, Verdict verdict) {
    return String.join(
        ", ",
        outcomes.stream().filter(o -> o.verdict() == verdict).map(PhaseOutcome::phase).toList());
  }

  /** The audit record, as a definition list a reviewer reads top to bottom. */
  private static void audit(StringBuilder html, AuditRecord audit) {
    html.append("<dl id=\"audit\">\n");
    entry(html, "signed off", audit.generated().truncatedTo(ChronoUnit.SECONDS).toString());
    audit
        .runDuration()
        .ifPresent(
            duration ->
                entry(
                    html,
                    "tests ran",
                    audit.runStart().orElseThrow().truncatedTo(ChronoUnit.SECONDS)
                        + " to "
                        + audit.runStop().orElseThrow().truncatedTo(ChronoUnit.SECONDS)
                        + " ("
                        + duration(duration)
                        + ")"));
    entry(html, "rocelab", audit.version());
    entry(html, "commit", audit.commit().orElse("unknown (no CI variable and no checkout)"));
    audit
        .build()
        .ifPresent(
            build ->
                html.append("<dt>CI build</dt><dd>")
                    .append(
                        build
                            .url()
                            .map(
                                url ->
                                    "<a href=\""
                                        + Svg.escape(url)
                                        + "\">"
                                        + Svg.escape(build.name())
                                        + "</a>")
                            .orElse(Svg.escape(build.name())))
                    .append("</dd>\n"));
    audit
        .fabrics()
        .forEach(
            (fabric, hashes) ->
                entry(
                    html,
                    "fabric",
                    fabric + (hashes.isEmpty() ? "" : " · SHA-256 " + String.join(", ", hashes))));
    list(html, "backend", audit.backends());
    list(html, "seed", audit.seeds());
    list(html, "NIC firmware", audit.nicFirmware());
    list(html, "switch NOS", audit.switchNos());
    html.append("</dl>\n");
  }

  private static void list(StringBuilder html, String name, Collection<String> values) {
    if (!values.isEmpty()) {
      entry(html, name, String.join("; ", values));
    }
  }

  private static void entry(StringBuilder html, String name, String value) {
    html.append("<dt>")
        .append(Svg.escape(name))
        .append("</dt><dd>")
        .append(Svg.escape(value))
        .append("</dd>\n");
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

  private static void phase(StringBuilder html, PhaseOutcome o) {
    html.append("<section class=\"phase\" id=\"")
        .append(PhaseOutcome.slug(o.phase()))
        .append("\">\n<h2>")
        .append(Svg.escape(o.phase()))
        .append(": <span class=\"verdict ")
        .append(css(o.verdict()))
        .append("\">")
        .append(o.verdict().text())
        .append("</span></h2>\n");
    List<AllureResult> decisive = o.decisive();
    if (!decisive.isEmpty()) {
      html.append("<p>Decided by ")
          .append(decisive.size())
          .append(decisive.size() == 1 ? " test" : " tests")
          .append(":</p>\n");
      for (AllureResult r : decisive) {
        html.append("<div class=\"decisive\"><h3>")
            .append(Svg.escape(r.name()))
            .append(" <span class=\"verdict ")
            .append(r.status().equals("failed") ? css(Verdict.FAILED) : css(Verdict.BROKEN))
            .append("\">")
            .append(Svg.escape(r.status()))
            .append("</span></h3>\n<dl>");
        Categories.of(r)
            .ifPresent(
                c ->
                    html.append("<dt>category</dt><dd class=\"category\">")
                        .append(Svg.escape(c.name()))
                        .append("</dd>"));
        label(html, r.labels(), "story", "criterion");
        label(html, r.labels(), "feature", "scenario");
        html.append("</dl>\n<pre>")
            .append(Svg.escape(shortened(r.message())))
            .append("</pre></div>\n");
      }
    } else if (o.verdict() == Verdict.PASSED) {
      html.append("<details><summary>")
          .append(o.count("passed"))
          .append(o.count("passed") == 1 ? " test met its" : " tests met their")
          .append(" criteria</summary>\n<ul>\n");
      o.results().stream()
          .filter(r -> r.status().equals("passed"))
          .forEach(r -> html.append("<li>").append(Svg.escape(r.name())).append("</li>\n"));
      html.append("</ul></details>\n");
    } else {
      html.append("<p>No test of this phase ran")
          .append(o.count("skipped") > 0 ? " (" + o.count("skipped") + " skipped)" : "")
          .append(".</p>\n");
    }
    html.append("</section>\n");
  }

  private static void label(
      StringBuilder html, Map<String, String> labels, String name, String shownAs) {
    Optional.ofNullable(labels.get(name))
        .ifPresent(
            v ->
                html.append("<dt>")
                    .append(shownAs)
                    .append("</dt><dd>")
                    .append(Svg.escape(v))
                    .append("</dd>"));
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
