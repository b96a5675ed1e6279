package dev.rocelab.calibration.internal.report;

import dev.rocelab.api.analysis.Agreement;
import dev.rocelab.calibration.Calibration;
import dev.rocelab.calibration.CalibrationStep;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The calibration's Allure results: one test per step, lab and model side by side, and one for the
 * fitted parameters.
 */
final class AllureResults {

  private final Calibration calibration;
  private final ReportTables tables;
  private final CalibratedProfile profile;

  /**
   * @param calibration the calibration
   * @param tables its tables, which the results attach
   * @param profile its calibrated profile, which the parameters' result attaches for a fit
   */
  AllureResults(Calibration calibration, ReportTables tables, CalibratedProfile profile) {
    this.calibration = calibration;
    this.tables = tables;
    this.profile = profile;
  }

  /** One Allure result per step and one for the parameters. */
  List<Path> writeTo(Path dir) throws IOException {
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    for (CalibrationStep step : CalibrationStep.values()) {
      Optional<String> broken = calibration.lab().brokenReason(step);
      boolean leftOut = calibration.lab().leftOut().contains(step);
      boolean reproduced =
          step.observables().stream()
              .allMatch(o -> calibration.lab().value(o).isEmpty() || calibration.reproduces(o));
      String status =
          broken.isPresent() ? "broken" : leftOut ? "skipped" : reproduced ? "passed" : "failed";
      List<Map<String, String>> attachments = new ArrayList<>();
      String table = tables.table(step);
      Optional<Agreement> sideBySide = calibration.sideBySide(step);
      if (sideBySide.isPresent()) {
        int runs = calibration.lab().measuredRuns(step);
        table +=
            "\nEvery metric of the lab's "
                + (runs > 1 ? "first run (of " + runs + ")" : "run")
                + " beside the fitted model's:\n"
                + sideBySide.get().table();
      }
      attachments.add(attachment(dir, "lab vs model · " + step.title(), table, written));
      written.add(
          result(
              dir,
              "calibration · " + step.title(),
              status,
              broken.orElse(
                  leftOut
                      ? calibration.lab().unmeasuredReason(step).orElseThrow()
                      : reproduced ? null : "the fitted model does not reproduce this step"),
              "",
              attachments));
    }
    List<Map<String, String>> attachments = new ArrayList<>();
    attachments.add(attachment(dir, "fitted parameters", tables.parameterTable(), written));
    if (calibration.fitted()) {
      attachments.add(attachment(dir, "profile.yaml", profile.profile(), written));
    }
    written.add(
        result(
            dir,
            "calibration · fitted parameters",
            calibration.fitted() ? "passed" : "failed",
            calibration.fitted() ? null : String.join("\n", calibration.problems()),
            String.join("\n", calibration.notes()),
            attachments));
    return written;
  }

  private Map<String, String> attachment(Path dir, String name, String text, List<Path> written)
      throws IOException {
    String source = uuid("attachment " + name) + "-attachment.txt";
    written.add(ReportFiles.write(dir.resolve(source), text));
    return Map.of("name", name, "source", source, "type", "text/plain");
  }

  private Path result(
      Path dir,
      String name,
      String status,
      String message,
      String description,
      List<Map<String, String>> attachments)
      throws IOException {
    String uuid = uuid(name);
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("uuid", uuid);
    result.put("historyId", uuid);
    result.put("name", name);
    result.put("fullName", "rocelab.calibration." + calibration.fabric().name() + "." + name);
    result.put("status", status);
    if (message != null) {
      result.put("statusDetails", Map.of("message", message));
    }
    if (!description.isEmpty()) {
      result.put("description", description);
    }
    result.put("stage", "finished");
    result.put(
        "labels",
        List.of(
            Map.of("name", "parentSuite", "value", "Calibration"),
            Map.of("name", "suite", "value", calibration.fabric().name()),
            Map.of("name", "feature", "value", "calibration")));
    result.put("attachments", attachments);
    return ReportFiles.write(
        dir.resolve(uuid + "-result.json"), CalibrationJson.JSON.writeValueAsString(result));
  }

  private String uuid(String name) {
    return UUID.nameUUIDFromBytes(
            (calibration.fabric().name() + "/" + calibration.seed() + "/" + name)
                .getBytes(StandardCharsets.UTF_8))
        .toString();
  }
}
