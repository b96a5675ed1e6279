package dev.rocelab.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DisplayAndStatsTest {

  @Test
  void quantitiesShowFourSignificantDigitsInTheirLargestUnit() {
    assertThat(Display.rate(Rate.bps(398_123_456_789L))).isEqualTo("398.1Gbps");
    assertThat(Display.rate(Rate.gbps(400))).isEqualTo("400Gbps");
    assertThat(Display.rate(Rate.bps(1_600_000_000_000L))).isEqualTo("1.6Tbps");
    assertThat(Display.rate(Rate.bps(0))).isEqualTo("0bps");
    assertThat(Display.time(SimTime.picos(112_500_000))).isEqualTo("112.5us");
    assertThat(Display.time(SimTime.picos(2_342_177_280L))).isEqualTo("2.342ms");
    assertThat(Display.time(SimTime.seconds(1500))).isEqualTo("1500s");
    assertThat(Display.time(SimTime.MAX)).isEqualTo("never");
    assertThat(Display.size(DataSize.bytes(4_192_000))).isEqualTo("3.998MiB");
    assertThat(Display.size(DataSize.bytes(1500))).isEqualTo("1.465KiB");
    assertThat(Display.size(DataSize.ZERO)).isEqualTo("0B");
    assertThat(Display.number(0.93750)).isEqualTo("0.9375");
    assertThat(Display.number(0.123456)).isEqualTo("0.1235");
    assertThat(Display.number(500_000.4)).isEqualTo("500000");
    assertThat(Display.number(0)).isEqualTo("0");
    assertThat(Display.percent(0.9)).isEqualTo("90%");
  }

  @Test
  void displayNamesSpaceNumberAndUnit() {
    assertThat(Display.spaced("4MiB")).isEqualTo("4 MiB");
    assertThat(Display.spaced("1.5ms")).isEqualTo("1.5 ms");
    assertThat(Display.spaced("400 Gbps")).isEqualTo("400 Gbps");
    assertThat(Display.spaced("28.36.1010")).isEqualTo("28.36.1010");
    assertThat(Display.spaced("leaf1")).isEqualTo("leaf1");
  }

  @Test
  void jainsIndexIsOneForEqualSharesAndOneOverNForAMonopoly() {
    assertThat(Stats.jain(new double[] {5, 5, 5, 5})).isEqualTo(1.0);
    assertThat(Stats.jain(new double[] {8, 0, 0, 0})).isEqualTo(0.25);
    assertThat(Stats.jain(new double[] {2, 1}))
        .isCloseTo(0.9, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(Stats.jain(new double[] {0, 0})).isEqualTo(1.0);
  }

  @Test
  void completionPercentilesUseNearestRankAndCountUnfinishedFlowsAsNever() {
    List<FlowResult> flows = List.of(flow("a", 300), flow("b", 100), flow("c", -1), flow("d", 200));

    assertThat(Stats.completionPercentile(flows, 25)).isEqualTo(SimTime.micros(100));
    assertThat(Stats.completionPercentile(flows, 50)).isEqualTo(SimTime.micros(200));
    assertThat(Stats.completionPercentile(flows, 75)).isEqualTo(SimTime.micros(300));
    assertThat(Stats.completionPercentile(flows, 99)).isEqualTo(SimTime.MAX);
    assertThat(Stats.completionPercentile(flows.subList(0, 1), 1)).isEqualTo(SimTime.micros(300));
  }

  private static FlowResult flow(String id, long completionMicros) {
    return new FlowResult(
        id,
        Endpoint.parse("host1:nic0"),
        Endpoint.parse("host2:nic0"),
        3,
        DataSize.mib(1),
        DataSize.mib(1),
        SimTime.ZERO,
        completionMicros < 0 ? Optional.empty() : Optional.of(SimTime.micros(completionMicros)),
        0,
        Optional.empty());
  }
}
