package dev.rocelab.api.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Length;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** PFC headroom with SONiC's Spectrum formula (sonic-swss buffer_headroom_mellanox.lua). */
class HeadroomTest {

  private static final DataSize CELL = DataSize.bytes(144);
  private static final DataSize PORT_MTU = DataSize.bytes(9100);
  private static final DataSize LOSSLESS_FRAME = DataSize.bytes(4096 + Framing.ROCE_HEADERS);

  /** No MAC/PHY delay, no gearbox, every packet small. */
  private static final HeadroomPolicy.Derived ALL_SMALL =
      new HeadroomPolicy.Derived(DataSize.ZERO, DataSize.ZERO, 100, SimTime.ZERO);

  /** As {@link #ALL_SMALL} but every packet large: cell occupancy 1. */
  private static final HeadroomPolicy.Derived ALL_LARGE =
      new HeadroomPolicy.Derived(DataSize.ZERO, DataSize.ZERO, 0, SimTime.ZERO);

  private static DataSize xoff(HeadroomPolicy.Derived inputs, Rate speed, Length cable) {
    return Headroom.xoff(inputs, CELL, speed, cable, PORT_MTU, LOSSLESS_FRAME);
  }

  @Nested
  class PauseQuanta {

    // IEEE 802.3 Annex 31B.3.7, as tabulated by SONiC
    @ParameterizedTest(name = "{0} Gb/s: {1} quanta")
    @CsvSource({
      "10, 67",
      "25, 80",
      "40, 118",
      "50, 147",
      "100, 394",
      "200, 453",
      "400, 905",
      "800, 905"
    })
    void followTheStandardsTable(long gbps, int quanta) {
      assertThat(Headroom.pauseQuanta(Rate.gbps(gbps))).isEqualTo(quanta);
    }

    @Test
    void speedsBetweenRowsTakeTheNextHigherRow() {
      assertThat(Headroom.pauseQuanta(Rate.gbps(150))).isEqualTo(453);
      assertThat(Headroom.pauseQuanta(Rate.gbps(300))).isEqualTo(905);
      assertThat(Headroom.pauseQuanta(Rate.bps(100_000_500_000L)))
          .as("just above 100G")
          .isEqualTo(453);
      assertThat(Headroom.pauseQuanta(Rate.mbps(10))).isEqualTo(1);
    }

    @Test
    void speedsBeyondTheTableTakeTheLastRow() {
      assertThat(Headroom.pauseQuanta(Rate.tbps(2))).isEqualTo(905);
    }
  }

  @Nested
  class Xoff {

    @Test
    void for400gOver5mIs157KiB() {
      // cell occupancy = (100 − 100 + 100 × 144/64) / 100                = 2.25   (144 B cell > 2 ×
      // 64 B)
      // bytes on cable = 2 × 5 m / 198e6 m/s × 400e9 b/s / 8             = 2525.25
      // peer response  = 905 quanta × 512 bit / 8 = 905 × 64             = 57 920
      // in flight      = 9100 + 2525.25 + 2 × 0 + 0 + 57 920              = 69 545.25
      // xoff           = 4158 + 69 545.25 × 2.25 = 160 634.8 B = 156.87 KiB → 157 KiB
      assertThat(xoff(ALL_SMALL, Rate.gbps(400), Length.meters(5))).isEqualTo(DataSize.kib(157));
    }

    @Test
    void growsWithCableLength() {
      DataSize at5m = xoff(ALL_SMALL, Rate.gbps(400), Length.meters(5));
      DataSize at100m = xoff(ALL_SMALL, Rate.gbps(400), Length.meters(100));
      DataSize at300m = xoff(ALL_SMALL, Rate.gbps(400), Length.meters(300));

      assertThat(at5m).isLessThan(at100m);
      assertThat(at100m).isLessThan(at300m);
      // 4158 + (9100 + 2 × 100 / 198e6 × 400e9 / 8 + 57 920) × 2.25
      //   = 4158 + (9100 + 50 505.05 + 57 920) × 2.25 = 268 589.4 B = 262.29 KiB → 263 KiB
      assertThat(at100m).isEqualTo(DataSize.kib(263));
    }

    @Test
    void largePacketsOccupyOneCellPerCellOfData() {
      // occupancy 1: 4158 + 9100 + 0 + 57 920 = 71 178 B = 69.51 KiB → 70 KiB
      assertThat(xoff(ALL_LARGE, Rate.gbps(400), Length.meters(0))).isEqualTo(DataSize.kib(70));
    }

    @Test
    void gearboxDelayCountsTwice() {
      HeadroomPolicy.Derived gearbox =
          new HeadroomPolicy.Derived(DataSize.ZERO, DataSize.ZERO, 0, SimTime.micros(1));

      // 1 µs at 400 Gb/s = 50 000 B, twice: 71 178 + 100 000 = 171 178 B = 167.17 KiB → 168 KiB
      assertThat(xoff(gearbox, Rate.gbps(400), Length.meters(0))).isEqualTo(DataSize.kib(168));
    }

    @Test
    void macPhyDelayAddsItsBytes() {
      HeadroomPolicy.Derived macPhy =
          new HeadroomPolicy.Derived(DataSize.kib(10), DataSize.ZERO, 0, SimTime.ZERO);

      // 71 178 + 10 240 = 81 418 B = 79.51 KiB → 80 KiB
      assertThat(xoff(macPhy, Rate.gbps(400), Length.meters(0))).isEqualTo(DataSize.kib(80));
    }

    @Test
    void cellsOfAtMostTwoMinimumFramesUseTheSmallCellWorstCase() {
      // worst case = 2 × 96 / (1 + 96) = 1.9794; peer response at 100G = 394 × 64 = 25 216
      // 1086 + (1500 + 0 + 25 216) × 1.9794 = 53 967.2 B = 52.70 KiB → 53 KiB
      DataSize xoff =
          Headroom.xoff(
              ALL_SMALL,
              DataSize.bytes(96),
              Rate.gbps(100),
              Length.meters(0),
              DataSize.bytes(1500),
              DataSize.bytes(1024 + Framing.ROCE_HEADERS));

      assertThat(xoff).isEqualTo(DataSize.kib(53));
    }

    @Test
    void isAlwaysAWholeNumberOfKib() {
      for (int meters = 0; meters <= 50; meters += 7) {
        assertThat(xoff(ALL_SMALL, Rate.gbps(100), Length.meters(meters)).bytes() % 1024).isZero();
      }
    }
  }

  @Nested
  class Xon {

    @ParameterizedTest(name = "pipeline latency {0} B → {1} B")
    @CsvSource({"0, 0", "1, 1024", "1024, 1024", "1025, 2048", "18000, 18432", "18432, 18432"})
    void isThePipelineLatencyRoundedUpToKib(long latency, long xon) {
      HeadroomPolicy.Derived inputs =
          new HeadroomPolicy.Derived(DataSize.ZERO, DataSize.bytes(latency), 100, SimTime.ZERO);

      assertThat(Headroom.xon(inputs)).isEqualTo(DataSize.bytes(xon));
    }
  }
}
