package dev.rocelab.reports;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.reports.internal.SignOffRun;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apiguardian.api.API;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The sign-off generator. Reads an Allure results directory written by rocelab suites and writes,
 * under an output directory:
 *
 * <ul>
 *   <li>{@code index.html} — the sign-off page: the audit record (when, how long, rocelab version,
 *       commit, CI build, each fabric file with its SHA-256, backend, seed, firmware), each phase's
 *       verdict (passed, failed, broken, not run), the tests that decided it with their messages,
 *       counts, and links to the reports;
 *   <li>{@code signoff.json} — the same verdicts and audit record for CI gates, in the shape of
 *       {@code dev/rocelab/reports/signoff.schema.json} in this jar;
 *   <li>{@code <phase>/} — one Allure HTML report per phase that ran (e.g. {@code
 *       synthetic-load/}), and {@code combined/} with every phase;
 *   <li>{@code results/<phase>/} — the results split by phase (attachments included) with {@code
 *       environment.properties}, {@code categories.json}, {@code executor.json} and the previous
 *       report's {@code history/}, so trends carry over from run to run.
 * </ul>
 *
 * <p>Usage: {@code java dev.rocelab.reports.SignOff --results DIR [--results DIR…] --output DIR
 * --allure ALLURE_HOME [--history DIR]}; several {@code --results} merge the shards of one run
 * ({@code -Drocelab.shard=K/N} on each machine) into one sign-off. {@code --allure} is the unpacked
 * {@code io.qameta.allure:allure-commandline} zip (default: the {@code rocelab.allure.home} system
 * property); {@code --history} is a previous output directory to take history from (default: the
 * output directory itself). Exit status: 0 when every phase that ran passed, 1 when a phase failed
 * or broke or nothing ran — only after everything is written — 2 for unreadable input, 64 for a
 * usage error.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@Command(
    name = "SignOff",
    description =
        "Writes the sign-off page and one Allure report per phase from rocelab's Allure results.")
public final class SignOff implements Callable<Integer> {

  /** Exit status for a wrong command line. */
  public static final int USAGE = 64;

  /** Exit status for unreadable input. */
  private static final int UNREADABLE = 2;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "shows this help")
  private boolean help;

  @Option(
      names = "--results",
      required = true,
      paramLabel = "DIR",
      description =
          "an Allure results directory; repeat it to merge the results of a run sharded over"
              + " several machines (-Drocelab.shard=K/N)")
  private List<Path> results;

  @Option(
      names = "--output",
      required = true,
      paramLabel = "DIR",
      description = "where the sign-off is written")
  private Path output;

  @Option(
      names = "--allure",
      paramLabel = "ALLURE_HOME",
      defaultValue = "${sys:rocelab.allure.home}",
      description =
          "the unpacked allure-commandline (default: the rocelab.allure.home system property)")
  private Path allure;

  @Option(
      names = "--history",
      paramLabel = "DIR",
      description =
          "a previous output directory to take history from (default: the output directory)")
  private Path history;

  private PrintStream out;
  private PrintWriter err;

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
    SignOff signOff = new SignOff();
    PrintWriter errors = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
    signOff.out = out;
    signOff.err = errors;
    CommandLine commandLine =
        new CommandLine(signOff)
            .setOut(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true))
            .setErr(errors)
            .setParameterExceptionHandler(
                (e, given) -> {
                  errors.println("sign-off: " + e.getMessage());
                  e.getCommandLine().usage(errors);
                  return USAGE;
                })
            .setExecutionExceptionHandler(
                (e, cmd, parsed) -> {
                  if (e instanceof IllegalArgumentException) {
                    errors.println("sign-off: " + e.getMessage());
                    return UNREADABLE;
                  }
                  throw e;
                });
    int status = commandLine.execute(args);
    errors.flush();
    return status;
  }

  @Override
  public Integer call() {
    if (allure == null) {
      err.println("sign-off: --allure is required (or the rocelab.allure.home system property)");
      return USAGE;
    }
    return new SignOffRun(
            results, output, allure, history == null ? output : history, System.getenv())
        .run(out);
  }
}
