package dev.rocelab.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.rocelab.api.scenario.Scenario;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * One invocation of a scenario annotation: the scenario it runs, its display name and the attribute
 * values that made it, which reports show as parameters.
 *
 * @param scenario the scenario to run
 * @param displayName e.g. {@code incast 32:1 · 4 MiB · prio 3}
 * @param parameters attribute name to value, in declaration order
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ScenarioInvocation(
    Scenario scenario, String displayName, Map<String, String> parameters) {

  /** Copies the parameters, keeping their order. */
  public ScenarioInvocation {
    parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
  }

  /**
   * Parameters from name/value pairs, in order: a null value is left out, a map value adds its own
   * entries.
   *
   * @param nameValuePairs {@code "senders", 8, "message", size, …}
   * @return the parameters
   */
  public static Map<String, String> parameters(Object... nameValuePairs) {
    Map<String, String> parameters = new LinkedHashMap<>();
    for (int i = 0; i < nameValuePairs.length; i += 2) {
      Object value = nameValuePairs[i + 1];
      if (value instanceof Map<?, ?> map) {
        map.forEach((k, v) -> parameters.put(String.valueOf(k), String.valueOf(v)));
      } else if (value != null) {
        parameters.put(String.valueOf(nameValuePairs[i]), String.valueOf(value));
      }
    }
    return parameters;
  }
}
