package dev.rocelab.model.internal.collective;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NvlinkPortsTest {

  @Test
  void channelsTakeTurnsAtAPortAndEachChannelIsServedInOrder() {
    NvlinkPorts ports = new NvlinkPorts(2, 3);
    // GIVEN channel 0 has a backlog of three transfers before channel 2's first arrives
    ports.add(1, 0, 10);
    ports.add(1, 0, 11);
    ports.add(1, 0, 12);
    ports.add(1, 2, 20);

    // THEN channel 2's transfer goes second, not behind channel 0's backlog
    assertThat(ports.next(1)).isEqualTo(10);
    assertThat(ports.next(1)).isEqualTo(20);
    assertThat(ports.next(1)).isEqualTo(11);
    assertThat(ports.next(1)).isEqualTo(12);
    assertThat(ports.isSending(1)).isTrue();
  }

  @Test
  void aPortWithNothingWaitingStaysFree() {
    NvlinkPorts ports = new NvlinkPorts(2, 3);
    ports.add(0, 1, 7);
    assertThat(ports.next(0)).isEqualTo(7);
    ports.sent(0);

    assertThat(ports.next(0)).isEqualTo(-1);
    assertThat(ports.isSending(0)).isFalse();
    assertThat(ports.next(1)).as("another GPU's port").isEqualTo(-1);
  }
}
