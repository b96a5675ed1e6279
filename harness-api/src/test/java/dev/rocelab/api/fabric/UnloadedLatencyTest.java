package dev.rocelab.api.fabric;

import static dev.rocelab.api.fabric.Fabrics.graphHost;
import static dev.rocelab.api.fabric.Fabrics.graphLink;
import static dev.rocelab.api.fabric.Fabrics.graphSwitch;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The unloaded latency worked out by hand on two racks joined by two cores. A 4,096-byte frame is
 * 4,178 bytes on the wire, 83,560 ps at 400G (20 ps a byte); its 64-byte header 1,280 ps.
 * Propagation is 5 ns a metre. Switches take 600 ns to forward.
 */
class UnloadedLatencyTest {

  private static final DataSize MTU = DataSize.bytes(4096);
  private static final LinkSpec LONG = new LinkSpec(Rate.gbps(400), Length.meters(100));

  /** gpu1:nic0 — tor1 — core1 (10 m) or core2 (100 m) — tor2 — gpu2:nic0; both 3 m host links. */
  private static Fabrics.SpecBuilder racks() {
    return Fabrics.spec()
        .with(
            new Topology.Graph(
                List.of(
                    graphSwitch("tor1", 4),
                    graphSwitch("tor2", 4),
                    graphSwitch("core1", 2),
                    graphSwitch("core2", 2)),
                List.of(graphHost("gpu1"), graphHost("gpu2")),
                List.of(
                    graphLink("gpu1:nic0", "tor1:eth1"),
                    graphLink("gpu2:nic0", "tor2:eth1"),
                    graphLink("tor1:eth3", "core1:eth1", Fabrics.FABRIC_LINK),
                    graphLink("tor2:eth3", "core1:eth2", Fabrics.FABRIC_LINK),
                    graphLink("tor1:eth4", "core2:eth1", LONG),
                    graphLink("tor2:eth4", "core2:eth2", LONG))));
  }

  private static SimTime gpu1ToGpu2(Fabrics.SpecBuilder fabric) {
    return UnloadedLatency.of(fabric.graph())
        .between(Endpoint.parse("gpu1:nic0"), Endpoint.parse("gpu2:nic0"), MTU);
  }

  @Test
  void cutThroughSerializesOnceAndForwardsEachHopAfterItsHeader() {
    // the slower core: 83,560 once, 3 + 100 + 100 + 3 m = 1,030,000, and 3 × (1,280 + 600,000)
    assertThat(gpu1ToGpu2(racks())).isEqualTo(SimTime.picos(83_560 + 1_030_000 + 3 * 601_280));
  }

  @Test
  void theEarliestArrivalTakesTheFasterCore() {
    // 83,560 once, 3 + 10 + 10 + 3 m = 130,000, and 3 × (1,280 + 600,000)
    assertThat(
            UnloadedLatency.of(racks().graph())
                .earliest(Endpoint.parse("gpu1:nic0"), Endpoint.parse("gpu2:nic0"), MTU))
        .isEqualTo(SimTime.picos(83_560 + 130_000 + 3 * 601_280));
  }

  @Test
  void storeAndForwardWaitsForTheWholeFrameAtEachSwitch() {
    Fabrics.SpecBuilder fabric =
        racks()
            .with(
                Fabrics.switchProfile()
                    .forwarding(SwitchProfile.Forwarding.STORE_AND_FORWARD, SimTime.micros(2))
                    .build());

    // four serializations, the cables, 3 × 2 us
    assertThat(gpu1ToGpu2(fabric)).isEqualTo(SimTime.picos(4 * 83_560 + 1_030_000 + 3 * 2_000_000));
  }

  @Test
  void aNicUnderTheSameSwitchIsOneHopAway() {
    Fabrics.SpecBuilder fabric =
        Fabrics.spec()
            .with(
                new Topology.Graph(
                    List.of(graphSwitch("tor1", 2)),
                    List.of(graphHost("gpu1"), graphHost("gpu2")),
                    List.of(
                        graphLink("gpu1:nic0", "tor1:eth1"), graphLink("gpu2:nic0", "tor1:eth2"))));

    assertThat(gpu1ToGpu2(fabric)).isEqualTo(SimTime.picos(83_560 + 30_000 + 601_280));
  }

  @Test
  void aNicWithoutALinkHasNoLatency() {
    UnloadedLatency latency = UnloadedLatency.of(racks().graph());

    assertThatThrownBy(
            () -> latency.between(Endpoint.parse("gpu1:nic1"), Endpoint.parse("gpu2:nic0"), MTU))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no link at gpu1:nic1");
  }
}
