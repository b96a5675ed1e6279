package dev.rocelab.assertj;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.report.Check;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** Every check, passed or failed, reaches a recording with its value, limit, source and line. */
class ChecksTest {

  private final RunResult run =
      Runs.run().latency(3, 1000, "2us", "3us", "9us", "12us", "15us").build();

  @Test
  void aPassedCheckIsRecordedWithItsMeasuredValueAndTheTestsLine() {
    List<Check> checks = new ArrayList<>();
    int line;
    try (Checks.Recording recording = Checks.record(checks::add)) {
      line = StackWalker.getInstance().walk(f -> f.findFirst().orElseThrow().getLineNumber()) + 1;
      assertThat(run).latency(3).p99().isLessThan("10us");
    }
    Assertions.assertThat(checks).hasSize(1);
    Check check = checks.get(0);
    Assertions.assertThat(check.passed()).isTrue();
    Assertions.assertThat(check.quantity()).isEqualTo("p99 latency");
    Assertions.assertThat(check.actual()).isEqualTo("9us");
    Assertions.assertThat(check.magnitude())
        .contains(new Check.Magnitude(9_000_000, Check.Unit.PICOSECONDS));
    Assertions.assertThat(check.expected()).isEqualTo("less than 10us");
    Assertions.assertThat(check.checkedAt()).contains("ChecksTest.java:" + line);
    Assertions.assertThat(check.limitSource()).isEmpty();
  }

  @Test
  void aQuantityIsRecordedAsANumberInItsUnitAndAFindingAsNone() {
    List<Check> checks = new ArrayList<>();
    try (Checks.Recording recording = Checks.record(checks::add)) {
      assertThat(run).latency(3).p50().isAtMost("2us");
      assertThat(run).pfc().pauseFrames().isZero();
      assertThatThrownBy(() -> assertThat(run).latency(4).p99().isLessThan("5us"))
          .isInstanceOf(AssertionError.class);
      assertThat(new Findings("MTU mismatches", "4 switches")).isEmpty();
    }
    Assertions.assertThat(checks)
        .extracting(Check::magnitude)
        .containsExactly(
            java.util.Optional.of(Check.Magnitude.of(SimTime.parse("2us"))),
            java.util.Optional.of(Check.Magnitude.of(0)),
            java.util.Optional.empty(),
            java.util.Optional.empty());
  }

  @Test
  void aFailedCheckIsRecordedBeforeItThrows() {
    List<Check> checks = new ArrayList<>();
    try (Checks.Recording recording = Checks.record(checks::add)) {
      assertThatThrownBy(() -> assertThat(run).latency(3).p99().isLessThan("5us"))
          .isInstanceOf(AssertionError.class);
    }
    Assertions.assertThat(checks)
        .singleElement()
        .satisfies(
            check -> {
              Assertions.assertThat(check.passed()).isFalse();
              Assertions.assertThat(check.summary())
                  .isEqualTo("p99 latency, priority 3, 1000 packets: 9us, expected less than 5us");
            });
  }

  @Test
  void aNamedLimitIsRecognisedByItsValue() {
    List<Check> checks = new ArrayList<>();
    try (Checks.Recording recording = Checks.record(checks::add)) {
      SimTime limit = SimTime.parse("10us");
      Checks.limitFrom(limit, "criteria/baseline.yaml:3 (p99Latency)");
      Checks.limitFrom(0.5, "criteria/baseline.yaml:4 (pausedFraction)");
      assertThat(run).latency(3).p99().isLessThan(limit);
      // an equal value from elsewhere is taken for the named limit: recognition is by value
      assertThat(run).latency(3).p50().isLessThan("10us");
      assertThat(run).latency(3).p50().isLessThan("11us");
    }
    Assertions.assertThat(checks)
        .extracting(check -> check.limitSource().orElse("-"))
        .containsExactly(
            "criteria/baseline.yaml:3 (p99Latency)", "criteria/baseline.yaml:3 (p99Latency)", "-");
    Assertions.assertThat(checks.get(0).summary())
        .isEqualTo(
            "p99 latency, priority 3, 1000 packets: 9us, expected less than 10us"
                + " (criteria/baseline.yaml:3 (p99Latency))");
  }

  @Test
  void verdictsWithoutABoundAreRecordedWhenTheyPass() {
    List<Check> checks = new ArrayList<>();
    try (Checks.Recording recording = Checks.record(checks::add)) {
      assertThat(run).isLossless().hasNoDeadlock();
    }
    Assertions.assertThat(checks)
        .extracting(Check::quantity, Check::passed)
        .containsExactly(
            Assertions.tuple("lossless traffic", true), Assertions.tuple("PFC deadlock", true));
  }

  @Test
  void withoutARecordingNothingIsKeptAndClosingRestoresTheOuterOne() {
    List<Check> outer = new ArrayList<>();
    List<Check> inner = new ArrayList<>();
    Checks.limitFrom(1.0, "nowhere");
    assertThat(run).latency(3).p99().isLessThan("10us");
    try (Checks.Recording a = Checks.record(outer::add)) {
      try (Checks.Recording b = Checks.record(inner::add)) {
        assertThat(run).latency(3).p99().isLessThan("10us");
      }
      assertThat(run).latency(3).p50().isLessThan("10us");
    }
    assertThat(run).latency(3).max().isLessThan("1s");
    Assertions.assertThat(inner).extracting(Check::quantity).containsExactly("p99 latency");
    Assertions.assertThat(outer).extracting(Check::quantity).containsExactly("p50 latency");
  }
}
