package dev.rocelab.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.NicFirmware;
import dev.rocelab.calibration.internal.LogScale;
import dev.rocelab.fabricfile.FabricFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a calibration writes, and that what it writes is usable; and what the calibration of {@link
 * CalibratorTest#SECOND_SET} recovers. That calibration is made here alone, once: a second class
 * using it may run in the other test process and would calibrate it again.
 */
class CalibrationReportTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The second hidden set of {@link CalibratorTest}, whose calibration is told the lab's NICs run
   * the fabric file's DCQCN settings: what it writes does not depend on refits at other gains,
   * which {@link CalibratorTest} puts to the test.
   */
  private static Calibration fit;

  @BeforeAll
  static void calibrate() {
    fit =
        new Calibrator(CalibratorTest.fabric())
            .seed(3)
            .dcqcnKnown(true)
            .calibrate(new HiddenModelLab(CalibratorTest.hidden(CalibratorTest.SECOND_SET), 11));
    assertThat(fit.fitted()).as("%s", fit.problems()).isTrue();
  }

  @Test
  void recoversNvlinkWhereItIsTheAllReducesBottleneck() {
    CalibratorTest.assertRecovered(fit, CalibratorTest.SECOND_SET);
    CalibratorTest.assertIdentified(
        fit,
        CalibratedParameter.NVLINK_BANDWIDTH,
        CalibratedParameter.SWITCH_LATENCY,
        CalibratedParameter.NIC_PAUSE_REACTION);
  }

  @Test
  void theProfileLoadsAsFirmwareProfilesAndCarriesTheFittedValues(@TempDir Path dir)
      throws IOException {
    CalibrationReport report = new CalibrationReport(fit, "2026-11-26");
    report.writeTo(dir);
    String profile = Files.readString(dir.resolve("profile.yaml"));
    System.out.println(profile);
    String fabric =
        Files.readString(CalibratorTest.FABRIC)
            .replace("firmware: 28.39.1002", "firmware: \"" + report.calibratedVersion() + "\"");
    FabricSpec loaded = FabricFiles.load(fabric + profile, "lab8-with-profile.yaml");

    NicFirmware firmware = loaded.firmwareRegistry().nicBehaviour("28.39.1002+cal.2026-11-26");
    FittedParameter cnp = fit.parameter(CalibratedParameter.CNP_INTERVAL).orElseThrow();
    assertThat(cnp.isFitted()).isTrue();
    // the NIC profile writes no DCQCN key: it takes the calibrated version's
    assertThat(CalibratedParameter.CNP_INTERVAL.in(loaded).orElseThrow())
        .isCloseTo(cnp.fitted(), withinPercentage(0.1));
    assertThat(firmware.dcqcn().cnpInterval().toMicros())
        .isCloseTo(cnp.fitted(), withinPercentage(0.1));
    FittedParameter pause = fit.parameter(CalibratedParameter.NIC_PAUSE_REACTION).orElseThrow();
    assertThat(pause.isFitted()).as("the pause response pins the reaction").isTrue();
    assertThat(firmware.pauseReaction().toNanos()).isCloseTo(pause.fitted(), withinPercentage(0.1));
    assertThat(profile).contains("pauseReaction: ");
    // the DCQCN recovery's timers, written under the version's dcqcn like the CNP interval
    FittedParameter timer = fit.parameter(CalibratedParameter.RATE_INCREASE_TIMER).orElseThrow();
    FittedParameter counter = fit.parameter(CalibratedParameter.BYTE_COUNTER).orElseThrow();
    assertThat(timer.isFitted()).isTrue();
    assertThat(counter.isFitted()).isTrue();
    assertThat(firmware.dcqcn().rateIncreaseTimer().toMicros())
        .isCloseTo(timer.fitted(), withinPercentage(0.1));
    assertThat(firmware.dcqcn().byteCounter().kibibytes())
        .isCloseTo(counter.fitted(), withinPercentage(0.1));
  }

  @Test
  void theCalibratedFabricLoadsAndIsTheTwinThatReproducesTheLab(@TempDir Path dir)
      throws IOException {
    new CalibrationReport(fit, "test").writeTo(dir);
    FabricSpec twin = FabricFiles.load(dir.resolve("calibrated.yaml"));

    for (FittedParameter p : fit.parameters()) {
      double expected = p.isFitted() ? p.fitted() : p.initial();
      assertThat(p.parameter().in(twin).orElseThrow())
          .as("%s", p.parameter())
          .isCloseTo(expected, withinPercentage(0.5));
    }
    // the twin reproduces the lab's one-way latency, run anew from the written file
    var run =
        dev.rocelab.api.backend.FabricBackends.require("model")
            .open(twin)
            .run(
                CalibrationStep.PING_PONG.scenario(dev.rocelab.api.fabric.FabricGraph.of(twin), 1));
    double latency = Metric.ONE_WAY_LATENCY.of(run).getAsDouble();
    double lab =
        fit.lab()
            .value(new Observable(CalibrationStep.PING_PONG, Metric.ONE_WAY_LATENCY))
            .getAsDouble();
    assertThat(latency).isCloseTo(lab, withinPercentage(5));
  }

  @Test
  void theJsonHoldsEveryParameterAndMeasurementAndTheAllureResultsEveryStep(@TempDir Path dir)
      throws IOException {
    new CalibrationReport(fit, "test").writeTo(dir);
    JsonNode json = JSON.readTree(dir.resolve("calibration.json").toFile());

    assertThat(json.get("fitted").asBoolean()).isTrue();
    assertThat(json.get("parameters")).hasSize(CalibratedParameter.values().length);
    JsonNode latency = json.get("parameters").get(0);
    assertThat(latency.get("parameter").asText()).isEqualTo("SWITCH_LATENCY");
    assertThat(latency.get("confidence").asText()).isEqualTo("HIGH");
    assertThat(latency.get("fitted").asDouble())
        .isCloseTo(
            CalibratorTest.SECOND_SET.get(CalibratedParameter.SWITCH_LATENCY), withinPercentage(5));
    assertThat(json.get("steps")).hasSize(CalibrationStep.values().length);
    assertThat(json.get("steps").get(0).get("measurements").get(0).has("lab")).isTrue();
    assertThat(json.get("steps").get(0).get("measurements").get(0).has("labRuns")).isFalse();
    // a step DCQCN shapes ran four times on the lab: each run's value beside their mean
    JsonNode marks = json.get("steps").get(CalibrationStep.ECN_INCAST.ordinal());
    assertThat(marks.get("step").asText()).isEqualTo("2:1 incast");
    JsonNode ecn = marks.get("measurements").get(0);
    assertThat(ecn.get("metric").asText()).isEqualTo("ECN marks");
    List<Double> runs = new ArrayList<>();
    ecn.get("labRuns").forEach(v -> runs.add(v.asDouble()));
    assertThat(runs)
        .hasSize(Calibrator.DEFAULT_REPEATS)
        .isEqualTo(
            fit.lab().samples().get(new Observable(CalibrationStep.ECN_INCAST, Metric.ECN_MARKS)));
    assertThat(ecn.get("lab").asDouble()).isEqualTo(LogScale.mean(Metric.ECN_MARKS, runs));
    assertThat(new CalibrationReport(fit, "test").table(CalibrationStep.ECN_INCAST))
        .contains("lab: the geometric mean of 4 runs; each run's ECN marks ");
    assertThat(new CalibrationReport(fit, "test").table(CalibrationStep.PING_PONG))
        .doesNotContain("geometric mean");

    List<JsonNode> results = allureResults(dir.resolve("allure-results"));
    assertThat(results).hasSize(CalibrationStep.values().length + 1);
    assertThat(results).extracting(r -> r.get("status").asText()).containsOnly("passed");
    assertThat(results)
        .filteredOn(r -> !r.get("name").asText().endsWith("fitted parameters"))
        .allSatisfy(
            r ->
                assertThat(attachment(dir, r))
                    .contains("model (fit)")
                    .containsPattern(
                        r.get("name").asText().matches(".*(incast|recovery)")
                            ? "lab: the geometric mean of 4 runs[^\\n]*\\n\\nEvery metric of the"
                                + " lab's first run \\(of 4\\) beside the fitted model's"
                            : "\\nEvery metric of the lab's run beside the fitted model's"));
    assertThat(results)
        .filteredOn(r -> r.get("name").asText().endsWith("fitted parameters"))
        .singleElement()
        .satisfies(r -> assertThat(attachment(dir, r)).contains("switch latency"));
  }

  @Test
  void aLabBeyondReachWithABrokenStepWritesNoProfileAndReportsBothInAllure(@TempDir Path dir)
      throws IOException {
    FabricSpec faster =
        FabricFiles.load(CalibratorTest.FABRIC.getParent().resolve("lab8-800g.yaml"));
    Calibration calibration =
        new Calibrator(CalibratorTest.fabric())
            .calibrate(new HiddenModelLab(faster, 7).breaking(CalibrationStep.ALL_REDUCE));
    new CalibrationReport(calibration, "test").writeTo(dir);

    assertThat(dir.resolve("profile.yaml")).doesNotExist();
    assertThat(dir.resolve("calibrated.yaml")).doesNotExist();
    assertThat(JSON.readTree(dir.resolve("calibration.json").toFile()).get("fitted").asBoolean())
        .isFalse();
    List<JsonNode> results = allureResults(dir.resolve("allure-results"));
    assertThat(results)
        .filteredOn(r -> r.get("name").asText().equals("calibration · 2-node all-reduce"))
        .singleElement()
        .satisfies(r -> assertThat(r.get("status").asText()).isEqualTo("broken"))
        .satisfies(
            r ->
                assertThat(r.get("statusDetails").get("message").asText())
                    .contains("ib_write_bw: connection refused"));
    assertThat(results)
        .filteredOn(r -> r.get("name").asText().equals("calibration · fitted parameters"))
        .singleElement()
        .satisfies(r -> assertThat(r.get("status").asText()).isEqualTo("failed"))
        .satisfies(
            r ->
                assertThat(r.get("statusDetails").get("message").asText())
                    .contains("beyond the model's reach"));
    assertThat(new CalibrationReport(calibration, "test").summary())
        .contains("\nproblem: ")
        .contains("beyond the model's reach")
        .doesNotContain("note: ");
  }

  @Test
  void aFitsNotesGoToTheJsonTheProfileTheParametersAllureDescriptionAndTheSummary(@TempDir Path dir)
      throws IOException {
    List<String> notes = new ArrayList<>(fit.notes());
    notes.add("the fit had to free the α gain");
    Calibration noted =
        new Calibration(
            fit.fabric(),
            fit.seed(),
            fit.noise(),
            fit.lab(),
            fit.parameters(),
            fit.before(),
            fit.after(),
            fit.tolerances(),
            fit.modelRuns(),
            fit.problems(),
            notes,
            fit.simulations());
    new CalibrationReport(noted, "test").writeTo(dir);

    List<String> json = new ArrayList<>();
    JSON.readTree(dir.resolve("calibration.json").toFile())
        .get("notes")
        .forEach(n -> json.add(n.asText()));
    assertThat(json).isEqualTo(notes);
    assertThat(dir.resolve("profile.yaml"))
        .content()
        .contains("\n# Note: the fit had to free the α gain\n");
    List<JsonNode> results = allureResults(dir.resolve("allure-results"));
    assertThat(results)
        .filteredOn(r -> r.has("description"))
        .singleElement()
        .satisfies(r -> assertThat(r.get("name").asText()).endsWith("fitted parameters"))
        .satisfies(
            r -> assertThat(r.get("description").asText()).isEqualTo(String.join("\n", notes)));
    // and the console's summary, after the table, each note on a line of its own
    assertThat(new CalibrationReport(noted, "test").summary())
        .startsWith(new CalibrationReport(fit, "test").parameterTable())
        .contains(notes.stream().map(n -> "\nnote: " + n + "\n").toList())
        .endsWith("\nnote: the fit had to free the α gain\n");
  }

  private static String attachment(Path dir, JsonNode result) throws IOException {
    return Files.readString(
        dir.resolve("allure-results")
            .resolve(result.get("attachments").get(0).get("source").asText()));
  }

  private static List<JsonNode> allureResults(Path dir) throws IOException {
    List<JsonNode> results = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(f -> f.toString().endsWith("-result.json")).sorted().toList()) {
        results.add(JSON.readTree(f.toFile()));
      }
    }
    return results;
  }
}
