package dev.rocelab.calibration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.calibration.internal.report.CalibratedProfile;
import dev.rocelab.calibration.internal.report.CalibrationJson;
import dev.rocelab.calibration.internal.report.ReportFiles;
import dev.rocelab.calibration.internal.report.ReportTables;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Writes a calibration out: {@code calibration.json} (every parameter and measurement), the
 * calibration's Allure results (one test per step, lab and model side by side, and one for the
 * fitted parameters) and, only for a fit, {@code profile.yaml} (a fabric-file fragment: the
 * calibrated NIC firmware version under {@code firmwareProfiles}, and the profile keys that are not
 * firmware's) and {@code calibrated.yaml} (the whole fabric with every fitted value, ready to run).
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class CalibrationReport {
  private final Calibration calibration;
  private final CalibratedProfile profile;
  private final ReportTables tables;

  /**
   * @param calibration the calibration
   * @param version the calibrated profile's version suffix, e.g. a date: the NIC firmware version
   *     written is {@code <lab's version>+cal.<version>}
   */
  public CalibrationReport(Calibration calibration, String version) {
    this.calibration = calibration;
    this.profile = new CalibratedProfile(calibration, version);
    this.tables = new ReportTables(calibration);
  }

  /**
   * Writes every file into a directory, Allure results into its {@code allure-results}.
   *
   * @param dir the directory, created if missing
   * @return the files written
   */
  public List<Path> writeTo(Path dir) {
    return ReportFiles.writeTo(dir, calibration, tables, profile);
  }

  /**
   * @return the NIC firmware version the profile defines
   */
  public String calibratedVersion() {
    return profile.calibratedVersion();
  }

  /**
   * The fabric-file fragment: the calibrated firmware version (its fitted keys over the lab's
   * version, which it is {@code basedOn}) and, commented, the profile keys to set.
   *
   * @return the YAML text
   */
  public String profile() {
    return profile.profile();
  }

  /**
   * @return the JSON document
   */
  public String json() {
    return CalibrationJson.of(calibration);
  }

  /**
   * A step's table: each measurement, lab beside the model before and after the fit.
   *
   * @param step the step
   * @return the text table
   */
  public String table(CalibrationStep step) {
    return tables.table(step);
  }

  /**
   * @return the parameter table
   */
  public String parameterTable() {
    return tables.parameterTable();
  }

  /**
   * What a console shows of the calibration: the parameter table, then a line per problem ({@code
   * problem: …}) and per note ({@code note: …}).
   *
   * @return the summary, each line ended
   */
  public String summary() {
    return tables.summary();
  }
}
