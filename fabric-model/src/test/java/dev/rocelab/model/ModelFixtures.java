package dev.rocelab.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.Framing;
import dev.rocelab.api.result.CollectiveResult;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.model.internal.net.Network;
import dev.rocelab.model.internal.session.Simulation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/** Test fabrics and a way to run a scenario on them with the model's invariants checked. */
public final class ModelFixtures {

  private ModelFixtures() {}

  /**
   * Loads a fabric from {@code src/test/resources/fabrics}, replacing text first.
   *
   * @param name the file name without {@code .yaml}
   * @param replacements pairs of (text, replacement)
   * @return the fabric
   */
  public static FabricSpec fabric(String name, String... replacements) {
    return load(Path.of("src/test/resources/fabrics", name + ".yaml"), replacements);
  }

  /**
   * The repository's reference fabric, {@code fabrics/reference.yaml}, replacing text first.
   *
   * @param replacements pairs of (text, replacement)
   * @return the fabric
   */
  public static FabricSpec reference(String... replacements) {
    return load(Path.of("../fabrics/reference.yaml"), replacements);
  }

  /**
   * The reference fabric with NVSwitch reduction on its hosts ({@code nvswitch: true}, as HGX H100
   * servers have), replacing text first.
   *
   * @param replacements pairs of (text, replacement)
   * @return the fabric
   */
  public static FabricSpec nvswitchReference(String... replacements) {
    String[] all = Arrays.copyOf(replacements, replacements.length + 2);
    all[replacements.length] = "    nvlinkLatency: 1us\n";
    all[replacements.length + 1] = "    nvlinkLatency: 1us\n    nvswitch: true\n";
    return reference(all);
  }

  /**
   * An example fabric from the repository's {@code fabrics/examples}, replacing text first.
   *
   * @param name the file name without {@code .yaml}
   * @param replacements pairs of (text, replacement)
   * @return the fabric
   */
  public static FabricSpec example(String name, String... replacements) {
    return load(Path.of("../fabrics/examples", name + ".yaml"), replacements);
  }

  /**
   * A corpus fabric from the repository's {@code fabrics/corpus}, replacing text first.
   *
   * @param name the file name without {@code .yaml}
   * @param replacements pairs of (text, replacement)
   * @return the fabric
   */
  public static FabricSpec corpus(String name, String... replacements) {
    return load(Path.of("../fabrics/corpus", name + ".yaml"), replacements);
  }

  private static FabricSpec load(Path file, String... replacements) {
    try {
      String yaml = Files.readString(file);
      for (int i = 0; i < replacements.length; i += 2) {
        assertThat(yaml).as("fixture text to replace").contains(replacements[i]);
        yaml = yaml.replace(replacements[i], replacements[i + 1]);
      }
      return FabricFiles.load(yaml, file.getFileName().toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A finished run: its result and the network it ran on.
   *
   * @param result the result
   * @param network the network, for internal invariants
   */
  public record Run(RunResult result, Network network) {}

  /**
   * {@link #run Runs} a scenario of collectives, with the same checks.
   *
   * @param spec the fabric
   * @param scenario the scenario
   * @return its first collective's nccl-tests table
   */
  public static CollectiveResult collective(FabricSpec spec, Scenario scenario) {
    return run(spec, scenario).result().collectives().get(0);
  }

  /**
   * Runs a scenario and checks what must hold for every run: bytes are conserved, the run ended for
   * a reason, and without loss, faults or reordering nothing was retransmitted (no spurious
   * timeouts; a firmware with adaptive retransmission may time out early by design, so it is
   * exempt).
   *
   * @param spec the fabric
   * @param scenario the scenario
   * @return the run
   */
  public static Run run(FabricSpec spec, Scenario scenario) {
    Simulation simulation = new Simulation(FabricGraph.of(spec), scenario);
    StopReason stop = simulation.run(Duration.ofMinutes(5));
    Network.Conservation balance = simulation.network().conservation();
    assertThat(balance.holds())
        .as("sent = received + dropped + in flight, but %s", balance)
        .isTrue();
    assertThat(stop).isNotEqualTo(StopReason.WALL_CLOCK_LIMIT);
    RunResult result = simulation.result("model");
    // the lost bytes the result reports are the dropped payload plus each dropped frame's headers:
    // 62 bytes for a data frame, 64 for a control frame or one padded to the minimum frame
    long headers = result.totalDroppedBytes().orElseThrow().bytes() - balance.dropped();
    assertThat(headers)
        .as("lost bytes − dropped payload, over %d dropped frames", result.totalDrops())
        .isBetween(
            Framing.ROCE_HEADERS * result.totalDrops(), Framing.MIN_FRAME * result.totalDrops());
    boolean fixedTimeouts =
        spec.nicProfiles().values().stream()
            .allMatch(
                nic ->
                    spec.firmwareRegistry()
                        .nicBehaviour(nic.firmware())
                        .adaptiveRetransmission()
                        .equals(SimTime.ZERO));
    if (result.totalDrops() == 0 && result.events().isEmpty() && fixedTimeouts) {
      // (a route change can reorder a flow's packets, and go-back-N then resends without loss; so
      // can adaptive load balancing, whose reordering the flow's out-of-order count shows)
      assertThat(result.flows())
          .as("no loss and no reordering, so nothing is sent twice")
          .allSatisfy(
              flow -> {
                if (flow.outOfOrder() == 0) {
                  assertThat(flow.retransmissions()).isZero();
                }
              });
    }
    return new Run(result, simulation.network());
  }
}
