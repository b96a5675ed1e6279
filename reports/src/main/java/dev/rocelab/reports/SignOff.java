package dev.rocelab.reports;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.reports.internal.SignOffRun;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The sign-off generator. Reads an Allure results directory written by rocelab suites and writes, under
 * an output directory:
 *
 * <ul>
 *   <li>{@code index.html} — the sign-off page: each phase's verdict (passed, failed, broken, not run),
 *       the tests that decided it with their messages, counts, and links to the reports;
 *   <li>{@code <phase>/} — one Allure HTML report per phase that ran (e.g. {@code synthetic-load/}),
 *       and {@code combined/} with every phase;
 *   <li>{@code results/<phase>/} — the results split by phase (attachments included) with
 *       {@code environment.properties}, {@code categories.json}, {@code executor.json} and the
 *       previous report's {@code history/}, so trends carry over from run to run.
 * </ul>
 *
 * <p>Usage: {@code java dev.rocelab.reports.SignOff --results DIR --output DIR --allure ALLURE_HOME
 * [--history DIR]}. {@code --allure} is the unpacked {@code io.qameta.allure:allure-commandline} zip
 * (default: the {@code rocelab.allure.home} system property); {@code --history} is a previous output
 * directory to take history from (default: the output directory itself). Exit status: 0 when every
 * phase that ran passed, 1 when a phase failed or broke or nothing ran — only after everything is
 * written — 2 for unreadable input, 64 for a usage error.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SignOff {

  /** Exit status for a wrong command line. */
  public static final int USAGE = 64;

  private SignOff() {}

  /**
   * Runs the generator and exits with its status.
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * Runs the generator.
   *
   * @param args the command line, see the class description
   * @param out where the summary goes
   * @param err where problems go
   * @return the exit status
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    Path results = null;
    Path output = null;
    Path allure = Optional.ofNullable(System.getProperty("rocelab.allure.home")).map(Path::of).orElse(null);
    Path history = null;
    for (int i = 0; i < args.length; i++) {
      String option = args[i];
      if (i + 1 >= args.length) {
        return usage(err, option + " needs a value");
      }
      Path value = Path.of(args[++i]);
      switch (option) {
        case "--results" -> results = value;
        case "--output" -> output = value;
        case "--allure" -> allure = value;
        case "--history" -> history = value;
        default -> {
          return usage(err, "unknown option " + option);
        }
      }
    }
    if (results == null || output == null || allure == null) {
      return usage(err, (results == null ? "--results" : output == null ? "--output" : "--allure") + " is required");
    }
    try {
      return new SignOffRun(results, output, allure, history == null ? output : history).run(out);
    } catch (IllegalArgumentException e) {
      err.println("sign-off: " + e.getMessage());
      return 2;
    }
  }

  private static int usage(PrintStream err, String problem) {
    err.println("sign-off: " + problem);
    err.println("usage: SignOff --results DIR --output DIR --allure ALLURE_HOME [--history DIR]");
    return USAGE;
  }
}
