package dev.rocelab.model.internal.collective;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.model.internal.net.Network;
import dev.rocelab.model.internal.traffic.FlowSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * A collective's network connections, planned before the network is built: one flow per connection
 * of every algorithm its sweep runs with (NCCL sets up a ring's and a tree's connections alike),
 * with the collective's queue pairs per connection and no scheduled messages.
 *
 * @param collective the collective
 * @param layout where its ranks sit
 * @param flowOf the flow id of each connection, in the order of the collective's streams
 */
public record CollectiveConnections(
    Workload.Collective collective, CollectiveLayout layout, Map<Connection, Integer> flowOf) {

  /**
   * Lays out the collective and appends a flow per connection.
   *
   * @param collective the collective
   * @param index its workload's index in the scenario, for flow names
   * @param graph the fabric
   * @param flows the flows so far; the connections' flows are appended
   * @return the connections
   */
  public static CollectiveConnections plan(
      Workload.Collective collective, int index, FabricGraph graph, List<FlowSpec> flows) {
    CollectiveLayout layout = CollectiveLayout.of(graph, collective);
    return plan(
        collective,
        layout,
        new ArrayList<>(new LinkedHashSet<>(SweepTable.runs(collective, layout))),
        "collective#" + index,
        graph,
        flows);
  }

  /**
   * Appends a flow per connection of every run given.
   *
   * @param collective the collective (its queue pairs per connection and start time apply)
   * @param layout where its ranks sit
   * @param runs the collectives it runs as, algorithm and protocol resolved
   * @param name the flows' name prefix, e.g. {@code collective#2}
   * @param graph the fabric
   * @param flows the flows so far; the connections' flows are appended
   * @return the connections
   */
  public static CollectiveConnections plan(
      Workload.Collective collective,
      CollectiveLayout layout,
      List<Workload.Collective> runs,
      String name,
      FabricGraph graph,
      List<FlowSpec> flows) {
    Map<Connection, Integer> flowOf = new LinkedHashMap<>();
    List<Edge> edges = new ArrayList<>();
    for (Workload.Collective run : runs) {
      edges.addAll(Algorithms.edges(run, layout, 0));
    }
    for (Edge edge : edges) {
      Connection c = edge.connection();
      if (c == null || flowOf.containsKey(c)) {
        continue;
      }
      int id = flows.size();
      flows.add(
          new FlowSpec(
              id,
              name + " ch" + c.channel() + " " + c.source() + "→" + c.destination(),
              c.source(),
              c.destination(),
              0,
              0,
              collective.qpsPerConnection(),
              graph.nicProfileOf(c.source()).roce().dscp(),
              collective.start().picos(),
              0,
              Workload.Verb.WRITE,
              false));
      flowOf.put(c, id);
    }
    return new CollectiveConnections(collective, layout, flowOf);
  }

  /**
   * @param net the network built with these connections' flows
   * @return the queue pair ids of each connection, in connection order
   */
  public Map<Connection, int[]> queuePairs(Network net) {
    Map<Integer, List<Integer>> byFlow = new HashMap<>();
    for (int qp = 0; qp < net.queuePairCount(); qp++) {
      byFlow.computeIfAbsent(net.flowOf(qp), f -> new ArrayList<>()).add(qp);
    }
    Map<Connection, int[]> out = new LinkedHashMap<>();
    flowOf.forEach(
        (c, flow) -> out.put(c, byFlow.get(flow).stream().mapToInt(Integer::intValue).toArray()));
    return out;
  }
}
