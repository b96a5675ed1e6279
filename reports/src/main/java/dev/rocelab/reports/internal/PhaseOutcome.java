package dev.rocelab.reports.internal;

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
   * @param status an Allure status
   * @return how many of the phase's tests ended so
   */
  int count(String status) {
    return (int) results.stream().filter(r -> r.status().equals(status)).count();
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
