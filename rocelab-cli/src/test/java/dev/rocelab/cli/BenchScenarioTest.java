package dev.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.Device;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.NicFirmware.DcqcnVariant;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.api.fabric.OutOfOrder;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.Rate;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The benchmark fabrics run what the peers they are compared with run. */
class BenchScenarioTest {

  @Test
  void theBenchmarkNicsRunDcqcnAsNs3HpccsMellanoxVersionDoes() {
    // DESIGN.md's benchmark parameter set, as ns-3 HPCC's DCQCN runs it (simulation/run.py at
    // 100G: CLAMP_TARGET_RATE 0, no byte counter, a CNP for every marked packet)
    FabricSpec fabric = BenchScenario.named("incast64x10MB").fabric();

    for (String name : new String[] {"nic100", "nic400"}) {
      NicProfile nic = fabric.nicProfile(name);
      assertThat(fabric.firmwareRegistry().nicBehaviour(nic.firmware()).dcqcnVariant())
          .as(name)
          .isEqualTo(DcqcnVariant.MLX5);
      assertThat(nic.dcqcn())
          .as(name)
          .isEqualTo(
              new DcqcnParameters(
                  true,
                  1.0 / 256,
                  1.0,
                  SimTime.micros(1),
                  SimTime.micros(4),
                  SimTime.micros(300),
                  DataSize.ZERO,
                  1,
                  Rate.mbps(20),
                  Rate.mbps(200),
                  Rate.gbps(1),
                  SimTime.ZERO));
    }
  }

  @Test
  void theCollectiveBenchmarksRunOnTheReferenceFabricsProfiles() {
    FabricSpec reference = FabricFiles.load(Path.of("../fabrics/reference.yaml"));
    for (String name : new String[] {"allreduce16x8", "allreduce4096", "allreduce32768"}) {
      FabricSpec fabric = BenchScenario.named(name).fabric();
      assertThat(fabric.nicProfiles()).as(name).isEqualTo(reference.nicProfiles());
      assertThat(fabric.switchProfiles()).as(name).isEqualTo(reference.switchProfiles());
      assertThat(fabric.hostProfiles()).as(name).isEqualTo(reference.hostProfiles());
      assertThat(fabric.qos()).as(name).isEqualTo(reference.qos());
      assertThat(fabric.firmwareRegistry()).as(name).isEqualTo(reference.firmwareRegistry());
    }
  }

  @Test
  void theTrainingBenchmarksStepThePresetsOnTheReferenceFabricsGpus() {
    Workload.Training dense =
        (Workload.Training) BenchScenario.named("training-dense").scenario().workloads().get(0);
    Workload.Training moe =
        (Workload.Training) BenchScenario.named("training-moe").scenario().workloads().get(0);

    assertThat(dense.step().name()).isEqualTo("llama3-8b · tp8 pp2 dp4 · 8 microbatches");
    assertThat(moe.step().name()).isEqualTo("mixtral-8x7b · tp8 pp1 dp8 ep8 · 4 microbatches");
    assertThat(List.of(dense.step().ranks(), moe.step().ranks())).containsOnly(64);
    assertThat(BenchScenario.named("training-dense").fabric().name()).isEqualTo("reference");
  }

  @Test
  void theLargestCollectiveBenchmarkIs32768GpusOnThreeTiersWithoutOversubscription() {
    FabricGraph graph = FabricGraph.of(BenchScenario.named("allreduce32768").fabric());

    assertThat(graph.hosts()).hasSize(4096);
    assertThat(graph.nics()).hasSize(32_768);
    assertThat(graph.switches().stream().mapToInt(s -> graph.tierOf(s.name())).max()).hasValue(3);
    for (Device sw : graph.switches()) {
      long up = graph.uplinks(sw.name()).size();
      long down = graph.ports(sw.name()).size() - up;
      if (graph.tierOf(sw.name()) < 3) {
        assertThat(up).as(sw.name()).isEqualTo(down);
      }
    }
  }

  @Test
  void theParameterisedFormsWithTheNamedOnesParametersAreTheNamedOnes() {
    assertSame("incast:64x10MB", "incast64x10MB");
    assertSame("incast:64x1MB-nocc", "incast64-nocc");
    assertSame("perm:128", "perm128");
    assertSame("perm:128x2MB-nocc", "perm128-nocc");
    assertSame("allreduce:32768", "allreduce32768");
    assertThat(BenchScenario.named("allreduce:4096").fabric())
        .isEqualTo(BenchScenario.named("allreduce4096").fabric());
  }

