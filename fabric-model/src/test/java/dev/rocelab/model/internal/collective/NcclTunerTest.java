package dev.rocelab.model.internal.collective;

import static org.assertj.core.api.Assertions.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.scenario.Workload.Algorithm;
import dev.rocelab.api.scenario.Workload.CollectiveOperation;
import dev.rocelab.api.scenario.Workload.Protocol;
import dev.rocelab.model.ModelFixtures;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * NCCL's tuning model as {@link NcclTuner} applies it: the predicted times follow NCCL's formula
 * (worked by hand below from tuning.cc's tables), and the choice is the fastest candidate, the only
 * one when forced.
 */
class NcclTunerTest {

  private static final long KIB = 1024;
  private static final long MIB = 1024 * KIB;
  private static final long GIB = 1024 * MIB;

  /**
   * The reference fabric's 16 ranks: 2 hosts, 16 channels, 8 × 400G, 3.6 Tb/s NVLink per GPU of
   * which 370.8 GB/s carry data (NCCL's 20.6 GB/s per link × 18).
   */
  private static final NcclTuner.Shape TWO_HOSTS =
      new NcclTuner.Shape(16, 2, 16, 400, 370.8, false);

  /** The same hosts, 512 of them. */
  private static final NcclTuner.Shape FIVE_HUNDRED_HOSTS =
      new NcclTuner.Shape(4096, 512, 16, 400, 370.8, false);

  /** The reference hosts with NVSwitch reduction: one host, two, and 512. */
  private static final NcclTuner.Shape ONE_HOST_NVLS =
      new NcclTuner.Shape(8, 1, 16, 400, 370.8, true);

  private static final NcclTuner.Shape TWO_HOSTS_NVLS =
      new NcclTuner.Shape(16, 2, 16, 400, 370.8, true);
  private static final NcclTuner.Shape FIVE_HUNDRED_HOSTS_NVLS =
      new NcclTuner.Shape(4096, 512, 16, 400, 370.8, true);

  @Test
  void theShapeComesFromTheLayout() {
    Workload.Collective collective =
        Scenario.collective(CollectiveOperation.ALL_REDUCE).ranks(16).workload();
    CollectiveLayout layout =
        CollectiveLayout.of(FabricGraph.of(ModelFixtures.reference()), collective);

    assertThat(NcclTuner.Shape.of(collective, layout)).isEqualTo(TWO_HOSTS);
  }

  @Test
  void predictedTimesFollowNcclsFormula() {
    // ring LL128 all-reduce, 2 MiB on two hosts: latency 14 + 26 NVLink steps × 1.9 + 4 network
    // steps × 4.0 = 79.4 µs; bandwidth min(16 × min(25, 370.8 / 16) × 0.92, 16 × 36.7) × 16/30
    // = 181.93 GB/s
    assertThat(
            NcclTuner.predictedMicros(
                CollectiveOperation.ALL_REDUCE, Algorithm.RING, Protocol.LL128, TWO_HOSTS, 2 * MIB))
        .isCloseTo(79.4 + 2 * MIB / (1000 * 370.8 * 0.92 * 16 / 30.0), within(1e-9));
    // tree Simple, 1 GiB on 512 hosts: latency 2 × (7 × 4 + 9 × 14) = 308 µs; bandwidth
    // min(370.8 × 0.92, 16 × 36.0) × ½ = 170.568 GB/s, no correction above 256 MiB
    assertThat(
            NcclTuner.predictedMicros(
                CollectiveOperation.ALL_REDUCE,
                Algorithm.TREE,
                Protocol.SIMPLE,
                FIVE_HUNDRED_HOSTS,
                GIB))
        .isCloseTo(308 + GIB / (1000 * 370.8 * 0.92 / 2), within(1e-9));
    // ring Simple, 1 GiB on 512 hosts: (8.4 + 7166 steps × max(3.4, 3 × 1.0) + 1024 × 14) × 1.4
    assertThat(
            NcclTuner.predictedMicros(
                CollectiveOperation.ALL_REDUCE,
                Algorithm.RING,
                Protocol.SIMPLE,
                FIVE_HUNDRED_HOSTS,
                GIB))
        .isCloseTo(
            (8.4 + 7166 * 3.4 + 1024 * 14) * 1.4 + GIB / (1000 * 370.8 * 4096 / 8190.0),
            within(1e-6));
  }

  @Test
  void nvlsTermsFollowNcclsFormula() {
    // a head per GPU at 370.8 / (8 + 1) GB/s over NVLink; busBw 8 × that, × 5/6; 25 µs
    double nvls = 8 * 370.8 / 9 * 5 / 6;
    assertThat(
            NcclTuner.predictedMicros(
                CollectiveOperation.ALL_REDUCE,
                Algorithm.NVLS,
                Protocol.SIMPLE,
                ONE_HOST_NVLS,
                GIB))
        .isCloseTo(25 + GIB / (1000 * nvls), within(1e-9));
    // two hosts: each head's 400 / 8 GB/s of network exceeds its NVLink speed; one tree level
    assertThat(
            NcclTuner.predictedMicros(
                CollectiveOperation.ALL_REDUCE,
                Algorithm.NVLS_TREE,
                Protocol.SIMPLE,
                TWO_HOSTS_NVLS,
                GIB))
        .isCloseTo(25 + 2 * 14 + GIB / (1000 * nvls), within(1e-9));
    // 512 hosts: the tree halves the network speed, 25 GB/s a head; 9 levels up and down
    assertThat(
            NcclTuner.predictedMicros(
                CollectiveOperation.ALL_REDUCE,
                Algorithm.NVLS_TREE,
                Protocol.SIMPLE,
                FIVE_HUNDRED_HOSTS_NVLS,
                GIB))
        .isCloseTo(25 + 2 * 9 * 14 + GIB / (1000 * 8 * 25 * 5 / 6.0), within(1e-9));
  }

  /**
   * With NVSwitch, NCCL takes NVLS on one host from about a megabyte (nccl-tests issue #309 sees
   * NVLS Simple from 2 MB on eight H100s) and NVLS tree across two hosts for large calls; small
   * calls stay with LL. Without NVSwitch, and for other collectives here, never.
   */
  @Test
  void nvlsCarriesLargeAllReducesWhereHostsHaveNvswitch() {
    assertThat(choice(ALL_REDUCE_AUTO, ONE_HOST_NVLS, 256 * KIB)).isEqualTo("RING/LL");
    assertThat(choice(ALL_REDUCE_AUTO, ONE_HOST_NVLS, 2 * MIB)).isEqualTo("NVLS/SIMPLE");
    assertThat(choice(ALL_REDUCE_AUTO, ONE_HOST_NVLS, 8 * GIB)).isEqualTo("NVLS/SIMPLE");
    assertThat(choice(ALL_REDUCE_AUTO, TWO_HOSTS_NVLS, 8)).isEqualTo("TREE/LL");
    assertThat(choice(ALL_REDUCE_AUTO, TWO_HOSTS_NVLS, GIB)).isEqualTo("NVLS_TREE/SIMPLE");
    assertThat(choice(allReduce(Algorithm.NVLS_TREE, Protocol.AUTO), TWO_HOSTS_NVLS, 8))
        .as("forced: Simple, its only protocol")
        .isEqualTo("NVLS_TREE/SIMPLE");
    for (long bytes = 8; bytes <= 8 * GIB; bytes *= 8) {
      assertThat(choice(ALL_REDUCE_AUTO, TWO_HOSTS, bytes)).doesNotStartWith("NVLS");
      assertThat(choice(allGather(Algorithm.AUTO, Protocol.AUTO), TWO_HOSTS_NVLS, bytes))
          .startsWith("RING/");
    }
  }

  @Test
  void nvlsWhereNcclCannotRunItSaysWhy() {
    FabricGraph plain = FabricGraph.of(ModelFixtures.reference());
    FabricGraph nvswitch = FabricGraph.of(ModelFixtures.nvswitchReference());

    assertThat(unavailable(plain, allReduce(Algorithm.NVLS, Protocol.AUTO), 8))
        .hasValue("NVLS needs NVSwitch reduction: give the hosts' profile `nvswitch: true`");
    assertThat(unavailable(nvswitch, allReduce(Algorithm.NVLS, Protocol.AUTO), 16))
        .hasValue(
            "NVLS spans one host (NCCL needs CollNet for more); across 2 hosts NCCL runs NVLSTree");
    assertThat(unavailable(nvswitch, allReduce(Algorithm.NVLS_TREE, Protocol.AUTO), 8))
        .hasValue("NVLSTree spans hosts; on one host NCCL runs NVLS");
    assertThat(unavailable(nvswitch, allReduce(Algorithm.NVLS_TREE, Protocol.AUTO), 12))
        .hasValue("NVLSTree needs as many ranks on every host: a head per GPU of each host");
    assertThat(unavailable(nvswitch, allReduce(Algorithm.NVLS, Protocol.LL128), 8))
        .hasValue("NVLS runs with the Simple protocol only, not LL128");
    assertThat(unavailable(nvswitch, allGather(Algorithm.NVLS, Protocol.AUTO), 8))
        .get(as(STRING))
        .startsWith("the model runs NVLS for all_reduce only, not all_gather");
    assertThat(unavailable(nvswitch, allReduce(Algorithm.NVLS, Protocol.AUTO), 8)).isEmpty();
    assertThat(unavailable(nvswitch, allReduce(Algorithm.NVLS_TREE, Protocol.SIMPLE), 16))
        .isEmpty();
  }

  private static Optional<String> unavailable(
      FabricGraph fabric, Workload.Collective collective, int ranks) {
    Workload.Collective placed =
        Scenario.collective(collective.operation())
            .algorithm(collective.algorithm())
            .protocol(collective.protocol())
            .ranks(ranks)
            .workload();
    return NcclTuner.unavailable(placed, CollectiveLayout.of(fabric, placed));
  }

  @Test
  void treesOfMediumSizesPayNcclsCorrectionFactor() {
    double corrected =
        NcclTuner.predictedMicros(
            CollectiveOperation.ALL_REDUCE, Algorithm.TREE, Protocol.SIMPLE, TWO_HOSTS, 4 * MIB);
    double latency =
        NcclTuner.latencyMicros(
            CollectiveOperation.ALL_REDUCE, Algorithm.TREE, Protocol.SIMPLE, TWO_HOSTS);
    double bandwidth =
        NcclTuner.bandwidth(
            CollectiveOperation.ALL_REDUCE, Algorithm.TREE, Protocol.SIMPLE, TWO_HOSTS);
    // 4 MiB >> 6 = 2^16: Simple's factor at index 16 is 0.7
    assertThat(corrected).isCloseTo(latency + 4 * MIB / (1000 * bandwidth * 0.7), within(1e-9));
  }

  @Test
  void smallCallsTakeLowLatencyProtocolsAndLargeOnesSimple() {
    assertThat(choice(ALL_REDUCE_AUTO, TWO_HOSTS, 8)).isEqualTo("TREE/LL");
    assertThat(choice(ALL_REDUCE_AUTO, TWO_HOSTS, 2 * MIB)).isEqualTo("TREE/LL128");
    assertThat(choice(ALL_REDUCE_AUTO, TWO_HOSTS, 8 * GIB)).isEqualTo("RING/SIMPLE");
    assertThat(choice(allGather(Algorithm.AUTO, Protocol.AUTO), TWO_HOSTS, 8)).isEqualTo("RING/LL");
  }

  @Test
  void atScaleTheTreeReplacesTheRingWhoseStepsDominate() {
    assertThat(choice(ALL_REDUCE_AUTO, FIVE_HUNDRED_HOSTS, GIB)).isEqualTo("TREE/SIMPLE");
    double ring =
        NcclTuner.predictedMicros(
            CollectiveOperation.ALL_REDUCE,
            Algorithm.RING,
            Protocol.SIMPLE,
            FIVE_HUNDRED_HOSTS,
            GIB);
    double tree =
        NcclTuner.predictedMicros(
            CollectiveOperation.ALL_REDUCE,
            Algorithm.TREE,
            Protocol.SIMPLE,
            FIVE_HUNDRED_HOSTS,
            GIB);
    assertThat(ring / tree).as("ring's 8,190 step latencies").isGreaterThan(8);
  }

  @Test
  void whatIsForcedIsTheOnlyCandidate() {
    assertThat(choice(allReduce(Algorithm.RING, Protocol.AUTO), FIVE_HUNDRED_HOSTS, GIB))
        .isEqualTo("RING/LL128");
    assertThat(choice(allReduce(Algorithm.AUTO, Protocol.SIMPLE), TWO_HOSTS, 8))
        .isEqualTo("TREE/SIMPLE");
    assertThat(choice(allReduce(Algorithm.TREE, Protocol.LL), TWO_HOSTS, 8 * GIB))
        .isEqualTo("TREE/LL");
  }

  @Test
  void onlyAllReduceHasATreeAndAllToAllRunsSimple() {
    for (CollectiveOperation op : CollectiveOperation.values()) {
      Workload.Collective c = Scenario.collective(op).workload();
      for (long bytes = 8; bytes <= 8 * GIB; bytes *= 8) {
        String chosen = choice(c, FIVE_HUNDRED_HOSTS, bytes);
        if (op != CollectiveOperation.ALL_REDUCE) {
          assertThat(chosen).as("%s %d B", op, bytes).startsWith("RING/");
        }
        if (op == CollectiveOperation.ALL_TO_ALL) {
          assertThat(chosen).as("%d B", bytes).isEqualTo("RING/SIMPLE");
        }
      }
    }
  }

  private static final Workload.Collective ALL_REDUCE_AUTO =
      allReduce(Algorithm.AUTO, Protocol.AUTO);

  private static Workload.Collective allReduce(Algorithm algorithm, Protocol protocol) {
    return Scenario.collective(CollectiveOperation.ALL_REDUCE)
        .algorithm(algorithm)
        .protocol(protocol)
        .workload();
  }

  private static Workload.Collective allGather(Algorithm algorithm, Protocol protocol) {
    return Scenario.collective(CollectiveOperation.ALL_GATHER)
        .algorithm(algorithm)
        .protocol(protocol)
        .workload();
  }

  private static String choice(Workload.Collective collective, NcclTuner.Shape shape, long bytes) {
    Workload.Collective resolved = NcclTuner.resolve(collective, shape, bytes);
    return resolved.algorithm() + "/" + resolved.protocol();
  }
}
