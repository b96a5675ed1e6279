package dev.rocelab.model.internal.collective;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.Endpoint;
import org.apiguardian.api.API;

/**
 * One GPU taking part in a collective.
 *
 * @param index the rank, 0..n−1
 * @param node the index of its host among the hosts taking part
 * @param host the host's name
 * @param gpu the GPU's index in its host
 * @param rail the NIC its host's rail mapping gives it
 * @param nic that NIC
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public record Rank(int index, int node, String host, int gpu, int rail, Endpoint nic) {}
