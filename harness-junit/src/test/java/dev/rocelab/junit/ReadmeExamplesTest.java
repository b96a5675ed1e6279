package dev.rocelab.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * Runs the README's and docs' examples in {@code dev.rocelab.junit.readme} as a user would: they
 * name no backend, so they run on the built-in model. Every invocation must pass, and the page each
 * is on must show it as it is compiled. (Surefire does not run them directly; see the module's
 * pom.)
 */
class ReadmeExamplesTest {

  @Test
  void theReadmesFirstTestPasses() {
    Events tests = run("dev.rocelab.junit.readme.MyFabricTest");

    tests.assertStatistics(s -> s.started(2).succeeded(2));
    assertThat(tests.started().list())
        .extracting(e -> e.getTestDescriptor().getDisplayName())
        .containsExactly("incast 8:1 · 4 MiB · prio 3", "incast 16:1 · 4 MiB · prio 3");
  }

  @Test
  void incastExamplePasses() {
    Events tests = run("dev.rocelab.junit.readme.IncastTest");

    tests.assertStatistics(s -> s.started(7).succeeded(7));
    assertThat(tests.started().list())
        .extracting(e -> e.getTestDescriptor().getDisplayName())
        .contains(
            "incast 8:1 · 1 MiB · prio 3",
            "incast 32:1 · 4 MiB · prio 3",
            "receiver link stays busy under deeper incasts");
  }

  @Test
  void linkFailureExamplePasses() {
    Events tests = run("dev.rocelab.junit.readme.LinkFailureTest");

    tests.assertStatistics(s -> s.started(3).succeeded(3));
    assertThat(tests.started().list())
        .extracting(e -> e.getTestDescriptor().getDisplayName())
        .containsExactly(
            "link failure leaf1:eth9 at 500 us · down for 200 us · 64 MiB per flow",
            "link failure leaf1:eth9 at 500 us · down for 2 ms · 64 MiB per flow",
            "throughput is back soon after the link goes down");
  }

  @Test
  void firmwareMismatchExamplePasses() {
    Events tests = run("dev.rocelab.junit.readme.FirmwareMismatchTest");

    tests.assertStatistics(s -> s.started(1).succeeded(1));
    assertThat(tests.started().list())
        .extracting(e -> e.getTestDescriptor().getDisplayName())
        .containsExactly("firmware mismatch host2, host3 on dcqcn-paper · incast 16:1 · 8 MiB");
  }

  @Test
  void aUsersOwnScenarioAnnotationRunsLikeRocelabsOwn() {
    Events tests = run("dev.rocelab.junit.readme.AllToAllTest");

    tests.assertStatistics(s -> s.started(2).succeeded(2));
    assertThat(tests.started().list())
        .extracting(e -> e.getTestDescriptor().getDisplayName())
        .containsExactly(
            "all-to-all · 64KiB per pair · prio 3", "all-to-all · 256KiB per pair · prio 3");
  }

  @Test
  void loadBalancingExamplePasses() {
    Events tests = run("dev.rocelab.junit.readme.LoadBalancingTest");

    tests.assertStatistics(s -> s.started(1).succeeded(1));
  }

  @Test
  void trainingStepExamplePasses() {
    Events tests = run("dev.rocelab.junit.readme.TrainingStepTest");

    tests.assertStatistics(s -> s.started(1).succeeded(1));
  }

  @Test
  void theDocsShowTheExamplesAsCompiled() throws IOException {
    for (String[] example :
        new String[][] {
          {"MyFabricTest", "my-fabric-test", "README.md"},
          {"MyFabricTest", "my-fabric-test", "docs/getting-started.md"},
          {"IncastTest", "incast-test", "docs/scenarios.md"},
          {"LinkFailureTest", "link-failure-test", "docs/scenarios.md"},
          {"FirmwareMismatchTest", "firmware-mismatch-test", "docs/scenarios.md"},
          {"AllToAll", "all-to-all-annotation", "docs/scenarios.md"},
          {"AllToAllTest", "all-to-all-test", "docs/scenarios.md"},
          {"LoadBalancingTest", "load-balancing-test", "docs/load-balancing.md"},
          {"TrainingStepTest", "training-step-test", "docs/ai-workloads.md"}
        }) {
      String source =
          Files.readString(
              Path.of("src/test/java/dev/rocelab/junit/readme/" + example[0] + ".java"));
      String start = "// tag::" + example[1] + "[]";
      String snippet =
          source.substring(
              source.indexOf('\n', source.indexOf(start)) + 1,
              source.indexOf("// end::" + example[1] + "[]"));
      assertThat(Files.readString(Path.of("..", example[2])))
          .as("%s shows %s", example[2], example[0])
          .contains("```java\n" + snippet + "```");
    }
  }

  private static Events run(String example) {
    Events tests =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(example))
            .execute()
            .testEvents();
    List<Throwable> failures =
        tests.failed().stream()
            .map(
                e ->
                    e.getPayload(org.junit.platform.engine.TestExecutionResult.class)
                        .orElseThrow()
                        .getThrowable()
                        .orElseThrow())
            .toList();
    assertThat(failures).as("failures").isEmpty();
    return tests;
  }
}
