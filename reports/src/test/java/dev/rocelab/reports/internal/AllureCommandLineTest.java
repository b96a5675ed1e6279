package dev.rocelab.reports.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Allure command line (the build's unpacked {@code allure-commandline}) generating several
 * reports in one process: each report holds its own results, and a report that cannot be written is
 * named in the error while the others are still generated.
 */
class AllureCommandLineTest {

  private static final AllureCommandLine ALLURE =
      new AllureCommandLine(Path.of(System.getProperty("rocelab.allure.home")));

  private static Path results(Path directory, String testName) throws IOException {
    Files.createDirectories(directory);
    Files.writeString(
        directory.resolve("0-result.json"),
        "{\"uuid\":\"0\",\"historyId\":\"h-"
            + testName
            + "\",\"name\":\""
            + testName
            + "\",\"fullName\":\"x."
            + testName
            + "\",\"status\":\"passed\",\"stage\":\"finished\",\"start\":1,\"stop\":2,"
            + "\"labels\":[],\"steps\":[],\"attachments\":[],\"parameters\":[]}");
    return directory;
  }

  private static String testsOf(Path report) throws IOException {
    try (var files = Files.list(report.resolve("data").resolve("test-cases"))) {
      return files
          .map(
              f -> {
                try {
                  return Files.readString(f);
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              })
          .reduce("", String::concat);
    }
  }

  @Test
  void generatesEveryReportFromItsOwnResults(@TempDir Path directory) throws IOException {
    Map<Path, Path> reports = new LinkedHashMap<>();
    reports.put(results(directory.resolve("a"), "first"), directory.resolve("report-a"));
    reports.put(results(directory.resolve("b"), "second"), directory.resolve("report-b"));
    Files.createDirectories(directory.resolve("report-b"));
    Files.writeString(directory.resolve("report-b").resolve("stale.txt"), "an earlier report");

    ALLURE.generate(reports);

    assertThat(directory.resolve("report-a").resolve("index.html")).isRegularFile();
    assertThat(testsOf(directory.resolve("report-a"))).contains("first").doesNotContain("second");
    assertThat(testsOf(directory.resolve("report-b"))).contains("second").doesNotContain("first");
    assertThat(directory.resolve("report-b").resolve("stale.txt")).doesNotExist();
  }

  @Test
  void aReportThatCannotBeWrittenIsNamedAndTheOthersAreStillGenerated(@TempDir Path directory)
      throws IOException {
    Path blocked = results(directory.resolve("blocked"), "blocked");
    Path fine = results(directory.resolve("fine"), "fine");
    Path file = Files.writeString(directory.resolve("a-file"), "not a directory");
    Map<Path, Path> reports = new LinkedHashMap<>();
    reports.put(blocked, file.resolve("report"));
    reports.put(fine, directory.resolve("report-fine"));

    assertThatThrownBy(() -> ALLURE.generate(reports))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("allure generate " + blocked + " failed:\n");
    assertThat(directory.resolve("report-fine").resolve("index.html")).isRegularFile();
  }
}
