package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.UnsupportedScenarioException;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.lab.LabInventory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How scenarios become the lab's flows, and the command lines that carry them. */
class FlowPlannerTest {

  @Test
  void aMicroburstIsOnePacedFlowPerSenderWithOneMessagePerBurst() {
    FabricSpec lab = lab("perftest");

    List<FlowJob> jobs =
        FlowPlanner.plan(
            FabricGraph.of(lab),
            Scenario.microburst()
                .senders(2)
                .receiver("host1:nic0")
                .burst("256KiB")
                .period("100us")
                .bursts(10)
                .build(),
            0);

    assertThat(jobs)
        .extracting(FlowJob::source)
        .containsExactly(new Endpoint("host2", "nic0"), new Endpoint("host3", "nic0"));
    FlowJob first = jobs.get(0);
    assertThat(first.message()).isEqualTo(DataSize.kib(256));
    assertThat(first.messages()).isEqualTo(10);
    assertThat(first.bursts()).hasValue(new FlowJob.Bursts(1, SimTime.micros(100)));
    // 256 KiB every 100 us: 20.97152 Gb/s on average, sent back to back by perftest's rate limiter
    assertThat(new FlowRunner(LabInventory.of(lab).orElseThrow(), null).clientCommand(first))
        .isEqualTo(
            "ib_write_bw -p 18515 --report_gbits"
                + " -F -s 262144 -n 10 --burst_size=1 --rate_limit=20.971520 --rate_units=g --rate_limit_type=SW 10.0.0.11");
  }

  @Test
  void aFlowIsCutIntoAtLeastPerftestsFiveMessagesSoThatNoMoreIsSentThanAsked() {
    List<FlowJob> jobs =
        FlowPlanner.plan(
            FabricGraph.of(lab("perftest")),
            Scenario.incast().senders(2).receiver("host1:nic0").message("1MiB").build(),
            0);

    assertThat(jobs)
        .hasSize(2)
        .allSatisfy(
            job -> {
              assertThat(job.message()).isEqualTo(DataSize.kib(128));
              assertThat(job.messages()).isEqualTo(8);
            });
    assertThat(FlowPlanner.messageFor(DataSize.mib(4))).isEqualTo(DataSize.kib(512));
    assertThat(FlowPlanner.messageFor(DataSize.mib(64))).isEqualTo(FlowPlanner.LARGEST_MESSAGE);
    // too small to cut into messages larger than a latency probe's: one message, sent five times
    assertThat(FlowPlanner.messageFor(DataSize.kib(16))).isEqualTo(DataSize.kib(16));
  }

  @Test
  void aPacedFlowIsOneMessagePerPeriod() {
    FlowJob job =
        FlowPlanner.plan(
                FabricGraph.of(lab("perftest")),
                Scenario.flow("host1:nic0", "host2:nic0")
                    .message("64KiB")
                    .messages(1000)
                    .every("50us")
                    .build(),
                0)
            .get(0);

    assertThat(job.messages()).isEqualTo(1000);
    assertThat(job.bursts()).contains(new FlowJob.Bursts(1, SimTime.micros(50)));
    assertThatThrownBy(
            () ->
                FlowPlanner.plan(
                    FabricGraph.of(lab("iperf3")),
                    Scenario.flow("host1:nic0", "host2:nic0").every("1500ns").build(),
                    0))
        .hasMessageContaining("iperf3 paces bursts in whole microseconds");
  }

  @Test
  void aBurstLargerThanAMessageIsSeveralMessagesBackToBack() {
    List<FlowJob> jobs =
        FlowPlanner.plan(
            FabricGraph.of(lab("perftest")),
            Scenario.microburst()
                .senders(1)
                .receiver("host1:nic0")
                .burst("3MiB")
                .period("1ms")
                .bursts(4)
                .build(),
            0);

    assertThat(jobs)
        .singleElement()
        .satisfies(
            job -> {
              assertThat(job.message()).isEqualTo(FlowPlanner.LARGEST_MESSAGE);
              assertThat(job.messages()).isEqualTo(12);
              assertThat(job.bursts()).hasValue(new FlowJob.Bursts(3, SimTime.millis(1)));
            });
  }

  @Test
  void smallBurstsAreNoLatencyProbe() {
    FlowJob job =
        FlowPlanner.plan(
                FabricGraph.of(lab("perftest")),
                Scenario.microburst()
                    .senders(1)
                    .receiver("host1:nic0")
                    .burst("4KiB")
                    .period("10us")
                    .bursts(100)
                    .build(),
                0)
            .get(0);

    assertThat(FlowRunner.latencyProbe(job)).isFalse();
    assertThat(
            new FlowRunner(LabInventory.of(lab("perftest")).orElseThrow(), null).clientCommand(job))
        .startsWith("ib_write_bw ");
  }

