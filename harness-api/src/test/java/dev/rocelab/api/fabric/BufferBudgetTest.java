package dev.rocelab.api.fabric;

import static dev.rocelab.api.fabric.Fabrics.port;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.rocelab.api.unit.DataSize;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Buffer budgets of a one-leaf, one-spine fabric with one two-NIC host, computed by hand.
 *
 * <p>Every switch: 64 MiB buffer, 144 B cells, 4 KiB reserve, derived headroom (no MAC/PHY delay,
 * 18 KiB pipeline latency, 100 % small packets); QoS MTU 9100 B; NIC RoCE MTU 4096 B, so the
 * lossless frame is 4096 + 62 = 4158 B. With cell occupancy 2.25 and peer response 905 × 64 B:
 *
 * <pre>
 * host port,  3 m: 4158 + (9100 + 1515.15 + 57 920) × 2.25 = 158 362.1 B → 155 KiB xoff
 * uplink,    10 m: 4158 + (9100 + 5050.51 + 57 920) × 2.25 = 166 316.6 B → 163 KiB xoff
 * xon: 18 KiB
 * </pre>
 */
class BufferBudgetTest {

  private static final DataSize HOST_PORT_XOFF = DataSize.kib(155);
  private static final DataSize UPLINK_XOFF = DataSize.kib(163);
  private static final DataSize XON = DataSize.kib(18);

  private static Fabrics.SpecBuilder oneLeafOneSpine() {
    return Fabrics.spec().with(Fabrics.leafSpine(1, 1, 1, 1));
  }

  @Nested
  class DerivedHeadroom {

    private final BufferBudget leaf = BufferBudget.of(oneLeafOneSpine().graph(), "leaf1");

    @Test
    void sizesEachConnectedPortFromItsCable() {
      assertThat(leaf.ports())
          .extracting(PortHeadroom::port, PortHeadroom::link, PortHeadroom::xoff, PortHeadroom::xon)
          .containsExactly(
              tuple(port("leaf1:eth1"), Fabrics.HOST_LINK, Map.of(3, HOST_PORT_XOFF), XON),
              tuple(port("leaf1:eth2"), Fabrics.HOST_LINK, Map.of(3, HOST_PORT_XOFF), XON),
              tuple(port("leaf1:eth3"), Fabrics.FABRIC_LINK, Map.of(3, UPLINK_XOFF), XON));
    }

    @Test
    void losslessPriorityGroupHoldsXoffPlusXon() {
      assertThat(leaf.ports().get(0).sizeFor(3)).isEqualTo(DataSize.kib(155 + 18));
      assertThat(leaf.ports().get(2).sizeFor(3)).isEqualTo(DataSize.kib(163 + 18));
      assertThat(leaf.ports().get(0).sizeFor(5))
          .as("a lossy priority has no headroom")
          .isEqualTo(DataSize.ZERO);
    }

    @Test
    void sumsHeadroomOverPortsAndReserveOverPortsAndEightPriorities() {
      assertThat(leaf.device()).isEqualTo("leaf1");
      assertThat(leaf.buffer()).isEqualTo(DataSize.mib(64));
      assertThat(leaf.losslessPriorities()).isEqualTo(1);
      // 2 × (155 + 18) + (163 + 18) KiB
      assertThat(leaf.headroom()).isEqualTo(DataSize.kib(527));
      // 3 ports × 8 priorities × 4 KiB
      assertThat(leaf.reserve()).isEqualTo(DataSize.kib(96));
      // 65 536 − 527 − 96 KiB
      assertThat(leaf.sharedBytes()).isEqualTo(64_913L * 1024);
    }

    @Test
    void spineBudgetCoversOnlyItsDownlink() {
      BufferBudget spine = BufferBudget.of(oneLeafOneSpine().graph(), "spine1");

      assertThat(spine.ports()).extracting(PortHeadroom::port).containsExactly(port("spine1:eth1"));
      assertThat(spine.headroom()).isEqualTo(DataSize.kib(163 + 18));
      assertThat(spine.reserve()).isEqualTo(DataSize.kib(8 * 4));
    }

