package dev.rocelab.cli;

import static dev.rocelab.cli.CommandRun.REFERENCE;
import static dev.rocelab.cli.CommandRun.rocelab;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rocelab.api.backend.RunProgress;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.SimTime;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Arrays;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** {@code rocelab run}: scenarios from the command line, on the model, end to end. */
class RunCommandTest {

  @Test
  void anIncastPrintsItsSummaryAndExitsZeroWhenLossless() {
    CommandRun run =
        rocelab("run", REFERENCE.toString(), "incast", "--senders", "8", "--message", "1MiB");

    assertThat(run.exitCode()).isEqualTo(Rocelab.VALID);
    assertThat(run.out())
        .startsWith("scenario  incast · incast 8:1 · 1MiB · dscp 26 (seed 1)\n")
        .contains("drops     none\n", "FCT       8 of 8 flows completed")
        .endsWith("verdict   lossless, no deadlock, all work done\n");
  }

  @Test
  void aCollectivePrintsItsNcclTestsTable() {
    CommandRun run =
        rocelab("run", REFERENCE.toString(), "allreduce", "--ranks", "16", "--sizes", "1MiB..4MiB");

    assertThat(run.exitCode()).isEqualTo(Rocelab.VALID);
    assertThat(run.out())
        .contains("# all_reduce · 16 ranks")
        .contains("     1048576        262144     float     sum      -1")
        .contains("     4194304       1048576     float     sum      -1")
        .contains("# Avg bus bandwidth");
    assertThat(run.out().lines().filter(line -> line.startsWith("     1048576")))
        .as("NCCL's choice for 1 MiB on two hosts")
        .singleElement()
        .asString()
        .endsWith("  tree/LL128");
  }

