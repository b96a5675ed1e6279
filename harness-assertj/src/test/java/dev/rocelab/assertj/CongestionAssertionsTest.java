package dev.rocelab.assertj;

import static dev.rocelab.assertj.DropsAndLatencyAssertionsTest.RUN;
import static dev.rocelab.assertj.DropsAndLatencyAssertionsTest.lines;
import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.result.FabricEvent;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** PFC, ECN, CNPs and buffers. */
class CongestionAssertionsTest {

  private final RunResult run =
      Runs.run()
          .port("host1:nic0", 3, p -> p.cnps(500))
          .port("host1:nic1", 3, p -> p.pauses(0, 1200, "937.5us"))
          .port(
              "leaf1:eth1",
              3,
              p -> p.tx(40_000_000, 10_000).pauses(1200, 0, "0ps").ecn(1234).peaks("3MiB", "96KiB"))
          .port("leaf1:eth2", 0, p -> p.tx(1_000_000, 250).peaks("1MiB", "160KiB"))
          .series("paused_time", "host1:nic1/3", "100us", 0, 0, 0, 0, 0, 0, 0, 0, 0, 40_000_000)
          .series("paused_time", "leaf1:eth1/3", "100us", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
          .build();

  @Test
  void pauseFramesSentAndReceived() {
    assertThatThrownBy(() -> assertThat(run).pfc().pauseFrames().isAtMost(1000))
        .hasMessage(
            lines(
                "PFC pause frames sent",
                RUN,
                "  where:      all ports",
                "  expected:   at most 1000",
                "  actual:     1200"));
    assertThatThrownBy(() -> assertThat(run).port("host1:nic1").pfc().pausesReceived().isZero())
        .hasMessage(
            lines(
                "PFC pause frames received",
                RUN,
                "  where:      host1:nic1",
                "  expected:   0",
                "  actual:     1200"));
    assertThatCode(
            () ->
                assertThat(run)
                    .port("leaf1:eth2")
                    .pfc()
                    .pauseFrames()
                    .isZero()
                    .isLessThan(1)
                    .isAtLeast(0)
                    .isGreaterThan(-1)
                    .isBetween(0, 0))
        .doesNotThrowAnyException();
  }

  @Test
  void pausedTimeRatioNamesTheMostPausedPortAndPriority() {
    assertThatThrownBy(() -> assertThat(run).pfc().pausedFraction().isLessThan(0.9))
        .hasMessage(
            lines(
                "paused-time ratio",
                RUN,
                "  where:      host1:nic1 priority 3, most paused of all ports",
                "  expected:   less than 0.9",
                "  actual:     0.9375 (937.5us of 1ms)"));
  }

  @Test
  void timePausedIsThatOfTheMostPausedPortAndPriority() {
    assertThatThrownBy(() -> assertThat(run).pfc().pausedTime().isLessThan("500us"))
        .hasMessage(
            lines(
                "time paused",
                RUN,
                "  where:      host1:nic1 priority 3, most paused of all ports",
                "  expected:   less than 500us",
                "  actual:     937.5us (93.75% of 1ms)"));
    assertThatCode(() -> assertThat(run).port("leaf1:eth1").pfc().pausedTime().isAtMost("0ps"))
        .doesNotThrowAnyException();
  }

  @Test
  void pausesStoppedLooksAtTheLastSamplesOfPausedTime() {
    assertThatCode(() -> assertThat(run).pfc().isNotPausedInLast("50us"))
        .doesNotThrowAnyException();
    assertThatCode(() -> assertThat(run).port("leaf1:eth1").pfc().isNotPausedInLast("1ms"))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> assertThat(run).pfc().isNotPausedInLast("150us"))
        .hasMessage(
            lines(
                "PFC pauses in the last 150us",
                RUN,
                "  where:      all ports",
                "  expected:   none",
                "  actual:     host1:nic1 priority 3 paused 40us in the sample at 900us (run at 1ms)"));
    assertThatThrownBy(
            () -> assertThat(run).port("leaf2:eth1").priority(3).pfc().isNotPausedInLast("150us"))
        .hasMessage(
            lines(
                "PFC pauses in the last 150us",
                RUN,
                "  where:      leaf2:eth1 priority 3",
                "  expected:   none",
                "  actual:     no paused_time series for leaf2:eth1 priority 3; the backend must sample paused_time per"
                    + " port and priority"));
  }