    @Test
    void everyLosslessPriorityGetsItsOwnHeadroom() {
      BufferBudget twoPriorities =
          BufferBudget.of(
              oneLeafOneSpine().with(Fabrics.qos().lossless(3, 4).pfc(3, 4).build()).graph(),
              "leaf1");

      assertThat(twoPriorities.losslessPriorities()).isEqualTo(2);
      assertThat(twoPriorities.ports().get(0).xoff())
          .containsExactly(Map.entry(3, HOST_PORT_XOFF), Map.entry(4, HOST_PORT_XOFF));
      assertThat(twoPriorities.headroom()).isEqualTo(DataSize.kib(2 * 527));
      assertThat(twoPriorities.reserve()).isEqualTo(DataSize.kib(96));
    }

    @Test
    void sharedBytesGoNegativeWhenHeadroomAndReserveDoNotFit() {
      BufferBudget small =
          BufferBudget.of(
              oneLeafOneSpine()
                  .with(Fabrics.switchProfile().buffer(DataSize.kib(512)).build())
                  .graph(),
              "leaf1");

      // 512 − 527 − 96 KiB
      assertThat(small.sharedBytes()).isEqualTo(-111L * 1024);
    }

    @Test
    void usesTheEffectiveProfileOfAnOverriddenSwitch() {
      BufferBudget overridden =
          BufferBudget.of(
              oneLeafOneSpine()
                  .with(
                      Fabrics.switchProfile()
                          .named("big-reserve")
                          .reserve(DataSize.kib(16))
                          .build())
                  .with(Fabrics.switchOverride("big-reserve", "leaf1"))
                  .graph(),
              "leaf1");

      assertThat(overridden.reserve()).isEqualTo(DataSize.kib(3 * 8 * 16));
    }
  }

  @Nested
  class FixedHeadroom {

    @Test
    void usesTheConfiguredSizeOfEachLosslessPriorityWithoutXon() {
      HeadroomPolicy.Fixed fixed =
          new HeadroomPolicy.Fixed(Map.of(3, DataSize.kib(50), 5, DataSize.kib(7)));

      BufferBudget leaf =
          BufferBudget.of(
              oneLeafOneSpine().with(Fabrics.switchProfile().headroom(fixed).build()).graph(),
              "leaf1");

      assertThat(leaf.ports())
          .allSatisfy(
              p -> {
                assertThat(p.xoff()).containsExactly(Map.entry(3, DataSize.kib(50)));
                assertThat(p.xon()).isEqualTo(DataSize.ZERO);
              });
      assertThat(leaf.headroom()).isEqualTo(DataSize.kib(3 * 50));
    }

    @Test
    void givesALosslessPriorityWithoutConfiguredHeadroomNone() {
      HeadroomPolicy.Fixed other = new HeadroomPolicy.Fixed(Map.of(4, DataSize.kib(50)));

      BufferBudget leaf =
          BufferBudget.of(
              oneLeafOneSpine().with(Fabrics.switchProfile().headroom(other).build()).graph(),
              "leaf1");

      assertThat(leaf.ports().get(0).xoff()).containsExactly(Map.entry(3, DataSize.ZERO));
      assertThat(leaf.headroom()).isEqualTo(DataSize.ZERO);
    }
  }

  @Nested
  class LosslessFrame {

    @Test
    void isTheLargestRoceMtuPlusHeaders() {
      FabricSpec spec =
          oneLeafOneSpine().with(Fabrics.nic().named("small").mtu(DataSize.kib(1)).build()).build();

      assertThat(BufferBudget.largestLosslessFrame(spec)).isEqualTo(DataSize.bytes(4096 + 62));
    }

    @Test
    void smallerRoceMtuNeedsLessHeadroom() {
      FabricGraph graph =
          oneLeafOneSpine().with(Fabrics.nic().mtu(DataSize.kib(1)).build()).graph();

      // 1086 + (9100 + 1515.15 + 57 920) × 2.25 = 155 290.1 B → 152 KiB
      assertThat(BufferBudget.largestLosslessFrame(graph.spec()))
          .isEqualTo(DataSize.bytes(1024 + 62));
      assertThat(BufferBudget.of(graph, "leaf1").ports().get(0).xoff())
          .containsEntry(3, DataSize.kib(152));
    }
  }
}
