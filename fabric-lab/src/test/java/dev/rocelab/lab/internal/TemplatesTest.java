package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.lab.internal.Templates.Quoting;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TemplatesTest {

  @Test
  void fillsPlaceholdersAndEnvironmentVariables() {
    String filled =
        Templates.fill(
            "curl -H 'Authorization: Bearer ${env:NVUE_TOKEN}' https://{address}/{port}",
            Map.of("address", "10.0.1.1", "port", "swp3"),
            Quoting.URL,
            name -> name.equals("NVUE_TOKEN") ? "s3cr3t" : null);

    assertThat(filled).isEqualTo("curl -H 'Authorization: Bearer s3cr3t' https://10.0.1.1/swp3");
  }

  @Test
  void anUnsetVariableIsNamedButNoValueIsShown() {
    assertThatThrownBy(
            () -> Templates.fill("x ${env:NVUE_TOKEN}", Map.of(), Quoting.SHELL, name -> null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("environment variable NVUE_TOKEN is not set");
  }

  @Test
  void aPlaceholderWithoutValueNamesTheKnownOnes() {
    assertThatThrownBy(
            () ->
                Templates.fill(
                    "reset {switch}", Map.of("device", "leaf1"), Quoting.SHELL, name -> null))
        .hasMessage("{switch} has no value here; known: {device}");
  }

  /**
   * A value that smuggles commands, quotes and expansions in reaches the shell's command as one
   * literal argument, and nothing it holds runs.
   */
  @Test
  void aShellCommandReceivesAHostileValueAsOneLiteralArgument(@TempDir Path dir)
      throws IOException {
    Path marker = dir.resolve("ran");
    String hostile =
        "leaf1; touch "
            + marker
            + " $(touch "
            + marker
            + ") `touch "
            + marker
            + "` 'q' \"dq\" $HOME *";

    String command =
        Templates.fill(
            "printf '%s|' {device} {value}",
            Map.of("device", hostile, "value", "it's"), Quoting.SHELL, name -> null);
    CommandResult result = LocalShell.run(command, "test", Duration.ofSeconds(10));

    assertThat(result.exitStatus()).isZero();
    assertThat(result.stdout()).isEqualTo(hostile + "|it's|");
    assertThat(Files.exists(marker)).as("a command in the value ran").isFalse();
  }

  @Test
  void aUrlCarriesAHostileValueAsOnePercentEncodedSegment() {
    String filled =
        Templates.fill(
            "https://{address}:8765/nvue_v1/interface/{port}/link/state",
            Map.of("address", "10.0.1.1", "port", "swp1/../../system?x=1#f @evil ü"),
            Quoting.URL,
            name -> null);

    assertThat(filled)
        .isEqualTo(
            "https://10.0.1.1:8765/nvue_v1/interface/"
                + "swp1%2F..%2F..%2Fsystem%3Fx%3D1%23f%20%40evil%20%C3%BC/link/state");
    URI uri = URI.create(filled);
    assertThat(uri.getHost()).isEqualTo("10.0.1.1");
    assertThat(uri.getPath())
        .isEqualTo("/nvue_v1/interface/swp1/../../system?x=1#f @evil ü/link/state");
    assertThat(uri.getQuery()).isNull();
    assertThat(uri.getFragment()).isNull();
  }

  @Test
  void anInventorysNamesPassUnchanged() {
    assertThat(
            Templates.fill(
                "https://{address}/{port}",
                Map.of("address", "sw-7.dc2.example:443", "port", "Ethernet1_1.100"),
                Quoting.URL,
                name -> null))
        .isEqualTo("https://sw-7.dc2.example:443/Ethernet1_1.100");
    assertThat(
            Templates.fill(
                "sudo config interface shutdown {port}",
                Map.of("port", "Ethernet0"),
                Quoting.SHELL,
                name -> null))
        .isEqualTo("sudo config interface shutdown 'Ethernet0'");
  }
}
