package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.lab.LabContainers;
import dev.rocelab.lab.LabException;
import dev.rocelab.lab.LabInventory;
import dev.rocelab.lab.LabSsh;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * The launch path of collectives on a real lab in containers: the lab backend logs in to the
 * launcher host over SSH and runs the real Open MPI {@code mpirun} (openmpi-bin) with the lab's
 * host file, which starts ranks on both hosts over SSH. Containers have no GPU and no nccl-tests,
 * and nccl-tests is not faked: the launch path is proven with a harmless real program ({@code sh}
 * printing its host name and NCCL variable), and a collective through the backend is shown to be
 * broken — with mpirun's own message, the launcher host and the command — where the binary is
 * missing.
 */
@Testcontainers(disabledWithoutDocker = true)
class MpirunLaunchPathContainerTest {

  private static LabContainers lab;
  private static FabricSpec fabric;

  @BeforeAll
  static void startLab() throws Exception {
    lab = new LabContainers();
    fabric = lab.fabric("id_rsa");
  }

  @AfterAll
  static void stopLab() throws Exception {
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  void mpirunOverSshStartsAHarmlessProgramOnEveryHostOfTheHostFileWithTheNcclSettings() {
    Map<String, LabSsh> logins = new LinkedHashMap<>();
    LabInventory.of(fabric)
        .orElseThrow()
        .hosts()
        .forEach((name, host) -> logins.put(name, host.ssh()));
    LaunchCommand launch =
        new LaunchCommand(LabInventory.of(fabric).orElseThrow().launcher().orElseThrow());
    CollectiveJob job =
        new CollectiveJob(
            "collective0",
            Scenario.collective(Workload.CollectiveOperation.ALL_REDUCE)
                .size("8MiB")
                .qpsPerConnection(4)
                .algorithm(Workload.Algorithm.RING)
                .workload(),
            2);
    String command =
        launch.command(
            job.ranks(),
            job.environment(),
            "sh -c 'echo rank on $(hostname) QPs $NCCL_IB_QPS_PER_CONNECTION $NCCL_ALGO'");

    CommandResult result;
    try (SshConnections ssh = new SshConnections(logins)) {
      result = ssh.run(launch.host(), command, command, Duration.ofSeconds(60));
    }

    assertThat(result.exitStatus())
        .as("mpirun's exit status; stderr: %s", result.stderr())
        .isZero();
    List<String> lines = result.stdout().lines().sorted().toList();
    String[] containers = {
      lab.host("host1").getContainerInfo().getConfig().getHostName(),
      lab.host("host2").getContainerInfo().getConfig().getHostName()
    };
    assertThat(lines)
        .containsExactlyInAnyOrder(
            "rank on " + containers[0] + " QPs 4 Ring", "rank on " + containers[1] + " QPs 4 Ring");
  }

  @Test
  void aCollectiveOnHostsWithoutNcclTestsIsBrokenWithMpirunsMessageHostAndCommand() {
    try (FabricSession session = FabricBackends.require("lab").open(fabric)) {
      LabException broken =
          catchThrowableOfType(
              LabException.class,
              () ->
                  session.run(
                      Scenario.collective(Workload.CollectiveOperation.ALL_REDUCE)
                          .sizes("8MiB", "64MiB", 2)
                          .named("all-reduce")));

      assertThat(broken).isNotNull();
      assertThat(broken.device()).isEqualTo("host1");
      assertThat(broken.command())
          .isEqualTo(
              "mpirun --hostfile /home/lab/hostfile -np 2"
                  + " -x NCCL_IB_QPS_PER_CONNECTION=1 -x NCCL_IB_SPLIT_DATA_ON_QPS=0"
                  + " all_reduce_perf -b 8388608 -e 67108864 -f 2 -d float -o sum -c 0");
      assertThat(broken.getMessage())
          .startsWith("all_reduce_perf failed after 0 rows (exit ")
          .contains("): mpirun was unable to find the specified executable file");
      assertThat(broken.partialResult())
          .hasValueSatisfying(partial -> assertThat(partial.collectives()).isEmpty());
    }
  }
}
