package dev.rocelab.model.firmware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import org.junit.jupiter.api.Test;

/**
 * Go-back-0's livelock (Guo et al., "RDMA over Commodity Ethernet at Scale", SIGCOMM 2016, §4):
 * with one frame in 256 lost, a NIC that restarts a message from its first packet on both sides
 * almost never gets a message of ~1000 packets through (each attempt ends at the next loss, after
 * 256 packets on average), while go-back-N resends only what followed the loss and keeps the link
 * busy. Here 1 MiB messages of 1024 packets, each arriving whole with probability (255/256)^1024 =
 * 1.8%, one flow on star100g (PFC only), the built-in versions {@value FirmwareRegistry#NIC_MLX5}
 * and {@value FirmwareRegistry#NIC_LEGACY}.
 */
class GoBackZeroLivelockTest {

  /** A full data frame on the wire: 1024 B payload, RoCE headers, preamble and gap. */
  private static final int WIRE_BITS = 8 * (1024 + Framing.ROCE_HEADERS + Framing.WIRE_OVERHEAD);

  /** The bit error rate at which one full data frame in 256 fails its CRC. */
  private static final double BER = -Math.expm1(Math.log1p(-1.0 / 256) / WIRE_BITS);

  private static final double LINE_GOODPUT =
      100e9 * 1024 / (1024 + Framing.ROCE_HEADERS + Framing.WIRE_OVERHEAD);

  private static RunResult run(String firmware) {
    FabricSpec fabric =
        ModelFixtures.fabric("star100g", "    firmware: model-1", "    firmware: " + firmware);
    Scenario lossy =
        Scenario.flow("host1:nic0", "host2:nic0")
            .message("1MiB")
            .messages(32)
            .with(Fault.bitErrors("leaf1:eth2", BER))
            .duration("20ms")
            .build();
    return ModelFixtures.run(fabric, lossy).result();
  }

  @Test
  void withOneFrameIn256LostGoBackZeroLivelocksWhereGoBackNKeepsTheLinkBusy() {
    RunResult goBackN = run(FirmwareRegistry.NIC_MLX5);
    RunResult goBack0 = run(FirmwareRegistry.NIC_LEGACY);
    FlowResult n = goBackN.flows().get(0);
    FlowResult zero = goBack0.flows().get(0);
    double goodputN = n.delivered().bytes() * 8e12 / n.completion().orElseThrow().picos();
    double goodput0 = zero.delivered().bytes() * 8e12 / goBack0.elapsed().picos();
    System.out.printf(
        "1/256 frames lost: go-back-N %.1f Gb/s (%d drops, %d resent, done at %s); go-back-0 "
            + "%.2f Gb/s (%d of 32 MiB in %s, %d drops, %d resent)%n",
        goodputN / 1e9,
        goBackN.totalDrops(),
        n.retransmissions(),
        n.completion().orElseThrow(),
        goodput0 / 1e9,
        zero.delivered().bytes() >> 20,
        goBack0.elapsed(),
        goBack0.totalDrops(),
        zero.retransmissions());

    double lossRate =
        (double) goBackN.totalDrops() / (goBackN.totalDrops() + 32 * 1024 + n.retransmissions());
    assertThat(lossRate).as("frames lost, go-back-N").isBetween(1.0 / 400, 1.0 / 160);
    assertThat(n.completed()).isTrue();
    assertThat(goodputN).as("go-back-N goodput").isGreaterThan(0.8 * LINE_GOODPUT);
    assertThat(goodput0).as("go-back-0 goodput").isLessThan(0.1 * LINE_GOODPUT);
    assertThat(zero.completed()).as("go-back-0 done in 20 ms").isFalse();
    assertThat(zero.delivered().bytes() % (1 << 20))
        .as("go-back-0 delivers whole messages only")
        .isZero();
  }

  @Test
  void goBackZeroWithoutLossIsGoBackN() {
    Scenario clean =
        Scenario.flow("host1:nic0", "host2:nic0")
            .message("1MiB")
            .messages(8)
            .duration("5ms")
            .build();
    FabricSpec legacy =
        ModelFixtures.fabric(
            "star100g", "    firmware: model-1", "    firmware: " + FirmwareRegistry.NIC_LEGACY);
    FabricSpec mlx5 =
        ModelFixtures.fabric(
            "star100g", "    firmware: model-1", "    firmware: " + FirmwareRegistry.NIC_MLX5);

    FlowResult zero = ModelFixtures.run(legacy, clean).result().flows().get(0);
    FlowResult n = ModelFixtures.run(mlx5, clean).result().flows().get(0);

    assertThat(zero.retransmissions()).isZero();
    assertThat(zero.completion().orElseThrow().picos())
        .as("acknowledged by whole messages, done as fast (ps)")
        .isCloseTo(n.completion().orElseThrow().picos(), within(SimTime.micros(5).picos()));
  }
}