  @Test
  void theParametersShapeTheFabric() {
    assertThat(FabricGraph.of(BenchScenario.named("incast:8x1MB").fabric()).hosts()).hasSize(9);
    FabricGraph perm = FabricGraph.of(BenchScenario.named("perm:256").fabric());
    assertThat(perm.hosts()).hasSize(256);
    assertThat(perm.switches().stream().filter(s -> perm.isLeaf(s.name()))).hasSize(16);
    FabricGraph small = FabricGraph.of(BenchScenario.named("allreduce:128").fabric());
    assertThat(small.nics()).hasSize(128);
    assertThat(small.switches().stream().mapToInt(s -> small.tierOf(s.name())).max()).hasValue(2);
    FabricGraph large = FabricGraph.of(BenchScenario.named("allreduce:8192").fabric());
    assertThat(large.nics()).hasSize(8192);
    assertThat(large.switches().stream().mapToInt(s -> large.tierOf(s.name())).max()).hasValue(3);
  }

  @Test
  void parametersOutsideTheShapesAreRefusedSayingWhatIsWritten() {
    assertRefused("incast:64", "incast:64: write incast:<senders>x<size>, e.g. incast:64x10MB");
    assertRefused("incast:0x1MB", "incast:0x1MB: an incast needs at least one sender");
    assertRefused("perm:100", "perm:100: a permutation's hosts are 16 per leaf");
    assertRefused("allreduce:12", "allreduce:12: an all-reduce's GPUs are 8 per host");
    assertRefused(
        "allreduce:8000",
        "allreduce:8000: beyond 512 hosts, a multiple of 256 hosts (pods of 32 leaves of 8)");
    assertRefused(
        "mesh:4",
        "mesh:4: write incast:<senders>x<size>, perm:<hosts>[x<size>] or allreduce:<gpus>");
    assertRefused(
        "perm:many",
        "perm:many: write incast:<senders>x<size>, perm:<hosts>[x<size>] or allreduce:<gpus>");
  }

  private static void assertSame(String parameterised, String named) {
    BenchScenario a = BenchScenario.named(parameterised);
    BenchScenario b = BenchScenario.named(named);
    assertThat(a.fabric()).as(parameterised).isEqualTo(b.fabric());
    assertThat(a.scenario().workloads()).as(parameterised).isEqualTo(b.scenario().workloads());
    assertThat(a.scenario().duration()).as(parameterised).isEqualTo(b.scenario().duration());
  }

  private static void assertRefused(String name, String message) {
    assertThatThrownBy(() -> BenchScenario.named(name))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void theNoCongestionControlVariantsDifferOnlyInDcqcnBeingOff() {
    NicProfile on = BenchScenario.named("perm128").fabric().nicProfile("nic100");
    NicProfile off = BenchScenario.named("perm128-nocc").fabric().nicProfile("nic100");

    assertThat(off.dcqcn().enabled()).isFalse();
    assertThat(off.dcqcn())
        .usingRecursiveComparison()
        .ignoringFields("enabled")
        .isEqualTo(on.dcqcn());
  }

  @Test
  void lbCompareRunsEveryModeOnTheLowEntropyFabricWithAndWithoutASlowSpineLink() {
    List<String> runs = BenchScenario.expand("lb-compare");

    assertThat(runs).hasSize(16).contains("lb:ecmp/retransmit", "lb:packet/tolerate/slow-spine");
    for (String name : runs) {
      FabricSpec fabric = BenchScenario.named(name).fabric();
      assertThat(fabric.name()).isEqualTo("low-entropy");
      assertThat(fabric.switchProfiles().values())
          .allSatisfy(p -> assertThat(p.loadBalancing().mode().name().toLowerCase()).isIn(MODES));
    }
    FabricGraph slow =
        FabricGraph.of(BenchScenario.named("lb:global/tolerate/slow-spine").fabric());
    assertThat(slow.linkAt(Endpoint.parse("spine1:eth2")).orElseThrow().spec().speed())
        .isEqualTo(Rate.gbps(25));
    assertThat(BenchScenario.named("lb:packet/tolerate").fabric().nicProfiles().values())
        .allSatisfy(n -> assertThat(n.outOfOrder()).isEqualTo(OutOfOrder.TOLERATE));
    assertThatThrownBy(() -> BenchScenario.named("lb:spray/tolerate"))
        .hasMessageStartingWith("lb:spray/tolerate: write lb:<ecmp|ecmp-qp|");
    assertThatThrownBy(() -> BenchScenario.named("lb:packet"))
        .hasMessageContaining("<retransmit|tolerate>");
  }

  private static final List<String> MODES = List.of("ecmp", "flowlet", "packet", "global");
}
