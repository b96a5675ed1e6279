package dev.rocelab.model.internal.collective;

import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.CollectiveRow;
import dev.rocelab.api.result.CollectiveTiming;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where a collective's nccl-tests sweep stands and what it measured: each size is run out of place,
 * then in place, with the algorithm and protocol NCCL would choose for it ({@link NcclTuner}); the
 * two timings make one row of the table.
 */
final class SweepTable implements RunSource {

  private final Workload.Collective collective;
  private final int ranks;
  private final List<DataSize> sizes;
  private final List<Workload.Collective> runs;
  private final List<CollectiveRow> rows = new ArrayList<>();
  private int sizeIndex;
  private boolean inPlace;
  private CollectiveTiming outOfPlace;

  SweepTable(Workload.Collective collective, CollectiveLayout layout) {
    this.collective = collective;
    this.ranks = layout.size();
    this.sizes = collective.sizes().sizes();
    this.runs = runs(collective, layout);
  }

  /**
   * @param collective a collective
   * @param layout where its ranks sit
   * @return per size of its sweep, the collective as it runs that size: algorithm and protocol
   *     resolved
   */
  static List<Workload.Collective> runs(Workload.Collective collective, CollectiveLayout layout) {
    List<Workload.Collective> runs = new ArrayList<>();
    for (DataSize size : collective.sizes().sizes()) {
      runs.add(NcclTuner.resolve(collective, layout, bytes(collective, size, layout.size())));
    }
    return List.copyOf(runs);
  }

  /**
   * @return whether the next run repeats the last one's size in place (same transfers)
   */
  @Override
  public boolean nextRunInPlace() {
    return inPlace;
  }

  /**
   * @return the collective as the current size runs: NCCL's algorithm and protocol for it
   */
  @Override
  public Workload.Collective current() {
    return runs.get(sizeIndex);
  }

  /**
   * @return the element count of the current size, as nccl-tests rounds it
   */
  long elementCount() {
    return elementCount(collective, sizes.get(sizeIndex), ranks);
  }

  /**
   * @return the bytes of the current size, as nccl-tests counts them
   */
  @Override
  public long bytes() {
    return bytes(collective, sizes.get(sizeIndex), ranks);
  }

  private static long elementCount(Workload.Collective collective, DataSize size, int ranks) {
    return Algorithms.elementCount(
        collective.operation(), size.bytes(), collective.dataType().bytes(), ranks);
  }

  private static long bytes(Workload.Collective collective, DataSize size, int ranks) {
    return elementCount(collective, size, ranks) * collective.dataType().bytes();
  }

  /**
   * Records the current run's time and moves on.
   *
   * @param timePs how long the run took, in picoseconds
   * @return whether another run follows
   */
  boolean record(long timePs) {
    return record(timePs, 0) == Next.RUN;
  }

  @Override
  public Next record(long timePs, long now) {
    DataSize size = DataSize.bytes(bytes());
    CollectiveTiming timing =
        CollectiveTiming.measured(
            collective.operation(), ranks, size, SimTime.picos(timePs), OptionalLong.empty());
    if (!inPlace) {
      outOfPlace = timing;
      inPlace = true;
    } else {
      Workload.Collective ran = current();
      rows.add(
          new CollectiveRow(
              size, elementCount(), outOfPlace, timing, ran.algorithm(), ran.protocol()));
      inPlace = false;
      sizeIndex++;
    }
    return sizeIndex < sizes.size() ? Next.RUN : Next.DONE;
  }

  /**
   * @return the table of the sizes finished so far, empty before the first
   */
  Optional<CollectiveResult> result() {
    if (rows.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new CollectiveResult(
            collective.operation(),
            collective.dataType(),
            ranks,
            collective.root(),
            collective.algorithm(),
            collective.protocol(),
            rows));
  }
}
