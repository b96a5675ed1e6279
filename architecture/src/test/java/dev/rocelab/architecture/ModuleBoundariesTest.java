package dev.rocelab.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The dependency rules of rocelab's modules (DESIGN.md, "Modules"), over the main classes of every
 * module: dependencies point one way, from the adapters down to the API; the model and the criteria
 * know nothing of JUnit's extension API; no module reaches into another's {@code internal} package.
 */
class ModuleBoundariesTest {

  /** Each module's root package. */
  static List<String> modules() {
    return List.of(
        "dev.rocelab.api",
        "dev.rocelab.fabricfile",
        "dev.rocelab.model",
        "dev.rocelab.assertj",
        "dev.rocelab.junit",
        "dev.rocelab.reports",
        "dev.rocelab.alerting",
        "dev.rocelab.lab",
        "dev.rocelab.calibration",
        "dev.rocelab.chakra",
        "dev.rocelab.cli");
  }

  private static JavaClasses rocelab;

  @BeforeAll
  static void importMainClasses() {
    rocelab =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.rocelab");
  }

  @Test
  void everyModuleIsImported() {
    for (String module : modules()) {
      org.assertj.core.api.Assertions.assertThat(rocelab.containPackage(module))
          .as(module)
          .isTrue();
    }
  }

  @Test
  void theApiDependsOnNothingButTheJdkAndApiGuardian() {
    classes()
        .that()
        .resideInAPackage("dev.rocelab.api..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage("dev.rocelab.api..", "java..", "org.apiguardian..")
        .because("harness-api has no third-party runtime dependency and depends on no other module")
        .check(rocelab);
  }

  @Test
  void onlyTheJUnitAdapterUsesJupitersExtensionApi() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.rocelab.junit..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.junit.jupiter.api.extension..")
        .because(
            "backends, criteria and reports run without JUnit; harness-junit is the thin adapter")
        .check(rocelab);
  }

  @Test
  void theCriteriaNeedNoJUnit() {
    noClasses()
        .that()
        .resideInAPackage("dev.rocelab.assertj..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.junit..", "dev.rocelab.junit..")
        .because(
            "harness-assertj is AssertJ and Awaitility over a result, usable from any test framework")
        .check(rocelab);
  }

  @Test
  void theModelKnowsNothingOfTestFrameworksOrReports() {
    noClasses()
        .that()
        .resideInAPackage("dev.rocelab.model..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.junit..",
            "org.assertj..",
            "io.qameta..",
            "dev.rocelab.junit..",
            "dev.rocelab.assertj..",
            "dev.rocelab.reports..")
        .because("the simulator emits to probes; observation and judgement live above it")
        .check(rocelab);
  }

  /**
   * The model's floors: the engine, telemetry, traffic plan and congestion control at the bottom;
   * the network of ports and queue pairs on them; collectives and then training jobs driving the
   * network; the session running a scenario; the backend on top. The network knows nothing of
   * collectives or training jobs: it sees drivers posting messages.
   */
  @Test
  void theModelsLayersPointDown() {
    String model = "dev.rocelab.model.internal.";
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("backend")
        .definedBy("dev.rocelab.model")
        .layer("session")
        .definedBy(model + "session..")
        .layer("training")
        .definedBy(model + "training..")
        .layer("collective")
        .definedBy(model + "collective..")
        .layer("net")
        .definedBy(model + "net..")
        .layer("ground")
        .definedBy(model + "engine..", model + "telemetry..", model + "traffic..", model + "cc..")
        .whereLayer("backend")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("session")
        .mayOnlyBeAccessedByLayers("backend")
        .whereLayer("training")
        .mayOnlyBeAccessedByLayers("session", "backend")
        .whereLayer("collective")
        .mayOnlyBeAccessedByLayers("training", "session", "backend")
        .whereLayer("net")
        .mayOnlyBeAccessedByLayers("collective", "training", "session", "backend")
        .check(rocelab);
  }

  /**
   * Allure's format — its labels, steps, attachments and results files — lives in one module: the
   * extension reaches it through the reporting SPI ({@code dev.rocelab.api.report}), so the label
   * names and the checks' data are written and read in one place.
   */
  @Test
  void onlyReportsKnowsAllure() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.rocelab.reports..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.qameta.allure..")
        .because("reports owns the Allure format; others reach it through dev.rocelab.api.report")
        .check(rocelab);
  }

  @Test
  void backendsDependOnTheApiNotOnTheAdapters() {
    noClasses()
        .that()
        .resideInAnyPackage("dev.rocelab.model..", "dev.rocelab.lab..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.rocelab.junit..",
            "dev.rocelab.assertj..",
            "dev.rocelab.reports..",
            "dev.rocelab.alerting..",
            "dev.rocelab.cli..")
        .check(rocelab);
  }

  @Test
  void calibrationReachesLabsAndTheModelThroughTheBackendApiOnly() {
    noClasses()
        .that()
        .resideInAPackage("dev.rocelab.calibration..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.rocelab.lab..",
            "dev.rocelab.model..",
            "dev.rocelab.junit..",
            "dev.rocelab.assertj..",
            "org.junit..")
        .check(rocelab);
  }

  @Test
  void theTraceReaderNeedsTheApiAndProtobufOnly() {
    classes()
        .that()
        .resideInAPackage("dev.rocelab.chakra..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage(
            "dev.rocelab.api..",
            "dev.rocelab.chakra..",
            "com.google.protobuf..",
            "com.fasterxml.jackson..",
            "java..",
            "org.apiguardian..")
        .check(rocelab);
  }

  @ParameterizedTest
  @MethodSource("modules")
  void noModuleReachesIntoAnothersInternals(String module) {
    noClasses()
        .that()
        .resideOutsideOfPackage(module + "..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(module + ".internal..")
        .because(module + ".internal is that module's own; others use its exported packages")
        .allowEmptyShould(true)
        .check(rocelab);
  }
}
