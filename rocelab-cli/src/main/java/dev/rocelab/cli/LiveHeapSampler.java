package dev.rocelab.cli;

import dev.rocelab.model.ModelBenchmark;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * Measures the live heap of a benchmark run: after every millisecond of simulated time, but at most
 * five times a wall-clock second, it forces a full collection and reads the heap in use, so garbage
 * not yet collected does not count. The time spent doing so is kept apart, to be left out of the
 * run's wall time.
 */
final class LiveHeapSampler {

  private static final long EVERY_PS = 1_000_000_000L;
  private static final long MIN_WALL_NANOS = 200_000_000L;

  private final ModelBenchmark simulation;
  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private long nextSamplePs;
  private long lastSampleNanos = Long.MIN_VALUE / 2;
  private long peakBytes;
  private long samplingNanos;

  LiveHeapSampler(ModelBenchmark simulation) {
    this.simulation = simulation;
  }

  /** Called between slices of simulated time. */
  void sliceDone() {
    long now = simulation.simulatedPicos();
    if (now >= nextSamplePs && System.nanoTime() - lastSampleNanos >= MIN_WALL_NANOS) {
      nextSamplePs = now + EVERY_PS;
      sample();
    }
  }

  /**
   * @return the largest live heap seen, sampling once more at the end
   */
  long peakBytes() {
    sample();
    return peakBytes;
  }

  /**
   * @return the wall time spent measuring, in nanoseconds
   */
  long samplingNanos() {
    return samplingNanos;
  }

  private void sample() {
    long start = System.nanoTime();
    lastSampleNanos = start;
    System.gc();
    peakBytes = Math.max(peakBytes, memory.getHeapMemoryUsage().getUsed());
    samplingNanos += System.nanoTime() - start;
  }
}
