package dev.rocelab.model.internal.traffic;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.scenario.Workload;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One connection the simulator runs: messages from one NIC to another, with every choice a workload
 * leaves open already resolved (endpoints, DSCP, queue pairs, timing). Message {@code i} (0-based)
 * is posted at {@code startPs + i × periodPs}; with {@code periodPs = 0} all messages are posted at
 * the start and go back to back. A connection of a collective has no scheduled messages ({@code
 * messageBytes} and {@code messages} 0): the collective posts them while it runs.
 *
 * @param id the position in the plan, 0..n−1
 * @param name a readable id, stable for the same scenario and fabric, e.g. {@code incast#0
 *     host2:nic0→host1:nic0}
 * @param source the sending NIC, never null
 * @param destination the receiving NIC, never null and not the source
 * @param messageBytes the size of each message in bytes, &gt; 0 (0 for {@linkplain #posted()
 *     posted})
 * @param messages how many messages, &gt; 0 (0 for {@linkplain #posted() posted})
 * @param qps queue pairs the messages are spread over, &gt; 0
 * @param dscp the DSCP the packets carry, 0..63
 * @param startPs when the first message is posted, in picoseconds, &ge; 0
 * @param periodPs the time between message posts in picoseconds, &ge; 0 (0: back to back)
 * @param verb the RDMA operation, never null
 * @param background whether the flow is lossy background traffic (the lossy part of a {@link
 *     Workload.MixedTraffic})
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public record FlowSpec(
    int id,
    String name,
    Endpoint source,
    Endpoint destination,
    long messageBytes,
    int messages,
    int qps,
    int dscp,
    long startPs,
    long periodPs,
    Workload.Verb verb,
    boolean background) {

  /** Validates every field. */
  public FlowSpec {
    if (id < 0) {
      throw new IllegalArgumentException("id must be >= 0 but was " + id);
    }
    Objects.requireNonNull(name, "name must not be null");
    if (name.isBlank()) {
      throw new IllegalArgumentException("name must not be blank");
    }
    Objects.requireNonNull(source, "source must not be null");
    Objects.requireNonNull(destination, "destination must not be null");
    if (source.equals(destination)) {
      throw new IllegalArgumentException(
          "source and destination must differ but both are " + source);
    }
    boolean posted = messageBytes == 0 && messages == 0;
    if (messageBytes <= 0 && !posted) {
      throw new IllegalArgumentException("messageBytes must be > 0 but was " + messageBytes);
    }
    if (messages <= 0 && !posted) {
      throw new IllegalArgumentException("messages must be > 0 but was " + messages);
    }
    if (qps <= 0) {
      throw new IllegalArgumentException("qps must be > 0 but was " + qps);
    }
    if (dscp < 0 || dscp > 63) {
      throw new IllegalArgumentException("dscp must be a DSCP 0..63 but was " + dscp);
    }
    if (startPs < 0) {
      throw new IllegalArgumentException("startPs must be >= 0 but was " + startPs);
    }
    if (periodPs < 0) {
      throw new IllegalArgumentException("periodPs must be >= 0 but was " + periodPs);
    }
    Objects.requireNonNull(verb, "verb must not be null");
  }

  /**
   * @return whether its messages are posted at run time (a collective's connection) rather than
   *     scheduled
   */
  public boolean posted() {
    return messages == 0;
  }

  /**
   * When a message is posted.
   *
   * @param index the message, 0..messages−1
   * @return its post time in picoseconds
   */
  public long postPs(int index) {
    if (index < 0 || index >= messages) {
      throw new IndexOutOfBoundsException("message " + index + " of " + messages + " in " + name);
    }
    return Math.addExact(startPs, Math.multiplyExact(index, periodPs));
  }

  /**
   * @return the bytes of all messages together
   */
  public long totalBytes() {
    return Math.multiplyExact(messageBytes, (long) messages);
  }
}
