package dev.rocelab.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.Fabrics;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Uplink groups of the minimal leaf-spine fabric (2 leaves, each with one uplink to each of 2
 * spines on eth5 and eth6): their bytes from port counters summed over priorities, and per interval
 * from the model's per-port series or a lab's per-port-and-priority series.
 */
class LoadBalanceTest {

  @Test
  void aGroupSumsItsUplinksOverPrioritiesAndSkipsSwitchesThatSentNothingUp() {
    RunResult run =
        run(
            List.of(
                port("leaf1:eth5", 3, 3_000),
                port("leaf1:eth5", 0, 1_000),
                port("leaf1:eth6", 3, 2_000),
                port("leaf1:eth1", 3, 9_000)),
            List.of());

    List<LoadBalance.Group> groups = LoadBalance.groups(run, run.fabric());

    assertThat(groups).singleElement().satisfies(g -> assertThat(g.device()).isEqualTo("leaf1"));
    LoadBalance.Group leaf1 = groups.get(0);
    assertThat(leaf1.egressBytes())
        .containsExactly(
            Map.entry(Endpoint.parse("leaf1:eth5"), 4_000L),
            Map.entry(Endpoint.parse("leaf1:eth6"), 2_000L));
    assertThat(leaf1.imbalance()).isCloseTo(4_000 / 3_000.0 - 1, within(1e-12));
    assertThat(leaf1.busiest().getKey()).isEqualTo(Endpoint.parse("leaf1:eth5"));
    assertThat(leaf1.idlest().getKey()).isEqualTo(Endpoint.parse("leaf1:eth6"));
    assertThat(LoadBalance.worst(run, run.fabric())).contains(leaf1);
  }

  @Test
  void windowsReadTheModelsPerPortSeriesAndALabsPerPriorityOnesAlike() {
    SimTime interval = SimTime.micros(10);
    List<TimeSeries> model =
        List.of(
            new TimeSeries(
                "tx_bytes", "leaf1:eth5", "bytes", interval, interval, new long[] {3, 0, 5}),
            new TimeSeries(
                "tx_bytes", "leaf1:eth6", "bytes", interval, interval, new long[] {1, 0, 5}));
    List<TimeSeries> lab =
        List.of(
            new TimeSeries(
                "txBytes", "leaf1:eth5/3", "bytes", interval, interval, new long[] {2, 0, 5}),
            new TimeSeries(
                "txBytes", "leaf1:eth5/0", "bytes", interval, interval, new long[] {1, 0, 0}),
            new TimeSeries(
                "txBytes", "leaf1:eth6/3", "bytes", interval, interval, new long[] {1, 0, 5}),
            new TimeSeries(
                "txBytes", "not a port", "bytes", interval, interval, new long[] {9, 9, 9}));
    List<PortStats> ports = List.of(port("leaf1:eth5", 3, 8), port("leaf1:eth6", 3, 6));

    for (List<TimeSeries> series : List.of(model, lab)) {
      RunResult run = run(ports, series);
      List<LoadBalance.Window> windows =
          LoadBalance.windows(run, LoadBalance.worst(run, run.fabric()).orElseThrow());

      assertThat(windows)
          .containsExactly(
              new LoadBalance.Window(SimTime.micros(10), 4, 0.5),
              new LoadBalance.Window(SimTime.micros(30), 10, 0.0));
    }
  }

  private static PortStats port(String port, int priority, long txBytes) {
    return new PortStats(
        Endpoint.parse(port),
        priority,
        txBytes,
        0,
        0,
        0,
        0,
        0,
        SimTime.ZERO,
        0,
        0,
        0,
        Map.of(),
        Optional.empty(),
        DataSize.ZERO,
        DataSize.ZERO);
  }

  private static RunResult run(List<PortStats> ports, List<TimeSeries> series) {
    return new RunResult(
        Scenario.baseline().build(),
        "model",
        Fabrics.minimal(),
        StopReason.COMPLETED,
        SimTime.micros(30),
        ports,
        List.of(),
        Map.of(),
        List.of(),
        series,
        List.of(),
        List.of());
  }
}
