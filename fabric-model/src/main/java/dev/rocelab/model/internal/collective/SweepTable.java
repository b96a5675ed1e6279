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
 * Where a collective's nccl-tests sweep stands and what it measured: each size runs untimed until
 * its time settles, then out of place, then in place, with the algorithm and protocol NCCL would
 * choose for it ({@link NcclTuner}); the two timed runs make one row of the table.
 *
 * <p>nccl-tests times each size as the mean of 20 back-to-back iterations ({@code -n}), so the
 * traffic the previous size left behind weighs little in its figure. The untimed runs keep it out
 * of the model's at a fraction of the cost: DCQCN's rates, the queues and PFC's pauses left by the
 * previous size (a tree's fan-in marks before a ring's large sizes, say) recover during them. A
 * size's first run is untimed; each run after it that takes more than 2% longer or shorter than the
 * run before it counts as untimed too, up to nccl-tests' five warm-up iterations ({@code -w 5}),
 * and the first run that does not is the out-of-place figure. Each timing carries when it
 * completed, since the timed runs no longer start with the collective.
 */
final class SweepTable implements RunSource {

  /** How close a run's time must come to the run before it for the size to count as settled. */
  private static final double SETTLED = 0.02;

  /** The most untimed runs of a size: nccl-tests' default warm-up iterations ({@code -w 5}). */
  private static final int MAX_UNTIMED_RUNS = 5;

  private final Workload.Collective collective;
  private final int ranks;
  private final List<DataSize> sizes;
  private final List<Workload.Collective> runs;
  private final List<CollectiveRow> rows = new ArrayList<>();
  private int sizeIndex;

  /** The current size's runs recorded so far. */
  private int runsOfSize;

  /** The current size's last untimed run's time. */
  private long lastUntimedPs;

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
   * @return whether the next run repeats the last one's size (same transfers): every run of a size
   *     after its first
   */
  @Override
  public boolean nextRunRepeatsLast() {
    return runsOfSize > 0;
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

  @Override
  public Next record(long timePs, long now) {
    DataSize size = DataSize.bytes(bytes());
    runsOfSize++;
    if (runsOfSize == 1) {
      lastUntimedPs = timePs;
    } else if (outOfPlace == null) {
      if (settled(lastUntimedPs, timePs) || runsOfSize > MAX_UNTIMED_RUNS) {
        outOfPlace = timing(size, timePs, now);
      } else {
        lastUntimedPs = timePs;
      }
    } else {
      Workload.Collective ran = current();
      rows.add(
          new CollectiveRow(
              size,
              elementCount(),
              outOfPlace,
              timing(size, timePs, now),
              ran.algorithm(),
              ran.protocol()));
      outOfPlace = null;
      runsOfSize = 0;
      sizeIndex++;
    }
    return sizeIndex < sizes.size() ? Next.RUN : Next.DONE;
  }

  /** Whether a run took what the run before it took, within {@link #SETTLED}. */
  private static boolean settled(long beforePs, long timePs) {
    return Math.abs(timePs - beforePs) <= SETTLED * beforePs;
  }

  private CollectiveTiming timing(DataSize size, long timePs, long now) {
    return CollectiveTiming.measured(
            collective.operation(), ranks, size, SimTime.picos(timePs), OptionalLong.empty())
        .completedAt(SimTime.picos(now));
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
