package dev.rocelab.lab.internal;

import dev.rocelab.api.backend.UnsupportedScenarioException;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.lab.LabInventory;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a scenario's collectives into nccl-tests runs on the lab: one rank per GPU of the lab's
 * hosts (their host profiles' {@code gpus}), the first {@code ranks} of them as the launcher's host
 * file orders them, or all of them for {@code ranks = 0}.
 */
final class CollectivePlanner {

  private CollectivePlanner() {}

  /**
   * Plans a scenario's collectives.
   *
   * @throws UnsupportedScenarioException if the lab has no launcher or too few GPUs, or a
   *     collective is placed on chosen hosts
   */
  static List<CollectiveJob> plan(FabricGraph graph, Scenario scenario) {
    LabInventory lab = LabInventory.of(graph.spec()).orElseThrow();
    List<CollectiveJob> jobs = new ArrayList<>();
    for (Workload workload : scenario.workloads()) {
      if (workload instanceof Workload.Collective collective) {
        if (lab.launcher().isEmpty()) {
          throw new UnsupportedScenarioException(
              "the lab of "
                  + graph.spec().name()
                  + " cannot run "
                  + collective.describe()
                  + ": its inventory has no lab.launcher (mpirun with a host file, or srun)");
        }
        if (!collective.hosts().isEmpty()) {
          throw new UnsupportedScenarioException(
              "the lab of "
                  + graph.spec().name()
                  + " cannot place "
                  + collective.describe()
                  + " on chosen hosts: it runs collectives on its launcher's host file");
        }
        int gpus =
            lab.hosts().keySet().stream().mapToInt(host -> graph.hostProfileOf(host).gpus()).sum();
        int ranks = collective.ranks() == 0 ? gpus : collective.ranks();
        if (ranks > gpus || ranks < 2) {
          throw new UnsupportedScenarioException(
              collective.describe()
                  + " needs "
                  + Math.max(ranks, 2)
                  + " GPUs but the lab hosts of "
                  + graph.spec().name()
                  + " have "
                  + gpus);
        }
        if (collective.operation().rooted() && collective.root() >= ranks) {
          throw new UnsupportedScenarioException(
              "root "
                  + collective.root()
                  + " of "
                  + collective.describe()
                  + " is not one of its "
                  + ranks
                  + " ranks");
        }
        jobs.add(new CollectiveJob("collective" + jobs.size(), collective, ranks));
      }
    }
    return List.copyOf(jobs);
  }
}
