package dev.rocelab.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.junit.internal.Overrides;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same suite runs elsewhere by changing settings, not code. */
class OverridesTest {

  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  @BeforeEach
  void reset() {
    SEEN.clear();
  }

  @AfterEach
  void restoreEnvironment() {
    Overrides.environment(System::getenv);
  }

  @Test
  void theDefaultBackendIsTheModel() {
    Engine.run(DefaultBackendTestCase.class).testEvents().assertStatistics(s -> s.succeeded(1));

    assertThat(SEEN).containsExactly("model on tiny, seed 1");
  }

  @Test
  void configurationParametersReplaceBackendFabricAndSeed() {
    Engine.run(
            Map.of(
                FabricTest.BACKEND_PROPERTY,
                "scripted",
                FabricTest.FABRIC_PROPERTY,
                "fabrics/reference.yaml",
                FabricTest.SEED_PROPERTY,
                "42"),
            DefaultBackendTestCase.class)
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));

    assertThat(SEEN).containsExactly("scripted on reference, seed 42");
  }

  @Test
  void theFabricMayBeAFilePath(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("tiny.yaml");
    try (InputStream tiny = getClass().getClassLoader().getResourceAsStream("fabrics/tiny.yaml")) {
      Files.copy(tiny, file);
    }

    Engine.run(
            Map.of(
                FabricTest.BACKEND_PROPERTY,
                "scripted",
                FabricTest.FABRIC_PROPERTY,
                file.toString()),
            DefaultBackendTestCase.class)
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));
    Engine.run(
            Map.of(
                FabricTest.BACKEND_PROPERTY,
                "scripted",
                FabricTest.FABRIC_PROPERTY,
                "../fabrics/reference.yaml"),
            DefaultBackendTestCase.class)
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));

    assertThat(SEEN).containsExactly("scripted on tiny, seed 1", "scripted on reference, seed 1");
  }

  @Test
  void environmentVariablesApplyWhenNoParameterIsSet() {
    Overrides.environment(
        name -> Map.of("ROCELAB_BACKEND", "scripted", "ROCELAB_SEED", "5").get(name));

    Engine.run(DefaultBackendTestCase.class).testEvents().assertStatistics(s -> s.succeeded(1));
    Engine.run(Map.of(FabricTest.SEED_PROPERTY, "6"), DefaultBackendTestCase.class)
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));

    assertThat(SEEN).containsExactly("scripted on tiny, seed 5", "scripted on tiny, seed 6");
  }

  @Test
  void systemPropertiesApplyOutsideTheLauncherToo() {
    System.setProperty(FabricTest.BACKEND_PROPERTY, "scripted");
    try {
      Engine.run(DefaultBackendTestCase.class).testEvents().assertStatistics(s -> s.succeeded(1));
    } finally {
      System.clearProperty(FabricTest.BACKEND_PROPERTY);
    }

    assertThat(SEEN).containsExactly("scripted on tiny, seed 1");
  }

  @Test
  void aSubclassInheritsTheFabricTest() {
    Engine.run(InheritingTestCase.class).testEvents().assertStatistics(s -> s.succeeded(1));

    assertThat(SEEN).containsExactly("scripted on tiny, seed 9");
  }

  @FabricTest(
      fabric = "fabrics/tiny.yaml",
      backend = "scripted",
      phase = Phase.SYNTHETIC_LOAD,
      seed = 9)
  abstract static class BaseTestCase {}

  static class InheritingTestCase extends BaseTestCase {

    @Incast(senders = 2)
    void incast(RunResult run) {
      SEEN.add(
          run.backend() + " on " + run.fabric().spec().name() + ", seed " + run.scenario().seed());
    }
  }

  @FabricTest(fabric = "fabrics/tiny.yaml", phase = Phase.SYNTHETIC_LOAD)
  static class DefaultBackendTestCase {

    @Incast(senders = 2)
    void incast(RunResult run) {
      SEEN.add(
          run.backend() + " on " + run.fabric().spec().name() + ", seed " + run.scenario().seed());
    }
  }
}
