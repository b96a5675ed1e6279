package dev.rocelab.reports.internal;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The Allure 2 command line ({@code io.qameta.allure:allure-commandline}, unpacked), run as a
 * process to turn a results directory into an HTML report. Analytics are switched off ({@code
 * ALLURE_NO_ANALYTICS=true}): a sign-off page calls nobody.
 */
final class AllureCommandLine {

  /** The JVM options of a process that lives for seconds. */
  private static final String SHORT_LIVED_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";

  private final Path home;

  /**
   * @param home the unpacked distribution, holding {@code bin/allure}
   * @throws IllegalArgumentException naming the path if it holds no Allure command line
   */
  AllureCommandLine(Path home) {
    this.home = home;
    Path executable = home.resolve("bin").resolve("allure");
    if (!Files.isRegularFile(executable)) {
      throw new IllegalArgumentException(
          home
              + ": no Allure command line here (expected "
              + executable
              + "; unpack io.qameta.allure:allure-commandline's zip)");
    }
  }

  /**
   * Generates reports, replacing whatever each report directory held: one process ({@link
   * AllureBatch}) on the command line's class path, with the JVM running this one, generates them
   * one after another. Any {@code JAVA_OPTS} of the user's come after this class's JVM options and
   * win.
   *
   * @param reports each results directory and the report directory it becomes
   * @throws IllegalStateException with Allure's output, naming the results of each report that
   *     failed, once every report has been tried
   */
  void generate(Map<Path, Path> reports) {
    if (reports.isEmpty()) {
      return;
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of(SHORT_LIVED_JVM.split(" ")));
    String userOptions = System.getenv().getOrDefault("JAVA_OPTS", "").strip();
    if (!userOptions.isEmpty()) {
      command.addAll(List.of(userOptions.split("\\s+")));
    }
    command.add("-cp");
    command.add(classPath());
    command.add(AllureBatch.class.getName());
    command.add(home.toString());
    reports.forEach(
        (results, report) -> {
          command.add(results.toString());
          command.add(report.toString());
        });
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("ALLURE_NO_ANALYTICS", "true");
    try {
      Process process = builder.start();
      process.getOutputStream().close();
      byte[] output = process.getInputStream().readAllBytes();
      if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
        process.destroyForcibly();
        String text = new String(output, StandardCharsets.UTF_8);
        List<String> failed =
            text.lines()
                .filter(l -> l.startsWith(AllureBatch.FAILED))
                .map(l -> l.substring(AllureBatch.FAILED.length()))
                .toList();
        // a process that ended before naming a report (no JVM, no command line) failed them all
        throw new IllegalStateException(
            "allure generate "
                + (failed.isEmpty() ? reports.keySet().toString() : String.join(", ", failed))
                + " failed:\n"
                + text);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + command.get(0), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while generating " + reports.values(), e);
    }
  }

  /**
   * The command line's own class path, as its {@code bin/allure} sets it, then where {@link
   * AllureBatch} was loaded from: last, so that no class of the command line's comes from there.
   */
  private String classPath() {
    Path lib = home.resolve("lib");
    try {
      Path batch =
          Path.of(AllureBatch.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return String.join(
          File.pathSeparator,
          lib.resolve("*").toString(),
          lib.resolve("config").toString(),
          batch.toString());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot locate " + AllureBatch.class.getName(), e);
    }
  }
}
