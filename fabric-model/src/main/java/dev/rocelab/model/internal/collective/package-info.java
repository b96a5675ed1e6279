/**
 * NCCL collectives on the model: which GPUs take part and where they sit ({@link
 * dev.rocelab.model.internal.collective.CollectiveLayout}), how a collective decomposes into the
 * chunk transfers NCCL performs ({@link dev.rocelab.model.internal.collective.TransferPlan}, {@link
 * dev.rocelab.model.internal.collective.Algorithms}), NCCL's protocol and latency constants ({@link
 * dev.rocelab.model.internal.collective.NcclConstants}). The packet-level runner lives with the
 * network it drives ({@code dev.rocelab.model.internal.net.CollectiveRunner}).
 */
package dev.rocelab.model.internal.collective;
