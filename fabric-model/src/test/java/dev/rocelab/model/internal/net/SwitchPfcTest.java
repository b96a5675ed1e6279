package dev.rocelab.model.internal.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import dev.rocelab.model.internal.net.SteppedNetwork.Frame;
import dev.rocelab.model.internal.net.SteppedNetwork.FrameTap;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * PFC thresholds at a switch, end to end: one line-rate flow host2 → host1 through the star's leaf
 * (8 MiB buffer, alpha 0.125), whose egress towards host1 is held by pauses injected from host1's
 * side, so the sender's ingress priority group fills. The switch must send XOFF (65535 quanta) when
 * the group reaches its dynamic threshold, refresh it every half pause while the group stays
 * congested, so the sender never resumes on its own, and send XON (0 quanta) once the egress runs
 * again and the group has drained; the sender resumes the moment XON arrives.
 */
class SwitchPfcTest {

  private static final long US = 1_000_000L;
  private static final int RDMA = 3;
  private static final int OTHER = 5;
  private static final long CELL_FRAME = 1280; // a 1086-byte frame in 256-byte cells

  /** Half of 65535 quanta at 100G: 65535 × 512 bits × 10 ps / 2. */
  private static final long REFRESH_PS = 167_769_600L;

  private static final Scenario ONE_FLOW =
      Scenario.of(
          "one line-rate flow",
          new Workload.RdmaFlow(
              Endpoint.parse("host2:nic0"),
              Endpoint.parse("host1:nic0"),
              DataSize.mib(32),
              1,
              1,
              OptionalInt.empty(),
              SimTime.ZERO,
              Workload.Verb.WRITE));

  @Test
  void anIngressGroupAtItsThresholdPausesTheSenderUntilItHasDrained() {
    SteppedNetwork network =
        new SteppedNetwork(
            ModelFixtures.fabric("star100g", "    buffer: 32MiB\n", "    buffer: 8MiB\n"),
            ONE_FLOW);
    SwitchPort ingress = network.switchPort(network.peerOf("host2:nic0"));
    SwitchPort egress = network.switchPort(network.peerOf("host1:nic0"));
    SwitchNode leaf = ingress.owner;
    int group = ingress.local * 8 + RDMA;
    FrameTap toSender = network.tap(ingress.name);
    FrameTap fromSender = network.tap("host2:nic0");
    long propagation =
        network
            .graph
            .linkAt(Endpoint.parse("host2:nic0"))
            .orElseThrow()
            .spec()
            .length()
            .propagationDelay()
            .picos();

    // WHEN the egress towards host1 is paused from 5 µs to 600 µs (a pause lasts 335.5 µs: renewed
    // at 300 µs)
    network.runUntil(5 * US);
    leaf.receive(Packet.pause(RDMA, 65535), egress.local, network.now());
    network.runUntil(300 * US);
    leaf.receive(Packet.pause(RDMA, 65535), egress.local, network.now());
    network.runUntil(590 * US);

    // THEN the group went XOFF at alpha/(1 + alpha) of the pool, give or take the frame that
    // crossed
    SharedBuffer buffer = leaf.buffer;
    assertThat(buffer.isXoff(group)).as("XOFF while the egress is held").isTrue();
    assertThat((double) buffer.sharedUsed())
        .as("shared bytes of the group")
        .isCloseTo(0.125 / 1.125 * buffer.pool(), within((double) CELL_FRAME));
    // and the sender stopped in time: in headroom are at most the frame that would have crossed the
    // threshold and the one already on the wire (2 m of cable hold 125 bytes; the sender stops on
    // the pause's arrival ~23 ns after XOFF, with its current frame finished)
    assertThat(buffer.headroomUsed(group))
        .as("headroom used")
        .isPositive()
        .isLessThanOrEqualTo(2 * CELL_FRAME);

    network.runUntil(600 * US);
    leaf.receive(Packet.pause(RDMA, 0), egress.local, network.now());
    network.runUntil(800 * US);

    List<Frame> pauses = toSender.frames(Frame::isPause);
    assertThat(pauses).as("pause frames to the sender").hasSizeGreaterThanOrEqualTo(5);
    long firstXoff = pauses.get(0).startPs();
    for (int k = 0; k < 4; k++) {
      Frame xoff = pauses.get(k);
      assertThat(xoff.quanta()).as("quanta of pause %d", k).isEqualTo(65535);
      assertThat(xoff.priority()).isEqualTo(RDMA);
      assertThat(xoff.startPs() - firstXoff)
          .as("pause %d after the first", k)
          .isEqualTo(k * REFRESH_PS);
    }
    Frame xon = pauses.get(4);
    assertThat(xon.quanta()).as("quanta of the fifth pause frame").isZero();
    assertThat(xon.startPs()).as("XON after the egress resumed").isGreaterThan(600 * US);

    // the sender finishes the frame it is sending when XOFF arrives, then waits for XON
    long xoffArrives = pauses.get(0).endPs() + propagation;
    long xonArrives = xon.endPs() + propagation;
    List<Frame> data = fromSender.frames(Frame::isData);
    assertThat(data)
        .as("data frames started by the sender between XOFF and XON")
        .noneMatch(f -> f.startPs() >= xoffArrives && f.startPs() < xonArrives);
    assertThat(
            data.stream()
                .filter(f -> f.startPs() >= xoffArrives)
                .findFirst()
                .orElseThrow()
                .startPs())
        .as("the sender's first frame after XOFF")
        .isEqualTo(xonArrives);
    network.assertConserved();
  }

  /**
   * A pause still waiting to be sent takes the latest state of its priority: an XON queued behind a
   * frame on the wire, then an XOFF, leave the sender paused. When pauses jumped the queue one by
   * one, the XOFF went out ahead of the older XON, and the sender ran on into a congested group
   * until the next refresh, half a pause later (a 256-host fabric with PFC alone lost 188 packets
   * so, its headroom 164 KB deep where 13 KB suffice).
   */
  @Test
  void aPauseWaitingToBeSentTakesTheLatestStateOfItsPriority() {
    SteppedNetwork network = new SteppedNetwork(ModelFixtures.fabric("star100g"), ONE_FLOW);
    SwitchPort toSender = network.switchPort(network.peerOf("host2:nic0"));
    FrameTap tap = network.tap(toSender.name);
    network.runUntil(5 * US);

    long now = network.now();
    toSender.sendControl(readyAt(Packet.pause(OTHER, 65535), now), now); // on the wire at once
    toSender.sendControl(readyAt(Packet.pause(RDMA, 0), now), now); // XON, waiting behind it
    toSender.sendControl(readyAt(Packet.pause(RDMA, 65535), now), now); // then XOFF
    network.runUntil(6 * US);

    assertThat(tap.frames(f -> f.isPause() && f.priority() == RDMA))
        .as("pause frames of priority %d to the sender", RDMA)
        .extracting(Frame::quanta)
        .containsExactly(65535);
    assertThat(network.nic("host2:nic0").port.isPaused(RDMA, network.now()))
        .as("the sender paused")
        .isTrue();
  }

  private static Packet readyAt(Packet p, long now) {
    p.readyPs = now;
    p.arrivedPs = now;
    return p;
  }
}
