package dev.rocelab.reports.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.FecStats;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TelemetryCsvTest {

  @Test
  void droppedPacketsAndBytesHaveAColumnPerReasonAndUnmeasuredBytesAreEmptyCells() {
    PortStats measured = stats("leaf1:eth9", 3, Optional.of(Map.of(DropReason.LINK_DOWN, 12_474L)));
    PortStats unmeasured = stats("leaf2:eth1", 3, Optional.empty());
    RunResult run = run(List.of(measured, unmeasured), List.of());

    List<String> rows = TelemetryCsv.ports(run).lines().toList();

    assertThat(rows.get(0))
        .endsWith(
            ",max_headroom_bytes,drops_buffer_overflow,drops_lossless_headroom_exceeded,"
                + "drops_link_down,drops_switch_reset,drops_crc_error,drops_pfc_watchdog,drops_no_route,drops_mtu_exceeded,"
                + "dropped_bytes_buffer_overflow,dropped_bytes_lossless_headroom_exceeded,dropped_bytes_link_down,"
                + "dropped_bytes_switch_reset,dropped_bytes_crc_error,dropped_bytes_pfc_watchdog,dropped_bytes_no_route,"
                + "dropped_bytes_mtu_exceeded");
    assertThat(rows.get(1))
        .isEqualTo("leaf1:eth9,3,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3,0,0,0,0,0,0,0,12474,0,0,0,0,0");
    assertThat(rows.get(2))
        .isEqualTo("leaf2:eth1,3,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3,0,0,0,0,0,,,,,,,,");
  }

  @Test
  void fecCountersAreATableOfTheirOwnWithTheBerTheyRevealAndOnlyWhereCounted() {
    RunResult run =
        run(
            List.of(),
            List.of(
                new FecStats(Endpoint.parse("spine1:eth1"), 520, 9, 10_000, 5440),
                new FecStats(Endpoint.parse("leaf1:eth9"), 12, 0, 0, 5440)));

    assertThat(TelemetryCsv.fec(run).lines())
        .containsExactly(
            "port,codewords,corrected_codewords,uncorrectable_codewords,codeword_bits,pre_fec_ber",
            "spine1:eth1,10000,520,9,5440,9.991e-06",
            "leaf1:eth9,,12,0,5440,");
    assertThat(TelemetryCsv.of(run))
        .extracting(Attachment::name)
        .contains("FEC counters · " + run.scenario().name());
  }

  /** A lab run of an incast with these counters and nothing else. */
  private static RunResult run(List<PortStats> ports, List<FecStats> fec) {
    return new RunResult(
        Scenario.incast().senders(2).build(),
        "lab",
        FabricGraph.of(RenderersTest.REFERENCE),
        StopReason.COMPLETED,
        SimTime.micros(2),
        ports,
        List.of(),
        Map.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        fec,
        List.of());
  }

  private static PortStats stats(
      String port, int priority, Optional<Map<DropReason, Long>> droppedBytes) {
    return new PortStats(
        Endpoint.parse(port),
        priority,
        0,
        0,
        0,
        0,
        0,
        0,
        SimTime.ZERO,
        0,
        0,
        0,
        Map.of(DropReason.LINK_DOWN, 3L),
        droppedBytes,
        DataSize.ZERO,
        DataSize.ZERO);
  }
}
