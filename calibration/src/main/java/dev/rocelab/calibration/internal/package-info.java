/**
 * The calibration's internals, by concern: {@code survey} runs the suite's steps on a lab, {@code
 * fit} fits the model to what they measured, {@code report} writes a calibration out. This package
 * holds what they and the public types share: the logarithmic scale on which measurements are
 * compared ({@link dev.rocelab.calibration.internal.LogScale}) and the reading and editing of the
 * fabric's settings a calibration touches ({@link
 * dev.rocelab.calibration.internal.FabricSettings}). Not API: may change in any release.
 */
package dev.rocelab.calibration.internal;
