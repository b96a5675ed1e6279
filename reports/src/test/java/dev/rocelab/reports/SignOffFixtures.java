package dev.rocelab.reports;

import static dev.rocelab.assertj.FabricAssertions.assertThat;

import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.MissingShapeException;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Incast;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Small suites on the reference fabric and the real model, run by the sign-off tests to get real
 * Allure results: a green Baseline with a check that does not apply to the fabric, a Synthetic load
 * phase with a test that fails a latency criterion, a Failures phase whose test breaks, an
 * Operational suite whose class setup fails before any of its tests runs, and a plain failing test
 * with no phase at all (a suite project's own unit test), which no verdict may count. Not run by
 * Surefire (nested classes).
 */
final class SignOffFixtures {

  private SignOffFixtures() {}

  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.BASELINE)
  static class BaselineTestCase {

    @Incast(senders = 2, message = "256KiB", priority = 3)
    void smallIncastIsLossless(RunResult run) {
      assertThat(run).isLossless();
    }

    /** A check for a shape the fabric lacks: not applicable, listed, never counted as passed. */
    @Test
    void needsATierAboveTheSpines() {
      throw new MissingShapeException("fabric reference has no tier above its spines");
    }
  }

  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
  static class SyntheticLoadTestCase {

    @Incast(senders = 4, message = "256KiB", priority = 3)
    void incastIsLossless(RunResult run) {
      assertThat(run).isLossless();
    }

    @Test
    void latencyBelowOneNanosecond(FabricSession fabric) {
      RunResult run =
          fabric.run(
              Scenario.incast().senders(4).message("256KiB").dscp(26).receiver("host1:nic0"));
      assertThat(run).latency(3).p99().isLessThan("1ns");
    }
  }

  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.FAILURES)
  static class FailuresTestCase {

    @Test
    void labUnreachable() {
      throw new IllegalStateException("lab controller unreachable");
    }
  }

  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
  static class SweepTestCase {

    @Incast(
        senders = {2, 3, 4},
        message = {"64KiB", "128KiB"},
        priority = 3)
    void incastSweepIsLossless(RunResult run) {
      assertThat(run).isLossless();
    }
  }

  /** promtool's container never starts: none of the class's tests runs. */
  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.OPERATIONAL)
  static class SetupFailsTestCase {

    @BeforeAll
    static void startPromtool() {
      throw new IllegalStateException(
          "promtool runs in a Docker container and no Docker engine answers");
    }

    @Test
    void healthyBaselineFiresNothing() {}

    @Test
    void pfcStormFiresRocePfcStorm() {}
  }

  static class WithoutPhaseTestCase {

    @Test
    void aPlainUnitTestFails() {
      throw new AssertionError("not a phase criterion");
    }
  }
}
