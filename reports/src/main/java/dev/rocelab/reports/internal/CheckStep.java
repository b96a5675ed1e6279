package dev.rocelab.reports.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One criterion a test checked, as the JUnit extension records it in Allure: a step named by the
 * check's summary with {@code measured}, {@code expected}, {@code where}, {@code limit from} and
 * {@code checked at} parameters.
 *
 * @param check what was measured and where, e.g. {@code p99 latency, priority 3, 1000 packets}
 * @param status {@code passed} or {@code failed}
 * @param measured the measured value, e.g. {@code 4.2us}
 * @param expected the criterion, e.g. {@code less than 10us}
 * @param limitFrom where the limit is defined, empty if the test gave it
 * @param checkedAt the test's source line, empty if unknown
 */
record CheckStep(
    String check,
    String status,
    String measured,
    String expected,
    String limitFrom,
    String checkedAt) {

  /**
   * @param result an Allure test result
   * @return its check steps, at any depth, in order
   */
  static List<CheckStep> of(JsonNode result) {
    List<CheckStep> checks = new ArrayList<>();
    collect(result.path("steps"), checks);
    return checks;
  }

  private static void collect(JsonNode steps, List<CheckStep> checks) {
    for (JsonNode step : steps) {
      Optional<String> measured = parameter(step, "measured");
      Optional<String> expected = parameter(step, "expected");
      if (measured.isPresent() && expected.isPresent()) {
        String name = step.path("name").asText("");
        // the summary is "<quantity>[, <where>]: <measured>, expected …"
        int colon = name.lastIndexOf(": " + measured.get() + ", expected ");
        checks.add(
            new CheckStep(
                colon < 0 ? name : name.substring(0, colon),
                step.path("status").asText("unknown"),
                measured.get(),
                expected.get(),
                parameter(step, "limit from").orElse(""),
                parameter(step, "checked at").orElse("")));
      }
      collect(step.path("steps"), checks);
    }
  }

  private static Optional<String> parameter(JsonNode step, String name) {
    for (JsonNode parameter : step.path("parameters")) {
      if (name.equals(parameter.path("name").asText())) {
        return Optional.of(parameter.path("value").asText(""));
      }
    }
    return Optional.empty();
  }
}
