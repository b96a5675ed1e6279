package dev.rocelab.assertj;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.report.Check;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** A fleet-wide misconfiguration reads in a few lines, grouped by problem. */
class FindingsAssertTest {

  @Test
  void sixtyFourNicsWithOneProblemAreOneLine() {
    Findings findings = new Findings("NICs on unapproved firmware", "64 NICs");
    for (int i = 0; i < 64; i++) {
      findings.add(
          "host" + (i / 8 + 1) + ":nic" + i % 8, "runs 28.40.1000; approved: [28.39.1002]");
    }
    findings.add("leaf1", "runs NOS SONiC.202311.1; approved: [SONiC.202405.1]");
    assertThatThrownBy(() -> assertThat(findings).isEmpty())
        .hasMessage(
            "NICs on unapproved firmware in 64 NICs: 65 findings of 2 kinds\n"
                + "  host1:nic0, host1:nic1, host1:nic2, host1:nic3 and 60 more like this:"
                + " runs 28.40.1000; approved: [28.39.1002]\n"
                + "  leaf1: runs NOS SONiC.202311.1; approved: [SONiC.202405.1]");
  }

  @Test
  void manyKindsShowTheFirstTen() {
    Findings findings = new Findings("MTU mismatches", "12 NICs");
    for (int i = 0; i < 12; i++) {
      findings.add("host" + i + ":nic0", "RoCE MTU " + (1000 + i));
    }
    assertThatThrownBy(() -> assertThat(findings).isEmpty())
        .hasMessageContaining("  host9:nic0: RoCE MTU 1009\n  … and 2 more kinds of finding")
        .hasMessageNotContaining("host10");
  }

  @Test
  void emptyFindingsPassAndBothOutcomesAreRecorded() {
    List<Check> checks = new ArrayList<>();
    try (Checks.Recording recording = Checks.record(checks::add)) {
      assertThat(new Findings("MTU mismatches", "4 switches")).isEmpty();
      assertThatThrownBy(
          () -> assertThat(new Findings("MTU mismatches", "4 switches").add("a", "b")).isEmpty());
    }
    Assertions.assertThat(checks)
        .extracting(Check::summary, Check::passed)
        .containsExactly(
            Assertions.tuple("MTU mismatches, 4 switches: none, expected none", true),
            Assertions.tuple("MTU mismatches, 4 switches: 1 finding, expected none", false));
  }
}
