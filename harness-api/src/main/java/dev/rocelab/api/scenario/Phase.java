package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The pre-production phases a fabric is signed off in, in the order they are run.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum Phase {
  /** NIC, switch, firmware and NOS identical to production; configuration consistent end to end. */
  LABORATORY("Laboratory"),
  /** Throughput, latency, PFC, ECN, drops and queues without real load: the comparison point. */
  BASELINE("Baseline"),
  /** RDMA incast, microbursts, mixed lossless and lossy traffic. */
  SYNTHETIC_LOAD("Synthetic load"),
  /** NCCL collectives: what the fabric does to GPU communication. */
  AI_WORKLOAD("AI workload"),
  /** Link down and flap, switch reset, route change, PFC storm. */
  FAILURES("Failures"),
  /** Telemetry, alerts, dashboards and runbooks. */
  OPERATIONAL("Operational");

  private final String displayName;

  Phase(String displayName) {
    this.displayName = displayName;
  }

  /**
   * @return the name shown in reports, e.g. "Synthetic load"
   */
  public String displayName() {
    return displayName;
  }
}
