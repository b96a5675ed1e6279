package dev.rocelab.model;

import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The whole packet path on a small fabric: a 16:1 incast of 1 MiB each through one 100G switch —
 * NIC pacing, port service, the shared buffer, PFC, ECN, wires and (with {@code congestionControl})
 * DCQCN. One operation is one run; the data packets it sent are counted beside.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class IncastBenchmark extends HotPathBenchmark {

  @Param({"true", "false"})
  public boolean congestionControl;

  private FabricSpec fabric;
  private Scenario scenario;

  /** Data packets sent, per operation. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Packets {
    /** Data packets the runs sent. */
    public long dataPackets;

    /** JMH makes one per thread. */
    public Packets() {}
  }

  /** JMH makes one per thread. */
  public IncastBenchmark() {}

  /** Loads the fabric once. */
  @Setup(Level.Trial)
  public void setUp() {
    fabric =
        congestionControl
            ? ModelFixtures.fabric("star100g-dcqcn")
            : ModelFixtures.fabric("star100g");
    scenario =
        Scenario.of(
                "incast 16:1",
                new Workload.Incast(
                    16, Optional.empty(), DataSize.mib(1), OptionalInt.empty(), SimTime.ZERO))
            .withDuration(SimTime.millis(50));
  }

  /**
   * One run.
   *
   * @param packets the counter of data packets
   * @return the events processed, so the run is not optimised away
   */
  @Benchmark
  public long run(Packets packets) {
    ModelBenchmark run = new ModelBenchmark(fabric, scenario);
    run.run(Duration.ofMinutes(1), () -> {});
    packets.dataPackets += run.dataPacketsSent();
    return run.events();
  }
}
