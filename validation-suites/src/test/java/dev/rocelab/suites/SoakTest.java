package dev.rocelab.suites;

import static dev.rocelab.assertj.FabricAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import dev.rocelab.alerting.AlertRuleTester;
import dev.rocelab.alerting.AlertsAssert;
import dev.rocelab.alerting.OperationalTimeline;
import dev.rocelab.alerting.Promtool;
import dev.rocelab.alerting.RuleFile;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.fabric.FabricRoles;
import dev.rocelab.api.result.DropReason;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.scenario.Phase;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.junit.Collective;
import dev.rocelab.junit.FabricTest;
import dev.rocelab.junit.Incast;
import dev.rocelab.junit.PfcStorm;
import dev.rocelab.reports.AllureRecording;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * A soak: 100 scenario runs one after another in one JVM, as a long acceptance job makes them —
 * incasts, PFC storms and collective sweeps on the model, and every tenth run an alert-rule check
 * with promtool in a container — each through the real JUnit platform with allure-jupiter recording
 * its results. Each run's test class opens its own fabric session, which JUnit closes after it.
 *
 * <p>After a warm-up (class loading, the JIT, the first container), the live heap after a full
 * collection must not grow from run to run, no thread may be left behind, and no container may
 * outlive its run. Tagged {@value #TAG}: {@code -DexcludedGroups=soak} leaves it out of a local
 * build; {@code .ci/run} runs it with everything else. Needs a Docker engine (for promtool), like
 * the Operational suite.
 */
@Tag(SoakTest.TAG)
@Testcontainers(disabledWithoutDocker = true)
class SoakTest {

  static final String TAG = "soak";
  private static final int RUNS = 100;
  private static final int WARM_UP = 20;

  /**
   * The largest growth of the live heap per run that counts as none. A run's result on the
   * reference fabric holds its counters and series, hundreds of KiB to MiB: keeping one per run
   * grows the heap by more than this; the measurement's own noise after a full collection is a few
   * KiB per run.
   */
  private static final long GROWTH_PER_RUN = 64 * 1024;

  @TempDir static Path results;

  @Test
  void hundredMixedRunsLeaveNoHeapGrowthThreadsOrContainersBehind() {
    DockerClient docker = DockerClientFactory.instance().client();
    Set<String> containersBefore = containers(docker);
    long[] heap = new long[RUNS];
    Set<String> threadsAfterWarmUp = Set.of();
    for (int run = 0; run < RUNS; run++) {
      Class<?> fixture = fixture(run);
      TestExecutionSummary summary = AllureRecording.run(results, fixture);
      assertThat(summary.getTestsSucceededCount())
          .as(
              "run %d (%s) passed: %s",
              run,
              fixture.getSimpleName(),
              summary.getFailures().stream().map(f -> String.valueOf(f.getException())).toList())
          .isEqualTo(1);
      heap[run] = liveHeap();
      if (run == WARM_UP - 1) {
        threadsAfterWarmUp = threads();
      }
    }
    Set<String> threadsAtEnd = threads();

    double growth = slope(Arrays.copyOfRange(heap, WARM_UP, RUNS));
    System.out.printf(
        "soak: %d runs, live heap %.1f MiB after warm-up, %.1f MiB at the end, %.1f KiB/run"
            + " fitted growth; %d threads%n",
        RUNS,
        heap[WARM_UP] / 1048576.0,
        heap[RUNS - 1] / 1048576.0,
        growth / 1024,
        threadsAtEnd.size());
    assertThat(growth)
        .as(
            "live heap growth per run over runs %d..%d (bytes), heaps %s",
            WARM_UP, RUNS, Arrays.toString(heap))
        .isLessThan(GROWTH_PER_RUN);
    Set<String> leftBehind = new TreeSet<>(threadsAtEnd);
    leftBehind.removeAll(threadsAfterWarmUp);
    assertThat(leftBehind).as("threads started since the warm-up and still alive").isEmpty();
    assertThat(containers(docker)).as("containers on the engine").isEqualTo(containersBefore);
  }

  /** Incast, storm and collective in turn; every tenth run the alert rules in a container. */
  private static Class<?> fixture(int run) {
    if (run % 10 == 9) {
      return AlertRulesTestCase.class;
    }
    return List.of(IncastTestCase.class, PfcStormTestCase.class, CollectiveTestCase.class)
        .get(run % 3);
  }

  private static long liveHeap() {
    System.gc();
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /**
   * Live threads by name and id, so that a thread replaced by one of the same name still counts.
   */
  private static Set<String> threads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(t -> t.getName() + "#" + t.getId())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /**
   * The containers this test process started (Testcontainers labels each with its session), so that
   * the containers of tests running beside it in other processes do not count.
   */
  private static Set<String> containers(DockerClient docker) {
    return docker
        .listContainersCmd()
        .withShowAll(true)
        .withLabelFilter(
            Map.of(
                DockerClientFactory.TESTCONTAINERS_SESSION_ID_LABEL,
                DockerClientFactory.SESSION_ID))
        .exec()
        .stream()
        .map(Container::getId)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** The least-squares slope of the values against their index. */
  private static double slope(long[] values) {
    int n = values.length;
    double meanX = (n - 1) / 2.0;
    double meanY = Arrays.stream(values).average().orElse(0);
    double covariance = 0;
    double variance = 0;
    for (int i = 0; i < n; i++) {
      covariance += (i - meanX) * (values[i] - meanY);
      variance += (i - meanX) * (i - meanX);
    }
    return covariance / variance;
  }

  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.SYNTHETIC_LOAD)
  static class IncastTestCase {

    @Incast(senders = 8, message = "1MiB", priority = 3)
    void incastIsLossless(RunResult run) {
      assertThat(run).isLossless();
      assertThat(run).flows().allCompleted();
    }
  }

  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.FAILURES)
  static class PfcStormTestCase {

    @PfcStorm(
        nic = FabricRoles.A_NIC_OF_ANOTHER_HOST,
        at = "20us",
        stormFor = "2ms",
        flowSize = "256KiB",
        duration = "3ms")
    void stormLosesOnlyWhatTheWatchdogDrops(RunResult run) {
      assertThat(run).isLosslessExcept(DropReason.PFC_WATCHDOG);
      assertThat(run).hasNoDeadlock();
    }
  }

  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.AI_WORKLOAD)
  static class CollectiveTestCase {

    @Collective(size = "64KiB", maxSize = "1MiB", stepFactor = 4, ranks = 16)
    void allReduceSweepIsLossless(RunResult run) {
      assertThat(run).isLossless();
      assertThat(run.collectives()).singleElement().satisfies(c -> assertThat(c.rows()).hasSize(3));
    }
  }

  @FabricTest(fabric = "fabrics/reference.yaml", phase = Phase.OPERATIONAL)
  static class AlertRulesTestCase {

    private static Promtool promtool;

    @BeforeAll
    static void startPromtool() {
      promtool = Promtool.start();
    }

    @AfterAll
    static void stopPromtool() {
      if (promtool != null) {
        promtool.close();
      }
    }

    @Test
    void healthyBaselineFiresNothing(FabricSession fabric) {
      RunResult run =
          fabric.run(Scenario.permutation().flowSize("16MiB").duration("3ms").named("baseline"));
      AlertsAssert.assertThat(
              AlertRuleTester.using(promtool)
                  .rules(RuleFile.exampleRules())
                  .evaluate(OperationalTimeline.of(run, fabric.fabric())))
          .nothingFired();
    }
  }
}
