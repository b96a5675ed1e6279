package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.fabricfile.MalformedFiles;
import dev.rocelab.lab.LabCommand;
import dev.rocelab.lab.LabFaultAction;
import dev.rocelab.lab.LabHost;
import dev.rocelab.lab.LabInventory;
import dev.rocelab.lab.LabLauncher;
import dev.rocelab.lab.LabSsh;
import dev.rocelab.lab.LabTelemetry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code lab:} section, read wherever this module is on the class path, binds to a {@link
 * LabInventory} with its defaults and leaks no secret; each malformed lab section is reported with
 * file, line and field as the core's problems are.
 */
class LabSectionReaderTest {

  private static final Path VALID = Path.of("src/test/resources/valid");

  private final FabricSpec spec = FabricFiles.load(VALID.resolve("lab.yaml"));
  private final LabInventory lab = LabInventory.of(spec).orElseThrow();

  @Test
  void aFabricWithoutLabSectionHasNoInventory() {
    assertThat(LabInventory.of(FabricFiles.load(Path.of("../fabrics/reference.yaml")))).isEmpty();
    assertThat(spec.sections()).containsOnlyKeys("lab");
  }

  static Stream<Path> malformedFiles() {
    return MalformedFiles.in(Path.of("src/test/resources/malformed"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformedFiles")
  void aMalformedLabSectionIsReportedWhereItIs(Path file) throws IOException {
    MalformedFiles.assertReportsExactlyTheExpectedProblems(file);
  }

  @Test
  void hostsBindWithTheirLoginAndNicsAndDefaults() {
    assertThat(lab.hosts()).containsOnlyKeys("host1", "host2");
    LabSsh host1 = lab.hosts().get("host1").ssh();
    assertThat(host1)
        .isEqualTo(
            new LabSsh(
                "10.0.0.11",
                22,
                "lab",
                Optional.of("~/.ssh/rocelab_ed25519"),
                Optional.of("ROCELAB_KEY_PASSPHRASE"),
                Optional.of("~/.ssh/known_hosts"),
                true));
    assertThat(lab.hosts().get("host1").nics())
        .containsExactly(
            Map.entry("nic0", new LabHost.LabNic("192.168.10.11", "mlx5_0")),
            Map.entry("nic1", new LabHost.LabNic("192.168.11.11", "mlx5_1")));
    LabSsh host2 = lab.hosts().get("host2").ssh();
    assertThat(host2.port()).isEqualTo(2222);
    assertThat(host2.identityFile()).as("agent").isEmpty();
    assertThat(host2.knownHosts()).isEmpty();
    assertThat(lab.hosts().get("host2").nics().get("nic0").rdmaDevice()).isEmpty();
  }

  @Test
  void switchesAreLoggedInToOnlyWithAUser() {
    assertThat(lab.switches().get("leaf1").ssh()).map(LabSsh::target).contains("admin@10.0.1.1:22");
    assertThat(lab.switches().get("leaf2").ssh()).isEmpty();
    assertThat(lab.switches().get("leaf2").address()).isEqualTo("10.0.1.2");
  }

  @Test
  void telemetryLauncherToolAndFaultsBind() {
    LabTelemetry telemetry = lab.telemetry().orElseThrow();
    assertThat(telemetry.prometheus()).isEqualTo("http://prometheus.lab:9090");
    assertThat(telemetry.headers())
        .containsExactly(Map.entry("Authorization", "Bearer ${env:PROM_TOKEN}"));
    assertThat(telemetry.step()).isEqualTo(SimTime.seconds(2));
    assertThat(telemetry.deviceLabel()).isEqualTo("device");
    assertThat(telemetry.portLabel()).isEqualTo("interface");
    assertThat(telemetry.priorityLabel()).isEqualTo("priority");
    assertThat(telemetry.queries())
        .containsOnlyKeys(
            LabTelemetry.Counter.TX_BYTES,
            LabTelemetry.Counter.PFC_PAUSES_SENT,
            LabTelemetry.Counter.DROPPED_BYTES);
    assertThat(telemetry.queries().get(LabTelemetry.Counter.DROPPED_BYTES))
        .isEqualTo("sum by (device, interface, priority) (lab_queue_dropped_bytes_total)");

    assertThat(lab.launcher())
        .contains(
            new LabLauncher(
                LabLauncher.Kind.MPIRUN, "host1", "/etc/rocelab/hosts", "-x NCCL_IB_HCA=mlx5"));
    assertThat(lab.flowTool()).isEqualTo(LabInventory.FlowTool.PERFTEST);

    assertThat(lab.faults().get(LabFaultAction.LINK_DOWN))
        .isEqualTo(new LabCommand.Ssh("{device}", "sudo config interface shutdown {port}"));
    assertThat(lab.faults().get(LabFaultAction.LINK_UP))
        .isEqualTo(
            new LabCommand.Http(
                "PATCH",
                "https://{address}:8765/nvue_v1/interface/{port}/link/state",
                Map.of("Authorization", "Bearer ${env:NVUE_TOKEN}"),
                "{\"up\": {}}"));
    assertThat(lab.faults().get(LabFaultAction.RESET))
        .isEqualTo(new LabCommand.Local("lab-power-cycle {device}"));
  }

  @Test
  void printingTheInventoryShowsTargetsButNoKeyFileVariableOrHeader() {
    String printed = lab.toString();

    assertThat(printed)
        .contains("lab@10.0.0.11:22", "admin@10.0.1.1:22")
        .doesNotContain(
            "rocelab_ed25519", "ROCELAB_KEY_PASSPHRASE", "NVUE_TOKEN", "PROM_TOKEN", "Bearer");
  }

  @Test
  void thePrometheusUrlMayHoldEnvironmentPlaceholdersAndABadOneIsShownMasked() throws Exception {
    String file = Files.readString(VALID.resolve("lab.yaml"));
    String templated = "https://${env:PROM_USER}@prometheus.lab:9090/?token=${env:PROM_TOKEN}";
    FabricSpec withTemplate =
        FabricFiles.load(file.replace("http://prometheus.lab:9090", templated), "templated.yaml");
    assertThat(LabInventory.of(withTemplate).orElseThrow().telemetry().orElseThrow().prometheus())
        .isEqualTo(templated);

    assertThatThrownBy(
            () ->
                FabricFiles.load(
                    file.replace("http://prometheus.lab:9090", "prom:s3cret-pw@nowhere"),
                    "bad.yaml"))
        .hasMessageContaining("is not an http or https URL; write it as http://host:port")
        .hasMessageNotContaining("s3cret-pw");
  }
}