  @Test
  void iperf3PacesBurstsWithItsPacingTimer() {
    FabricSpec lab = lab("iperf3");
    FlowJob job =
        FlowPlanner.plan(
                FabricGraph.of(lab),
                Scenario.microburst()
                    .senders(1)
                    .receiver("host1:nic0")
                    .burst("256KiB")
                    .period("100us")
                    .bursts(10)
                    .build(),
                0)
            .get(0);

    assertThat(new FlowRunner(LabInventory.of(lab).orElseThrow(), null).clientCommand(job))
        .isEqualTo(
            "iperf3 -c 10.0.0.11 -p 18515 -J -i 0.1"
                + " -n 2621440 -l 262144 -b 20971520000/1 --pacing-timer 100");
  }

  @Test
  void iperf3CannotPaceAPeriodOfAFractionOfAMicrosecond() {
    assertThatThrownBy(
            () ->
                FlowPlanner.plan(
                    FabricGraph.of(lab("iperf3")),
                    Scenario.microburst()
                        .senders(1)
                        .receiver("host1:nic0")
                        .burst("4KiB")
                        .period("1500ns")
                        .bursts(10)
                        .build(),
                    0))
        .isInstanceOf(UnsupportedScenarioException.class)
        .hasMessage("iperf3 paces bursts in whole microseconds; a period of 1.5us is not one");
  }

  @Test
  void allToAllSendsFromEveryNicToEveryNicOfAnotherHost() {
    List<FlowJob> jobs =
        FlowPlanner.plan(
            FabricGraph.of(lab("perftest")), Scenario.allToAll().perPair("2MiB").build(), 0);

    assertThat(jobs)
        .hasSize(6)
        .allSatisfy(
            job -> {
              assertThat(job.source().device()).isNotEqualTo(job.destination().device());
              assertThat(job.size()).isEqualTo(DataSize.mib(2));
              assertThat(job.bursts()).isEmpty();
            });
    assertThat(jobs).extracting(FlowJob::port).doesNotHaveDuplicates();
  }

  @Test
  void moreSendersThanTheLabHasIsUnsupported() {
    assertThatThrownBy(
            () ->
                FlowPlanner.plan(
                    FabricGraph.of(lab("perftest")),
                    Scenario.microburst().senders(3).receiver("host1:nic0").build(),
                    0))
        .isInstanceOf(UnsupportedScenarioException.class)
        .hasMessage(
            "a microburst of 3 senders needs as many lab NICs other than host1:nic0; the lab has 2");
  }

  @Test
  void eachFlowOpensAsManyQueuePairsAsTheModelsAndPerftestSpreadsEveryMessageOverThem() {
    FabricSpec lab = lab("perftest", 1, false, 2);
    FabricGraph graph = FabricGraph.of(lab);
    Scenario scenario =
        Scenario.of(
            "queue pairs",
            Scenario.incast().senders(1).receiver("host1:nic0").message("1MiB").workload(),
            Scenario.flow("host1:nic0", "host2:nic0")
                .message("64KiB")
                .messages(16)
                .qps(4)
                .workload(),
            Scenario.permutation().flowSize("1MiB").qps(3).workload(),
            Scenario.allToAll().perPair("1MiB").workload(),
            Scenario.microburst()
                .senders(1)
                .receiver("host1:nic0")
                .burst("256KiB")
                .period("100us")
                .bursts(10)
                .workload());

    List<FlowJob> jobs = FlowPlanner.plan(graph, scenario, 0);

    // qpsPerConnection 2 where the workload does not say
    assertThat(jobs).extracting(FlowJob::qps).containsExactly(2, 4, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2);
    FlowRunner runner = new FlowRunner(LabInventory.of(lab).orElseThrow(), null);
    // an incast's 1 MiB as 8 messages of 128 KiB, each as 64 KiB on each of two queue pairs
    assertThat(runner.clientCommand(jobs.get(0)))
        .isEqualTo("ib_write_bw -p 18515 --report_gbits -q 2 -F -s 65536 -n 8 10.0.0.11");
    assertThat(runner.serverCommand(jobs.get(0)))
        .isEqualTo("timeout 900 ib_write_bw -p 18515 --report_gbits -q 2 -F -s 65536 -n 8");
    // each queue pair paces its own half of every burst: 10.48576 Gb/s each
    assertThat(runner.clientCommand(jobs.get(jobs.size() - 1)))
        .contains(" -q 2 -F -s 131072 -n 10 --burst_size=1 --rate_limit=10.485760 ");
    // perftest's latency test has one queue pair, whatever the flow's
    FlowJob probe =
        FlowPlanner.plan(
                graph,
                Scenario.flow("host1:nic0", "host2:nic0")
                    .message("64B")
                    .messages(100)
                    .qps(2)
                    .build(),
                0)
            .get(0);
    assertThat(probe.qps()).isEqualTo(2);
    assertThat(FlowRunner.queuePairs(probe)).isEqualTo(1);
    assertThat(runner.clientCommand(probe)).startsWith("ib_write_lat ").doesNotContain(" -q ");
    // iperf3 runs one TCP stream
    assertThat(FlowPlanner.plan(FabricGraph.of(lab("iperf3", 1, false, 2)), scenario, 0))
        .extracting(FlowRunner::queuePairs)
        .containsOnly(1);
  }

