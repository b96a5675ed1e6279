package dev.rocelab.calibration.internal.report;

import dev.rocelab.api.analysis.Agreement;
import dev.rocelab.calibration.Calibration;
import dev.rocelab.calibration.CalibrationStep;
import dev.rocelab.reports.AllureTestCase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
  List<Path> writeTo(Path dir) {
    List<Path> written = new ArrayList<>();
    for (CalibrationStep step : CalibrationStep.values()) {
      Optional<String> broken = calibration.lab().brokenReason(step);
      boolean leftOut = calibration.lab().leftOut().contains(step);
      boolean reproduced =
          step.observables().stream()
              .allMatch(o -> calibration.lab().value(o).isEmpty() || calibration.reproduces(o));
      AllureTestCase.Outcome outcome =
          broken.isPresent()
              ? AllureTestCase.Outcome.BROKEN
              : leftOut
                  ? AllureTestCase.Outcome.SKIPPED
                  : reproduced ? AllureTestCase.Outcome.PASSED : AllureTestCase.Outcome.FAILED;
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
      Optional<String> message =
          broken.or(
              () ->
                  leftOut
                      ? calibration.lab().unmeasuredReason(step)
                      : reproduced
                          ? Optional.empty()
                          : Optional.of("the fitted model does not reproduce this step"));
      written.addAll(
          testCase(
                  "calibration · " + step.title(),
                  outcome,
                  message,
                  "",
                  List.of(new AllureTestCase.Attachment("lab vs model · " + step.title(), table)))
              .writeTo(dir));
    }
    List<AllureTestCase.Attachment> attachments = new ArrayList<>();
    attachments.add(new AllureTestCase.Attachment("fitted parameters", tables.parameterTable()));
    if (calibration.fitted()) {
      attachments.add(new AllureTestCase.Attachment("profile.yaml", profile.profile()));
    }
    written.addAll(
        testCase(
                "calibration · fitted parameters",
                calibration.fitted()
                    ? AllureTestCase.Outcome.PASSED
                    : AllureTestCase.Outcome.FAILED,
                calibration.fitted()
                    ? Optional.empty()
                    : Optional.of(String.join("\n", calibration.problems())),
                String.join("\n", calibration.notes()),
                attachments)
            .writeTo(dir));
    return written;
  }

  /** A result of this calibration: its fabric and seed make it the same test when run again. */
  private AllureTestCase testCase(
      String name,
      AllureTestCase.Outcome outcome,
      Optional<String> message,
      String description,
      List<AllureTestCase.Attachment> attachments) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("suite", calibration.fabric().name());
    labels.put("feature", "calibration");
    return new AllureTestCase(
        name,
        "rocelab.calibration." + calibration.fabric().name() + "." + name,
        outcome,
        message,
        description,
        "Calibration",
        labels,
        attachments,
        calibration.fabric().name() + "/" + calibration.seed() + "/" + name);
  }
}
