package dev.rocelab.model.firmware;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.FirmwareRegistry;
import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.fabric.NicFirmware;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Fault;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import org.junit.jupiter.api.Test;

/**
 * A lost retransmission under the InfiniBand responder rule (one NAK per sequence error, IBTA Vol.
 * 1 C9-114): the receiver stays silent until the sender's timeout, 16.8 ms with mlx5's local ACK
 * timeout, against a few hundred microseconds with adaptive retransmission ({@value
 * FirmwareRegistry#NIC_MLX5_ADAPTIVE}) — which in turn resends what deep lossless queues merely
 * hold back.
 */
class AdaptiveRetransmissionTest {

  private static final int WIRE_BITS = 8 * (1024 + Framing.ROCE_HEADERS + Framing.WIRE_OVERHEAD);

  /** One full data frame in 64 fails its CRC: some retransmissions are lost too. */
  private static final double BER = -Math.expm1(Math.log1p(-1.0 / 64) / WIRE_BITS);

  private static RunResult lossy(String firmware) {
    FabricSpec fabric =
        ModelFixtures.fabric("star100g", "    firmware: model-1", "    firmware: " + firmware);
    return ModelFixtures.run(
            fabric,
            Scenario.flow("host1:nic0", "host2:nic0")
                .message("1MiB")
                .messages(32)
                .with(Fault.bitErrors("leaf1:eth2", BER))
                .duration("200ms")
                .build())
        .result();
  }

  /** The longest stretch of samples in which a flow delivered nothing. */
  private static SimTime longestStall(RunResult run) {
    TimeSeries throughput = run.series("throughput").get(0);
    int longest = 0;
    int current = 0;
    for (int i = 1; i < throughput.size(); i++) {
      current = throughput.value(i) == 0 ? current + 1 : 0;
      longest = Math.max(longest, current);
    }
    return throughput.interval().times(longest);
  }

  @Test
  void aLostRetransmissionWaitsForTheTimeoutWhichAdaptiveRetransmissionKeepsShort() {
    RunResult fixed = lossy(FirmwareRegistry.NIC_MLX5);
    RunResult adaptive = lossy(FirmwareRegistry.NIC_MLX5_ADAPTIVE);
    FlowResult f = fixed.flows().get(0);
    FlowResult a = adaptive.flows().get(0);
    System.out.printf(
        "1/64 frames lost: fixed 16.8 ms timeout done at %s (longest stall %s, %d drops); adaptive "
            + "done at %s (longest stall %s, %d drops)%n",
        f.completion().orElseThrow(),
        longestStall(fixed),
        fixed.totalDrops(),
        a.completion().orElseThrow(),
        longestStall(adaptive),
        adaptive.totalDrops());

    SimTime timeout = NicFirmware.DEFAULT_RETRANSMISSION_TIMEOUT;
    assertThat(longestStall(fixed))
        .as("longest stall, fixed timeout")
        .isGreaterThanOrEqualTo(timeout.minus(SimTime.micros(100)));
    assertThat(longestStall(adaptive)).as("longest stall, adaptive").isLessThan(SimTime.millis(2));
    assertThat(a.completion().orElseThrow().picos())
        .as("completion, adaptive vs fixed (ps)")
        .isLessThan(f.completion().orElseThrow().picos() / 5);
  }

  @Test
  void aShortFirstTimeoutResendsWhatDeepLosslessQueuesOnlyHoldBack() {
    // a 16:1 incast of 64 MB on the reference fabric queues for milliseconds behind PFC: nothing
    // is lost, yet the 262 us first timeout fires
    Scenario incast =
        Scenario.incast()
            .senders(16)
            .receiver("host1:nic0")
            .message("64MB")
            .duration("20ms")
            .build();
    RunResult fixed = ModelFixtures.run(ModelFixtures.reference(), incast).result();
    RunResult adaptive =
        ModelFixtures.run(
                ModelFixtures.reference(
                    "{basedOn: mlx5-default}",
                    "{basedOn: " + FirmwareRegistry.NIC_MLX5_ADAPTIVE + "}"),
                incast)
            .result();

    long resentFixed = fixed.flows().stream().mapToLong(FlowResult::retransmissions).sum();
    long resentAdaptive = adaptive.flows().stream().mapToLong(FlowResult::retransmissions).sum();
    System.out.printf(
        "16:1 incast of 64 MB, no loss: %d packets resent with the fixed timeout, %d adaptive%n",
        resentFixed, resentAdaptive);
    assertThat(fixed.totalDrops() + adaptive.totalDrops()).isZero();
    assertThat(resentFixed).isZero();
    assertThat(resentAdaptive)
        .as("spurious retransmissions with adaptive retransmission")
        .isPositive();
  }
}
