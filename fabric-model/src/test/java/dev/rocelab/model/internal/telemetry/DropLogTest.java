package dev.rocelab.model.internal.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.rocelab.api.result.DropReason;
import org.junit.jupiter.api.Test;

class DropLogTest {

  @Test
  void keepsTheFirstDropsAndTheFirstOfEveryPortPriorityAndReasonAfterThem() {
    DropLog log = new DropLog();
    for (int i = 0; i < 2 * DropLog.KEPT; i++) {
      log.record(i, 7, 3, DropReason.CRC_ERROR, 0, true);
    }
    // a degrading optic's link fails after its CRC errors filled the log
    log.record(1_000, 7, 3, DropReason.LINK_DOWN, 1, true);
    log.record(1_001, 7, 3, DropReason.LINK_DOWN, 1, true);
    log.record(1_002, 9, 3, DropReason.LINK_DOWN, 2, true);
    log.record(1_003, 7, 0, DropReason.LINK_DOWN, 3, false);

    assertThat(log.entries()).hasSize(DropLog.KEPT + 3);
    assertThat(log.entries().subList(DropLog.KEPT, DropLog.KEPT + 3))
        .extracting(DropLog.Entry::timePs, DropLog.Entry::port, DropLog.Entry::priority)
        .containsExactly(tuple(1_000L, 7, 3), tuple(1_002L, 9, 3), tuple(1_003L, 7, 0));
  }
}
