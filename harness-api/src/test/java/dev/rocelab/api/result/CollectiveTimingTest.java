package dev.rocelab.api.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** A timing says when its run completed where the backend knows, and nothing else changes. */
class CollectiveTimingTest {

  private static final CollectiveTiming TIMING =
      CollectiveTiming.measured(
          CollectiveOperation.ALL_REDUCE,
          16,
          DataSize.mib(64),
          SimTime.millis(2),
          OptionalLong.empty());

  @Test
  void aTimingCompletesWhereItsBackendSaysAndKeepsItsMeasurement() {
    CollectiveTiming completed = TIMING.completedAt(SimTime.millis(7));

    assertThat(TIMING.completed()).as("nccl-tests output gives durations only").isEmpty();
    assertThat(completed.completed()).contains(SimTime.millis(7));
    assertThat(completed.time()).isEqualTo(TIMING.time());
    assertThat(completed.busBandwidth()).isEqualTo(TIMING.busBandwidth());
    assertThat(completed.algBandwidth()).isEqualTo(TIMING.algBandwidth());
    assertThat(completed).isNotEqualTo(TIMING);
    assertThatNullPointerException().isThrownBy(() -> TIMING.completedAt(null));
  }
}
