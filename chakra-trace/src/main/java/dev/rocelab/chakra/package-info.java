/**
 * MLCommons Chakra execution traces as rocelab training steps: {@link
 * dev.rocelab.chakra.ChakraTrace} reads a trace (one file per rank, the format ASTRA-sim consumes)
 * into a {@link dev.rocelab.api.scenario.TrainingStep} and writes one back out.
 */
package dev.rocelab.chakra;
