package dev.rocelab.reports.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Allure 2 command line ({@code io.qameta.allure:allure-commandline}, unpacked), run as a
 * process to turn a results directory into an HTML report. Analytics are switched off ({@code
 * ALLURE_NO_ANALYTICS=true}): a sign-off page calls nobody.
 */
final class AllureCommandLine {

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
   * Generates a report, replacing whatever the report directory held.
   *
   * @param results the results directory
   * @param report the report directory
   * @throws IllegalStateException with Allure's output if it fails
   */
  void generate(Path results, Path report) {
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
