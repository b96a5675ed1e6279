/**
 * The report: what {@link dev.rocelab.calibration.CalibrationReport} writes of a calibration —
 * {@code calibration.json} ({@link dev.rocelab.calibration.internal.report.CalibrationJson}), the
 * text tables and summary ({@link dev.rocelab.calibration.internal.report.ReportTables}), the
 * calibrated firmware profile ({@link dev.rocelab.calibration.internal.report.CalibratedProfile}),
 * the Allure results ({@code AllureResults}, written as module {@code reports}'s {@link
 * dev.rocelab.reports.AllureTestCase}s) and the directory they are written to ({@link
 * dev.rocelab.calibration.internal.report.ReportFiles}). Not API: may change in any release.
 */
package dev.rocelab.calibration.internal.report;
