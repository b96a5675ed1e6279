package dev.rocelab.model.internal.cc;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.NicFirmware.DcqcnVariant;
import dev.rocelab.model.HotPathBenchmark;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * A reaction point's work per packet, as a congested 100G sender does it: bytes sent for every 1
 * KiB packet, a CNP every {@code cnpEvery} packets, and the timers whenever they are due. One
 * operation is one packet.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DcqcnBenchmark extends HotPathBenchmark {

  private static final long LINE_RATE_BPS = 100_000_000_000L;
  private static final int PACKET_BYTES = 1024;

  /** Packets between CNPs: heavy marking, and a CNP per 50 µs interval's worth at 100G. */
  @Param({"8", "600"})
  public int cnpEvery;

  @Param({"PAPER", "MLX5"})
  public DcqcnVariant variant;

  private DcqcnReactionPoint reactionPoint;
  private long now;
  private long packets;

  /** A reaction point at line rate. */
  @Setup
  public void setUp() {
    reactionPoint =
        new DcqcnReactionPoint(DcqcnParameters.MLX5_DEFAULTS, variant, LINE_RATE_BPS, 0);
  }

  /**
   * One packet at the current rate.
   *
   * @return the rate, so the work is not optimised away
   */
  @Benchmark
  public long packet() {
    now += PACKET_BYTES * 8L * 1_000_000_000_000L / reactionPoint.rateBps();
    while (reactionPoint.nextWakeupPs() <= now) {
      reactionPoint.onTimer(reactionPoint.nextWakeupPs());
    }
    reactionPoint.onBytesSent(PACKET_BYTES, now);
    if (++packets % cnpEvery == 0) {
      reactionPoint.onCnp(now);
    }
    return reactionPoint.rateBps();
  }
}
