package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How closely a simulating backend models a collective. Backends that run on real hardware ignore
 * it.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Fidelity {
  /** Every packet, with buffers, PFC, ECN and congestion control: exact, slow at scale. */
  PACKET,
  /**
   * Flows sharing link capacity max-min fairly along their ECMP paths: fast enough for thousands of
   * GPUs, but blind to queueing, PFC, ECN and congestion-control dynamics.
   */
  FLOW
}
