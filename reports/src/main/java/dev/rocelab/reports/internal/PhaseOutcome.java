package dev.rocelab.reports.internal;

import dev.rocelab.api.fabric.MissingShapeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How one phase came out in a sign-off.
 *
 * @param phase the phase's name as labelled, e.g. {@code Synthetic load}
 * @param results its tests (the last attempt of each)
 * @param report the phase report's path relative to the sign-off page, empty if none was made
 */
record PhaseOutcome(String phase, List<AllureResult> results, Optional<String> report) {

  /** Copies the results. */
  PhaseOutcome {
    results = List.copyOf(results);
  }

  /**
   * @param phase a phase's name
   * @return the name for its directories: lower case, words joined by hyphens
   */
  static String slug(String phase) {
    String slug =
        phase.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    return slug.isEmpty() ? "phase" : slug;
  }

  /**
   * The counts a sign-off gives per phase, in order: Allure's statuses, with the tests skipped
   * because the fabric lacks the shape they need counted apart as {@value #NOT_APPLICABLE}.
   */
  static final List<String> COUNTS =
      List.of("passed", "failed", "broken", PhaseOutcome.NOT_APPLICABLE, "skipped");

  /** The count of tests that do not apply to the fabric (skipped for a missing shape). */
  static final String NOT_APPLICABLE = "notApplicable";

  /**
   * @param status an Allure status, or {@value #NOT_APPLICABLE}
   * @return how many of the phase's tests ended so; {@code skipped} counts those skipped for
   *     another reason than the fabric's shape
   */
  int count(String status) {
    if (status.equals(NOT_APPLICABLE)) {
      return notApplicable().size();
    }
    return (int)
        results.stream()
            .filter(r -> r.status().equals(status))
            .filter(r -> !status.equals("skipped") || !notApplicable(r))
            .count();
  }

  /**
   * @return the tests that do not apply to the fabric: skipped for a shape it lacks, with the
   *     reason as their message; never counted as passed
   */
  List<AllureResult> notApplicable() {
    return results.stream().filter(PhaseOutcome::notApplicable).toList();
  }

  private static boolean notApplicable(AllureResult r) {
    return r.status().equals("skipped") && MissingShapeException.isNotApplicable(r.message());
  }

  /**
   * @return the phase's verdict
   */
  Verdict verdict() {
    return Verdict.of(count("passed"), count("failed"), count("broken"));
  }

  /**
   * @return what decided a failed or broken verdict: the failed tests, then the broken ones
   */
  List<AllureResult> decisive() {
    List<AllureResult> decisive =
        new ArrayList<>(results.stream().filter(r -> r.status().equals("failed")).toList());
    decisive.addAll(results.stream().filter(r -> r.status().equals("broken")).toList());
    return decisive;
  }
}
