package dev.rocelab.model.internal.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rocelab.api.fabric.EcnProfile;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.fabricfile.FabricFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fidelity case 4: with the egress queue held between Kmin and Kmax, the fraction of packets a
 * switch CE-marks matches RED, {@code p = Pmax·(q − Kmin)/(Kmax − Kmin)}, within binomial 3σ. The
 * queue is held exactly by handing packets to the switch's dequeue at fixed depths, on a leaf of
 * the reference fabric (priority 3: Kmin 400 KiB, Kmax 1600 KiB, Pmax 0.2). The expected
 * probability comes from {@link EcnProfile#markingProbability}, the API's statement of the formula.
 */
class EcnMarkingFidelityTest {

  private static final int RDMA = 3;

  /** 20 000 packets per depth: at p = 0.02 that is 400 ± 20 marks, so 3σ is 15 % of the mean. */
  private static final int PACKETS = 20_000;

  private static FabricGraph graph;

  private EcnProfile ecn;
  private SwitchNode leaf;
  private SwitchPort port;
  private Network net;

  @BeforeAll
  static void loadReferenceFabric() {
    graph = FabricGraph.of(FabricFiles.load(Path.of("../fabrics/reference.yaml")));
  }

  @BeforeEach
  void buildReferenceLeaf() {
    net = new NetworkBuilder(graph, List.of(), 1L).build();
    leaf = net.switches[0];
    port = leaf.ports[0];
    ecn = graph.spec().qosOf(graph.switchProfileOf(leaf.name)).ecn().get(RDMA);
  }

  private static Packet rdmaPacket(int priority) {
    Packet p = Packet.data(0, 0, 4096, 26, 0, 1, 0, 0);
    p.priority = (byte) priority;
    return p;
  }

  /**
   * Dequeues {@code n} fresh ECN-capable packets at a queue depth; returns how many came out CE.
   */
  private long marksAt(long depth, int n, int priority) {
    long marks = 0;
    for (int i = 0; i < n; i++) {
      Packet p = rdmaPacket(priority);
      leaf.onDequeue(port, p, depth, 0);
      if (p.ce) {
        marks++;
      }
    }
    return marks;
  }

  private long markCounter(int priority) {
    return net.counters.ecnMarks[port.gid * 8 + priority];
  }

  @ParameterizedTest(name = "at Kmin + {0} × (Kmax − Kmin)")
  @ValueSource(doubles = {0.1, 0.25, 0.5, 0.75, 1.0})
  void betweenKminAndKmaxTheMarkedFractionFollowsRedWithinThreeSigma(double position) {
    long kmin = ecn.kmin().bytes();
    long kmax = ecn.kmax().bytes();
    long depth = kmin + Math.round(position * (kmax - kmin));
    double p = ecn.markingProbability(depth); // 0.02 … 0.2

    long marks = marksAt(depth, PACKETS, RDMA);

    // binomial(n, p): a correct model falls outside 3σ with probability 0.27 %; the draws are
    // seeded, so the outcome is the same on every run
    double mean = PACKETS * p;
    double sigma = Math.sqrt(PACKETS * p * (1 - p));
    assertThat((double) marks)
        .as("CE marks of %d packets at a queue of %d bytes (p = %.4f)", PACKETS, depth, p)
        .isCloseTo(mean, within(3 * sigma));
    assertThat(markCounter(RDMA)).as("ECN marks counted at the egress").isEqualTo(marks);
  }

  @Test
  void atOrBelowKminNothingIsMarked() {
    long kmin = ecn.kmin().bytes();
    for (long depth : new long[] {0, 4096, kmin - 1, kmin}) {
      assertThat(marksAt(depth, 10_000, RDMA)).as("marks at a queue of %d bytes", depth).isZero();
    }
    assertThat(markCounter(RDMA)).isZero();
  }

  @Test
  void aboveKmaxEveryPacketIsMarked() {
    long kmax = ecn.kmax().bytes();
    for (long depth : new long[] {kmax + 1, 10 * kmax}) {
      assertThat(marksAt(depth, 10_000, RDMA))
          .as("marks at a queue of %d bytes", depth)
          .isEqualTo(10_000);
    }
    assertThat(markCounter(RDMA)).isEqualTo(20_000);
  }

  @Test
  void packetsThatAreNotEcnCapableAreNeverMarked() {
    for (long depth :
        new long[] {ecn.kmin().bytes() + 1, ecn.kmax().bytes(), 10 * ecn.kmax().bytes()}) {
      for (int i = 0; i < 10_000; i++) {
        Packet p = rdmaPacket(RDMA);
        p.ect = false;
        leaf.onDequeue(port, p, depth, 0);
        assertThat(p.ce).as("CE on a not-ECT packet at a queue of %d bytes", depth).isFalse();
      }
    }
    assertThat(markCounter(RDMA)).isZero();
  }

  @Test
  void aPriorityWithoutAnEcnProfileIsNeverMarked() {
    // the reference QoS policy configures ECN for priority 3 only
    assertThat(marksAt(10 * ecn.kmax().bytes(), 10_000, 0)).isZero();
    assertThat(markCounter(0)).isZero();
  }

  @Test
  void aPacketMarkedUpstreamStaysMarkedAndIsNotCountedAgain() {
    Packet p = rdmaPacket(RDMA);
    p.ce = true;

    leaf.onDequeue(port, p, 10 * ecn.kmax().bytes(), 0);

    assertThat(p.ce).isTrue();
    assertThat(markCounter(RDMA)).as("marks made at this egress").isZero();
  }
}
