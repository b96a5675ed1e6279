package dev.rocelab.suites;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.fabricfile.FabricFiles;
import dev.rocelab.reports.FailureCategories;
import dev.rocelab.suites.SuiteRun.Outcome;
import dev.rocelab.suites.SuiteRun.Status;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.engine.discovery.DiscoverySelectors;

/**
 * The sign-off runs on any fabric a team writes, proven on the corpus in {@code fabrics/corpus}:
 * eight healthy fabrics of every kind (leaf-spine, rail-optimized, three-tier, graph), link speed
 * (100, 200, 400 and 800G), RoCE MTU (1024 to 4096), host shape (one NIC, eight NICs, NVSwitch),
 * oversubscription (1:1, 2:1, 3:1) and size (4 to 256 hosts).
 *
 * <ul>
 *   <li>Every phase's suite runs on every healthy fabric of up to 64 NICs, each sweep at its two
 *       ends ({@code rocelab.sweep=ends}; the main job runs them whole on the reference fabric): no
 *       check is broken or skipped, a check is not applicable only with the reason the fabric lacks
 *       its shape, and checks of every phase pass. The checks that fail are exactly those {@code
 *       fabrics/corpus/FINDINGS.md} lists for the fabric, each with what it is (the fabric's, or
 *       not) and the evidence: a check that starts failing, or one that stops, fails here until the
 *       table says why. The 256-host fabric takes minutes per sign-off (the table says how many),
 *       so only {@code ./rocelab signoff} runs its phases.
 *   <li>Every healthy fabric has six misconfigured twins, one {@link Drift} each. On a twin the
 *       Laboratory phase fails exactly the check that the drift explains, in the sign-off's
 *       category for it, and passes the others. What a drift does beyond the configuration checks —
 *       the traffic it loses or slows — is proven on the reference fabric's misconfigured example
 *       by {@link MisconfiguredFabricTest}, which runs every phase.
 * </ul>
 *
 * <p>Not part of the published suites (the test jar leaves it out). The Operational alert tests
 * need a Docker engine, as in the suites.
 */
class FabricCorpusTest {

  private static final Path CORPUS = Path.of("../fabrics/corpus");

  /** The checks that fail on the corpus fabrics, and what each is. */
  private static final Path FINDINGS = CORPUS.resolve("FINDINGS.md");

  /** The largest fabric whose every phase runs here, in NICs. */
  private static final int LARGEST_RUN_WHOLE = 64;

