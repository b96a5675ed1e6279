package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.scenario.DataType;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.lab.LabLauncher;
import org.junit.jupiter.api.Test;

/**
 * The nccl-tests command lines the lab backend launches, built from the workload and the lab's
 * launcher.
 */
class CollectiveCommandTest {

  private static final LaunchCommand MPIRUN =
      new LaunchCommand(
          new LabLauncher(
              LabLauncher.Kind.MPIRUN,
              "host1",
              "/etc/rocelab/hosts",
              "--mca btl_tcp_if_include eth0"));
  private static final LaunchCommand SRUN =
      new LaunchCommand(new LabLauncher(LabLauncher.Kind.SRUN, "login1", "", ""));

  @Test
  void allReduceSweepRunsThroughMpirunWithTheHostFileAndNcclSettingsOnEveryRank() {
    Workload.Collective allReduce =
        Scenario.collective(Workload.CollectiveOperation.ALL_REDUCE)
            .sizes("8MiB", "1GiB", 2)
            .qpsPerConnection(4)
            .workload();

    String command =
        MPIRUN.command(
            16,
            new CollectiveJob("collective0", allReduce, 16).environment(),
            new CollectiveJob("collective0", allReduce, 16).program());

    assertThat(command)
        .isEqualTo(
            "mpirun --hostfile /etc/rocelab/hosts -np 16 --mca btl_tcp_if_include eth0"
                + " -x NCCL_IB_QPS_PER_CONNECTION=4 -x NCCL_IB_SPLIT_DATA_ON_QPS=0"
                + " all_reduce_perf -b 8388608 -e 1073741824 -f 2 -d float -o sum -c 0");
    assertThat(new CollectiveJob("collective0", allReduce, 16).environment())
        .as("NCCL chooses the algorithm and protocol: neither variable set")
        .doesNotContainKeys("NCCL_ALGO", "NCCL_PROTO");
  }

  @Test
  void rootedBroadcastNamesItsRootAndNoReduction() {
    Workload.Collective broadcast =
        Scenario.collective(Workload.CollectiveOperation.BROADCAST)
            .size("64MiB")
            .dataType(DataType.BFLOAT16)
            .root(3)
            .channels(8)
            .algorithm(Workload.Algorithm.RING)
            .protocol(Workload.Protocol.LL128)
            .workload();

    CollectiveJob job = new CollectiveJob("collective0", broadcast, 8);

    assertThat(job.program())
        .isEqualTo("broadcast_perf -b 67108864 -e 67108864 -f 2 -d bfloat16 -r 3 -c 0");
    assertThat(job.environment())
        .containsExactly(
            org.assertj.core.api.Assertions.entry("NCCL_IB_QPS_PER_CONNECTION", "1"),
            org.assertj.core.api.Assertions.entry("NCCL_IB_SPLIT_DATA_ON_QPS", "0"),
            org.assertj.core.api.Assertions.entry("NCCL_ALGO", "Ring"),
            org.assertj.core.api.Assertions.entry("NCCL_PROTO", "LL128"),
            org.assertj.core.api.Assertions.entry("NCCL_MIN_NCHANNELS", "8"),
            org.assertj.core.api.Assertions.entry("NCCL_MAX_NCHANNELS", "8"));
  }

  @Test
  void nvlsAlgorithmsTakeTheNamesNcclAlgoKnows() {
    for (Workload.Algorithm algorithm :
        new Workload.Algorithm[] {Workload.Algorithm.NVLS, Workload.Algorithm.NVLS_TREE}) {
      Workload.Collective allReduce =
          Scenario.collective(Workload.CollectiveOperation.ALL_REDUCE)
              .algorithm(algorithm)
              .workload();

      assertThat(new CollectiveJob("collective0", allReduce, 16).environment())
          .containsEntry("NCCL_ALGO", algorithm == Workload.Algorithm.NVLS ? "NVLS" : "NVLSTree");
    }
  }

  @Test
  void allToAllUnderSlurmExportsTheNcclSettingsThroughSrun() {
    Workload.Collective allToAll =
        Scenario.collective(Workload.CollectiveOperation.ALL_TO_ALL)
            .sizes("1MiB", "4MiB", 2)
            .qpsPerConnection(2)
            .splitDataOnQps(true)
            .workload();
    CollectiveJob job = new CollectiveJob("collective0", allToAll, 4);

    assertThat(SRUN.command(job.ranks(), job.environment(), job.program()))
        .isEqualTo(
            "srun --ntasks=4 --export=ALL,NCCL_IB_QPS_PER_CONNECTION=2,NCCL_IB_SPLIT_DATA_ON_QPS=1"
                + " alltoall_perf -b 1048576 -e 4194304 -f 2 -d float -c 0");
    assertThat(SRUN.host()).isEqualTo("login1");
    assertThat(SRUN.program()).isEqualTo("srun");
  }
}
