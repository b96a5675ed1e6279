/**
 * Training steps on the model: a job's step graph ({@link
 * dev.rocelab.model.internal.training.StepGraph}) executed by {@link
 * dev.rocelab.model.internal.training.StepExecutor} over the packet model, and again with
 * communication taking no time and at its ideal time, for {@link
 * dev.rocelab.api.result.TrainingResult}.
 */
package dev.rocelab.model.internal.training;
