package dev.rocelab.cli;

import dev.rocelab.api.backend.RunProgress;
import java.io.PrintWriter;

/**
 * A run's progress on standard error: on a terminal one line redrawn in place, with a bar of the
 * simulated time reached; otherwise (a CI log) one line per report. Cleared when the run ends.
 */
final class ProgressLine implements AutoCloseable {

  private static final int BAR = 24;

  private final PrintWriter err;
  private final boolean terminal;
  private int drawn;

  ProgressLine(PrintWriter err) {
    this(err, System.console() != null);
  }

  ProgressLine(PrintWriter err, boolean terminal) {
    this.err = err;
    this.terminal = terminal;
  }

  /**
   * @param progress how far the run has come
   */
  void show(RunProgress progress) {
    long duration = progress.scenario().duration().picos();
    double done = duration == 0 ? 1 : Math.min(1, (double) progress.reached().picos() / duration);
    int filled = (int) Math.round(done * BAR);
    String line = "[" + "#".repeat(filled) + ".".repeat(BAR - filled) + "] " + progress.describe();
    if (terminal) {
      err.print("\r" + line + " ".repeat(Math.max(0, drawn - line.length())));
      drawn = line.length();
    } else {
      err.println("[rocelab] " + line);
    }
    err.flush();
  }

  /** Clears the redrawn line, so what follows starts on a clean one. */
  @Override
  public void close() {
    if (terminal && drawn > 0) {
      err.print("\r" + " ".repeat(drawn) + "\r");
      err.flush();
    }
  }
}
