package dev.rocelab.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Arrays;
import java.util.Map;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Runs fixture classes on the real Jupiter engine. */
final class Engine {

  private Engine() {}

  static EngineExecutionResults run(Class<?>... fixtures) {
    return run(Map.of(), fixtures);
  }

  static EngineExecutionResults run(Map<String, String> parameters, Class<?>... fixtures) {
    return EngineTestKit.engine("junit-jupiter")
        .selectors(
            Arrays.stream(fixtures)
                .map(c -> selectClass(c))
                .toArray(org.junit.platform.engine.DiscoverySelector[]::new))
        .configurationParameters(parameters)
        .execute();
  }
}
