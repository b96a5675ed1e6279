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
 * A sweep runs each size untimed until its time settles before timing it, so that what the previous
 * size left behind (DCQCN rates cut by its marks, queues, pauses) weighs little in the size's row,
 * as it weighs little in nccl-tests' mean of 20 iterations; each timing says when its run
 * completed.
 */
class SweepWarmUpTest {

  @Test
  void aSizeWhoseSecondRunTakesWhatItsFirstTookIsTimedAtOnce() {
    SweepTable table = table("1MiB", "2MiB");

    assertThat(table.nextRunRepeatsLast()).as("the first run plans its transfers").isFalse();
    table.record(1_000_000, 1_000_000);
    assertThat(table.result()).as("the first run is no row").isEmpty();
    assertThat(table.nextRunRepeatsLast()).as("the next runs repeat the first's").isTrue();
    table.record(1_019_000, 2_019_000);
    assertThat(table.nextRunRepeatsLast()).isTrue();
    assertThat(table.record(1_010_000, 3_029_000)).isEqualTo(RunSource.Next.RUN);

    CollectiveRow first = table.result().orElseThrow().rows().get(0);
    assertThat(first.outOfPlace().time().picos()).isEqualTo(1_019_000);
    assertThat(first.outOfPlace().completed()).contains(SimTime.picos(2_019_000));
    assertThat(first.inPlace().time().picos()).isEqualTo(1_010_000);
    assertThat(first.inPlace().completed()).contains(SimTime.picos(3_029_000));
    assertThat(table.nextRunRepeatsLast()).as("the next size plans anew").isFalse();
  }

  @Test
  void aRunMoreThanTwoPercentFromTheOneBeforeIsUntimedToo() {
    SweepTable table = table("1MiB", "1MiB");

    table.record(1_500_000, 1_500_000);
    table.record(1_200_000, 2_700_000); // 20% faster: still recovering
    table.record(1_030_000, 3_730_000); // 14% faster
    table.record(1_025_000, 4_755_000); // settled: out of place
    assertThat(table.result()).isEmpty();
    assertThat(table.record(1_020_000, 5_775_000)).isEqualTo(RunSource.Next.DONE);

    CollectiveRow row = table.result().orElseThrow().rows().get(0);
    assertThat(row.outOfPlace().time().picos()).isEqualTo(1_025_000);
    assertThat(row.inPlace().time().picos()).isEqualTo(1_020_000);
  }

  @Test
  void aSizeThatNeverSettlesIsTimedAfterFiveUntimedRunsAsNcclTestsWarmsUpFiveTimes() {
    SweepTable table = table("1MiB", "1MiB");

    for (int run = 1; run <= 5; run++) {
      table.record(run * 1_000_000L, run * 10_000_000L);
    }
    table.record(6_000_000, 60_000_000);
    assertThat(table.record(7_000_000, 70_000_000)).isEqualTo(RunSource.Next.DONE);

    CollectiveRow row = table.result().orElseThrow().rows().get(0);
    assertThat(row.outOfPlace().time().picos()).isEqualTo(6_000_000);
    assertThat(row.inPlace().time().picos()).isEqualTo(7_000_000);
  }

  /**
   * On a 3:1 leaf-spine of 400G single-NIC hosts, a sweep from 256 KiB (trees, LL128, whose fan-in
   * marks leave DCQCN's rates cut) to 64 MiB by factors of 4: with one untimed run per size, the 64
   * MiB ring after 16 MiB measured 30.3 GB/s out of place and 33.7 in place where the same size
   * alone reaches 48.5, DCQCN's rates still climbing back. Run untimed until its time settles (five
   * runs here), it measures what it measures alone.
   */
  @Test
  void aSizeAfterACongestingOneMeasuresWhatItMeasuresAlone() {
    FabricSpec oversubscribed =
        FabricFiles.load(Path.of("../fabrics/corpus/leafspine-400g-3to1.yaml"));
    CollectiveRow afterSmall = largest(oversubscribed, "256KiB");
    CollectiveRow alone = largest(oversubscribed, "64MiB");
    double aloneBusbw = alone.outOfPlace().busGigabytesPerSecond();

    assertThat(afterSmall.size()).isEqualTo(alone.size());
    assertThat(afterSmall.outOfPlace().busGigabytesPerSecond())
        .as("64 MiB out of place after the sweep's smaller sizes, GB/s")
        .isCloseTo(aloneBusbw, withinPercentage(2));
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