  @Test
  void aCollectiveCanForceNcclsAlgorithmAndProtocolAsTheVariablesDo() {
    CommandRun run =
        rocelab(
            "run",
            REFERENCE.toString(),
            "allreduce",
            "--ranks",
            "16",
            "--sizes",
            "1MiB",
            "--algorithm",
            "Ring",
            "--protocol",
            "simple");

    assertThat(run.exitCode()).isEqualTo(Rocelab.VALID);
    assertThat(run.out())
        .contains("# all_reduce · 16 ranks · ring · SIMPLE")
        .doesNotContain("tree");
    CommandRun wrong = rocelab("run", REFERENCE.toString(), "allreduce", "--algorithm", "collnet");
    assertThat(wrong.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(wrong.err())
        .contains(
            "'collnet' is not an NCCL algorithm; use one of ring, tree, nvls, nvlstree, auto");
    CommandRun noNvswitch =
        rocelab("run", REFERENCE.toString(), "allreduce", "--ranks", "8", "--algorithm", "NVLS");
    assertThat(noNvswitch.exitCode()).isEqualTo(Rocelab.BROKEN);
    assertThat(noNvswitch.err())
        .contains("NVLS needs NVSwitch reduction: give the hosts' profile `nvswitch: true`");
    CommandRun notCollective = rocelab("run", REFERENCE.toString(), "incast", "--protocol", "LL");
    assertThat(notCollective.err()).startsWith("incast does not take --protocol\n");
  }

  /**
   * The misconfigured example validates with five drift findings: a run prints them first and its
   * verdict fails on them, though the incast itself is clean, unless the run is told to allow them.
   */
  @Test
  void aDriftingFabricPrintsItsFindingsFirstAndFailsTheVerdictUnlessAllowed() throws IOException {
    String misconfigured = CommandRun.MISCONFIGURED.toString();
    String[] incast = {"run", misconfigured, "incast", "--senders", "8", "--message", "1MiB"};

    CommandRun run = rocelab(incast);
    assertThat(run.exitCode()).isEqualTo(Rocelab.DRIFT);
    assertThat(run.out())
        .startsWith(misconfigured + ":32:7 switchProfiles.spectrum4.headroom: drift: XOFF 48KiB")
        .contains(
            misconfigured
                + ": not as approved — 5 drift findings; the run's verdict fails on them (exit 3)"
                + " unless --allow-drift\nscenario  incast",
            "drops     none\n")
        .endsWith("verdict   fabric not as approved: 5 drift findings\n");

    CommandRun allowed = rocelab(with(incast, "--allow-drift"));
    assertThat(allowed.exitCode()).isEqualTo(Rocelab.VALID);
    assertThat(allowed.out())
        .contains("5 drift findings; going on, as --allow-drift says\n")
        .endsWith(
            "verdict   fabric not as approved: 5 drift findings (allowed by --allow-drift)\n");

    CommandRun json = rocelab(with(incast, "--json"));
    assertThat(json.exitCode()).isEqualTo(Rocelab.DRIFT);
    JsonNode document = new ObjectMapper().readTree(json.out());
    assertThat(document.path("problems").get(0).asText())
        .isEqualTo("fabric not as approved: 5 drift findings");
    assertThat(document.path("drift")).hasSize(5);
    assertThat(document.path("drift").get(0).asText()).contains("drift: XOFF 48KiB");
  }

  /** The 1 MiB permutation is over at 89.8 µs: a link failure at 2 ms never happens. */
  @Test
  void aFaultTheRunEndsBeforeIsShownAsNeverAppliedAndFailsTheVerdict() {
    CommandRun run =
        rocelab("run", REFERENCE.toString(), "permutation", "--fault", "linkDown:leaf1:eth9@2ms");

    assertThat(run.exitCode()).isEqualTo(Rocelab.LOSSY);
    assertThat(run.out())
        .contains(
            "elapsed   89.83us simulated (COMPLETED)\n"
                + "fault     link down leaf1:eth9 at 2ms never applied: the run ended at"
                + " 89.8348us\n")
        .endsWith(
            "verdict   link down leaf1:eth9 at 2ms never applied: the run ended at 89.8348us\n");
  }

  /** The help states the defaults the scenarios run with: read from the builders, not copied. */
  @Test
  void theHelpStatesEveryDefaultTheScenariosRunWith() {
    String help = rocelab("run", "--help").out().replaceAll("\\s+", " ");
    Workload.Incast incast = (Workload.Incast) Scenario.incast().build().workloads().get(0);
    Workload.Microburst burst =
        (Workload.Microburst) Scenario.microburst().build().workloads().get(0);
    Workload.Permutation permutation =
        (Workload.Permutation) Scenario.permutation().build().workloads().get(0);
    Workload.AllToAll allToAll = (Workload.AllToAll) Scenario.allToAll().build().workloads().get(0);
    Workload.Collective collective =
        (Workload.Collective)
            Scenario.collective(Workload.CollectiveOperation.ALL_REDUCE).build().workloads().get(0);

    assertThat(incast.message()).isEqualTo(permutation.flowSize()).isEqualTo(allToAll.perPair());
    assertThat(incast.receiver()).isEmpty();
    assertThat(collective.sizes().sizes()).hasSize(1);
    assertThat(help)
        .contains(
            "--senders=N incast, microburst: senders (default " + incast.senders() + ")",
            "(default: the fabric's first NIC)",
            "bytes per pair (default " + incast.message() + " each)",
            "bytes per burst (default " + burst.burst() + ")",
            "time between bursts (default " + burst.period() + ")",
            "bursts per sender (default " + burst.bursts() + ")",
            "or one size (default " + collective.sizes().sizes().get(0) + ")",
            "e.g. 20ms (default " + Scenario.DEFAULT_DURATION + ")",
            "(default " + Scenario.DEFAULT_SEED + ")");
    assertThat(burst.senders()).isEqualTo(incast.senders());
  }

  private static String[] with(String[] args, String more) {
    String[] all = Arrays.copyOf(args, args.length + 1);
    all[args.length] = more;
    return all;
  }

  @Test
  void jsonCarriesTheFiguresAndTheProblemsThatSetTheExitCode() throws IOException {
    CommandRun run =
        rocelab(
            "run",
            REFERENCE.toString(),
            "permutation",
            "--message",
            "4MiB",
            "--fault",
            "linkDown:leaf1:eth9@100us",
            "--json");

    // the failed link drops what was on it, lossless or not; those losses are the fault's. But one
    // flow lost its last packets with the link, has nothing behind them to reveal the gap, and
    // waits for its NIC's ack timeout, far beyond the run: unfinished work fails the verdict
    assertThat(run.exitCode()).isEqualTo(Rocelab.LOSSY);
    JsonNode json = new ObjectMapper().readTree(run.out());
    assertThat(json.path("description").asText())
        .isEqualTo("permutation · 4MiB per flow · dscp 26 + link down leaf1:eth9 at 100us");
    assertThat(json.path("flows").path("total").asInt()).isEqualTo(64);
    assertThat(json.path("problems")).hasSize(1);
    assertThat(json.path("problems").get(0).asText())
        .isEqualTo("unfinished: 63 of 64 flows completed in 10ms (duration reached)");
    assertThat(json.path("stop").asText()).isEqualTo("DURATION_REACHED");
    JsonNode fault = json.path("faults").get(0);
    assertThat(fault.path("fault").asText()).isEqualTo("link down leaf1:eth9 at 100us");
    assertThat(fault.path("applied").asBoolean()).isTrue();
    assertThat(fault.path("packetsLost").asLong())
        .isPositive()
        .isEqualTo(json.path("drops").path("lossless").asLong());
    assertThat(fault.path("reconvergedUs").asDouble()).isGreaterThan(100);
    assertThat(fault.path("recovered").asBoolean()).isTrue();
    assertThat(json.path("events")).hasSize(2);
    assertThat(json.path("events").get(1).path("kind").asText()).isEqualTo("RECONVERGENCE");
    assertThat(json.path("cnpsSent").asLong()).isPositive();
    assertThat(json.path("deepestQueue").path("bytes").asLong())
        .isEqualTo(json.path("maxQueueBytes").asLong());
  }

  /**
   * A link failure's own losses are the fault's, not congestion's: the verdict says so, names what
   * the fault lost and how the traffic recovered, and the run passes; text and JSON say the same.
   */
  @Test
  void aLinkFailuresOwnLossesAreReportedApartAndARecoveredRunPasses() throws IOException {
    String[] args = {
      "run",
      REFERENCE.toString(),
      "permutation",
      "--message",
      "16MiB",
      "--fault",
      "linkDown:leaf1:eth9@100us"
    };
    CommandRun run = rocelab(args);

    assertThat(run.exitCode()).as(run.out()).isEqualTo(Rocelab.VALID);
    String effect =
        "link down leaf1:eth9 at 100us: 150 packets lost with it (609.1KiB); routes reconverged at"
            + " 310us; traffic recovered in 10us (throughput at its lowest 100.4% of what the flows"
            + " still running carried before, 14.06Tbps at the fault; recovered means back within"
            + " 10% of it for 3 samples)";
    assertThat(run.out())
        .contains("\nfault     " + effect + "\n")
        .contains(
            "drops     priority 3: 150 packets, 609.1KiB; first at leaf1:eth9 priority 3 at 100us"
                + " (LINK_DOWN)\n")
        .contains(
            "events    2: FAULT leaf1:eth9 at 100us, RECONVERGENCE leaf1:eth9 <-> spine1:eth1 at"
                + " 310us\n")
        .endsWith(
            "verdict   lossless apart from the faults' own losses, no deadlock, all work done —"
                + " link down leaf1:eth9 at 100us: 150 packets lost with it (609.1KiB), traffic"
                + " recovered in 10us (throughput at its lowest 100.4% of what the flows still"
                + " running carried before, 14.06Tbps at the fault; recovered means back within"
                + " 10% of it for 3 samples)\n");

    JsonNode json = new ObjectMapper().readTree(rocelab(with(args, "--json")).out());
    assertThat(json.path("problems")).isEmpty();
    assertThat(json.path("drops").path("lossless").asLong()).isEqualTo(150);
    assertThat(json.path("drops").path("losslessNotExplainedByFaults").asLong()).isZero();
    JsonNode fault = json.path("faults").get(0);
    assertThat(fault.path("packetsLost").asLong()).isEqualTo(150);
    assertThat(fault.path("bytesLost").asLong()).isEqualTo(623_700);
    assertThat(fault.path("reconvergedUs").asDouble()).isEqualTo(310);
    assertThat(fault.path("recoveryUs").asDouble()).isEqualTo(10);
    assertThat(effect).contains(fault.path("recovery").asText());
  }

  @Test
  void jsonCarriesTheFecCountersOfADegradingOptic() throws IOException {
    CommandRun run =
        rocelab(
            "run",
            REFERENCE.toString(),
            "permutation",
            "--message",
            "4MiB",
            "--fault",
            "degradingOptic:leaf1:eth9,from=1e-5,to=1e-5,over=10ms@0us",
            "--json");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(Rocelab.VALID);
    JsonNode fec = new ObjectMapper().readTree(run.out()).path("fec");
    assertThat(fec)
        .extracting(port -> port.path("port").asText())
        .containsExactly("leaf1:eth9", "spine1:eth1");
    for (JsonNode port : fec) {
      assertThat(port.path("correctedCodewords").asLong()).isPositive();
      assertThat(port.path("codewords").asLong())
          .isGreaterThan(port.path("correctedCodewords").asLong());
      assertThat(port.path("preFecBer").asDouble()).isBetween(0.5e-5, 2e-5);
    }
  }

  @Test
  void theSameRunTwiceGivesTheSameDocument() {
    String[] args = {"run", REFERENCE.toString(), "incast", "--senders", "4", "--json"};
    assertThat(rocelab(args).out()).isEqualTo(rocelab(args).out());
  }

  @Test
  void optionsAScenarioDoesNotTakeAreRefusedByName() {
    CommandRun run = rocelab("run", REFERENCE.toString(), "incast", "--bursts", "3");

    assertThat(run.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(run.err()).startsWith("incast does not take --bursts\n");
    CommandRun collective =
        rocelab("run", REFERENCE.toString(), "allreduce", "--dscp", "3", "--senders", "2");
    assertThat(collective.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(collective.err()).startsWith("allreduce does not take --dscp, --senders\n");
  }

  @Test
  void anUnknownScenarioOrAMissingFabricIsNamed() {
    CommandRun unknown = rocelab("run", REFERENCE.toString(), "storm");
    assertThat(unknown.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(unknown.err()).startsWith("no scenario storm; one of incast, microburst");

    CommandRun missing = rocelab("run", "no-such.yaml", "incast");
    assertThat(missing.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(missing.err()).isEqualTo("no such file: no-such.yaml\n");
  }

  @Test
  void aScenarioTheFabricCannotHoldIsAUsageErrorNamingWhatItLacks() {
    CommandRun senders = rocelab("run", REFERENCE.toString(), "incast", "--senders", "100");
    assertThat(senders.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(senders.err())
        .startsWith("the fabric cannot run incast: incast of 100 senders")
        .contains("but the fabric has 63");

    CommandRun receiver =
        rocelab("run", REFERENCE.toString(), "microburst", "--receiver", "host99:nic0");
    assertThat(receiver.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(receiver.err()).contains("host99:nic0").contains("is not a NIC of fabric reference");

    CommandRun port =
        rocelab("run", REFERENCE.toString(), "permutation", "--fault", "linkDown:leaf9:eth1@1ms");
    assertThat(port.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(port.err()).contains("no link at port leaf9:eth1");

    // forced to NVLS or not, a collective of more ranks than GPUs is refused the same way
    for (String algorithm : new String[] {"ring", "nvls"}) {
      CommandRun ranks =
          rocelab(
              "run", REFERENCE.toString(), "allreduce", "--ranks", "65", "--algorithm", algorithm);
      assertThat(ranks.exitCode()).as(algorithm).isEqualTo(Rocelab.USAGE);
      assertThat(ranks.err()).as(algorithm).contains("needs 65 GPUs but fabric reference has 64");
    }
  }

  @Test
  void aBackendThatIsNotThereOrCannotTakeTheFabricIsAUsageError() {
    CommandRun run = rocelab("run", REFERENCE.toString(), "incast", "--backend", "nowhere");
    assertThat(run.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(run.err()).contains("nowhere");

    CommandRun noInventory = rocelab("run", REFERENCE.toString(), "incast", "--backend", "lab");
    assertThat(noInventory.exitCode()).isEqualTo(Rocelab.USAGE);
    assertThat(noInventory.err())
        .startsWith(
            "backend lab cannot run this fabric: fabric reference has no lab inventory: add a lab:"
                + " section");
  }

  @Test
  void faultsAreWrittenKindSubjectOptionsAndTime() {
    assertThat(FaultArgument.parse("linkDown:leaf1:eth9@2ms"))
        .isEqualTo(Fault.linkDown("leaf1:eth9").at("2ms"));
    assertThat(FaultArgument.parse("pfcStorm:host1:nic0,priority=3,duration=100us@20us"))
        .isEqualTo(Fault.pfcStorm("host1:nic0", 3, "100us").at("20us"));
    assertThat(FaultArgument.parse("linkFlap:leaf1:eth9,period=200us,count=3@1ms"))
        .isEqualTo(Fault.linkFlap("leaf1:eth9", "200us", 3).at("1ms"));
    assertThat(FaultArgument.parse("switchReset:spine1,reboot=1ms@500us"))
        .isEqualTo(Fault.switchReset("spine1", "1ms").at("500us"));
    assertThat(FaultArgument.parse("degradingOptic:leaf1:eth9,from=1e-6,to=1e-3,over=5ms@1ms"))
        .isEqualTo(Fault.degradingOptic("leaf1:eth9", 1e-6, 1e-3, "5ms").at("1ms"));
    assertThatThrownBy(() -> FaultArgument.parse("linkFlap:leaf1:eth9,period=200us@1ms"))
        .hasMessageStartingWith("--fault linkFlap:leaf1:eth9,period=200us@1ms: missing count=…");
    assertThatThrownBy(() -> FaultArgument.parse("linkDown:leaf1:eth9,speed=1@1ms"))
        .hasMessageStartingWith("--fault linkDown:leaf1:eth9,speed=1@1ms: no option speed");
    assertThatThrownBy(() -> FaultArgument.parse("linkDown:leaf1:eth9"))
        .hasMessageContaining("expected KIND:SUBJECT[,key=value…]@TIME");
    assertThatThrownBy(() -> FaultArgument.parse("meteor:leaf1@1ms"))
        .hasMessageContaining("no fault kind meteor");
  }

  @Test
  void progressIsABarRedrawnOnATerminalAndALinePerReportInALog() {
    RunProgress progress =
        new RunProgress(
            Scenario.incast().duration("10ms").build(),
            SimTime.parse("5ms"),
            Duration.ofSeconds(3),
            OptionalLong.empty(),
            "3 of 8 flows completed");
    StringWriter log = new StringWriter();
    try (ProgressLine line = new ProgressLine(new PrintWriter(log), false)) {
      line.show(progress);
    }
    assertThat(log.toString())
        .isEqualTo(
            "[rocelab] [############............] incast · 5ms of 10ms simulated (50%) · 3s wall"
                + " · 3 of 8 flows completed"
                + System.lineSeparator());
    StringWriter terminal = new StringWriter();
    try (ProgressLine line = new ProgressLine(new PrintWriter(terminal), true)) {
      line.show(progress);
    }
    assertThat(terminal.toString()).startsWith("\r[############....").endsWith("\r");
  }
}
