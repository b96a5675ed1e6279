package dev.rocelab.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.analysis.TelemetrySummary;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Completion;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.junit.fake.ScriptedBackend;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TelemetrySummaryTest {

  @Test
  void summarisesDropsPausesMarksLatencyAndCompletion() {
    FabricSpec reference = FabricFiles.load(Path.of("../fabrics/reference.yaml"));
    RunResult run;
    try (var session = new ScriptedBackend().open(reference)) {
      run = session.run(Scenario.incast().senders(40).message("1MiB").dscp(26));
    }

    assertThat(TelemetrySummary.of(run))
        .isEqualTo(
            String.join(
                "\n",
                "scenario  incast · incast 40:1 · 1MiB · dscp 26 (seed 1)",
                "fabric    reference on backend scripted",
                "elapsed   838.9us (COMPLETED)",
                "drops     priority 3: 128 packets, 519.8KiB; first at leaf2:eth5 priority 3 at 1.5us (LOSSLESS_HEADROOM_EXCEEDED)",
                "pauses    78000 sent, 78000 received; most paused host1:nic1 priority 3, 97.5% of the run",
                "ECN       3200 marks, 10.87% of 29440 packets sent",
                "CNPs      800 sent",
                "queue     deepest 2.5MiB at leaf1:eth1 priority 3",
                "latency   priority 3: p50 22us, p99 82us, max 122us",
                "FCT       40 of 40 flows completed; p50 838.9us, p99 838.9us, max 838.9us",
                "series    81 every 10us",
                ""));
    assertThat(FabricGraph.of(reference).nics()).hasSize(64);
  }

  @Test
  void saysWhichSeriesWereDownsampledAndToWhatResolution() {
    FabricSpec reference = FabricFiles.load(Path.of("../fabrics/reference.yaml"));
    RunResult run;
    try (var session = new ScriptedBackend().open(reference)) {
      run = session.run(Scenario.incast().senders(4).message("1MiB").dscp(26));
    }
    TimeSeries fine = run.series().get(0);
    TimeSeries coarse =
        TimeSeries.downsampled(
            "queue_depth",
            "leaf1:eth1/3",
            "bytes",
            SimTime.micros(630),
            SimTime.micros(640),
            SimTime.micros(10),
            new long[] {1, 2},
            new long[] {0, 0},
            new long[] {5, 9});
    RunResult mixed =
        new RunResult(
            run.scenario(),
            run.backend(),
            run.fabric(),
            run.stopReason(),
            run.elapsed(),
            run.ports(),
            run.flows(),
            run.latency(),
            run.firstDrops(),
            List.of(fine, coarse),
            run.events(),
            run.collectives());

    assertThat(TelemetrySummary.of(mixed))
        .contains(
            "\nseries    1 every 10us; 1 in 640us buckets (sampled every"
                + " 10us; least and greatest sample kept; downsampled to fit rocelab.limits.seriesMemory)\n");
  }

  @Test
  void saysWhatWorkWasLeftUndoneAndWhetherThatWasDeclared() {
    FabricSpec reference = FabricFiles.load(Path.of("../fabrics/reference.yaml"));
    Scenario tooLong = Scenario.incast().senders(4).message("1GiB").duration("1ms").build();
    RunResult required;
    RunResult window;
    try (var session = new ScriptedBackend().open(reference)) {
      required = session.run(tooLong);
      window = session.run(tooLong.withCompletion(Completion.WINDOW));
    }

    assertThat(TelemetrySummary.of(required))
        .contains(
            String.join(
                "\n",
                "elapsed   1ms (DURATION_REACHED)",
                "workload  0 of 4 flows completed in 1ms (duration reached)",
                "drops"));
    assertThat(TelemetrySummary.of(window))
        .contains(
            "workload  0 of 4 flows completed in 1ms (duration reached), a window by declaration\n");
  }
}
