package dev.rocelab.model.internal.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.model.ModelFixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A sweep runs each size once untimed before timing it, so that what the previous size left behind
 * (DCQCN rates cut by its marks, queues, pauses) weighs little in the size's row, as it weighs
 * little in nccl-tests' mean of 20 iterations; each timing says when its run completed.
 */
class SweepWarmUpTest {

  @Test
  void eachSizeRunsOnceUntimedThenOutOfPlaceThenInPlace() {
    SweepTable table = table("1MiB", "2MiB");

    assertThat(table.nextRunRepeatsLast()).as("the warm-up plans its transfers").isFalse();
    table.record(1_000_000, 1_000_000);
    assertThat(table.result()).as("the warm-up is no row").isEmpty();
    assertThat(table.nextRunRepeatsLast()).as("the timed runs repeat the warm-up's").isTrue();
    table.record(2_000_000, 3_000_000);
    assertThat(table.nextRunRepeatsLast()).isTrue();
    assertThat(table.record(3_000_000, 6_000_000)).isEqualTo(RunSource.Next.RUN);

    CollectiveRow first = table.result().orElseThrow().rows().get(0);
    assertThat(first.outOfPlace().time().picos()).isEqualTo(2_000_000);
    assertThat(first.outOfPlace().completed()).contains(SimTime.picos(3_000_000));
    assertThat(first.inPlace().time().picos()).isEqualTo(3_000_000);
    assertThat(first.inPlace().completed()).contains(SimTime.picos(6_000_000));
    assertThat(table.nextRunRepeatsLast()).as("the next size plans anew").isFalse();
    table.record(4_000_000, 10_000_000);
    table.record(5_000_000, 15_000_000);
    assertThat(table.record(6_000_000, 21_000_000)).isEqualTo(RunSource.Next.DONE);
    assertThat(table.result().orElseThrow().rows()).hasSize(2);
  }

  /**
   * On a 3:1 leaf-spine of 400G single-NIC hosts, a sweep from 256 KiB (trees, LL128, whose fan-in
   * marks leave DCQCN's rates cut) to 64 MiB by factors of 4: timed straight after 16 MiB, the 64
   * MiB ring measured 35.8 GB/s (0.72 of line rate) where the same size alone reaches 48.5. After
   * the untimed run, the out-of-place run measures 43.1 (DCQCN's rates still climbing back) and the
   * in-place run what the size alone measures.
   */
  @Test
  void aSizeAfterACongestingOneMeasuresNearlyWhatItMeasuresAlone() {
    FabricSpec oversubscribed =
        FabricFiles.load(Path.of("../fabrics/corpus/leafspine-400g-3to1.yaml"));
    CollectiveRow afterSmall = largest(oversubscribed, "256KiB");
    CollectiveRow alone = largest(oversubscribed, "64MiB");
    double aloneBusbw = alone.outOfPlace().busGigabytesPerSecond();

    assertThat(afterSmall.size()).isEqualTo(alone.size());
    assertThat(afterSmall.outOfPlace().busGigabytesPerSecond())
        .as("64 MiB out of place after the sweep's smaller sizes, GB/s")
        .isGreaterThan(0.85 * aloneBusbw);
    assertThat(afterSmall.inPlace().busGigabytesPerSecond())
        .as("64 MiB in place after the sweep's smaller sizes, GB/s")
        .isCloseTo(aloneBusbw, withinPercentage(2));
  }

  private static CollectiveRow largest(FabricSpec fabric, String from) {
    return ModelFixtures.collective(
            fabric,
            Scenario.collective(CollectiveOperation.ALL_REDUCE).sizes(from, "64MiB", 4).build())
        .largest();
  }

  private static SweepTable table(String from, String to) {
    Workload.Collective sweep =
        Scenario.collective(CollectiveOperation.ALL_REDUCE).sizes(from, to, 2).ranks(16).workload();
    return new SweepTable(
        sweep, CollectiveLayout.of(FabricGraph.of(ModelFixtures.reference()), sweep));
  }
}
