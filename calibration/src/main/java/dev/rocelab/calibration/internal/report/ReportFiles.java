package dev.rocelab.calibration.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.calibration.Calibration;
import dev.rocelab.fabricfile.FabricFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Writes a calibration's files into a directory: {@code calibration.json}, for a fit {@code
 * profile.yaml} and {@code calibrated.yaml}, and the Allure results.
 */
@API(status = INTERNAL, since = "0.3")
public final class ReportFiles {

  private ReportFiles() {}

  /**
   * Writes every file into a directory, Allure results into its {@code allure-results}.
   *
   * @param dir the directory, created if missing
   * @param calibration the calibration
   * @param tables its tables
   * @param profile its calibrated profile
   * @return the files written
   */
  public static List<Path> writeTo(
      Path dir, Calibration calibration, ReportTables tables, CalibratedProfile profile) {
    List<Path> written = new ArrayList<>();
    try {
      Files.createDirectories(dir);
      written.add(write(dir.resolve("calibration.json"), CalibrationJson.of(calibration)));
      if (calibration.fitted()) {
        written.add(write(dir.resolve("profile.yaml"), profile.profile()));
        written.add(
            write(
                dir.resolve("calibrated.yaml"),
                FabricFiles.write(calibration.calibratedFabric().orElseThrow())));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    written.addAll(
        new AllureResults(calibration, tables, profile).writeTo(dir.resolve("allure-results")));
    return written;
  }

  private static Path write(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }
}
