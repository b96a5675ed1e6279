package dev.rocelab.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.UnloadedLatency;
import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link UnloadedLatency} is the latency the model gives a frame on an idle fabric: one full frame
 * between the two NICs farthest apart arrives exactly as late as the derivation says, on every
 * fabric of the corpus (store-and-forward and cut-through switches, 100 to 800G, cables of 1 to 100
 * m, one to three tiers) and on the reference. Their cables are alike within a tier, so each
 * shortest path between two NICs takes as long as the slowest, whichever ECMP picks.
 */
class UnloadedLatencyTest {

  static Stream<Path> fabrics() throws IOException {
    try (Stream<Path> corpus = Files.list(Path.of("../fabrics/corpus"))) {
      return Stream.concat(
          Stream.of(Path.of("../fabrics/reference.yaml")),
          corpus.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fabrics")
  void aFullFrameBetweenTheFarthestNicsArrivesAsLateAsDerived(Path file) {
    FabricSpec spec = FabricFiles.load(file);
    FabricGraph graph = FabricGraph.of(spec);
    UnloadedLatency latency = UnloadedLatency.of(graph);
    List<Endpoint> nics = graph.nics();
    Endpoint from = nics.get(0);
    DataSize mtu = graph.nicProfileOf(from).mtu();
    Endpoint to = from;
    SimTime farthest = SimTime.ZERO;
    for (Endpoint nic : nics) {
      if (!nic.device().equals(from.device())) {
        SimTime t = latency.between(from, nic, mtu);
        if (t.compareTo(farthest) > 0) {
          farthest = t;
          to = nic;
        }
      }
    }

    RunResult run =
        ModelFixtures.run(
                spec, Scenario.flow(from.toString(), to.toString()).message(mtu.toString()).build())
            .result();
    LatencySummary measured = run.latency().values().iterator().next();

    // the model keeps latency in nanoseconds with three significant digits: within 0.1% above
    assertThat(measured.count()).isOne();
    long derivedNanos = farthest.picos() / 1000;
    assertThat(measured.max().picos() / 1000)
        .as("%s → %s, derived %s", from, to, farthest)
        .isBetween(derivedNanos, derivedNanos + derivedNanos / 1000 + 1);
  }
}
