/**
 * Congestion control of the simulated NICs: the DCQCN reaction point ({@link
 * dev.rocelab.model.internal.cc.DcqcnReactionPoint}) and the notification point's CNP pacing
 * ({@link dev.rocelab.model.internal.cc.CnpPacer}). Internal to the model; per-event methods use
 * primitives only (picoseconds, bits per second, fixed-point α).
 *
 * @since 0.1
 */
package dev.rocelab.model.internal.cc;
