package dev.rocelab.cli;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.apiguardian.api.API;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code rocelab} command: checks, describes and runs scenarios on fabric files. The command
 * line and its output are the interface; this class is only its entry point.
 *
 * <p>Exit codes: {@value #VALID} valid, {@value #FAILURE} unexpected failure, {@value #ERRORS} a
 * fabric file has errors or cannot be found, {@value #DRIFT} a fabric file drifts (it runs, the
 * Laboratory phase fails it), {@value #LOSSY} a run lost lossless traffic, deadlocked or left work
 * unfinished, {@value #BROKEN} a backend could not run a scenario, {@value #USAGE} usage error.
 *
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
@Command(
    name = "rocelab",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description =
        "Checks RoCEv2 lossless fabric files, reports what they imply, runs scenarios on them, and benchmarks"
            + " the fabric model.",
    subcommands = {
      ValidateCommand.class,
      DescribeCommand.class,
      RunCommand.class,
      SignoffCommand.class,
      CalibrateCommand.class,
      BenchCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      " 0:the fabric is valid",
      " 1:unexpected failure; calibrate: no fit",
      " 2:a fabric file has errors or does not exist",
      " 3:a fabric file drifts: it runs, but the Laboratory phase fails it",
      " 4:run: the run dropped lossless traffic, deadlocked, or left work unfinished;"
          + " signoff: a phase failed or broke",
      " 5:run: the backend could not run the scenario",
      "64:usage error"
    })
public final class Rocelab implements Callable<Integer> {

  /** The fabric loads and nothing drifts. */
  static final int VALID = 0;

  /** Something went wrong that is not the fabric file's fault. */
  static final int FAILURE = 1;

  /** A fabric file has errors, or there is no such file. */
  static final int ERRORS = 2;

  /**
   * A fabric file loads and runs, but drifts: devices disagree where they must agree end to end,
   * headroom is short of its cables, a lossless queue does not mark ECN, or a version is not
   * approved — what the Laboratory phase fails.
   */
  static final int DRIFT = 3;

  /** A run dropped lossless traffic, deadlocked, or left work unfinished. */
  static final int LOSSY = 4;

  /** A backend could not run the scenario: an infrastructure problem, or it lacks a capability. */
  static final int BROKEN = 5;

  /** The command line itself is wrong (sysexits EX_USAGE). */
  static final int USAGE = 64;

  @Spec private CommandSpec spec;

  /**
   * Runs the command and exits with its exit code.
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    // UTF-8 whatever the platform default, so the report's arrows and dashes survive a C locale
    PrintWriter out = utf8(FileDescriptor.out);
    PrintWriter err = utf8(FileDescriptor.err);
    int exit = commandLine(out, err).execute(args);
    out.flush();
    err.flush();
    System.exit(exit);
  }

  /**
   * The configured command line, writing to the given streams.
   *
   * @param out where reports and problems go
   * @param err where usage errors and failures go
   * @return the command line, ready to {@link CommandLine#execute(String...)}
   */
  static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    CommandLine commandLine = new CommandLine(new Rocelab());
    commandLine.setOut(out);
    commandLine.setErr(err);
    // a usage error is what was wrong and where the help is, not the whole usage text again
    commandLine.setParameterExceptionHandler(
        (ex, args) -> {
          CommandLine failed = ex.getCommandLine();
          PrintWriter errors = failed.getErr();
          errors.println(ex.getMessage());
          CommandLine.UnmatchedArgumentException.printSuggestions(ex, errors);
          errors.println("see `" + failed.getCommandSpec().qualifiedName() + " --help`");
          errors.flush();
          return USAGE;
        });
    commandLine.setExecutionExceptionHandler(
        (ex, cmd, parsed) -> {
          cmd.getErr().println("rocelab: unexpected failure: " + ex);
          return FAILURE;
        });
    return commandLine;
  }

  @Override
  public Integer call() {
    throw new ParameterException(
        spec.commandLine(),
        "Missing required subcommand (validate, describe, run, signoff or bench)");
  }

  /** Selects the exit code that matters most when several files give different ones. */
  static int worst(int exit, int other) {
    return rank(other) > rank(exit) ? other : exit;
  }

  private static int rank(int exit) {
    return switch (exit) {
      case VALID -> 0;
      case DRIFT -> 1;
      case ERRORS -> 2;
      default -> 3;
    };
  }

  private static PrintWriter utf8(FileDescriptor fd) {
    return new PrintWriter(
        new OutputStreamWriter(new FileOutputStream(fd), StandardCharsets.UTF_8), true);
  }
}
