package dev.rocelab.lab.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TemplatesTest {

  @Test
  void fillsPlaceholdersAndEnvironmentVariables() {
    String filled =
        Templates.fill(
            "curl -H 'Authorization: Bearer ${env:NVUE_TOKEN}' https://{address}/{port}",
            Map.of("address", "10.0.1.1", "port", "swp3"),
            name -> name.equals("NVUE_TOKEN") ? "s3cr3t" : null);

    assertThat(filled).isEqualTo("curl -H 'Authorization: Bearer s3cr3t' https://10.0.1.1/swp3");
  }

  @Test
  void anUnsetVariableIsNamedButNoValueIsShown() {
    assertThatThrownBy(() -> Templates.fill("x ${env:NVUE_TOKEN}", Map.of(), name -> null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("environment variable NVUE_TOKEN is not set");
  }

  @Test
  void aPlaceholderWithoutValueNamesTheKnownOnes() {
    assertThatThrownBy(
            () -> Templates.fill("reset {switch}", Map.of("device", "leaf1"), name -> null))
        .hasMessage("{switch} has no value here; known: {device}");
  }
}
