package dev.rocelab.reports.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The Allure 2 command line ({@code io.qameta.allure:allure-commandline}, unpacked), run as a
 * process to turn a results directory into an HTML report. Analytics are switched off ({@code
 * ALLURE_NO_ANALYTICS=true}): a sign-off page calls nobody.
 */
final class AllureCommandLine {

  /** The JVM options of a process that lives for seconds. */
  private static final String SHORT_LIVED_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";

  private final Path executable;

  /**
   * @param home the unpacked distribution, holding {@code bin/allure}
   * @throws IllegalArgumentException naming the path if it holds no Allure command line
   */
  AllureCommandLine(Path home) {
    this.executable = home.resolve("bin").resolve("allure");
    if (!Files.isRegularFile(executable)) {
      throw new IllegalArgumentException(
          home
              + ": no Allure command line here (expected "
              + executable
              + "; unpack io.qameta.allure:allure-commandline's zip)");
    }
  }

  /**
   * Generates several reports side by side, as many at a time as the machine has cores (each is a
   * process of its own, mostly busy starting its JVM), replacing whatever each report directory
   * held.
   *
   * @param reports each results directory and the report directory it becomes
   * @throws IllegalStateException with Allure's output for the first report that fails (in the
   *     map's order), once every report has finished
   */
  void generate(Map<Path, Path> reports) {
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.max(1, Math.min(reports.size(), Runtime.getRuntime().availableProcessors())));
    try {
      List<Future<?>> running = new ArrayList<>();
      reports.forEach(
          (results, report) -> running.add(pool.submit(() -> generate(results, report))));
      RuntimeException failure = null;
      for (Future<?> report : running) {
        try {
          report.get();
        } catch (ExecutionException e) {
          RuntimeException cause =
              e.getCause() instanceof RuntimeException r
                  ? r
                  : new IllegalStateException(e.getCause());
          if (failure == null) {
            failure = cause;
          } else {
            failure.addSuppressed(cause);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while generating the reports", e);
        }
      }
      if (failure != null) {
        throw failure;
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Generates a report, replacing whatever the report directory held.
   *
   * @param results the results directory
   * @param report the report directory
   * @throws IllegalStateException with Allure's output if it fails
   */
  private void generate(Path results, Path report) {
    ProcessBuilder builder =
        new ProcessBuilder(
                List.of(
                    "sh",
                    executable.toString(),
                    "generate",
                    "--clean",
                    "-o",
                    report.toString(),
                    results.toString()))
            .redirectErrorStream(true);
    builder.environment().put("ALLURE_NO_ANALYTICS", "true");
    // a JVM that lives for seconds: the C1 compiler alone and the serial collector start it with
    // two fifths less CPU (7.2 s against 4.4 s for a phase's report, measured here), and reports
    // are generated side by side; any JAVA_OPTS of the user's come after and win
    builder.environment().merge("JAVA_OPTS", SHORT_LIVED_JVM, (user, ours) -> ours + " " + user);
    try {
      Process process = builder.start();
      process.getOutputStream().close();
      byte[] output = process.getInputStream().readAllBytes();
      if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IllegalStateException(
            "allure generate "
                + results
                + " failed:\n"
                + new String(output, StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + executable, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while generating " + report, e);
    }
  }
}
