package dev.rocelab.model.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.model.ModelFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The ranking of ns-3 HPCC's incast runs (Li et al., HPCC, SIGCOMM 2019), on the benchmark fabric
 * that uses their DCQCN parameter set: with DCQCN the receiver's queue is held below Kmax once the
 * senders have reacted and PFC never pauses; without congestion control the queue sits far above
 * Kmax and PFC pauses every sender.
 */
class IncastRankingFidelityTest {

  private static final long KMAX = 1_600_000;

  @Test
  void dcqcnHoldsTheQueueBelowKmaxWithoutPausesWherePfcAloneCannot() throws IOException {
    Path bench = Path.of("../rocelab-cli/src/main/resources/dev/rocelab/cli/bench");
    String yaml =
        Files.readString(bench.resolve("incast.yaml"))
            + "\n"
            + Files.readString(bench.resolve("common.yaml"));
    FabricSpec dcqcn = FabricFiles.load(yaml, "bench/incast.yaml");
    FabricSpec pfcOnly =
        FabricFiles.load(
            yaml.replace("      enabled: true\n      g:", "      enabled: false\n      g:"),
            "bench/incast-nocc.yaml");
    // 16 senders × 10 MB into one 100G receiver: 14 ms at line rate
    Scenario incast =
        Scenario.of(
                "incast 16:1",
                new Workload.Incast(
                    16,
                    Optional.of(Endpoint.parse("host1:nic0")),
                    DataSize.mb(10),
                    OptionalInt.empty(),
                    SimTime.ZERO))
            .withDuration(SimTime.millis(40))
            .withSampleInterval(SimTime.micros(10));

    RunResult withDcqcn = ModelFixtures.run(dcqcn, incast).result();
    RunResult withoutCc = ModelFixtures.run(pfcOnly, incast).result();
    // after the first 2 ms, while every sender still has data
    double belowWith = shareBelowKmax(withDcqcn, SimTime.millis(2), SimTime.millis(12));
    double belowWithout = shareBelowKmax(withoutCc, SimTime.millis(2), SimTime.millis(12));
    System.out.printf(
        "queue below Kmax: %.3f of the time with DCQCN (%d pauses), %.3f without (%d pauses)%n",
        belowWith, pauses(withDcqcn), belowWithout, pauses(withoutCc));

    assertThat(withDcqcn.stopReason()).isEqualTo(StopReason.COMPLETED);
    assertThat(withoutCc.stopReason()).isEqualTo(StopReason.COMPLETED);
    assertThat(pauses(withDcqcn)).as("PFC pauses with DCQCN").isZero();
    assertThat(belowWith)
        .as("share of the time the queue is below Kmax, DCQCN")
        .isGreaterThanOrEqualTo(0.95);
    assertThat(pauses(withoutCc)).as("PFC pauses without congestion control").isGreaterThan(1000);
    assertThat(belowWithout)
        .as("share of the time the queue is below Kmax, PFC only")
        .isLessThan(0.05);
    assertThat(withDcqcn.totalDrops() + withoutCc.totalDrops()).isZero();
  }

  private static long pauses(RunResult run) {
    return run.ports().stream().mapToLong(PortStats::pausesSent).sum();
  }

  private static double shareBelowKmax(RunResult run, SimTime from, SimTime to) {
    TimeSeries queue =
        run.series("queue_depth").stream()
            .filter(s -> s.subject().equals("leaf1:eth1/3"))
            .findFirst()
            .orElseThrow();
    long interval = queue.interval().picos();
    int first = (int) (from.picos() / interval);
    int last = (int) (to.picos() / interval);
    int below = 0;
    for (int i = first; i < last; i++) {
      below += queue.value(i) < KMAX ? 1 : 0;
    }
    return below / (double) (last - first);
  }
}
