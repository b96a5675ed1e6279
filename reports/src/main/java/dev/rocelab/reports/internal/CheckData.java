package dev.rocelab.reports.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rocelab.api.report.Check;
import dev.rocelab.api.report.Secrets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The checks of one test as data: a JSON attachment of its Allure result ({@value #NAME}), written
 * when the test's checks end and read back by the sign-off, so that measured values travel as
 * numbers with their units and never have to be read back from a step's text. Each check is an
 * object with {@code quantity}, {@code where}, {@code expected}, {@code measured}, {@code passed},
 * and where known {@code magnitude} ({@code value}, {@code unit}: {@code bps}, {@code ps}, {@code
 * B} or empty for a plain number), {@code limitFrom} and {@code checkedAt}. Texts are masked
 * ({@link Secrets}) as the steps are.
 */
final class CheckData {

  /** The attachment's name. */
  static final String NAME = "rocelab checks";

  /** The attachment's media type. */
  static final String TYPE = "application/json";

  private static final ObjectMapper JSON = new ObjectMapper();

  private CheckData() {}

  /**
   * @param checks a test's checks, in order
   * @return them as the attachment's bytes
   */
  static byte[] write(List<Check> checks) {
    ArrayNode array = JSON.createArrayNode();
    for (Check check : checks) {
      ObjectNode node = array.addObject();
      node.put("quantity", Secrets.mask(check.quantity()));
      node.put("where", Secrets.mask(check.where()));
      node.put("expected", Secrets.mask(check.expected()));
      node.put("measured", Secrets.mask(check.actual()));
      putMagnitude(node, check);
      node.put("passed", check.passed());
      check.limitSource().ifPresent(s -> node.put("limitFrom", Secrets.mask(s)));
      check.checkedAt().ifPresent(line -> node.put("checkedAt", line));
    }
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(array);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes a check's magnitude, if it has one, as the checks' data and {@code signoff.json} hold
   * it: {@code "magnitude": {"value": 4.2E6, "unit": "ps"}}.
   *
   * @param node the check's JSON object
   * @param check the check
   */
  static void putMagnitude(ObjectNode node, Check check) {
    check
        .magnitude()
        .ifPresent(
            m ->
                node.putObject("magnitude").put("value", m.value()).put("unit", m.unit().symbol()));
  }

  /**
   * @param result an Allure test result
   * @param file the file it was read from: its attachments are beside it
   * @return the checks its {@value #NAME} attachment holds, in order; none if it has none
   * @throws IllegalArgumentException naming the attachment if it is not the checks' JSON
   */
  static List<Check> of(JsonNode result, Path file) {
    for (JsonNode attachment : result.path("attachments")) {
      if (NAME.equals(attachment.path("name").asText())) {
        return read(file.resolveSibling(attachment.path("source").asText()));
      }
    }
    return List.of();
  }

  private static List<Check> read(Path attachment) {
    JsonNode array;
    try {
      array = JSON.readTree(Files.readString(attachment));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the checks of " + attachment, e);
    }
    if (!array.isArray()) {
      throw new IllegalArgumentException(attachment + ": the checks must be a JSON array");
    }
    List<Check> checks = new ArrayList<>();
    for (JsonNode node : array) {
      JsonNode magnitude = node.path("magnitude");
      try {
        checks.add(
            new Check(
                text(node, "quantity"),
                text(node, "where"),
                text(node, "expected"),
                text(node, "measured"),
                magnitude.isObject()
                    ? Optional.of(
                        new Check.Magnitude(
                            magnitude.path("value").asDouble(),
                            Check.Unit.ofSymbol(magnitude.path("unit").asText())))
                    : Optional.empty(),
                node.path("passed").asBoolean(),
                optional(node, "limitFrom"),
                optional(node, "checkedAt")));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            attachment + ": check " + checks.size() + ": " + e.getMessage(), e);
      }
    }
    return checks;
  }

  private static String text(JsonNode node, String field) {
    if (!node.path(field).isTextual()) {
      throw new IllegalArgumentException("\"" + field + "\" must be a string");
    }
    return node.path(field).asText();
  }

  private static Optional<String> optional(JsonNode node, String field) {
    return node.hasNonNull(field) ? Optional.of(node.path(field).asText()) : Optional.empty();
  }

  /**
   * @param check a check
   * @return what it measured and where, e.g. {@code p99 latency, priority 3, 1000 packets}
   */
  static String name(Check check) {
    return check.quantity() + (check.where().isEmpty() ? "" : ", " + check.where());
  }

  /**
   * @param check a check
   * @return {@code passed} or {@code failed}
   */
  static String status(Check check) {
    return check.passed() ? "passed" : "failed";
  }
}
