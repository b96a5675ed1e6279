package dev.rocelab.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.RunLimits;
import dev.rocelab.api.backend.RunProgress;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.report.RunObserver;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Observers listed in {@code META-INF/services/dev.rocelab.api.report.RunObserver} (here the test
 * class path registers {@link RecordingObserver}) see every run, with its fabric, on the test's
 * thread, before the test gets the result.
 */
class RunObserverTest {

  /** What the observer saw while {@link #recording} is on: one line per run. */
  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  static volatile boolean recording;

  /** A progress line as the console gets it: fabric, scenario, time reached, wall, events, work. */
  private static final String CONSOLE_PROGRESS =
      "\\[rocelab\\] \\S+ · .+ · \\S+ of \\S+ simulated \\(\\d+%\\) · \\d+s wall"
          + " · [\\d.]+( [MG])? events · \\d+ of \\d+ flows completed";

  @BeforeEach
  void record() {
    SEEN.clear();
    recording = true;
  }

  @AfterEach
  void stop() {
    recording = false;
  }

  @Test
  void aRegisteredObserverSeesEveryRunWithItsFabricOnTheTestThreadBeforeTheTest() {
    Engine.run(ObservedTestCase.class)
        .testEvents()
        .assertStatistics(s -> s.started(3).succeeded(3));

    assertThat(SEEN).hasSize(8);
    for (int i = 0; i < SEEN.size(); i += 2) {
      String run = SEEN.get(i + 1).replace("test got ", "");
      assertThat(SEEN.get(i))
          .as("what the observer saw just before the test got its result")
          .isEqualTo("observer saw tiny · " + run);
    }
    assertThat(SEEN)
        .filteredOn(line -> line.startsWith("test got"))
        .extracting(line -> line.replaceAll(" on .*", ""))
        .containsExactlyInAnyOrder(
            "test got incast 2:1 · 1MiB · dscp 26",
            "test got incast 4:1 · 1MiB · dscp 26",
            "test got permutation · 1MiB per flow",
            "test got permutation · 2MiB per flow");
  }

  @Test
  void aLongRunTellsItsProgressToTheObserversAndTheConsoleAsItGoesOn() {
    PrintStream console = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      // every run counts as long when progress is due every nanosecond
      Engine.run(Map.of(RunLimits.PROGRESS, "1ns"), ProgressTestCase.class)
          .testEvents()
          .assertStatistics(s -> s.started(2).succeeded(2));
    } finally {
      System.setOut(console);
    }

    List<String> progress = SEEN.stream().filter(line -> line.startsWith("progress")).toList();
    assertThat(progress)
        .hasSizeGreaterThan(2)
        .allMatch(
            line ->
                line.matches(
                    "progress tiny · incast · \\S+ of 10ms"
                        + " simulated \\(\\d+%\\) · \\d+s wall · [\\d.]+( [MG])? events · [0-4] of 4 flows completed on .*"));
    // both runs, the annotated one and the live one the test finishes, report before they end
    List<String> order =
        SEEN.stream().map(line -> line.startsWith("progress") ? "progress" : "finished").toList();
    assertThat(String.join(" ", order).replaceAll("(progress ?)+", "progress "))
        .isEqualTo("progress finished progress finished");
    assertThat(
            printed
                .toString(StandardCharsets.UTF_8)
                .lines()
                .filter(line -> line.startsWith("[rocelab] tiny · incast · "))
                .filter(line -> line.matches(CONSOLE_PROGRESS))
                .count())
        .isEqualTo(progress.size());
  }

  @Test
  void theFabricFilePageShowsAProgressLineAsTheConsoleGetsIt() throws IOException {
    assertThat(
            Files.readString(Path.of("../docs/fabric-file.md"))
                .lines()
                .filter(line -> line.startsWith("[rocelab] ")))
        .as("the sample progress line of docs/fabric-file.md")
        .singleElement()
        .matches(line -> line.matches(CONSOLE_PROGRESS), CONSOLE_PROGRESS);
  }

  @Test
  void progressIsOffWhenSetSo() {
    Engine.run(Map.of(RunLimits.PROGRESS, "off"), ProgressTestCase.class)
        .testEvents()
        .assertStatistics(s -> s.started(2).succeeded(2));

    assertThat(SEEN).noneMatch(line -> line.startsWith("progress")).isNotEmpty();
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "model", phase = Phase.SYNTHETIC_LOAD)
  static class ProgressTestCase {

    @Incast(senders = 4, message = "2MiB")
    void annotated(RunResult run) {}

    @Test
    void live(FabricSession fabric) {
      try (ScenarioRun run = fabric.start(Scenario.incast().senders(4).message("2MiB"))) {
        run.finish();
      }
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", backend = "scripted", phase = Phase.BASELINE, seed = 7)
  static class ObservedTestCase {

    @Incast(
        senders = {2, 4},
        message = "1MiB",
        priority = 3)
    void sweep(RunResult run) {
      got(run);
    }

    @Test
    void twoRuns(FabricSession fabric) {
      got(fabric.run(Scenario.permutation().flowSize("1MiB")));
      got(fabric.run(Scenario.permutation().flowSize("2MiB")));
    }

    private static void got(RunResult run) {
      SEEN.add("test got " + run.scenario().describe() + " on " + Thread.currentThread().getName());
    }
  }

  /** Records each run, and the thread it was told on, while the test above is recording. */
  public static final class RecordingObserver implements RunObserver {

    @Override
    public void runFinished(FabricSpec fabric, RunResult result) {
      if (recording) {
        SEEN.add(
            "observer saw "
                + fabric.name()
                + " · "
                + result.scenario().describe()
                + " on "
                + Thread.currentThread().getName());
      }
    }

    @Override
    public void runProgress(FabricSpec fabric, RunProgress progress) {
      if (recording) {
        SEEN.add(
            "progress "
                + fabric.name()
                + " · "
                + progress.describe()
                + " on "
                + Thread.currentThread().getName());
      }
    }
  }
}
