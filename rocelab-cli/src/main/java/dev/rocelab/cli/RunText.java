package dev.rocelab.cli;

import dev.rocelab.api.analysis.TelemetrySummary;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.NcclTestsFormat;
import dev.rocelab.api.result.RunResult;
import java.io.PrintWriter;

/** What {@code rocelab run} prints: the telemetry summary, then each collective's table. */
final class RunText {

  private RunText() {}

  /**
   * @param result the run
   * @param verdict its verdict
   * @param out where to print
   */
  static void render(RunResult result, RunVerdict verdict, PrintWriter out) {
    out.print(TelemetrySummary.of(result, "simulated"));
    for (CollectiveResult collective : result.collectives()) {
      out.println();
      out.print(NcclTestsFormat.text(collective));
    }
    out.println("verdict   " + verdict.text());
  }
}
