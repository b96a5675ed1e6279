package dev.rocelab.model.internal.engine;

import dev.rocelab.model.HotPathBenchmark;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The engine's hot path on its own: components that each reschedule themselves a little later, as
 * ports do (88 ns to 1 µs ahead, the spread of a packet's serialisation at 100–400G), with as many
 * components as a fabric of that size has ports. One operation is one event: a wake-up and the move
 * of its component in the queue.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class EventQueueBenchmark extends HotPathBenchmark {

  private static final int EVENTS = 1 << 20;

  /** Pending wake-ups: a small switch, a 128-host fabric, a 1,024-host one, a 32k-NIC one. */
  @Param({"64", "4096", "16384", "65536"})
  public int components;

  private Simulator sim;
  private Ticker[] tickers;

  /** A component that wakes up, counts, and schedules its next wake-up. */
  private final class Ticker extends Component {

    private final long[] delays;
    private int next;

    Ticker(long[] delays) {
      this.delays = delays;
    }

    @Override
    protected void wake(long now) {
      if (--remaining == 0) {
        sim.stop();
      }
      sim.schedule(this, now + delays[next++ & (delays.length - 1)]);
    }
  }

  private long remaining;

  /** Builds the components, each with its own seeded delays, and schedules them all. */
  @Setup
  public void setUp() {
    sim = new Simulator();
    tickers = new Ticker[components];
    SplittableRandom random = new SplittableRandom(components);
    for (int i = 0; i < components; i++) {
      long[] delays = new long[64];
      for (int d = 0; d < delays.length; d++) {
        delays[d] = random.nextLong(88_000, 1_000_000);
      }
      tickers[i] = sim.register(new Ticker(delays));
      sim.schedule(tickers[i], random.nextLong(1_000_000));
    }
  }

  /**
   * Runs a fixed number of events.
   *
   * @return the simulated time reached, so the work is not optimised away
   */
  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public long events() {
    remaining = EVENTS;
    sim.runUntil(Long.MAX_VALUE);
    return sim.now();
  }
}
