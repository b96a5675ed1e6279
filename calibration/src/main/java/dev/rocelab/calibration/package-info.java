/**
 * Calibration: makes the model a lab's twin. {@link dev.rocelab.calibration.Calibrator} runs the
 * calibration suite ({@link dev.rocelab.calibration.CalibrationStep}: ping-pong, line rate, a pause
 * response to a receiver's PFC storm, a 2:1 and an N:1 incast with ECN, a victim flow's DCQCN
 * recovery from bursts, a 2-node all-reduce) on any backend — a real lab through the lab backend —
 * and fits the model's {@link dev.rocelab.calibration.CalibratedParameter parameters} no datasheet
 * gives to what it measured, with Apache Commons Math's optimisers; each fitted value comes with
 * its standard error and a {@link dev.rocelab.calibration.Confidence}, and a fit counts only if the
 * fitted model reproduces every measurement. {@link dev.rocelab.calibration.CalibrationReport}
 * writes the JSON, the Allure results and, for a fit, the calibrated firmware profile and fabric.
 *
 * <p>This package is the calibration's public face: the calibrator's options and entry points, the
 * calibration and its report, and the values they carry. How it runs the suite, fits and writes is
 * in {@code dev.rocelab.calibration.internal}, which no other module uses.
 *
 * @since 0.3
 */
package dev.rocelab.calibration;
