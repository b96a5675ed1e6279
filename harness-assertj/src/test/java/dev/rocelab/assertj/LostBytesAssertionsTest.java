package dev.rocelab.assertj;

import static dev.rocelab.assertj.DropsAndLatencyAssertionsTest.RUN;
import static dev.rocelab.assertj.DropsAndLatencyAssertionsTest.lines;
import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.RunResult;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class LostBytesAssertionsTest {

  // full 4 KiB frames (4096 + 62 = 4158 B) on priority 3, 1 KiB ones (1086 B) on priority 0
  private final RunResult dropped =
      Runs.run()
          .port("leaf1:eth1", 3, p -> p.drops(DropReason.LINK_DOWN, 8, 33_264))
          .port(
              "spine1:eth1",
              3,
              p ->
                  p.drops(DropReason.LINK_DOWN, 2, 8_316).drops(DropReason.CRC_ERROR, 120, 498_960))
          .port("leaf1:eth2", 0, p -> p.drops(DropReason.BUFFER_OVERFLOW, 50, 54_300))
          .port("leaf1:eth3", 3, p -> p.tx(4158, 1))
          .build();

  @Test
  void lostBytesPerPriorityNameThePortPriorityAndReasonThatLostTheMost() {
    assertThatThrownBy(() -> assertThat(dropped).priority(3).lostBytes().isZero())
        .hasMessage(
            lines(
                "lost bytes",
                RUN,
                "  where:      all ports, priority 3; most at spine1:eth1 priority 3, CRC_ERROR 487.3KiB",
                "  expected:   0B",
                "  actual:     527.9KiB in 130 dropped packets"));
    assertThatThrownBy(() -> assertThat(dropped).priority(0).lostBytes().isAtMost("53KiB"))
        .hasMessage(
            lines(
                "lost bytes",
                RUN,
                "  where:      all ports, priority 0; most at leaf1:eth2 priority 0, BUFFER_OVERFLOW 53.03KiB",
                "  expected:   at most 53KiB",
                "  actual:     53.03KiB in 50 dropped packets"));
    assertThatCode(() -> assertThat(dropped).priority(0).lostBytes().isBetween("53KiB", "54KiB"))
        .doesNotThrowAnyException();
  }

  @Test
  void lostBytesForOneReasonCountOnlyThatReason() {
    assertThatThrownBy(
            () ->
                assertThat(dropped).priority(3).lostBytes(DropReason.LINK_DOWN).isLessThan("40KiB"))
        .hasMessage(
            lines(
                "lost bytes (LINK_DOWN)",
                RUN,
                "  where:      all ports, priority 3; most at leaf1:eth1 priority 3, LINK_DOWN 32.48KiB",
                "  expected:   less than 40KiB",
                "  actual:     40.61KiB in 10 dropped packets"));
    assertThatCode(
            () ->
                assertThat(dropped)
                    .priority(3)
                    .lostBytes(DropReason.LOSSLESS_HEADROOM_EXCEEDED)
                    .isZero())
        .doesNotThrowAnyException();
  }

  @Test
  void aPortThatLostNothingHasNoWorstPlace() {
    assertThatCode(() -> assertThat(dropped).port("leaf1:eth3").lostBytes().isZero())
        .doesNotThrowAnyException();
    assertThatThrownBy(
            () ->
                assertThat(dropped).port("leaf1:eth3").priority(3).lostBytes().isGreaterThan("0B"))
        .hasMessage(
            lines(
                "lost bytes",
                RUN,
                "  where:      leaf1:eth3 priority 3",
                "  expected:   more than 0B",
                "  actual:     0B in 0 dropped packets"));
  }

  @Test
  void bytesTheBackendDidNotMeasureFailTheAssertionInsteadOfCountingAsZero() {
    RunResult packetsOnly =
        Runs.run()
            .port("leaf1:eth1", 3, p -> p.drops(DropReason.BUFFER_OVERFLOW, 8, 33_264))
            .port("host1:nic0", 3, p -> p.tx(4158, 1).droppedBytesNotMeasured())
            .port("host2:nic0", 3, p -> p.droppedBytesNotMeasured())
            .build();

    assertThatThrownBy(() -> assertThat(packetsOnly).priority(3).lostBytes().isZero())
        .hasMessage(
            lines(
                "lost bytes",
                RUN,
                "  where:      all ports, priority 3",
                "  expected:   measured lost bytes",
                "  actual:     not measured: backend scripted did not measure dropped bytes on host1:nic0 priority 3 and 1"
                    + " other port and priority",
                "  hint:       a lab measures them with a droppedBytes query under lab.telemetry.queries"));
    assertThatCode(() -> assertThat(packetsOnly).port("leaf1:eth1").lostBytes().isAtMost("33264B"))
        .as("where the backend measured them, they count")
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> assertThat(packetsOnly).port("host2:nic0").lostBytes().isZero())
        .hasMessageContaining("did not measure dropped bytes on host2:nic0 priority 3\n");
  }

  @Test
  void softAssertionsCollectAnUnmeasuredQuantityOnce() {
    RunResult packetsOnly =
        Runs.run().port("host1:nic0", 3, p -> p.droppedBytesNotMeasured()).build();
    FabricSoftAssertions softly = new FabricSoftAssertions();

    softly.assertThat(packetsOnly).priority(3).lostBytes().isZero().isAtMost("1MiB");

    Assertions.assertThat(softly.errorsCollected())
        .singleElement()
        .satisfies(
            e ->
                Assertions.assertThat(e.getMessage())
                    .contains("  expected:   measured lost bytes\n"));
  }
}
