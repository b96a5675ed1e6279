package dev.rocelab.model.internal.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.TimeSeries;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.model.ModelFixtures;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The egress queue ECN and telemetry see is the frames through the forwarding pipeline: a frame
 * still being looked up is held (and admitted to the buffer) but not queued.
 */
class EgressQueueTest {

  private static Packet frame(int payload, long readyPs) {
    Packet p = Packet.data(0, 0, payload, 26, 0, 1, 0, 0);
    p.readyPs = readyPs;
    return p;
  }

  @Test
  void framesJoinTheQueueWhenTheyLeaveThePipelineInOrder() {
    EgressQueue queue = new EgressQueue();
    queue.add(frame(1000, 100)); // 1062-byte frames
    queue.add(frame(1000, 300));
    queue.add(frame(1000, 200)); // ready earlier, but behind a frame that is not

    assertThat(queue.heldBytes()).isEqualTo(3 * 1062);
    assertThat(queue.depth(99)).isZero();
    assertThat(queue.depth(100)).isEqualTo(1062);
    assertThat(queue.depth(250)).as("the third waits for the second").isEqualTo(1062);
    assertThat(queue.depth(300)).isEqualTo(3 * 1062);

    queue.poll(300);
    assertThat(queue.depth(300)).isEqualTo(2 * 1062);
    assertThat(queue.heldBytes()).isEqualTo(2 * 1062);
  }

  @Test
  void aFlushTakesFramesStillInThePipeline() {
    EgressQueue queue = new EgressQueue();
    for (int i = 0; i < 40; i++) { // past the initial ring of 16
      queue.add(frame(1000, 1000 + i));
    }
    assertThat(queue.depth(1009)).isEqualTo(10 * 1062);

    int flushed = 0;
    while (queue.pollAny() != null) {
      flushed++;
    }

    assertThat(flushed).isEqualTo(40);
    assertThat(queue.isEmpty()).isTrue();
    assertThat(queue.heldBytes()).isZero();
    assertThat(queue.depth(5000)).isZero();
  }

  @Test
  void aLoneFlowThroughASlowPipelineIsNeitherQueuedNorMarked() {
    // star100g-dcqcn: 1 us store-and-forward pipeline (12.5 KB at 100G), Kmin 5 KiB; one sender at
    // line rate into an idle receiver link never builds an egress queue
    RunResult run =
        ModelFixtures.run(
                ModelFixtures.fabric("star100g-dcqcn"),
                Scenario.of(
                        "lone flow",
                        new Workload.Incast(
                            1, Optional.empty(), DataSize.mb(8), OptionalInt.empty(), SimTime.ZERO))
                    .withDuration(SimTime.millis(2)))
            .result();

    PortStats egress =
        run.port("leaf1:eth1").stream().filter(p -> p.priority() == 3).findFirst().orElseThrow();
    assertThat(egress.ecnMarks()).as("ECN marks at the receiver's egress").isZero();
    assertThat(egress.maxQueue().bytes())
        .as("deepest egress queue: the departing frame")
        .isEqualTo(1024 + 62);
    assertThat(run.series("queue_depth"))
        .as("queue depth samples")
        .allSatisfy(s -> assertThat(s.max()).isLessThanOrEqualTo(1024 + 62));
    FlowResult flow = run.flows().get(0);
    // 8 MB at 92.6 Gb/s of goodput is 691 us; one CNP would have cut the rate and added far more
    assertThat(flow.completion())
        .hasValueSatisfying(t -> assertThat(t).isLessThan(SimTime.micros(700)));
    assertThat(run.series("cnps_sent")).isEmpty();
    assertThat(run.series("throughput").stream().mapToLong(TimeSeries::max).max().orElseThrow())
        .as("peak throughput")
        .isGreaterThan(92_000_000_000L);
  }
}
