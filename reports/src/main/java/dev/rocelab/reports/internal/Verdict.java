package dev.rocelab.reports.internal;

/** A phase's verdict in a sign-off. */
enum Verdict {
  /** At least one test passed and none failed or broke. */
  PASSED("passed"),
  /** A criterion failed: the fabric did not meet it. */
  FAILED("failed"),
  /**
   * A test could not be run to its end (an error that is not a criterion): the phase is not
   * decided.
   */
  BROKEN("broken"),
  /** No test of the phase ran (none found, or all skipped). */
  NOT_RUN("not run");

  private final String text;

  Verdict(String text) {
    this.text = text;
  }

  /**
   * @return how the verdict reads on the page
   */
  String text() {
    return text;
  }

  /**
   * @param passed tests passed
   * @param failed tests failed
   * @param broken tests broken
   * @return a failure decides first, then a broken test, then a pass; nothing of these is "not run"
   */
  static Verdict of(int passed, int failed, int broken) {
    if (failed > 0) {
      return FAILED;
    }
    if (broken > 0) {
      return BROKEN;
    }
    return passed > 0 ? PASSED : NOT_RUN;
  }
}