  static List<Path> healthy() {
    try (Stream<Path> files = Files.list(CORPUS)) {
      return files
          .filter(p -> p.toString().endsWith(".yaml"))
          .sorted(Comparator.comparing(Path::toString))
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Path> runWhole() {
    return healthy().stream()
        .filter(p -> FabricGraph.of(FabricFiles.load(p)).nics().size() <= LARGEST_RUN_WHOLE)
        .collect(Collectors.toList());
  }

  @Test
  void theCorpusSpansTheShapesItClaims() {
    List<FabricGraph> graphs =
        healthy().stream()
            .map(p -> FabricGraph.of(FabricFiles.load(p)))
            .collect(Collectors.toList());
    assertThat(graphs).hasSizeGreaterThanOrEqualTo(8);
    assertThat(graphs)
        .extracting(g -> g.spec().topology().getClass().getSimpleName())
        .contains("LeafSpine", "RailOptimized", "ThreeTier", "Graph");
    assertThat(graphs)
        .flatExtracting(
            g ->
                g.nics().stream()
                    .map(n -> g.nicProfileOf(n).speed().toString())
                    .distinct()
                    .collect(Collectors.toList()))
        .contains("100Gbps", "200Gbps", "400Gbps", "800Gbps");
    assertThat(graphs).extracting(g -> g.hosts().size()).contains(4, 256);
    assertThat(runWhole()).hasSize(healthy().size() - 1);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("runWhole")
  void noCheckIsBrokenOnAHealthyFabric(Path fabric) {
    List<Outcome> outcomes =
        SuiteRun.of(fabric.toString(), Map.of("rocelab.sweep", "ends"), SuiteRun.PHASES);
    outcomes.stream()
        .filter(o -> o.status() != Status.PASSED)
        .forEach(o -> System.out.println(fabric.getFileName() + ": " + o));

    assertThat(SuiteRun.with(outcomes, Status.BROKEN)).as("broken on %s", fabric).isEmpty();
    assertThat(SuiteRun.with(outcomes, Status.SKIPPED)).as("skipped on %s", fabric).isEmpty();
    assertThat(SuiteRun.with(outcomes, Status.NOT_APPLICABLE))
        .as("not applicable on %s, each with the shape it lacks", fabric)
        .allSatisfy(
            o -> assertThat(o.message()).startsWith("not applicable: ").hasSizeGreaterThan(30));
    assertThat(SuiteRun.with(outcomes, Status.FAILED))
        .as("the checks failed on %s, against those %s lists for it", fabric, FINDINGS)
        .extracting(o -> o.test() + " [" + o.invocation() + "]")
        .containsExactlyInAnyOrderElementsOf(findings(fabric.getFileName().toString()));
    assertThat(outcomes)
        .as("checks of every phase passed on %s", fabric)
        .filteredOn(o -> o.status() == Status.PASSED)
        .extracting(Outcome::phase)
        .contains("laboratory", "baseline", "synthetic", "aiworkload", "failures", "operational");
  }

  @Test
  void everyFindingIsOfACorpusFabricAndSaysWhatItIsWithItsEvidence() {
    List<String> fabrics =
        healthy().stream().map(p -> p.getFileName().toString()).collect(Collectors.toList());
    List<List<String>> rows = findingRows();
    assertThat(rows).isNotEmpty();
    assertThat(rows)
        .allSatisfy(
            row -> {
              assertThat(row)
                  .as("cells of %s", row)
                  .hasSize(5)
                  .allSatisfy(c -> assertThat(c).isNotBlank());
              assertThat(fabrics).as("the fabric of %s", row).contains(row.get(0));
              assertThat(row.get(1)).as("the check of %s", row).matches("\\w+Test\\.\\w+ \\[.+\\]");
            });
  }

  /**
   * The checks {@link #FINDINGS} says fail on a corpus fabric, each "Class.method [invocation]".
   */
  private static List<String> findings(String fabric) {
    return findingRows().stream()
        .filter(row -> row.get(0).equals(fabric))
        .map(row -> row.get(1))
        .collect(Collectors.toList());
  }

  /** The cells of each row of {@link #FINDINGS}'s table, its header and rule left out. */
  private static List<List<String>> findingRows() {
    try (Stream<String> lines = Files.lines(FINDINGS)) {
      return lines
          .filter(line -> line.startsWith("| ") && !line.startsWith("| fabric |"))
          .map(line -> line.substring(2, line.length() - 2).split(" \\| ", -1))
          .map(cells -> Stream.of(cells).map(String::strip).collect(Collectors.toList()))
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Issue 55's crash: on the reference with two scalable units (16 hosts), the degrading optic's
   * check was broken with {@code picos must be >= 0 but was -10000000}. It now passes there: the
   * optic's flows run across the leaves with queue pairs on every uplink, and the check is held to
   * completion, not to a degradation share.
   */
  @Test
  void theDegradingOpticPassesOnTheSixteenHostReference(@TempDir Path directory)
      throws IOException {
    Path fabric = directory.resolve("reference-16-hosts.yaml");
    String reference = Files.readString(Path.of("../fabrics/reference.yaml"));
    assertThat(reference).contains("  scalableUnits: 1\n");
    Files.writeString(fabric, reference.replace("  scalableUnits: 1\n", "  scalableUnits: 2\n"));

    List<Outcome> outcomes =
        SuiteRun.of(
            fabric.toString(),
            Map.of(),
            DiscoverySelectors.selectMethod(
                "dev.rocelab.suites.failures.FailureRecoveryTest"
                    + "#degradingOpticLosesOnlyWhatItsErrorsAndItsFailureExplain"
                    + "(dev.rocelab.api.backend.FabricSession, dev.rocelab.api.fabric.FabricSpec)"));

    assertThat(outcomes)
        .hasSize(1)
        .allSatisfy(o -> assertThat(o.status()).isEqualTo(Status.PASSED));
  }

  static Stream<Arguments> twins() {
    List<Arguments> twins = new ArrayList<>();
    for (Path fabric : healthy()) {
      for (Drift drift : Drift.values()) {
        twins.add(Arguments.of(fabric, drift));
      }
    }
    return twins.stream();
  }

  @ParameterizedTest(name = "{0} with {1}")
  @MethodSource("twins")
  void aTwinFailsTheLaboratoryCheckItsDriftExplainsAndNoOther(
      Path fabric, Drift drift, @TempDir Path directory) throws IOException {
    String healthy = Files.readString(fabric);
    FabricGraph graph = FabricGraph.of(FabricFiles.load(healthy, fabric.toString()));
    Path twin = directory.resolve(drift.name().toLowerCase() + "-" + fabric.getFileName());
    Files.writeString(twin, drift.applyTo(healthy, graph));

    List<Outcome> outcomes =
        SuiteRun.of(twin.toString(), Map.of(), List.of("dev.rocelab.suites.laboratory"));

    assertThat(outcomes)
        .as("the Laboratory phase on %s", twin.getFileName())
        .filteredOn(o -> o.status() != Status.PASSED)
        .extracting(Outcome::test)
        .containsExactly("ConfigurationConsistencyTest." + drift.check());
    Outcome failed = SuiteRun.with(outcomes, Status.FAILED).get(0);
    assertThat(FailureCategories.of("failed", failed.message()))
        .as("the category of: %s", failed.message())
        .contains(drift.category());
  }
}
