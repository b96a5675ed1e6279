package dev.rocelab.lab.internal;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.LabInventory;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;

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
 * @param verb the RDMA verb (perftest)
 * @param tool the tool that carries it
 * @param port the TCP port the tool's server listens on
 * @param start when it starts, from the start of the run
 */
record FlowJob(String id, Endpoint source, Endpoint destination, int priority, DataSize message, long messages,
    Workload.Verb verb, LabInventory.FlowTool tool, int port, SimTime start) {

  /** @return every byte the flow carries */
  DataSize size() {
    return DataSize.bytes(Math.multiplyExact(message.bytes(), messages));
  }
}
