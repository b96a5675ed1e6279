package dev.rocelab.reports.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Allure's {@code environment.properties} for a set of results: the rocelab version and what the
 * tests ran on — backend, fabric, NIC firmware, switch NOS and seed, each as the distinct values
 * the tests' parameters carry (more than one means the phase mixed them).
 */
final class EnvironmentProperties {

  /** Parameter written by the JUnit extension → environment key. */
  private static final Map<String, String> KEYS = new LinkedHashMap<>();

  static {
    KEYS.put("backend", "backend");
    KEYS.put("fabric", "fabric");
    KEYS.put("NIC firmware", "nic.firmware");
    KEYS.put("switch NOS", "switch.nos");
    KEYS.put("seed", "seed");
  }

  private EnvironmentProperties() {}

  /**
   * @param results some test results
   * @param version the rocelab version
   * @return the properties file's content
   */
  static String of(List<AllureResult> results, String version) {
    StringBuilder out = new StringBuilder();
    out.append("rocelab.version=").append(escape(version)).append('\n');
    KEYS.forEach(
        (parameter, key) -> {
          TreeSet<String> values = new TreeSet<>();
          results.forEach(
              r -> {
                String value = r.parameters().get(parameter);
                if (value != null) {
                  values.add(value);
                }
              });
          if (!values.isEmpty()) {
            out.append(key).append('=').append(escape(String.join("; ", values))).append('\n');
          }
        });
    return out.toString();
  }

  /**
   * Escapes a value for {@link java.util.Properties#load}: backslashes, line breaks, leading
   * blanks.
   */
  private static String escape(String value) {
    String escaped = value.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    return escaped.startsWith(" ") ? "\\" + escaped : escaped;
  }
}
