/**
 * The lab survey: what {@link dev.rocelab.calibration.Calibrator#measure} does — the calibration
 * suite's steps run on a lab's backend, each step DCQCN shapes repeated, into {@link
 * dev.rocelab.calibration.LabMeasurements}. Not API: may change in any release.
 */
package dev.rocelab.calibration.internal.survey;
