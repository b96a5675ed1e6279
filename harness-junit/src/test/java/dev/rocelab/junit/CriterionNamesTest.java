package dev.rocelab.junit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Test names read as the criteria they check, with the field's acronyms in their case. */
class CriterionNamesTest {

  @ParameterizedTest
  @CsvSource({
    "incastIsLosslessWithPfcAndEcnWorking, incast is lossless with PFC and ECN working",
    "nicsAndSwitchesMapDscpToTheSamePriority, NICs and switches map DSCP to the same priority",
    "allReduceOverAFlappingHostLinkFiresRoceBusbwRegression,"
        + " all reduce over a flapping host link fires RoCE busbw regression",
    "p99LatencyStaysLow, p99 latency stays low",
    "checkECMPHashSpread, check ECMP hash spread",
    "under_scored_name, under scored name",
    "x, x"
  })
  void methodNamesBecomeSentences(String identifier, String sentence) {
    assertThat(CriterionNames.sentence(identifier)).isEqualTo(sentence);
  }

  @ParameterizedTest
  @CsvSource({
    "dev.rocelab.junit.CriterionNamesTest$FailureRecoveryTest, Failure recovery",
    "dev.rocelab.junit.CriterionNamesTest$Test, Test",
    "dev.rocelab.junit.CriterionNamesTest$PfcStorms, PFC storms"
  })
  void classNamesLoseTheirTestSuffix(Class<?> type, String name) {
    assertThat(new CriterionNames().generateDisplayNameForClass(type)).isEqualTo(name);
  }

  static class FailureRecoveryTest {}

  static class Test {}

  static class PfcStorms {}
}
