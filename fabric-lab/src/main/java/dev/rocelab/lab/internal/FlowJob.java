package dev.rocelab.lab.internal;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.lab.LabInventory;
import java.util.Optional;

/**
 * One point-to-point flow of a scenario, as the lab runs it: a server on the destination host, a
 * client on the source host.
 *
 * @param id the flow id in the result
 * @param source the sending NIC
 * @param destination the receiving NIC
 * @param priority the priority it travels on (from its DSCP)
 * @param message the size of each message
 * @param messages how many messages
 * @param qps the queue pairs the model spreads each message over; the tool opens as many as it can
 *     ({@link FlowRunner#queuePairs})
 * @param verb the RDMA verb (perftest)
 * @param tool the tool that carries it
 * @param port the TCP port the tool's server listens on
 * @param start when it starts, from the start of the run
 * @param bursts how the sender paces its messages, if it sends in bursts; otherwise as fast as it
 *     can
 */
record FlowJob(
    String id,
    Endpoint source,
    Endpoint destination,
    int priority,
    DataSize message,
    long messages,
    int qps,
    Workload.Verb verb,
    LabInventory.FlowTool tool,
    int port,
    SimTime start,
    Optional<Bursts> bursts) {

  /**
   * Messages sent back to back in bursts, one burst per period: the tool's own pacing on the
   * sending host (perftest's rate limiter, iperf3's pacing timer) keeps the period.
   *
   * @param messages messages per burst
   * @param period from one burst's start to the next
   */
  record Bursts(long messages, SimTime period) {

    /**
     * @param message the size of each message
     * @return the average rate that sends one burst per period, bits per second
     */
    double averageBitsPerSecond(DataSize message) {
      return messages * message.bytes() * 8.0 / (period.picos() / 1e12);
    }
  }

  /** Validates the queue pairs. */
  FlowJob {
    if (qps <= 0) {
      throw new IllegalArgumentException("qps must be > 0 but was " + qps);
    }
  }

  /**
   * @return every byte the flow carries
   */
  DataSize size() {
    return DataSize.bytes(Math.multiplyExact(message.bytes(), messages));
  }
}
