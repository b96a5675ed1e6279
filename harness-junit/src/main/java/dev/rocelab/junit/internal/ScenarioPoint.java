package dev.rocelab.junit.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.rocelab.api.scenario.Scenario;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * One invocation of a scenario annotation: the scenario, its display name and the attribute values
 * that made it, for reports.
 *
 * @param scenario the scenario to run
 * @param displayName e.g. {@code incast 32:1 · 4 MiB · prio 3}
 * @param parameters attribute name to value, in declaration order
 */
@API(status = INTERNAL, since = "0.1")
public record ScenarioPoint(Scenario scenario, String displayName, Map<String, String> parameters) {

  /** Copies the parameters, keeping their order. */
  public ScenarioPoint {
    parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
  }
}
