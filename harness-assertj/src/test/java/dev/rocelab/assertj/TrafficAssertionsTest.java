package dev.rocelab.assertj;

import static dev.rocelab.assertj.DropsAndLatencyAssertionsTest.RUN;
import static dev.rocelab.assertj.DropsAndLatencyAssertionsTest.lines;
import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.unit.SimTime;
import org.junit.jupiter.api.Test;

/** Throughput and goodput, absolute and as a fraction of line rate; fairness; flow completion. */
class TrafficAssertionsTest {

  private final RunResult run =
      Runs.run()
          .port("leaf1:eth1", 3, p -> p.tx(40_000_000, 10_000))
          .flow("f1", "host1:nic1", "host1:nic0", "4MiB", "4MiB", "100us")
          .flow("f2", "host2:nic0", "host1:nic0", "4MiB", "4MiB", "200us")
          .build();

  private final RunResult unfinished =
      Runs.run()
          .flow("f1", "host1:nic1", "host1:nic0", "4MiB", "4MiB", "100us")
          .flow("f2", "host2:nic0", "host1:nic0", "4MiB", "4MiB", "200us")
          .flow("f3", "host2:nic1", "host1:nic0", "4MiB", "1MiB", null)
          .build();

  @Test
  void portThroughputIsBytesSentOverTheRun() {
    assertThatThrownBy(() -> assertThat(run).port("leaf1:eth1").throughput().isAtLeast("350Gbps"))
        .hasMessage(
            lines(
                "throughput",
                RUN,
                "  where:      leaf1:eth1",
                "  expected:   at least 350Gbps",
                "  actual:     320Gbps"));
    assertThatThrownBy(
            () -> assertThat(run).port("leaf1:eth1").throughput().isBetween("350Gbps", "400Gbps"))
        .hasMessage(
            lines(
                "throughput",
                RUN,
                "  where:      leaf1:eth1",
                "  expected:   between 350Gbps and 400Gbps",
                "  actual:     320Gbps"));
    assertThatCode(
            () ->
                assertThat(run)
                    .port("leaf1:eth1")
                    .throughput()
                    .isBetween("300Gbps", "400Gbps")
                    .isLessThan("321Gbps")
                    .isGreaterThan("319Gbps")
                    .isAtMost("320Gbps"))
        .doesNotThrowAnyException();
  }

  @Test
  void portThroughputAsAFractionOfItsLinksLineRate() {
    assertThatThrownBy(
            () ->
                assertThat(run).port("leaf1:eth1").throughput().fractionOfLineRate().isAtLeast(0.9))
        .hasMessage(
            lines(
                "throughput as a fraction of line rate",
                RUN,
                "  where:      leaf1:eth1",
                "  expected:   at least 0.9",
                "  actual:     0.8 (320Gbps of 400Gbps)"));
  }

