package dev.rocelab.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import org.junit.jupiter.api.Test;

/** A flow whose messages are posted one per period: a background load of message / period. */
class PacedFlowTest {

  @Test
  void aPacedFlowAveragesItsMessageOverItsPeriod() {
    // 64 KiB every 52.4288 us: 10 Gb/s, a tenth of the 100G line
    FlowResult paced =
        ModelFixtures.run(
                ModelFixtures.example("low-entropy"),
                Scenario.flow("host1:nic0", "host2:nic0")
                    .message("64KiB")
                    .messages(100)
                    .every("52428800ps")
                    .build())
            .result()
            .flows()
            .get(0);
    FlowResult backToBack =
        ModelFixtures.run(
                ModelFixtures.example("low-entropy"),
                Scenario.flow("host1:nic0", "host2:nic0").message("64KiB").messages(100).build())
            .result()
            .flows()
            .get(0);

    SimTime lastPosted = SimTime.picos(99 * 52_428_800L);
    assertThat(paced.completionTime().orElseThrow())
        .isGreaterThan(lastPosted)
        .isLessThan(lastPosted.plus(SimTime.micros(10)));
    assertThat(paced.goodput(paced.completion().orElseThrow()).gigabitsPerSecond())
        .isCloseTo(10.0, within(0.2));
    assertThat(backToBack.completionTime().orElseThrow())
        .isLessThan(SimTime.picos(paced.completionTime().orElseThrow().picos() / 5));
  }
}
