package dev.rocelab.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.rocelab.junit.fake.ScriptedBackend;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * Runs the README examples in {@code dev.rocelab.junit.readme}. They name no backend, so they run
 * on the model by default; until fabric-model is a dependency of this module they run here on the
 * scripted backend, chosen the way a user would choose a lab: with {@code rocelab.backend}.
 * (Surefire does not run them directly; see the module's pom.)
 */
class ReadmeExamplesTest {

  @Test
  void incastExamplePasses() {
    Events tests = run("dev.rocelab.junit.readme.IncastTest");

    tests.assertStatistics(s -> s.started(7).succeeded(7));
    assertThat(tests.started().list()).extracting(e -> e.getTestDescriptor().getDisplayName()).contains(
        "incast 8:1 · 1 MiB · prio 3", "incast 32:1 · 4 MiB · prio 3",
        "receiverLinkStaysBusyUnderDeeperIncasts(FabricSession)");
  }

  @Test
  void linkFailureExamplePasses() {
    Events tests = run("dev.rocelab.junit.readme.LinkFailureTest");

    tests.assertStatistics(s -> s.started(3).succeeded(3));
    assertThat(tests.started().list()).extracting(e -> e.getTestDescriptor().getDisplayName()).containsExactly(
        "link failure leaf1:eth9 at 500 us · down for 200 us · 64 MiB per flow",
        "link failure leaf1:eth9 at 500 us · down for 2 ms · 64 MiB per flow",
        "throughputIsBackSoonAfterTheLinkGoesDown(FabricSession)");
  }

  private static Events run(String example) {
    ScriptedBackend.reset();
    Events tests = EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(example))
        .configurationParameter(FabricTest.BACKEND_PROPERTY, "scripted")
        .execute()
        .testEvents();
    assertThat(ScriptedBackend.sessions()).hasSize(1);
    List<Throwable> failures = tests.failed().stream()
        .map(e -> e.getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow().getThrowable()
            .orElseThrow())
        .toList();
    assertThat(failures).as("failures").isEmpty();
    return tests;
  }
}