  @Test
  void anIncastOnMultiNicHostsSendsFromTheNicsTheModelPicks() {
    FabricGraph lab = FabricGraph.of(lab("perftest", 2));

    List<FlowJob> jobs =
        FlowPlanner.plan(
            lab, Scenario.incast().senders(5).receiver("host1:nic0").message("1MiB").build(), 0);

    // the receiver's rail on every other host first, round-robin, then the other rail, then the
    // receiver's own host
    assertThat(jobs)
        .extracting(FlowJob::source)
        .containsExactly(
            Endpoint.parse("host2:nic0"),
            Endpoint.parse("host3:nic0"),
            Endpoint.parse("host2:nic1"),
            Endpoint.parse("host3:nic1"),
            Endpoint.parse("host1:nic1"));
  }

  @Test
  void permutationsIncastsAndAllToAllPairTheSameNicsOnTheLabAsOnTheModel() {
    // the inventory lists the hosts in reverse: the fabric's order still rules
    FabricSpec spec = lab("perftest", 2, true);
    for (long seed = 1; seed <= 5; seed++) {
      Scenario scenario =
          Scenario.of(
                  "pairs",
                  Scenario.permutation().flowSize("2MiB").workload(),
                  Scenario.permutation().flowSize("1MiB").workload(),
                  Scenario.incast().senders(5).receiver("host2:nic1").message("1MiB").workload(),
                  Scenario.incast().senders(2).message("1MiB").workload(),
                  Scenario.allToAll().perPair("256KiB").workload())
              .withSeed(seed);

      List<List<Endpoint>> lab =
          FlowPlanner.plan(FabricGraph.of(spec), scenario, 0).stream()
              .map(job -> List.of(job.source(), job.destination()))
              .toList();

      try (FabricSession model = FabricBackends.require("model").open(spec)) {
        assertThat(lab)
            .as("seed %d", seed)
            .isEqualTo(
                model.run(scenario).flows().stream()
                    .map(f -> List.of(f.source(), f.destination()))
                    .toList());
      }
    }
  }

  private static FabricSpec lab(String flowTool) {
    return lab(flowTool, 1, false);
  }

  private static FabricSpec lab(String flowTool, int nicsPerHost) {
    return lab(flowTool, nicsPerHost, false);
  }

  private static FabricSpec lab(String flowTool, int nicsPerHost, boolean reversedInventory) {
    return lab(flowTool, nicsPerHost, reversedInventory, 1);
  }

  /**
   * Three hosts behind one switch, listed in the lab inventory in the fabric's order or in reverse;
   * nothing is contacted while planning.
   */
  private static FabricSpec lab(
      String flowTool, int nicsPerHost, boolean reversedInventory, int qpsPerConnection) {
    StringBuilder links = new StringBuilder();
    for (int i = 1; i <= 3; i++) {
      for (int n = 0; n < nicsPerHost; n++) {
        links
            .append("            - {a: leaf1:eth")
            .append((i - 1) * nicsPerHost + n + 1)
            .append(", b: host")
            .append(i)
            .append(":nic")
            .append(n)
            .append(", speed: 100Gbps, length: 2m}\n");
      }
    }
    StringBuilder hosts = new StringBuilder();
    for (int k = 1; k <= 3; k++) {
      int i = reversedInventory ? 4 - k : k;
      StringBuilder nics = new StringBuilder();
      for (int n = 0; n < nicsPerHost; n++) {
        nics.append(n == 0 ? "" : ", ")
            .append("nic")
            .append(n)
            .append(": {address: 10.0.")
            .append(n)
            .append('.')
            .append(10 + i)
            .append('}');
      }
      hosts
          .append("    host")
          .append(i)
          .append(": {address: 192.0.2.")
          .append(i)
          .append(", user: lab,")
          .append(" identityFile: /nonexistent/id_rsa, nics: {")
          .append(nics)
          .append("}}\n");
    }
    return FabricFiles.load(
        """
        name: planner-lab
        topology:
          kind: graph
          switches: [{name: leaf1, profile: switch, ports: %d}]
          hosts: [{name: host1, profile: server}, {name: host2, profile: server}, {name: host3, profile: server}]
          links:
        %s
        switchProfiles:
          switch: {asic: Spectrum-3, nos: SONiC.202405.1, buffer: 64MiB, cellSize: 144B, alpha: 0.125}
        nicProfiles:
          cx6: {speed: 100Gbps, firmware: 22.39.1002, roce: {dscp: 26, priority: 3}, pfcPriorities: [3], qpsPerConnection: %d}
        hostProfiles:
          server: {gpus: %d, nics: %d, nicProfile: cx6}
        qos:
          lossless: {dscpToPriority: {26: 3}, losslessPriorities: [3]}
        lab:
          flowTool: %s
          hosts:
        %s"""
            .formatted(
                3 * nicsPerHost,
                links,
                qpsPerConnection,
                nicsPerHost,
                nicsPerHost,
                flowTool,
                hosts),
        "planner-lab.yaml");
  }
}
