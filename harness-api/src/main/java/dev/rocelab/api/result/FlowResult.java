package dev.rocelab.api.result;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What happened to one flow (one connection's messages).
 *
 * @param id a stable identifier, unique in the run
 * @param source the sending NIC
 * @param destination the receiving NIC
 * @param priority the priority it travelled on
 * @param size the bytes it had to deliver
 * @param delivered the bytes delivered in order to the receiver
 * @param start when it started
 * @param completion when its last byte was acknowledged, empty if it did not complete
 * @param retransmissions packets sent again (go-back-N or timeout)
 * @param latency the one-way latency of its packets, NIC to NIC; empty if none arrived or the
 *     backend does not measure it
 * @param outOfOrder data packets that arrived ahead of one the receiver still expected (reordered
 *     or behind a loss), whatever the receiver then did with them (since 0.2)
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record FlowResult(
    String id,
    Endpoint source,
    Endpoint destination,
    int priority,
    DataSize size,
    DataSize delivered,
    SimTime start,
    Optional<SimTime> completion,
    long retransmissions,
    Optional<LatencySummary> latency,
    long outOfOrder) {

  /** Validates the fields. */
  public FlowResult {
    Objects.requireNonNull(id, "id must not be null");
    Objects.requireNonNull(source, "source must not be null");
    Objects.requireNonNull(destination, "destination must not be null");
    Objects.requireNonNull(size, "size must not be null");
    Objects.requireNonNull(delivered, "delivered must not be null");
    Objects.requireNonNull(start, "start must not be null");
    Objects.requireNonNull(completion, "completion must not be null");
    if (retransmissions < 0) {
      throw new IllegalArgumentException("retransmissions must be >= 0 but was " + retransmissions);
    }
    Objects.requireNonNull(latency, "latency must not be null");
    if (outOfOrder < 0) {
      throw new IllegalArgumentException("outOfOrder must be >= 0 but was " + outOfOrder);
    }
  }

  /**
   * A flow whose backend does not count out-of-order arrivals (0).
   *
   * @param id a stable identifier, unique in the run
   * @param source the sending NIC
   * @param destination the receiving NIC
   * @param priority the priority it travelled on
   * @param size the bytes it had to deliver
   * @param delivered the bytes delivered in order to the receiver
   * @param start when it started
   * @param completion when its last byte was acknowledged, empty if it did not complete
   * @param retransmissions packets sent again
   * @param latency the one-way latency of its packets, empty if not measured
   */
  public FlowResult(
      String id,
      Endpoint source,
      Endpoint destination,
      int priority,
      DataSize size,
      DataSize delivered,
      SimTime start,
      Optional<SimTime> completion,
      long retransmissions,
      Optional<LatencySummary> latency) {
    this(
        id,
        source,
        destination,
        priority,
        size,
        delivered,
        start,
        completion,
        retransmissions,
        latency,
        0);
  }

  /**
   * @return whether every byte was delivered
   */
  public boolean completed() {
    return completion.isPresent();
  }

  /**
   * @return completion − start, empty if the flow did not complete
   */
  public Optional<SimTime> completionTime() {
    return completion.map(end -> end.minus(start));
  }

  /**
   * Goodput: delivered bytes over the flow's lifetime.
   *
   * @param runEnd the end of the run, used for flows that did not complete
   * @return the rate, zero for a flow that lasted no time
   */
  public Rate goodput(SimTime runEnd) {
    SimTime end = completion.orElse(runEnd);
    long picos = end.picos() - start.picos();
    if (picos <= 0) {
      return Rate.bps(0);
    }
    return Rate.bps(Math.round(delivered.bytes() * 8.0 * 1e12 / picos));
  }
}
