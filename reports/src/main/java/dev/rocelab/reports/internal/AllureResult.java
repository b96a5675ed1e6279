package dev.rocelab.reports.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rocelab.api.report.Check;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the sign-off needs of one Allure test result file ({@code …-result.json}).
 *
 * @param file the file it was read from
 * @param uuid the result's uuid
 * @param historyId its history id (the same test in later runs has the same one)
 * @param name the test's name
 * @param status {@code passed}, {@code failed}, {@code broken}, {@code skipped} or {@code unknown}
 * @param message the failure message, empty if none
 * @param labels the labels, first value of each name
 * @param parameters the parameters, in order
 * @param attachments the attachment files it refers to, its steps' included
 * @param checks the criteria it checked, with their measured values
 * @param start when it started (epoch milliseconds), 0 if unknown
 * @param stop when it ended (epoch milliseconds), 0 if unknown
 */
record AllureResult(
    Path file,
    String uuid,
    String historyId,
    String name,
    String status,
    String message,
    Map<String, String> labels,
    Map<String, String> parameters,
    Set<String> attachments,
    List<Check> checks,
    long start,
    long stop) {

  /** The phase a test belongs to: rocelab writes it as the parent suite and the epic. */
  Optional<String> phase() {
    return Optional.ofNullable(labels.get(AllureLabels.PARENT_SUITE))
        .or(() -> Optional.ofNullable(labels.get(AllureLabels.EPIC)));
  }

  /**
   * @param file the file
   * @param json its content
   * @return the result
   * @throws IllegalArgumentException naming the file if it has no uuid, or its checks' attachment
   *     if that is not the checks' data
   */
  static AllureResult of(Path file, JsonNode json) {
    String uuid = json.path("uuid").asText("");
    if (uuid.isEmpty()) {
      throw new IllegalArgumentException(file + ": an Allure test result needs a \"uuid\"");
    }
    Map<String, String> labels = new LinkedHashMap<>();
    for (JsonNode label : json.path("labels")) {
      labels.putIfAbsent(label.path("name").asText(), label.path("value").asText());
    }
    Map<String, String> parameters = new LinkedHashMap<>();
    for (JsonNode parameter : json.path("parameters")) {
      parameters.putIfAbsent(parameter.path("name").asText(), parameter.path("value").asText());
    }
    String name = json.path("name").asText(json.path("fullName").asText(uuid));
    return new AllureResult(
        file,
        uuid,
        json.path("historyId").asText(uuid),
        name,
        json.path("status").asText("unknown"),
        json.path("statusDetails").path("message").asText(""),
        labels,
        parameters,
        attachmentSources(json),
        CheckData.of(json, file),
        json.path("start").asLong(0),
        json.path("stop").asLong(0));
  }

  /** Every {@code source} of every {@code attachments} entry, at any depth (steps, fixtures). */
  static Set<String> attachmentSources(JsonNode json) {
    Set<String> sources = new TreeSet<>();
    collect(json, sources);
    return sources;
  }

  private static void collect(JsonNode node, Set<String> sources) {
    if (node.isObject()) {
      for (JsonNode attachment : node.path("attachments")) {
        String source = attachment.path("source").asText("");
        if (!source.isEmpty()) {
          sources.add(source);
        }
      }
    }
    for (JsonNode child : node) {
      collect(child, sources);
    }
  }
}
