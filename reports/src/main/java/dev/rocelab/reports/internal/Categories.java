package dev.rocelab.reports.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The failure categories of a sign-off, matched on the first line of rocelab's assertion messages
 * (the quantity, e.g. {@code lossless traffic}, followed by a {@code run:} line), also inside soft
 * assertions' combined messages. The same list is written to Allure's {@code categories.json} and
 * used by the sign-off page, so both name a failure alike; Allure takes the first category that
 * matches, and so does {@link #of}.
 */
@API(status = INTERNAL, since = "0.1")
public final class Categories {

  /**
   * One category.
   *
   * @param name its name
   * @param statuses the statuses it applies to
   * @param messageRegex the regular expression a whole message must match, empty for any message
   */
  record Category(String name, Set<String> statuses, String messageRegex) {

    boolean matches(String status, String message) {
      return statuses.contains(status)
          && (messageRegex.isEmpty() || Pattern.compile(messageRegex).matcher(message).matches());
    }
  }

  /**
   * A rocelab criterion message: one of these quantities as a message's (or a soft failure's) first
   * line.
   */
  private static String criterion(String quantities) {
    return "(?s)(?:.*\\n)?(?:" + quantities + ")\\n  run: .*";
  }

  static final List<Category> ALL =
      List.of(
          new Category(
              "Lossless violation",
              Set.of("failed"),
              criterion(
                  "lossless traffic|drops|lost bytes(?: \\([A-Z_]+\\))?|PFC deadlock|PFC storm|PFC storm detection")),
          new Category(
              "Latency regression",
              Set.of("failed"),
              criterion(
                  "[^\\n]*latency[^\\n]*|[^\\n]*flow completion time|job completion time[^\\n]*")),
          new Category(
              "Throughput shortfall",
              Set.of("failed"),
              criterion(
                  "[^\\n]*(?:throughput|goodput|fairness|bus bandwidth|busbw|algbw)[^\\n]*|flow completion|recovery time")),
          new Category(
              "Congestion signalling out of bounds",
              Set.of("failed"),
              criterion(
                  "ECN[^\\n]*|PFC pause[^\\n]*|paused-time ratio|CNP[^\\n]*|peak queue depth|peak headroom use"
                      + "|ECMP imbalance")),
          new Category(
              "Configuration inconsistency",
              Set.of("failed"),
              // rocelab's configuration findings: "headroom problems in 12 switches: 3 findings"
              "(?s)[^\\n]* in [^\\n]*: \\d+ findings?(?: of \\d+ kinds)?(?:\\n.*)?"),
          new Category(
              "Alerting gap",
              Set.of("failed"),
              // the alert-rule assertions: an alert that should fire did not, or the reverse
              "(?s)\\s*Expecting (?:no )?alert .*"),
          new Category(
              "Configuration drift",
              Set.of("failed"),
              "(?s)(?:.*\\n)?[^\\n]*(?:drift|firmware|NOS version|configuration|DSCP|MTU)[^\\n]*(?:\\n.*)?"),
          new Category("Infrastructure problem (broken)", Set.of("broken"), ""));

  private Categories() {}

  /**
   * @param result a test result
   * @return the first category it falls in, if any
   */
  static Optional<Category> of(AllureResult result) {
    return ALL.stream().filter(c -> c.matches(result.status(), result.message())).findFirst();
  }

  /**
   * The category a failure falls in, as in the sign-off and Allure's categories.
   *
   * @param status an Allure status, e.g. {@code failed}
   * @param message the failure message
   * @return the category's name, empty if none (Allure's default "Product defects")
   */
  public static Optional<String> nameOf(String status, String message) {
    return ALL.stream().filter(c -> c.matches(status, message)).findFirst().map(Category::name);
  }

  /**
   * @return the categories' names, in matching order
   */
  public static List<String> names() {
    return ALL.stream().map(Category::name).toList();
  }

  /**
   * @return the categories as Allure's {@code categories.json}
   */
  static String json() {
    ObjectMapper mapper = new ObjectMapper();
    ArrayNode array = mapper.createArrayNode();
    for (Category category : ALL) {
      ObjectNode node = array.addObject();
      node.put("name", category.name());
      ArrayNode statuses = node.putArray("matchedStatuses");
      category.statuses().stream().sorted().forEach(statuses::add);
      if (!category.messageRegex().isEmpty()) {
        node.put("messageRegex", category.messageRegex());
      }
    }
    try {
      return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(array) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
