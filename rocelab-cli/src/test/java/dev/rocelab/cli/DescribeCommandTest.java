package dev.rocelab.cli;

import static dev.rocelab.cli.CommandRun.REFERENCE;
import static dev.rocelab.cli.CommandRun.referenceVariant;
import static dev.rocelab.cli.CommandRun.rocelab;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DescribeCommandTest {

  @TempDir Path dir;

  /**
   * The reference fabric: 8 hosts × 8 × 400G NICs on 8 rail leaves (3 m), 4 spines with 2 × 400G
   * uplinks from every leaf (30 m), one switch profile (160 MiB, 144 B cells, 4 KiB reserve).
   */
  @Nested
  class ReferenceFabricAsText {

    private final CommandRun run = rocelab("describe", REFERENCE.toString());

    @Test
    void succeedsQuietly() {
      assertThat(run.exitCode()).isEqualTo(Rocelab.VALID);
      assertThat(run.err()).isEmpty();
      assertThat(run.outLines()).first().isEqualTo("Fabric reference");
    }

    @Test
    void countsTheInventory() {
      assertThat(run.outLines())
          .containsSubsequence(
              "Inventory",
              "  hosts              8",
              "  GPUs               64",
              "  NICs               64",
              "  switches           12 (8 leaves, 4 spines)",
              "  links              128 (64 hosts to leaves, 64 leaves to spines)");
    }

    @Test
    void derivesBisectionAndOversubscription() {
      // 64 × 400G = 25.6T on each boundary; bisection = 25.6T / 2
      assertThat(run.outLines())
          .containsSubsequence(
              "Bandwidth",
              "  NIC total          25.6Tbps",
              "  tier cuts          hosts to leaves 25.6Tbps, leaves to spines 25.6Tbps",
              "  bisection          12.8Tbps (half the narrowest tier cut)",
              "  oversubscription   leaves 1:1 (25.6Tbps down, 25.6Tbps up)");
    }

    @Test
    void derivesHeadroomPerSpeedAndCable() {
      // host ports: 8 leaves × 8; 30 m ports: 8 leaves × 8 uplinks + 4 spines × 16 downlinks
      assertThat(run.outLines())
          .containsSubsequence(
              "Headroom per lossless priority group",
              "  switch profile  speed    cable  ports  XOFF    needs   XON    XOFF+XON",
              "  spectrum4       400Gbps  3m     64     157KiB  157KiB  18KiB  175KiB",
              "  spectrum4       400Gbps  30m    128    187KiB  187KiB  18KiB  205KiB");
    }

    @Test
    void reportsTheBufferOfTheWorstSwitch() {
      // a spine: 16 × 205 KiB headroom, 16 ports × 8 priorities × 4 KiB reserve; 163840 − 3280 −
      // 512 KiB left
      assertThat(run.outLines())
          .containsSubsequence(
              "Buffer per switch profile (at its worst switch)",
              "  switch profile  switches  worst   buffer  headroom  reserve  left to share",
              "  spectrum4       12        spine1  160MiB  3280KiB   512KiB   160048KiB (97.7%)");
    }

    @Test
    void summarisesQosAndNics() {
      assertThat(run.outLines())
          .containsSubsequence(
              "QoS policy rdma-lossless (12 switches)",
              "  DSCP to priority   0→0, 26→3, 48→6 (others → 0)",
              "  lossless           priority 3, PFC on priority 3, XON offset 18KiB",
              "  ECN                priority 3: Kmin 150KB, Kmax 1500KB, Pmax 1",
              "  scheduler          strict 6; DWRR 0:1, 3:4",
              "  MTU                9100B",
              "",
              "NIC profile cx7 (64 NICs)",
              "  speed              400Gbps",
              "  RoCE               DSCP 26, priority 3",
              "  CNP                DSCP 48, priority 6");
    }

    @Test
    void comparesFirmwareWithTheApprovedVersions() {
      assertThat(run.outLines())
          .containsSubsequence(
              "Firmware",
              "  NIC firmware       28.39.1002 on 64 NICs (approved)",
              "  switch NOS         SONiC.202405.1 on 12 switches (approved)",
              "  approved NIC       28.39.1002",
              "  approved NOS       SONiC.202405.1",
              "",
              "Drift",
              "  none");
      assertThat(run.outLines()).last().isEqualTo("  none");
    }
  }

  @Test
  void driftAndUnapprovedFirmwareAreShown() throws IOException {
    Path drifted =
        referenceVariant(dir, "drifted.yaml", "firmware: 28.39.1002", "firmware: 28.39.1000");

    CommandRun run = rocelab("describe", drifted.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.VALID);
    assertThat(run.outLines())
        .contains("  NIC firmware       28.39.1000 on 64 NICs (NOT APPROVED)");
    assertThat(run.outLines())
        .last()
        .asString()
        .startsWith(
            "  " + drifted + ":40:15 nicProfiles.cx7.firmware: drift: NIC firmware 28.39.1000");
  }

  @Test
  void headroomShortOfWhatTheCablesNeedIsMarked() throws IOException {
    // the misconfigured example fixes XOFF at 48 KiB; its 400G ports need 157 KiB over 3 m, 187 KiB
    // over 30 m
    String misconfigured = CommandRun.MISCONFIGURED.toString();

    CommandRun text = rocelab("describe", misconfigured);
    CommandRun json = rocelab("describe", "--json", misconfigured);

    assertThat(text.outLines())
        .containsSubsequence(
            "  switch profile  speed    cable  ports  XOFF   needs           XON  XOFF+XON",
            "  spectrum4       400Gbps  3m     64     48KiB  157KiB (short)  0B   48KiB",
            "  spectrum4       400Gbps  30m    128    48KiB  187KiB (short)  0B   48KiB");
    JsonNode headroom = new ObjectMapper().readTree(json.out()).get("headroom");
    assertThat(headroom.findValuesAsText("xoffBytes")).containsOnly(String.valueOf(48 * 1024));
    assertThat(headroom.findValuesAsText("xoffNeededBytes"))
        .containsExactly(String.valueOf(157 * 1024), String.valueOf(187 * 1024));
  }

  @Test
  void referenceFabricAsJsonCarriesTheNumbersInBaseUnits() throws IOException {
    CommandRun run = rocelab("describe", "--json", REFERENCE.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.VALID);
    JsonNode json = new ObjectMapper().readTree(run.out());
    assertThat(json.get("valid").asBoolean()).isTrue();
    assertThat(json.get("topology").asText()).isEqualTo("rail-optimized");
    assertThat(json.get("gpus").asInt()).isEqualTo(64);
    assertThat(json.at("/switches/total").asInt()).isEqualTo(12);
    assertThat(json.at("/links/total").asInt()).isEqualTo(128);
    assertThat(json.get("nicBandwidthBps").asLong()).isEqualTo(25_600_000_000_000L);
    assertThat(json.get("bisectionBps").asLong()).isEqualTo(12_800_000_000_000L);
    assertThat(json.at("/oversubscription/0/ratio").asDouble()).isEqualTo(1.0);
    assertThat(json.at("/headroom/0/xoffBytes").asLong()).isEqualTo(157 * 1024);
    assertThat(json.at("/headroom/1/xoffBytes").asLong()).isEqualTo(187 * 1024);
    assertThat(json.at("/headroom/1/xonBytes").asLong()).isEqualTo(18 * 1024);
    assertThat(json.at("/buffers/0/worstSwitch").asText()).isEqualTo("spine1");
    assertThat(json.at("/buffers/0/sharedBytes").asLong()).isEqualTo(160_048 * 1024L);
    assertThat(json.at("/firmware/nic/0/approved").asBoolean()).isTrue();
    assertThat(json.get("drift")).isEmpty();
  }

  @Test
  void theEffectiveConfigurationIsAFabricFileThatValidatesLikeTheOriginal() throws IOException {
    String misconfigured = CommandRun.MISCONFIGURED.toString();

    CommandRun reference = rocelab("describe", "--effective", REFERENCE.toString());
    CommandRun drifting = rocelab("describe", "--effective", misconfigured);
    Path referenceFile = Files.writeString(dir.resolve("reference.yaml"), reference.out());
    Path driftingFile = Files.writeString(dir.resolve("misconfigured.yaml"), drifting.out());

    assertThat(reference.exitCode()).isEqualTo(Rocelab.VALID);
    assertThat(reference.out())
        .startsWith("# effective configuration of fabric \"reference\"")
        .contains("    forwarding: cut-through\n");
    CommandRun validated = rocelab("validate", referenceFile.toString());
    assertThat(validated.exitCode()).isEqualTo(Rocelab.VALID);
    assertThat(validated.outLines())
        .singleElement()
        .asString()
        .endsWith(": valid — rail-optimized, 8 hosts, 64 GPUs, 64 NICs, 12 switches, 128 links");
    // the same five drift findings, at the lines of the written file
    CommandRun original = rocelab("validate", misconfigured);
    CommandRun rewritten = rocelab("validate", driftingFile.toString());
    assertThat(rewritten.exitCode()).isEqualTo(Rocelab.DRIFT);
    assertThat(rewritten.outLines())
        .map(line -> line.substring(line.indexOf(' ') + 1))
        .isEqualTo(
            original.outLines().stream()
                .map(line -> line.substring(line.indexOf(' ') + 1))
                .toList());
  }

  @Test
  void effectiveAndJsonTogetherAreAUsageError() {
    CommandRun run = rocelab("describe", "--json", "--effective", REFERENCE.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.USAGE);
  }

  @Test
  void brokenFabricPrintsItsProblemsInstead() throws IOException {
    Path broken =
        referenceVariant(
            dir, "broken.yaml", "buffer: 160MiB", "buffer: 160MBs", "mtu: 4096B", "mtu: 4000B");

    CommandRun run = rocelab("describe", broken.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(run.outLines()).hasSize(3);
    assertThat(run.outLines().get(0))
        .startsWith(broken + ":22:13 switchProfiles.spectrum4.buffer: ");
    assertThat(run.outLines().get(1)).startsWith(broken + ":44:10 nicProfiles.cx7.mtu: ");
    assertThat(run.outLines().get(2)).isEqualTo(broken + ": 2 errors");
  }

  @Test
  void brokenFabricAsJsonListsItsProblems() throws IOException {
    Path broken =
        referenceVariant(
            dir, "broken.yaml", "buffer: 160MiB", "buffer: 160MBs", "mtu: 4096B", "mtu: 4000B");

    CommandRun run = rocelab("describe", "--json", broken.toString());

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    JsonNode json = new ObjectMapper().readTree(run.out());
    assertThat(json.get("valid").asBoolean()).isFalse();
    assertThat(json.get("errors").asInt()).isEqualTo(2);
    assertThat(json.at("/problems/0/path").asText()).isEqualTo("switchProfiles.spectrum4.buffer");
    assertThat(json.at("/problems/0/line").asInt()).isEqualTo(22);
    assertThat(json.at("/problems/1/path").asText()).isEqualTo("nicProfiles.cx7.mtu");
  }

  @Test
  void missingFileIsAnError() {
    CommandRun run = rocelab("describe", "no/such/fabric.yaml");

    assertThat(run.exitCode()).isEqualTo(Rocelab.ERRORS);
    assertThat(run.errLines()).containsExactly("no such file: " + Path.of("no/such/fabric.yaml"));
    assertThat(run.out()).isEmpty();
  }

  @Test
  void showsWhatHostsBehindNarrowerPcieMoveAndNothingWhereTheyKeepUp() throws IOException {
    Path file =
        referenceVariant(
            dir,
            "gen4-slots.yaml",
            "    nvlinkLatency: 1us\n",
            "    nvlinkLatency: 1us\n    pcieBandwidth: 230Gbps\n");

    CommandRun text = rocelab("describe", file.toString());
    CommandRun json = rocelab("describe", "--json", file.toString());
    CommandRun reference = rocelab("describe", "--json", REFERENCE.toString());

    // 64 NICs at 230 Gb/s of 400
    assertThat(text.outLines())
        .containsSubsequence(
            "  NIC total          25.6Tbps",
            "  behind PCIe        14.72Tbps (hosts' pcieBandwidth below their NICs)");
    assertThat(new ObjectMapper().readTree(json.out()).path("hostInterfaceBandwidthBps").asLong())
        .isEqualTo(14_720_000_000_000L);
    assertThat(new ObjectMapper().readTree(reference.out()).has("hostInterfaceBandwidthBps"))
        .isFalse();
  }

  @Test
  void showsEachSwitchProfilesLoadBalancingAndEachNicsOutOfOrderHandling() throws IOException {
    Path file = dir.resolve("low-entropy-global.yaml");
    Files.writeString(
        file,
        Files.readString(Path.of("../fabrics/examples/low-entropy.yaml"))
            .replace("{mode: ecmp}", "{mode: global, flowletGap: 0ns, bands: 4}")
            .replace("outOfOrder: retransmit", "outOfOrder: tolerate"));

    CommandRun text = rocelab("describe", file.toString());
    CommandRun json = rocelab("describe", "--json", file.toString());

    assertThat(text.outLines())
        .containsSubsequence(
            "Load balancing per switch profile",
            "  switch profile  switches  mode                 flowlet gap  bands  queue step",
            "  switch          6         global (per packet)  0ps          4      4KiB")
        .contains("  out of order       tolerate (placed in a 1024-packet window)");
    JsonNode root = new ObjectMapper().readTree(json.out());
    assertThat(root.path("loadBalancing").get(0).path("mode").asText()).isEqualTo("global");
    assertThat(root.path("loadBalancing").get(0).path("flowletGapPicos").asLong()).isZero();
    assertThat(root.path("nicProfiles").get(0).path("outOfOrder").asText()).isEqualTo("tolerate");
  }
}
