package dev.rocelab.reports;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

import io.qameta.allure.Allure;
import io.qameta.allure.AllureLifecycle;
import io.qameta.allure.FileSystemResultsWriter;
import io.qameta.allure.junitplatform.AllureJunitPlatform;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs fixture test classes on the real JUnit platform with allure-jupiter recording into a
 * directory, as a suite run under Maven would: real Allure results, real attachments. Public, in
 * this module's test-jar, for other modules' tests that check what a recorded run writes.
 */
public final class AllureRecording {

  private AllureRecording() {}

  /**
   * @param results the Allure results directory to write
   * @param fixtures the test classes
   * @return the run's summary
   */
  public static TestExecutionSummary run(Path results, Class<?>... fixtures) {
    return run(results, Map.of(), fixtures);
  }

  /**
   * @param results the Allure results directory to write
   * @param configuration JUnit configuration parameters, e.g. {@code rocelab.fabric}
   * @param fixtures the test classes
   * @return the run's summary
   */
  public static TestExecutionSummary run(
      Path results, Map<String, String> configuration, Class<?>... fixtures) {
    return run(results, configuration, List.of(), fixtures);
  }

  /**
   * @param results the Allure results directory to write
   * @param configuration JUnit configuration parameters, e.g. {@code rocelab.fabric}
   * @param filters post-discovery filters besides those the launcher loads, e.g. one shard's
   * @param fixtures the test classes
   * @return the run's summary
   */
  public static TestExecutionSummary run(
      Path results,
      Map<String, String> configuration,
      List<PostDiscoveryFilter> filters,
      Class<?>... fixtures) {
    AllureLifecycle previous = Allure.getLifecycle();
    AllureLifecycle lifecycle = new AllureLifecycle(new FileSystemResultsWriter(results));
    Allure.setLifecycle(lifecycle);
    try {
      SummaryGeneratingListener summary = new SummaryGeneratingListener();
      Launcher launcher =
          LauncherFactory.create(
              LauncherConfig.builder()
                  .enableTestExecutionListenerAutoRegistration(false)
                  .addTestExecutionListeners(new AllureJunitPlatform(lifecycle), summary)
                  .addTestExecutionListeners(otherListeners())
                  .addPostDiscoveryFilters(filters.toArray(PostDiscoveryFilter[]::new))
                  .build());
      launcher.execute(
          request()
              .configurationParameters(configuration)
              .selectors(
                  Arrays.stream(fixtures)
                      .map(c -> selectClass(c))
                      .toArray(DiscoverySelector[]::new))
              .build());
      return summary.getSummary();
    } finally {
      Allure.setLifecycle(previous);
    }
  }

  /**
   * The listeners a launcher registers from the class path, as under Maven, but Allure's own: it
   * would record into the default results directory, and this recording has its own.
   */
  private static TestExecutionListener[] otherListeners() {
    return ServiceLoader.load(TestExecutionListener.class).stream()
        .filter(p -> !AllureJunitPlatform.class.equals(p.type()))
        .map(ServiceLoader.Provider::get)
        .toArray(TestExecutionListener[]::new);
  }
}
