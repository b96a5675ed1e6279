package dev.rocelab.api.backend;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Something a backend can do. A scenario needs the capabilities of its workloads and faults; a
 * backend that lacks one cannot run it (a test is then skipped with the reason, not failed).
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum Capability {
  /** Point-to-point RDMA flows, incast, permutation and all-to-all traffic. */
  RDMA_TRAFFIC,
  /** Periodic bursts with sub-millisecond timing. */
  MICROBURSTS,
  /** Lossy background traffic on another priority. */
  LOSSY_TRAFFIC,
  /** NCCL collectives. */
  COLLECTIVES,
  /** Taking links down and up. */
  LINK_FAULTS,
  /** Resetting switches. */
  SWITCH_RESET,
  /** Making a NIC send pause frames without end. */
  PFC_STORM,
  /** Taking links out of routing and putting them back. */
  ROUTE_CHANGES,
  /** Injecting bit errors on a link. */
  BIT_ERRORS,
  /** Changing device configuration during a run. */
  CONFIG_CHANGES,
  /** Per-packet telemetry: latency histograms, per-queue depth time series, first-drop records. */
  PACKET_TELEMETRY,
  /**
   * Training steps: a job's compute, collectives and pipeline transfers run as one graph ({@link
   * dev.rocelab.api.scenario.Workload.Training}).
   *
   * @since 0.2
   */
  TRAINING_STEPS,
  /**
   * Runs of one session at the same time, each independent of the others (a simulation builds a
   * fresh fabric per run). Without it, a session's runs take turns: a test waits for the run of
   * another test of its class to finish before its own starts, as a lab needs. No scenario requires
   * it.
   *
   * @since 0.3
   */
  CONCURRENT_RUNS
}
