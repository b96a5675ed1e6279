package dev.rocelab.suites;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.unit.DataSize;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Criteria files load with their defaults, and system properties override them or fail clearly. */
class CriteriaTest {

  @Test
  void shippedDefaultsApplyWithoutOverrides() {
    assertThat(Criteria.of(Phase.BASELINE, new Properties()).size("p99QueueingAllowance"))
        .isEqualTo(DataSize.kib(256));
  }

  @Test
  void aPropertyOverridesItsPhasesCriterionOnly() {
    Properties overrides = new Properties();
    overrides.setProperty("rocelab.criteria.baseline.p99QueueingAllowance", "128KiB");
    overrides.setProperty("rocelab.criteria.synthetic-load.incastFairness", "0.5");
    assertThat(Criteria.of(Phase.BASELINE, overrides).size("p99QueueingAllowance"))
        .isEqualTo(DataSize.kib(128));
    assertThat(Criteria.of(Phase.SYNTHETIC_LOAD, overrides).number("incastFairness"))
        .isEqualTo(0.5);
  }

  @Test
  void everyCriterionKnowsTheLineItCameFrom() {
    Properties overrides = new Properties();
    overrides.setProperty("rocelab.criteria.synthetic-load.incastFairness", "0.5");
    assertThat(Criteria.of(Phase.BASELINE, new Properties()).origin("p99QueueingAllowance"))
        .isEqualTo("criteria/baseline.yaml:9");
    assertThat(Criteria.of(Phase.SYNTHETIC_LOAD, overrides).origin("incastFairness"))
        .isEqualTo("-Drocelab.criteria.synthetic-load.incastFairness");
  }

  @Test
  void anUnknownCriterionHasNoOrigin() {
    assertThatThrownBy(() -> Criteria.of(Phase.BASELINE, new Properties()).origin("nothing"))
        .hasMessageStartingWith("criteria/baseline.yaml has no criterion nothing");
  }

  @Test
  void anOverrideOfNoCriterionIsRejectedWithTheKnownOnes() {
    Properties overrides = new Properties();
    overrides.setProperty("rocelab.criteria.baseline.p99Latency", "5us");
    assertThatThrownBy(() -> Criteria.of(Phase.BASELINE, overrides))
        .hasMessage(
            "-Drocelab.criteria.baseline.p99Latency names no criterion of criteria/baseline.yaml; "
                + "known: [p99QueueingAllowance, singleFlowFramingShare]");
  }

  @Test
  void aBadValueNamesTheCriterionAndWhereItCameFrom() {
    Properties overrides = new Properties();
    overrides.setProperty("rocelab.criteria.synthetic-load.microburstP99Latency", "5 parsecs");
    assertThatThrownBy(
            () -> Criteria.of(Phase.SYNTHETIC_LOAD, overrides).time("microburstP99Latency"))
        .hasMessageStartingWith(
            "criterion synthetic-load.microburstP99Latency = \"5 parsecs\" (from"
                + " -Drocelab.criteria.synthetic-load.microburstP99Latency) is not a duration such"
                + " as 10us: ");
  }

  @Test
  void anUnknownCriterionIsNamedWithTheFile() {
    assertThatThrownBy(
            () -> Criteria.of(Phase.OPERATIONAL, new Properties()).number("alertLatency"))
        .hasMessage(
            "criteria/operational.yaml has no criterion alertLatency; known: [bufferNearFullDetection,"
                + " busbwRegressionDetection, linkDownDetection, losslessDropDetection, pfcStormDetection,"
                + " seriesCoverageSlack]");
  }
}