  @Test
  void portThroughputOverTheWindowItSentIn() {
    // 40 MB in a 1 ms run, all of it sent in the 0.8 ms the port had traffic
    assertThatThrownBy(
            () ->
                assertThat(run)
                    .port("leaf1:eth1")
                    .throughputOver(SimTime.micros(800))
                    .fractionOfLineRate()
                    .isLessThan(0.99))
        .hasMessage(
            lines(
                "throughput over 800us as a fraction of line rate",
                RUN,
                "  where:      leaf1:eth1",
                "  expected:   less than 0.99",
                "  actual:     1 (400Gbps of 400Gbps)"));
    assertThatThrownBy(() -> assertThat(run).port("leaf1:eth1").throughputOver(SimTime.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("window 0ps must be positive and within the run's 1ms");
    assertThatThrownBy(
            () -> assertThat(run).port("leaf1:eth1").throughputOver(SimTime.micros(1001)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("window 1.001ms must be positive");
  }

  @Test
  void lineRateNeedsOnePortWithALink() {
    assertThatThrownBy(() -> assertThat(run).port("leaf9:eth1").throughput().fractionOfLineRate())
        .hasMessage(
            lines(
                "throughput as a fraction of line rate",
                RUN,
                "  where:      leaf9:eth1",
                "  expected:   a known line rate",
                "  actual:     the fabric has no link at leaf9:eth1"));
    assertThatThrownBy(() -> assertThat(run).priority(3).throughput().fractionOfLineRate())
        .hasMessage(
            lines(
                "throughput as a fraction of line rate",
                RUN,
                "  where:      all ports, priority 3",
                "  expected:   a known line rate",
                "  actual:     all ports together have no line rate; assert on port(\"device:port\")"));
  }

  @Test
  void goodputIsDeliveredBytesOverTheFlowsSpanAgainstTheReceiversLinks() {
    assertThatThrownBy(() -> assertThat(run).flows().goodput().isAtLeast("350Gbps"))
        .hasMessage(
            lines(
                "goodput",
                RUN,
                "  where:      2 flows, 1 receiver",
                "  expected:   at least 350Gbps",
                "  actual:     335.5Gbps"));
    assertThatThrownBy(() -> assertThat(run).flows().goodput().fractionOfLineRate().isAtLeast(0.9))
        .hasMessage(
            lines(
                "goodput as a fraction of line rate",
                RUN,
                "  where:      2 flows, 1 receiver",
                "  expected:   at least 0.9",
                "  actual:     0.8389 (335.5Gbps of 400Gbps)"));
  }

  @Test
  void slowestGoodputNamesTheFlow() {
    assertThatThrownBy(() -> assertThat(run).flows().slowestGoodput().isAtLeast("200Gbps"))
        .hasMessage(
            lines(
                "slowest goodput",
                RUN,
                "  where:      flow f2 host2:nic0 → host1:nic0, slowest of 2 flows",
                "  expected:   at least 200Gbps",
                "  actual:     167.8Gbps"));
  }

  @Test
  void fairnessIsJainsIndexOfFlowGoodput() {
    assertThatThrownBy(() -> assertThat(run).flows().fairness().isAtLeast(0.95))
        .hasMessage(
            lines(
                "Jain's fairness index of goodput",
                RUN,
                "  where:      2 flows",
                "  expected:   at least 0.95",
                "  actual:     0.9 (slowest 167.8Gbps f2, fastest 335.5Gbps f1)"));
    assertThatCode(() -> assertThat(run).flows().fairness().isCloseTo(0.9, 1e-9))
        .doesNotThrowAnyException();
  }

  @Test
  void unfinishedFlowsFailCompletionAndUpperBoundsOnCompletionTime() {
    assertThatThrownBy(() -> assertThat(unfinished).flows().allCompleted())
        .hasMessage(
            lines(
                "flow completion",
                RUN,
                "  where:      3 flows",
                "  expected:   all 3 flows complete",
                "  actual:     1 of 3 did not complete by the end of the run at 1ms",
                "  first:      f3 host2:nic1 → host1:nic0, delivered 1MiB of 4MiB"));
    assertThatThrownBy(
            () -> assertThat(unfinished).flows().completionTimes().p99().isLessThan("1ms"))
        .hasMessage(
            lines(
                "p99 flow completion time",
                RUN,
                "  where:      3 flows",
                "  expected:   less than 1ms",
                "  actual:     not completed (1 of 3 flows did not complete by 1ms)"));
    assertThatThrownBy(
            () -> assertThat(unfinished).flows().completionTimes().p50().isLessThan("150us"))
        .hasMessage(
            lines(
                "p50 flow completion time",
                RUN,
                "  where:      3 flows",
                "  expected:   less than 150us",
                "  actual:     200us"));
    assertThatCode(
            () -> assertThat(run).flows().allCompleted().completionTimes().max().isAtMost("200us"))
        .doesNotThrowAnyException();
  }

  @Test
  void flowsCanBeNarrowedToAPriority() {
    assertThatThrownBy(() -> assertThat(run).flows().onPriority(5).fairness())
        .hasMessage(
            lines(
                "Jain's fairness index of goodput",
                RUN,
                "  where:      flows on priority 5",
                "  expected:   at least one flow",
                "  actual:     none"));
    assertThatThrownBy(
            () -> assertThat(run).flows().onPriority(3).completionTimes().p90().isLessThan("100us"))
        .hasMessage(
            lines(
                "p90 flow completion time",
                RUN,
                "  where:      2 flows (flows on priority 3)",
                "  expected:   less than 100us",
                "  actual:     200us"));
    assertThatThrownBy(() -> assertThat(run).flows().onPriority(5).completionTimes().p999())
        .hasMessage(
            lines(
                "p99.9 flow completion time",
                RUN,
                "  where:      no flows",
                "  expected:   at least one flow",
                "  actual:     none"));
  }

  @Test
  void retransmissionsAreSummedOverTheFlowsAndTheFlowThatResentMostIsNamed() {
    RunResult resent =
        Runs.run()
            .flow("f1", "host1:nic1", "host1:nic0", "4MiB", "4MiB", "100us", 3)
            .flow("f2", "host2:nic0", "host1:nic0", "4MiB", "4MiB", "200us", 40)
            .build();

    assertThatThrownBy(() -> assertThat(resent).flows().retransmissions().isZero())
        .hasMessage(
            lines(
                "retransmitted packets",
                RUN,
                "  where:      2 flows, most by f2 host2:nic0 → host1:nic0 (40)",
                "  expected:   0",
                "  actual:     43"));
    assertThatCode(() -> assertThat(run).flows().retransmissions().isZero())
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> assertThat(resent).flows().onPriority(5).retransmissions().isZero())
        .hasMessage(
            lines(
                "retransmitted packets",
                RUN,
                "  where:      flows on priority 5",
                "  expected:   at least one flow",
                "  actual:     none"));
  }
}
