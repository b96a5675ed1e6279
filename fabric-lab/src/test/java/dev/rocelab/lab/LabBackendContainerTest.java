package dev.rocelab.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.analysis.Agreement;
import dev.rocelab.api.analysis.LoadBalance;
import dev.rocelab.api.backend.FabricBackendException;
import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.assertj.FabricAssertions;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * The lab backend against a real lab in containers: real sshd, iperf3, node exporter, Prometheus
 * and Docker networks. There is no RDMA hardware in a container, so flows run on iperf3 (TCP), as a
 * lab without RDMA NICs would declare with {@code flowTool: iperf3}.
 *
 * <p>Skipped, with the reason, where no Docker engine answers; {@code .ci/docker} starts one in CI.
 */
@Testcontainers(disabledWithoutDocker = true)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LabBackendContainerTest {

  /**
   * How much of a flow iperf3 may leave uncounted: the server stops counting when the client's
   * end-of-test message arrives, which can overtake the data still in the client's send buffer and
   * the server's receive buffer (seen: 0.4 and 2.1 MiB short for one flow, 11.4 MiB for two flows
   * crossing). Linux autotunes those buffers up to the maxima of tcp_wmem and tcp_rmem, read from a
   * host container when the lab starts.
   */
  private static DataSize iperf3UncountedTail;

  private static LabContainers lab;
  private static FabricSession session;

  @BeforeAll
  static void startLab() throws Exception {
    lab = new LabContainers();
    session = FabricBackends.require("lab").open(lab.fabric("id_rsa"));
    long buffers = 0;
    for (String sysctl : List.of("tcp_wmem", "tcp_rmem")) {
      String[] minDefaultMax =
          lab.exec("host1", "cat", "/proc/sys/net/ipv4/" + sysctl).strip().split("\\s+");
      buffers += Long.parseLong(minDefaultMax[2]);
    }
    iperf3UncountedTail = DataSize.bytes(buffers);
  }

  @AfterAll
  static void stopLab() throws Exception {
    if (session != null) {
      session.close();
    }
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  @Order(1)
  void baselineFlowIsCarriedAndCountedByTheHostsInterfaces() {
    RunResult run =
        session.run(Scenario.flow("host1:nic0", "host2:nic0").message("256MiB").named("baseline"));

    assertThat(run.backend()).isEqualTo("lab");
    FlowResult flow = run.flows().get(0);
    assertReceivedByIperf3(flow, DataSize.mib(256));
    assertThat(flow.completed()).isTrue();
    assertThat(flow.priority()).as("DSCP 26 of the NIC profile → priority 3 on leaf1").isEqualTo(3);
    assertThat(run.series("throughput"))
        .singleElement()
        .satisfies(s -> assertThat(s.max()).isPositive());
    // the node exporter counted what left host1's data interface: the flow plus TCP/IP headers,
    // less
    // what iperf3 wrote into its socket but never sent once the test ended (seen: 1.1 MB short)
    long least = DataSize.mib(256).bytes() - iperf3UncountedTail.bytes();
    PortStats sent = run.port("host1:nic0").get(0);
    assertThat(sent.txBytes()).isBetween(least, DataSize.mib(256).bytes() * 11 / 10);
    assertThat(run.port("host2:nic0").get(0).rxBytes()).isGreaterThanOrEqualTo(least);
    assertThat(run.series("txBytes")).extracting(TimeSeries::subject).contains("host1:nic0/0");
  }

  @Test
  @Order(2)
  void linkFailureStopsTheFlowWhichResumesOnceTheLinkIsBack() {
    RunResult run =
        session.run(
            Scenario.flow("host1:nic0", "host2:nic0")
                .message("3GiB")
                .with(Fault.linkDown("host2:nic0").at("500ms"), Fault.linkUp("host2:nic0").at("2s"))
                .named("link failure"));

    FlowResult flow = run.flows().get(0);
    assertThat(flow.completed()).isTrue();
    assertReceivedByIperf3(flow, DataSize.gib(3));
    assertThat(run.events())
        .extracting(FabricEvent::kind, FabricEvent::subject)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(FabricEvent.Kind.FAULT, "host2:nic0"),
            org.assertj.core.groups.Tuple.tuple(FabricEvent.Kind.RECOVERY, "host2:nic0"));
    // the server listened before the run's clock started, so the client ran at once and the
    // fault at 500 ms met traffic that had flowed for most of those 500 ms
    assertThat(flow.start()).as("when the client started").isLessThan(SimTime.millis(400));
    TimeSeries throughput = run.series("throughput").get(0);
    long[] bps = throughput.values();
    int beforeTheFault =
        (int)
            ((SimTime.millis(500).picos() - throughput.start().picos())
                / throughput.interval().picos());
    assertThat(Arrays.copyOf(bps, beforeTheFault))
        .as("the 100 ms intervals before the fault at 500 ms")
        .isNotEmpty()
        .doesNotContain(0L);
    assertThat(bps).as("some 100 ms interval carried nothing while the link was down").contains(0L);
    assertThat(bps[bps.length - 1]).as("traffic after recovery").isPositive();
  }

  @Test
  @Order(3)
  void switchCountersAreReadPerPortAndPriorityAsTheirIncreaseOverTheRun() throws Exception {
    // leaf1's stand-in exporter: counters that did not start at zero, so only the increase may
    // count
    String pausesSent = "lab_switch_pfc_tx_frames_total{interface=\"eth1\",priority=\"3\"}";
    // 1 KiB frames (1086 bytes) dropped on eth2 priority 0
    lab.switchCounters(switchCounters(5_000, 4_000, 900, 12, 13_032, 0, 0));
    lab.awaitSwitchCounter(pausesSent, 5_000);

    ScenarioRun running =
        session.start(
            Scenario.flow("host1:nic0", "host2:nic0").message("256MiB").named("switch counters"));
    lab.switchCounters(switchCounters(6_200, 4_350, 1_134, 19, 20_634, 1_572_864, 61_056));
    RunResult run = running.finish();

    PortStats eth1 = queue(run, "leaf1:eth1", 3);
    assertThat(eth1.pausesSent()).isEqualTo(1_200);
    PortStats eth2 = queue(run, "leaf1:eth2", 3);
    assertThat(eth2.pausesReceived()).isEqualTo(350);
    assertThat(eth2.ecnMarks()).isEqualTo(234);
    assertThat(eth2.maxQueue()).as("the deepest buffer use sampled").isEqualTo(DataSize.kib(1_536));
    assertThat(eth1.maxHeadroom())
        .as("the most headroom sampled at the ingress that sent the pauses")
        .isEqualTo(DataSize.bytes(61_056));
    assertThat(eth2.maxHeadroom()).as("no headroom series for eth2").isEqualTo(DataSize.ZERO);
    assertThat(queue(run, "leaf1:eth2", 0).drops()).containsEntry(DropReason.BUFFER_OVERFLOW, 7L);
    assertThat(queue(run, "leaf1:eth2", 0).droppedBytes())
        .contains(Map.of(DropReason.BUFFER_OVERFLOW, 7_602L));
    assertThat(run.port("host1:nic0"))
        .as("the node exporter counts no dropped bytes: unknown, not zero")
        .allSatisfy(p -> assertThat(p.droppedBytes()).isEmpty());
    FabricAssertions.assertThat(run)
        .port("leaf1:eth2")
        .priority(0)
        .lostBytes()
        .isEqualTo(DataSize.bytes(7_602));
    assertThatThrownBy(() -> FabricAssertions.assertThat(run).priority(0).lostBytes().isZero())
        .hasMessageContaining(
            "  actual:     not measured: backend lab did not measure dropped bytes on host1:nic0"
                + " priority 0");
    assertThat(run.series("pfcPausesSent"))
        .filteredOn(s -> s.subject().equals("leaf1:eth1/3"))
        .singleElement()
        .satisfies(
            s ->
                assertThat(LongStream.of(s.values()).sum())
                    .as("pauses sampled over the run")
                    .isEqualTo(1_200));
    assertThat(run.port("host1:nic0")).as("the hosts' own counters still read").isNotEmpty();
  }

  @Test
  @Order(3)
  void fecCountersAreReadPerReceivingPortWithThePreFecBerTheyReveal() throws Exception {
    String corrected = "lab_switch_fec_corrected_codewords_total{interface=\"eth3\"}";
    lab.switchCounters(fecCounters(10_000_000, 1_000, 0));
    lab.awaitSwitchCounter(corrected, 1_000);

    ScenarioRun running =
        session.start(
            Scenario.flow("host1:nic0", "host2:nic0").message("256MiB").named("FEC counters"));
    // a million codewords more, 5,200 of them corrected and 3 beyond correction
    lab.switchCounters(fecCounters(10_994_797, 6_200, 3));
    RunResult run = running.finish();

    assertThat(run.fec())
        .singleElement()
        .isEqualTo(new FecStats(Endpoint.parse("leaf1:eth3"), 5_200, 3, 1_000_000, 5280));
    // 5,203 of 1,000,000 codewords of a 100G link's RS(528,514) errored: 1 − (1 − p)^(1/5280)
    FabricAssertions.assertThat(run).fec("leaf1:eth3").preFecBer().isCloseTo(9.8799e-7, 0.0001e-7);
    assertThat(run.series(FecStats.CORRECTED_SERIES))
        .filteredOn(s -> s.subject().equals("leaf1:eth3"))
        .singleElement()
        .satisfies(
            s ->
                assertThat(LongStream.of(s.values()).sum())
                    .as("corrected codewords sampled over the run")
                    .isEqualTo(5_200));
    // the histogram's three bins, one series each, sampled as one
    assertThat(run.series(FecStats.CODEWORDS_SERIES))
        .filteredOn(s -> s.subject().equals("leaf1:eth3"))
        .singleElement()
        .satisfies(
            s ->
                assertThat(LongStream.of(s.values()).sum())
                    .as("codewords sampled over the run")
                    .isEqualTo(1_000_000));
  }

  @Test
  @Order(3)
  void fecCountersOfAPortWithoutALinkBreakTheRunKeepingWhatElseWasMeasured() throws Exception {
    // leaf1 has four ports: a query that maps a series to eth9 reads the wrong switch or port
    lab.switchCounters(
        "# TYPE lab_switch_fec_corrected_codewords_total counter\n"
            + "lab_switch_fec_corrected_codewords_total{interface=\"eth9\"} 5\n");
    lab.awaitSwitchCounter("lab_switch_fec_corrected_codewords_total{interface=\"eth9\"}", 5);

    LabException broken;
    try {
      broken =
          catchThrowableOfType(
              LabException.class,
              () ->
                  session.run(
                      Scenario.flow("host1:nic0", "host2:nic0")
                          .message("1MiB")
                          .named("stray FEC")));
    } finally {
      // the stray series goes stale with the scrape that no longer has it
      lab.switchCounters(
          "# TYPE lab_switch_fec_corrected_codewords_total counter\n"
              + "lab_switch_fec_corrected_codewords_total{interface=\"eth3\"} 0\n");
      lab.awaitSwitchCounter("lab_switch_fec_corrected_codewords_total{interface=\"eth3\"}", 0);
    }

    assertThat(broken).isNotNull().isInstanceOf(FabricBackendException.class);
    assertThat(broken.getMessage())
        .startsWith("the FEC queries returned a series for leaf1:eth9, which has no link")
        .contains("[device prometheus, command: lab.telemetry.queries]");
    assertThat(broken.partialResult())
        .as("the other counters kept")
        .hasValueSatisfying(
            partial -> {
              assertThat(partial.ports())
                  .extracting(PortStats::port)
                  .contains(new Endpoint("host1", "nic0"));
              assertThat(partial.fec()).isEmpty();
            });
  }

  @Test
  @Order(3)
  void uplinkEgressImbalanceIsReadFromTheSwitchsPortCounters() throws Exception {
    // leaf1's two uplinks, as its stand-in exporter counts them (from non-zero starting values)
    String eth3 = "lab_switch_port_tx_bytes_total{interface=\"eth3\",priority=\"3\"}";
    String eth4 = "lab_switch_port_tx_bytes_total{interface=\"eth4\",priority=\"3\"}";
    lab.switchCounters(uplinkCounters(eth3, 1_000_000, eth4, 5_000_000));
    lab.awaitSwitchCounter(eth4, 5_000_000);

    ScenarioRun running =
        session.start(
            Scenario.flow("host1:nic0", "host2:nic0").message("256MiB").named("uplink counters"));
    // 30 MB and 10 MB more: the busiest uplink sent 1.5 times the mean
    lab.switchCounters(uplinkCounters(eth3, 31_000_000, eth4, 15_000_000));
    RunResult run = running.finish();

    LoadBalance.Group leaf1 = LoadBalance.worst(run, run.fabric()).orElseThrow();
    assertThat(leaf1.device()).isEqualTo("leaf1");
    assertThat(leaf1.egressBytes())
        .containsExactly(
            Map.entry(Endpoint.parse("leaf1:eth3"), 30_000_000L),
            Map.entry(Endpoint.parse("leaf1:eth4"), 10_000_000L));
    assertThat(leaf1.imbalance()).isCloseTo(0.5, within(1e-9));
    assertThat(LoadBalance.windows(run, leaf1).stream().mapToLong(LoadBalance.Window::bytes).sum())
        .as("the per-interval series add up to the counters' increase")
        .isEqualTo(40_000_000L);
    assertThatThrownBy(
            () -> FabricAssertions.assertThat(run).loadBalance().egressImbalance().isLessThan(0.1))
        .hasMessageContaining("  where:      2 uplinks of leaf1\n")
        .hasMessageContaining(
            "0.5 (busiest leaf1:eth3 sent 28.61MiB, idlest leaf1:eth4 9.537MiB, mean 19.07MiB)");
  }

  /**
   * The same flow on the containers and on the model of their fabric file, compared metric by
   * metric: the containers' data path is a Linux bridge, far slower than the 100G links the file
   * declares, so completion times are apart; what the lab does not measure (one-way latency) is
   * listed, not compared.
   */
  @Test
  @Order(3)
  void aLabRunComparedWithItsModelShowsWhereTheFabricFileDoesNotDescribeTheLab() {
    RunResult labRun =
        session.run(Scenario.flow("host1:nic0", "host2:nic0").message("64MiB").named("twin"));
    RunResult modelRun;
    try (FabricSession model = FabricBackends.require("model").open(session.fabric())) {
      modelRun = model.run(labRun.scenario());
    }

    Agreement agreement = Agreement.of(labRun, modelRun);
    System.out.print(agreement.table());
    assertThat(agreement.rows())
        .filteredOn(r -> r.metric() == Agreement.Metric.COMPLETION_TIME)
        .hasSize(2)
        .allSatisfy(
            r -> {
              assertThat(r.compared()).isTrue();
              assertThat(r.agrees()).isFalse();
              assertThat(r.actual().getAsDouble()).isGreaterThan(r.reference().getAsDouble());
            });
    assertThat(agreement.rows())
        .filteredOn(r -> r.metric() == Agreement.Metric.LATENCY)
        .isNotEmpty()
        .allSatisfy(r -> assertThat(r.actual()).isEmpty());
    assertThat(agreement.table()).contains("not measured on lab");
    assertThatThrownBy(() -> FabricAssertions.assertThat(labRun).agreesWith(modelRun))
        .hasMessageStartingWith("agreement with model")
        .hasMessageContaining("completion_time");
  }

  @Test
  @Order(4)
  void aConfigDriftRunsTheLabsCommandWithTheSettingAndValue() throws Exception {
    RunResult run =
        flowWith(
            new Fault.ConfigDrift("leaf1", "loadBalancing", "packet", SimTime.ZERO),
            "config drift");

    assertThat(lab.configDrifts("id_rsa")).containsExactly("leaf1 loadBalancing packet");
    assertOnlyFault(run, "leaf1", "loadBalancing changed to packet (lab command configDrift)");
  }

  @Test
  @Order(4)
  void aPfcStormRunsTheLabsCommandForTheStormingNicWithPriorityAndDuration() throws Exception {
    RunResult run = flowWith(Fault.pfcStorm("host2:nic0", 3, "300us"), "pfc storm");

    assertThat(lab.pfcStorms("host2")).containsExactly("nic0 " + lab.dataAddress(1) + " 3 300");
    assertThat(lab.pfcStorms("host1")).isEmpty();
    assertOnlyFault(run, "host2:nic0", "PFC storm on priority 3 for 300us (lab command pfcStorm)");
  }

  /** A 64 MiB flow from host1 to host2 with a fault at its start. */
  private static RunResult flowWith(Fault fault, String name) {
    return session.run(
        Scenario.flow("host1:nic0", "host2:nic0").message("64MiB").with(fault).named(name));
  }

  private static void assertOnlyFault(RunResult run, String subject, String detail) {
    assertThat(run.events())
        .extracting(FabricEvent::kind, FabricEvent::subject, FabricEvent::detail)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(FabricEvent.Kind.FAULT, subject, detail));
  }

  @Test
  @Order(4)
  void microburstsArePacedBySendersAndAllToAllReachesEveryOtherHost() {
    // 1 MiB every 10 ms: 839 Mb/s on average, where an unpaced iperf3 on a veth carries several
    // Gb/s
    RunResult bursts =
        session.run(
            Scenario.microburst()
                .senders(1)
                .receiver("host1:nic0")
                .burst("1MiB")
                .period("10ms")
                .bursts(100)
                .named("microbursts"));

    FlowResult burst = bursts.flows().get(0);
    assertThat(burst.source()).isEqualTo(new Endpoint("host2", "nic0"));
    assertThat(burst.completed()).isTrue();
    assertReceivedByIperf3(burst, DataSize.mib(100));
    long[] bps = bursts.series("throughput").get(0).values();
    assertThat(LongStream.of(bps).max().orElseThrow())
        .as("no 100 ms interval much above the paced rate")
        .isLessThan(2 * 838_860_800L);

    RunResult allToAll = session.run(Scenario.allToAll().perPair("256MiB").named("all-to-all"));

    assertThat(allToAll.flows())
        .extracting(f -> f.source().device() + "→" + f.destination().device())
        .containsExactlyInAnyOrder("host1→host2", "host2→host1");
    assertThat(allToAll.flows())
        .allSatisfy(
            f -> {
              assertThat(f.completed()).isTrue();
              assertReceivedByIperf3(f, DataSize.mib(256));
            });
  }

  @Test
  @Order(5)
  void garbageOutputIsAnInfrastructureErrorNamingHostAndCommand() throws Exception {
    lab.exec(
        "host1",
        "sh",
        "-c",
        "mv /usr/bin/iperf3 /usr/bin/iperf3.real"
            + " && printf '#!/bin/sh\\necho \"%%%% garbage %%%%\"\\n' > /usr/bin/iperf3 && chmod +x /usr/bin/iperf3");
    try {
      LabException broken =
          catchThrowableOfType(
              LabException.class,
              () ->
                  session.run(
                      Scenario.flow("host1:nic0", "host2:nic0").message("1MiB").named("garbage")));

      assertThat(broken)
          .isNotNull()
          .isInstanceOf(FabricBackendException.class)
          .isNotInstanceOf(AssertionError.class);
      assertThat(broken.device()).isEqualTo("host1");
      assertThat(broken.command()).startsWith("iperf3 -c " + lab.dataAddress(1));
      assertThat(broken.getMessage())
          .startsWith("unparsable iperf3 output (exit 0): iperf3 output is not JSON")
          .contains("[device host1, command: iperf3 -c ");
      assertThat(broken.partialResult())
          .as("telemetry kept")
          .hasValueSatisfying(
              partial ->
                  assertThat(partial.ports())
                      .extracting(PortStats::port)
                      .contains(new Endpoint("host1", "nic0")));
    } finally {
      lab.exec("host1", "mv", "/usr/bin/iperf3.real", "/usr/bin/iperf3");
    }
  }

  @Test
  @Order(6)
  void aMissingToolIsNamedWithItsHost() throws Exception {
    lab.exec("host2", "mv", "/usr/bin/iperf3", "/usr/bin/iperf3.away");
    try {
      assertThatThrownBy(
              () -> session.run(Scenario.flow("host1:nic0", "host2:nic0").message("1MiB")))
          .isInstanceOf(LabException.class)
          .hasMessageStartingWith("iperf3 is not installed on host2 (exit 127: ")
          .hasMessageContaining("[device host2, command: timeout 900 iperf3 -s -1 -p 185");
    } finally {
      lab.exec("host2", "mv", "/usr/bin/iperf3.away", "/usr/bin/iperf3");
    }
  }

  @Test
  @Order(7)
  void aWrongKeyIsAnAuthenticationFailureThatShowsNoKey() {
    LabException broken =
        catchThrowableOfType(
            LabException.class, () -> FabricBackends.require("lab").open(lab.fabric("wrong_rsa")));

    assertThat(broken).isNotNull();
    assertThat(broken.getMessage())
        .isEqualTo(
            "SSH authentication failed for lab@"
                + lab.host("host1").getHost()
                + ":"
                + lab.host("host1").getMappedPort(22)
                + " (the key or agent identity was rejected) [device host1,"
                + " command: (login)]");
    assertThat(broken.getMessage()).doesNotContain(lab.keyFile("wrong_rsa").toString());
  }

  @Test
  @Order(8)
  void aHostStoppedMidRunBreaksTheRunNamingItAndKeepsWhatWasMeasured() {
    Thread stopper =
        new Thread(
            () -> {
              try {
                Thread.sleep(1500);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              lab.host("host1")
                  .getDockerClient()
                  .stopContainerCmd(lab.host("host1").getContainerId())
                  .withTimeout(0)
                  .exec();
            });
    stopper.start();

    LabException broken =
        catchThrowableOfType(
            LabException.class,
            () ->
                session.run(
                    Scenario.flow("host1:nic0", "host2:nic0").message("64GiB").named("host lost")));

    assertThat(broken).isNotNull();
    assertThat(broken.device()).isEqualTo("host1");
    assertThat(broken.getMessage()).startsWith("lost the SSH connection to lab@");
    assertThat(broken.command()).startsWith("iperf3 -c ");
    assertThat(broken.partialResult()).isPresent();
  }

  private static PortStats queue(RunResult run, String port, int priority) {
    return run.port(port).stream()
        .filter(p -> p.priority() == priority)
        .findFirst()
        .orElseThrow(
            () ->
                new AssertionError(
                    "no counters of " + port + " priority " + priority + " in " + run.ports()));
  }

  /**
   * What leaf1's stand-in exporter serves: per-priority counters and a gauge, named as the fabric
   * file's queries expect.
   */
  private static String uplinkCounters(String a, long aBytes, String b, long bBytes) {
    return "# TYPE lab_switch_port_tx_bytes_total counter\n"
        + a
        + " "
        + aBytes
        + "\n"
        + b
        + " "
        + bBytes
        + "\n";
  }

  /**
   * leaf1's FEC counters on eth3, as a switch counts what arrives over its uplink: corrected and
   * uncorrectable codewords, and a histogram of codewords by errored symbols (bin s0 error-free, s1
   * one symbol corrected, s16 beyond correction).
   */
  private static String fecCounters(long errorFree, long corrected, long uncorrectable) {
    return "# TYPE lab_switch_fec_corrected_codewords_total counter\n"
        + "lab_switch_fec_corrected_codewords_total{interface=\"eth3\"} "
        + corrected
        + "\n"
        + "# TYPE lab_switch_fec_uncorrectable_codewords_total counter\n"
        + "lab_switch_fec_uncorrectable_codewords_total{interface=\"eth3\"} "
        + uncorrectable
        + "\n"
        + "# TYPE lab_switch_fec_codeword_errors_total counter\n"
        + "lab_switch_fec_codeword_errors_total{interface=\"eth3\",bin=\"s0\"} "
        + errorFree
        + "\n"
        + "lab_switch_fec_codeword_errors_total{interface=\"eth3\",bin=\"s1\"} "
        + corrected
        + "\n"
        + "lab_switch_fec_codeword_errors_total{interface=\"eth3\",bin=\"s16\"} "
        + uncorrectable
        + "\n";
  }

  private static String switchCounters(
      long pausesSent,
      long pausesReceived,
      long ecnMarks,
      long drops,
      long droppedBytes,
      long bufferUsed,
      long headroomUsed) {
    return "# TYPE lab_switch_pfc_tx_frames_total counter\n"
        + "lab_switch_pfc_tx_frames_total{interface=\"eth1\",priority=\"3\"} "
        + pausesSent
        + "\n"
        + "# TYPE lab_switch_pfc_rx_frames_total counter\n"
        + "lab_switch_pfc_rx_frames_total{interface=\"eth2\",priority=\"3\"} "
        + pausesReceived
        + "\n"
        + "# TYPE lab_switch_ecn_marked_packets_total counter\n"
        + "lab_switch_ecn_marked_packets_total{interface=\"eth2\",priority=\"3\"} "
        + ecnMarks
        + "\n"
        + "# TYPE lab_switch_queue_dropped_packets_total counter\n"
        + "lab_switch_queue_dropped_packets_total{interface=\"eth2\",priority=\"0\"} "
        + drops
        + "\n"
        + "# TYPE lab_switch_queue_dropped_bytes_total counter\n"
        + "lab_switch_queue_dropped_bytes_total{interface=\"eth2\",priority=\"0\"} "
        + droppedBytes
        + "\n"
        + "# TYPE lab_switch_queue_buffer_used_bytes gauge\n"
        + "lab_switch_queue_buffer_used_bytes{interface=\"eth2\",priority=\"3\"} "
        + bufferUsed
        + "\n"
        + "# TYPE lab_switch_pg_headroom_used_bytes gauge\n"
        + "lab_switch_pg_headroom_used_bytes{interface=\"eth1\",priority=\"3\"} "
        + headroomUsed
        + "\n";
  }

  /**
   * What iperf3's server counted: at most one 128 KiB block more than asked for ({@code -n} sends
   * whole blocks), and at most {@link #iperf3UncountedTail} less.
   */
  private static void assertReceivedByIperf3(FlowResult flow, DataSize size) {
    assertThat(flow.delivered().bytes())
        .as("bytes iperf3's server counted")
        .isBetween(size.bytes() - iperf3UncountedTail.bytes(), size.bytes() + 131_072);
  }
}
