package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import org.apiguardian.api.API;

/**
 * A switch model and its configuration: ASIC, NOS version, shared buffer, headroom, QoS policy,
 * forwarding, the PFC watchdog, how fast it reconverges and how it balances load.
 *
 * @param name the profile's name in the fabric file
 * @param asic the ASIC's name (informational, e.g. "Spectrum-4")
 * @param nos the NOS/firmware version, checked against the approved list
 * @param buffer the total packet buffer
 * @param cellSize the buffer's allocation unit; packets occupy whole cells
 * @param alpha the dynamic-threshold factor: a queue may hold up to {@code alpha × free shared
 *     buffer}
 * @param reserve the guaranteed (non-shared) buffer per (port, priority)
 * @param headroom how headroom per lossless priority group is sized
 * @param qos the name of the QoS policy the switch runs
 * @param forwarding cut-through or store-and-forward
 * @param forwardingLatency the pipeline latency from ingress to egress, excluding serialization
 * @param watchdog the PFC watchdog
 * @param convergence how fast it routes around failures
 * @param loadBalancing how it chooses among equal-cost ports (since 0.2)
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record SwitchProfile(
    String name,
    String asic,
    String nos,
    DataSize buffer,
    DataSize cellSize,
    double alpha,
    DataSize reserve,
    HeadroomPolicy headroom,
    String qos,
    Forwarding forwarding,
    SimTime forwardingLatency,
    PfcWatchdog watchdog,
    Convergence convergence,
    LoadBalancing loadBalancing) {

  /** Validates every field; the cell size must fit the buffer. */
  public SwitchProfile {
    Checks.name(name, "name");
    Checks.name(asic, "asic");
    Checks.name(nos, "nos");
    Checks.positive(buffer, "buffer");
    Checks.positive(cellSize, "cellSize");
    if (cellSize.bytes() > buffer.bytes()) {
      throw new IllegalArgumentException(
          "cellSize must be <= buffer (" + buffer + ") but was " + cellSize);
    }
    Checks.positive(alpha, "alpha");
    Checks.notNull(reserve, "reserve");
    Checks.notNull(headroom, "headroom");
    Checks.name(qos, "qos");
    Checks.notNull(forwarding, "forwarding");
    Checks.notNull(forwardingLatency, "forwardingLatency");
    Checks.notNull(watchdog, "watchdog");
    Checks.notNull(convergence, "convergence");
    Checks.notNull(loadBalancing, "loadBalancing");
  }

  /**
   * A profile with static ECMP ({@link LoadBalancing#DEFAULT}), as before load balancing could be
   * configured.
   *
   * @param name the profile's name in the fabric file
   * @param asic the ASIC's name
   * @param nos the NOS/firmware version
   * @param buffer the total packet buffer
   * @param cellSize the buffer's allocation unit
   * @param alpha the dynamic-threshold factor
   * @param reserve the guaranteed buffer per (port, priority)
   * @param headroom how headroom per lossless priority group is sized
   * @param qos the name of the QoS policy the switch runs
   * @param forwarding cut-through or store-and-forward
   * @param forwardingLatency the pipeline latency
   * @param watchdog the PFC watchdog
   * @param convergence how fast it routes around failures
   */
  public SwitchProfile(
      String name,
      String asic,
      String nos,
      DataSize buffer,
      DataSize cellSize,
      double alpha,
      DataSize reserve,
      HeadroomPolicy headroom,
      String qos,
      Forwarding forwarding,
      SimTime forwardingLatency,
      PfcWatchdog watchdog,
      Convergence convergence) {
    this(
        name,
        asic,
        nos,
        buffer,
        cellSize,
        alpha,
        reserve,
        headroom,
        qos,
        forwarding,
        forwardingLatency,
        watchdog,
        convergence,
        LoadBalancing.DEFAULT);
  }

  /**
   * The same switch balancing load another way.
   *
   * @param balancing how it chooses among equal-cost ports
   * @return a copy with {@code balancing}
   */
  public SwitchProfile withLoadBalancing(LoadBalancing balancing) {
    return new SwitchProfile(
        name,
        asic,
        nos,
        buffer,
        cellSize,
        alpha,
        reserve,
        headroom,
        qos,
        forwarding,
        forwardingLatency,
        watchdog,
        convergence,
        balancing);
  }

  /** When a switch may start sending a packet it is still receiving. */
  @API(status = STABLE, since = "0.1")
  public enum Forwarding {
    /** Transmission starts once the header is in (when the egress is idle and not slower). */
    CUT_THROUGH,
    /** The whole packet is received before it is forwarded. */
    STORE_AND_FORWARD
  }
}
