package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.api.util.Checks;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * A switch model and its configuration: ASIC, NOS version, shared buffer, headroom, QoS policy,
 * forwarding, the PFC watchdog, how fast it reconverges and how it balances load.
 *
 * <p>Each {@code with…} method returns a copy with one component changed, validated as the
 * constructor validates.
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
   * @param name the profile's name in the fabric file
   * @return a copy with {@code name}
   * @since 0.3
   */
  public SwitchProfile withName(String name) {
    return change(d -> d.name = name);
  }

  /**
   * @param asic the ASIC's name (informational, e.g. "Spectrum-4")
   * @return a copy with {@code asic}
   * @since 0.3
   */
  public SwitchProfile withAsic(String asic) {
    return change(d -> d.asic = asic);
  }

  /**
   * @param nos the NOS/firmware version, checked against the approved list
   * @return a copy with {@code nos}
   * @since 0.3
   */
  public SwitchProfile withNos(String nos) {
    return change(d -> d.nos = nos);
  }

  /**
   * @param buffer the total packet buffer
   * @return a copy with {@code buffer}
   * @since 0.3
   */
  public SwitchProfile withBuffer(DataSize buffer) {
    return change(d -> d.buffer = buffer);
  }

  /**
   * @param cellSize the buffer's allocation unit; packets occupy whole cells
   * @return a copy with {@code cellSize}
   * @since 0.3
   */
  public SwitchProfile withCellSize(DataSize cellSize) {
    return change(d -> d.cellSize = cellSize);
  }

  /**
   * @param alpha the dynamic-threshold factor: a queue may hold up to {@code alpha × free shared
   *     buffer}
   * @return a copy with {@code alpha}
   * @since 0.3
   */
  public SwitchProfile withAlpha(double alpha) {
    return change(d -> d.alpha = alpha);
  }

  /**
   * @param reserve the guaranteed (non-shared) buffer per (port, priority)
   * @return a copy with {@code reserve}
   * @since 0.3
   */
  public SwitchProfile withReserve(DataSize reserve) {
    return change(d -> d.reserve = reserve);
  }

  /**
   * @param headroom how headroom per lossless priority group is sized
   * @return a copy with {@code headroom}
   * @since 0.3
   */
  public SwitchProfile withHeadroom(HeadroomPolicy headroom) {
    return change(d -> d.headroom = headroom);
  }

  /**
   * @param qos the name of the QoS policy the switch runs
   * @return a copy with {@code qos}
   * @since 0.3
   */
  public SwitchProfile withQos(String qos) {
    return change(d -> d.qos = qos);
  }

  /**
   * @param forwarding cut-through or store-and-forward
   * @return a copy with {@code forwarding}
   * @since 0.3
   */
  public SwitchProfile withForwarding(Forwarding forwarding) {
    return change(d -> d.forwarding = forwarding);
  }

  /**
   * @param forwardingLatency the pipeline latency from ingress to egress, excluding serialization
   * @return a copy with {@code forwardingLatency}
   * @since 0.3
   */
  public SwitchProfile withForwardingLatency(SimTime forwardingLatency) {
    return change(d -> d.forwardingLatency = forwardingLatency);
  }

  /**
   * @param watchdog the PFC watchdog
   * @return a copy with {@code watchdog}
   * @since 0.3
   */
  public SwitchProfile withWatchdog(PfcWatchdog watchdog) {
    return change(d -> d.watchdog = watchdog);
  }

  /**
   * @param convergence how fast it routes around failures
   * @return a copy with {@code convergence}
   * @since 0.3
   */
  public SwitchProfile withConvergence(Convergence convergence) {
    return change(d -> d.convergence = convergence);
  }

  /**
   * @param loadBalancing how it chooses among equal-cost ports
   * @return a copy with {@code loadBalancing}
   * @since 0.2
   */
  public SwitchProfile withLoadBalancing(LoadBalancing loadBalancing) {
    return change(d -> d.loadBalancing = loadBalancing);
  }

  /** A copy with one or more components changed, validated anew. */
  private SwitchProfile change(Consumer<Draft> edit) {
    Draft draft = new Draft(this);
    edit.accept(draft);
    return draft.build();
  }

  /** The components, to change one or more before building the next SwitchProfile. */
  private static final class Draft {
    private String name;
    private String asic;
    private String nos;
    private DataSize buffer;
    private DataSize cellSize;
    private double alpha;
    private DataSize reserve;
    private HeadroomPolicy headroom;
    private String qos;
    private Forwarding forwarding;
    private SimTime forwardingLatency;
    private PfcWatchdog watchdog;
    private Convergence convergence;
    private LoadBalancing loadBalancing;

    Draft(SwitchProfile from) {
      name = from.name;
      asic = from.asic;
      nos = from.nos;
      buffer = from.buffer;
      cellSize = from.cellSize;
      alpha = from.alpha;
      reserve = from.reserve;
      headroom = from.headroom;
      qos = from.qos;
      forwarding = from.forwarding;
      forwardingLatency = from.forwardingLatency;
      watchdog = from.watchdog;
      convergence = from.convergence;
      loadBalancing = from.loadBalancing;
    }

    SwitchProfile build() {
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
          loadBalancing);
    }
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
