package dev.rocelab.model.internal.collective;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.Endpoint;
import org.apiguardian.api.API;

/**
 * A network connection of a collective: NCCL opens one per channel between two NICs, with its own
 * queue pairs.
 *
 * @param source the sending NIC
 * @param destination the receiving NIC
 * @param channel the NCCL channel
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public record Connection(Endpoint source, Endpoint destination, int channel) {}
