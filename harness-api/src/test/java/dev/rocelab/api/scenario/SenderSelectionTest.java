package dev.rocelab.api.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.Endpoint;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The senders every backend gives an incast, on three hosts of two NICs each. */
class SenderSelectionTest {

  private static final List<Endpoint> NICS =
      Stream.of("host1:nic0", "host1:nic1", "host2:nic0", "host2:nic1", "host3:nic0", "host3:nic1")
          .map(Endpoint::parse)
          .toList();

  @Test
  void theReceiversRailOnEveryOtherHostSendsFirstAndItsOwnHostLast() {
    Endpoint receiver = Endpoint.parse("host1:nic1");

    assertThat(SenderSelection.pick(NICS, receiver, 5))
        .containsExactly(
            Endpoint.parse("host2:nic1"),
            Endpoint.parse("host3:nic1"),
            Endpoint.parse("host2:nic0"),
            Endpoint.parse("host3:nic0"),
            Endpoint.parse("host1:nic0"));
    assertThat(SenderSelection.pick(NICS, receiver, 2))
        .containsExactly(Endpoint.parse("host2:nic1"), Endpoint.parse("host3:nic1"));
  }

  @Test
  void moreSendersThanNicsBesidesTheReceiverIsRefused() {
    Endpoint receiver = Endpoint.parse("host2:nic0");

    assertThat(SenderSelection.available(NICS, receiver)).isEqualTo(5);
    assertThat(SenderSelection.onOtherHosts(NICS, receiver)).isEqualTo(4);
    assertThatThrownBy(() -> SenderSelection.pick(NICS, receiver, 6))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("6 senders need as many NICs other than the receiver host2:nic0; there are 5");
  }
}