  @Test
  void stormsAreWatchdogTriggersOrDeadlocks() {
    Scenario storm =
        Scenario.permutation().with(Fault.pfcStorm("host1:nic0", 3, "0ps").at("500us")).build();
    RunResult stormed =
        Runs.run()
            .scenario(storm)
            .event("500us", FabricEvent.Kind.FAULT, "host1:nic0", "PFC storm")
            .event("700us", FabricEvent.Kind.WATCHDOG_TRIGGERED, "leaf1:eth1/3", "queue stormed")
            .build();
    String stormRun =
        "  run:        permutation · 1MiB per flow + PFC storm from host1:nic0 on priority 3 at 500us,"
            + " seed 1, fabric tiny, backend scripted";

    assertThatThrownBy(() -> assertThat(stormed).pfc().hasNoStorm())
        .hasMessage(
            lines(
                "PFC storm",
                stormRun,
                "  where:      all ports",
                "  expected:   no PFC watchdog trigger and no deadlock",
                "  actual:     WATCHDOG_TRIGGERED leaf1:eth1/3 at 700us: queue stormed"));
    assertThatThrownBy(() -> assertThat(stormed).pfc().stormDetectedWithin("100us"))
        .hasMessage(
            lines(
                "PFC storm detection",
                stormRun,
                "  where:      storm from host1:nic0 on priority 3 at 500us",
                "  expected:   a watchdog trigger within 100us",
                "  actual:     triggered after 200us on leaf1:eth1/3 at 700us"));
    assertThatCode(() -> assertThat(stormed).pfc().stormDetectedWithin("200us"))
        .doesNotThrowAnyException();
    assertThatCode(() -> assertThat(stormed).port("leaf2:eth1").pfc().hasNoStorm())
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> assertThat(run).pfc().stormDetectedWithin("1ms"))
        .hasMessage(
            lines(
                "PFC storm detection",
                RUN,
                "  where:      all ports",
                "  expected:   a watchdog trigger within 1ms",
                "  actual:     the scenario has no PFC storm"));
    assertThatThrownBy(() -> assertThat(stormed).pfc().stormDetectionLatency().isAtMost("150us"))
        .hasMessage(
            lines(
                "PFC storm detection latency",
                stormRun,
                "  where:      storm from host1:nic0 on priority 3 at 500us, watchdog triggers on all ports",
                "  expected:   at most 150us",
                "  actual:     200us (leaf1:eth1/3 at 700us)"));
    assertThatCode(() -> assertThat(stormed).pfc().stormDetectionLatency().isAtMost("200us"))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> assertThat(run).pfc().stormDetectionLatency().isAtMost("1ms"))
        .hasMessage(
            lines(
                "PFC storm detection latency",
                RUN,
                "  where:      all ports",
                "  expected:   a measured latency",
                "  actual:     the scenario has no PFC storm"));
    RunResult undetected = Runs.run().scenario(storm).build();
    assertThatThrownBy(() -> assertThat(undetected).pfc().stormDetectionLatency().isLessThan("10s"))
        .hasMessage(
            lines(
                "PFC storm detection latency",
                stormRun,
                "  where:      storm from host1:nic0 on priority 3 at 500us, watchdog triggers on all ports",
                "  expected:   less than 10s",
                "  actual:     no watchdog trigger by the end of the run at 1ms"));
    assertThatThrownBy(() -> assertThat(undetected).pfc().stormDetectedWithin("1ms"))
        .hasMessage(
            lines(
                "PFC storm detection",
                stormRun,
                "  where:      storm from host1:nic0 on priority 3 at 500us",
                "  expected:   a watchdog trigger within 1ms",
                "  actual:     no watchdog trigger by the end of the run at 1ms"));
  }

  @Test
  void ecnMarkRatioIsMarkedOverSentPackets() {
    assertThatThrownBy(
            () -> assertThat(run).port("leaf1:eth1").priority(3).ecn().markRatio().isAtMost(0.1))
        .hasMessage(
            lines(
                "ECN-marked fraction",
                RUN,
                "  where:      leaf1:eth1 priority 3",
                "  expected:   at most 0.1",
                "  actual:     0.1234 (1234 of 10000 packets)"));
    assertThatThrownBy(() -> assertThat(run).ecn().marks().isLessThan(1000))
        .hasMessage(
            lines(
                "ECN marks",
                RUN,
                "  where:      all ports",
                "  expected:   less than 1000",
                "  actual:     1234"));
    assertThatCode(() -> assertThat(run).priority(3).ecn().markRatio().isBetween(0.1, 0.2))
        .doesNotThrowAnyException();
  }

  @Test
  void cnpRateIsCnpsPerSecondOfTheRun() {
    assertThatThrownBy(() -> assertThat(run).cnp().perSecond().isAtMost(100_000))
        .hasMessage(
            lines(
                "CNP rate",
                RUN,
                "  where:      all ports",
                "  expected:   at most 100000/s",
                "  actual:     500000/s (500 in 1ms)"));
    assertThatThrownBy(() -> assertThat(run).port("host1:nic0").cnp().sent().isGreaterThan(500))
        .hasMessage(
            lines(
                "CNPs sent",
                RUN,
                "  where:      host1:nic0",
                "  expected:   more than 500",
                "  actual:     500"));
    assertThatThrownBy(() -> assertThat(run).ecn().marks().isBetween(0, 1000))
        .hasMessage(
            lines(
                "ECN marks",
                RUN,
                "  where:      all ports",
                "  expected:   between 0 and 1000",
                "  actual:     1234"));
    assertThatThrownBy(() -> assertThat(run).priority(3).ecn().markRatio().isCloseTo(0.05, 0.01))
        .hasMessage(
            lines(
                "ECN-marked fraction",
                RUN,
                "  where:      all ports, priority 3",
                "  expected:   0.05 ± 0.01",
                "  actual:     0.1234 (1234 of 10000 packets)"));
  }

  @Test
  void bufferPeaksNameTheDeepestQueue() {
    assertThatThrownBy(() -> assertThat(run).buffer().peakQueue().isLessThan("2MiB"))
        .hasMessage(
            lines(
                "peak queue depth",
                RUN,
                "  where:      leaf1:eth1 priority 3, deepest of all ports",
                "  expected:   less than 2MiB",
                "  actual:     3MiB"));
    assertThatThrownBy(
            () -> assertThat(run).port("leaf1:eth2").buffer().peakHeadroom().isAtMost("128KiB"))
        .hasMessage(
            lines(
                "peak headroom use",
                RUN,
                "  where:      leaf1:eth2 priority 0, deepest of leaf1:eth2",
                "  expected:   at most 128KiB",
                "  actual:     160KiB"));
    assertThatThrownBy(() -> assertThat(run).buffer().peakQueue().isBetween("4MiB", "8MiB"))
        .hasMessage(
            lines(
                "peak queue depth",
                RUN,
                "  where:      leaf1:eth1 priority 3, deepest of all ports",
                "  expected:   between 4MiB and 8MiB",
                "  actual:     3MiB"));
    assertThatCode(
            () ->
                assertThat(run)
                    .buffer()
                    .peakHeadroom()
                    .isBetween("128KiB", "160KiB")
                    .isGreaterThan("1KiB")
                    .isAtLeast("160KiB"))
        .doesNotThrowAnyException();
  }
}
