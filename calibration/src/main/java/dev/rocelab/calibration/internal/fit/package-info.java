/**
 * The fit: what {@link dev.rocelab.calibration.Calibrator#fit} does. {@link
 * dev.rocelab.calibration.internal.fit.FitStrategy} decides which parameters the lab's measurements
 * can fit and makes the attempts — the DCQCN α gain held ({@code AlphaGain}), then freed where that
 * misses a DCQCN step — each one ({@code Attempt}) widened by its refits ({@code Refits}, made in
 * parallel) and by the trades of the DCQCN settings it holds ({@code HeldSetting}, {@code
 * HeldTrades}), its errors estimated around the fit ({@code Neighbourhood}, {@code Local}, {@code
 * Estimate}) and its notes written ({@code FitNotes}). Below it, {@code ModelFit} fits the
 * parameters group by group with its optimisers ({@code GroupOptimiser}, {@code Convergence}) on
 * the memoised model runs ({@code ModelRuns}) and measures the elasticities the least squares
 * ({@code LeastSquares}) rest on. Not API: may change in any release.
 */
package dev.rocelab.calibration.internal.fit;
