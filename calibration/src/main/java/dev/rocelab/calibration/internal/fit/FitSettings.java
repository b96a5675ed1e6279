package dev.rocelab.calibration.internal.fit;

import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.fabric.FabricSpec;

/**
 * What every part of a fit is told: the fabric file, the model it fits and how.
 *
 * @param fabric the lab's fabric file: its topology, profiles and the datasheet values the fit
 *     starts from
 * @param model the backend the fit runs the steps on
 * @param seed the seed of every model run
 * @param noise the least relative spread of a lab run's measurement
 * @param dcqcnKnown whether the lab's NICs are known to run the fabric file's DCQCN settings
 */
record FitSettings(
    FabricSpec fabric, FabricBackend model, long seed, double noise, boolean dcqcnKnown) {}
