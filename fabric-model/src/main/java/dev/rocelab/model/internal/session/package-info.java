/**
 * One run of a scenario on the model: plans the flows, collectives and training jobs, starts their
 * drivers on the network ({@code internal.net}), runs the engine to a stop and assembles the
 * result. The network below knows nothing of collectives or training jobs: it sees drivers that
 * post messages on queue pairs.
 */
package dev.rocelab.model.internal.session;
