/**
 * The calibration's internals. This package holds what the public types and the internal packages
 * share: the logarithmic scale on which measurements are compared ({@link
 * dev.rocelab.calibration.internal.LogScale}) and the reading and editing of the fabric's settings
 * a calibration touches ({@link dev.rocelab.calibration.internal.FabricSettings}). Not API: may
 * change in any release.
 */
package dev.rocelab.calibration.internal;
