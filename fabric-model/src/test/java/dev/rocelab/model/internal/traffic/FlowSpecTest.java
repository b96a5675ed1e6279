package dev.rocelab.model.internal.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.scenario.Workload;
import org.junit.jupiter.api.Test;

class FlowSpecTest {

  private static final Endpoint A = Endpoint.parse("host1:nic0");
  private static final Endpoint B = Endpoint.parse("host2:nic0");

  @Test
  void messagesArePostedOnePeriodApart() {
    FlowSpec flow = flow(A, B, 26, 3_000, 500);

    assertThat(flow.postPs(0)).isEqualTo(3_000);
    assertThat(flow.postPs(2)).isEqualTo(4_000);
    assertThat(flow.totalBytes()).isEqualTo(4 * 4096);
  }

  @Test
  void aMessageBeyondTheLastHasNoPostTime() {
    assertThatThrownBy(() -> flow(A, B, 26, 0, 0).postPs(4))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("message 4 of 4 in test");
  }

  @Test
  void aFlowToItselfIsRejected() {
    assertThatThrownBy(() -> flow(A, A, 26, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("source and destination must differ but both are host1:nic0");
  }

  @Test
  void aDscpOutsideTheCodeSpaceIsRejected() {
    assertThatThrownBy(() -> flow(A, B, 64, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("dscp must be a DSCP 0..63 but was 64");
  }

  @Test
  void aNegativePeriodIsRejected() {
    assertThatThrownBy(() -> flow(A, B, 26, 0, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("periodPs must be >= 0 but was -1");
  }

  /** Four 4 KiB messages over one QP. */
  private static FlowSpec flow(
      Endpoint source, Endpoint destination, int dscp, long startPs, long periodPs) {
    return new FlowSpec(
        0,
        "test",
        source,
        destination,
        4096,
        4,
        1,
        dscp,
        startPs,
        periodPs,
        Workload.Verb.WRITE,
        false);
  }
}
