package dev.rocelab.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rocelab.fabricfile.Problem;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/**
 * The SARIF 2.1.0 form of {@code validate}, for code-scanning tools: one run, two rules — {@value
 * #ERROR_RULE} (the fabric cannot be used) and {@value #DRIFT_RULE} (it runs, but the Laboratory
 * phase fails it) — one result per problem, located by file, line, column and field path. A file
 * that cannot be read or checked is a tool execution notification, and makes the invocation
 * unsuccessful.
 */
final class ValidateSarif {

  /** The rule of problems that make a fabric file unusable. */
  static final String ERROR_RULE = "fabric-error";

  /** The rule of drift findings. */
  static final String DRIFT_RULE = "fabric-drift";

  private static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

  private ValidateSarif() {}

  /**
   * The SARIF log.
   *
   * @param files every file's outcome, in the order given
   * @param version rocelab's version
   * @return pretty-printed SARIF JSON
   */
  static String render(List<ValidatedFile> files, String version) {
    ObjectNode root = Json.object();
    root.put("$schema", SCHEMA);
    root.put("version", "2.1.0");
    ObjectNode run = root.putArray("runs").addObject();
    driver(run.putObject("tool").putObject("driver"), version);
    ObjectNode invocation = run.putArray("invocations").addObject();
    ArrayNode notifications = invocation.putArray("toolExecutionNotifications");
    ArrayNode results = run.putArray("results");
    for (ValidatedFile file : files) {
      file.trouble()
          .ifPresent(
              trouble ->
                  notifications
                      .addObject()
                      .put("level", "error")
                      .<ObjectNode>set("message", message(trouble))
                      .putArray("locations")
                      .addObject()
                      .putObject("physicalLocation")
                      .set("artifactLocation", artifact(file.file())));
      file.report().ifPresent(report -> report.problems().forEach(p -> result(results, file, p)));
    }
    invocation.put("executionSuccessful", notifications.isEmpty());
    return Json.write(root);
  }

  private static void driver(ObjectNode driver, String version) {
    driver.put("name", "rocelab");
    driver.put("version", version);
    ArrayNode rules = driver.putArray("rules");
    rule(
        rules,
        ERROR_RULE,
        "FabricFileError",
        "The fabric file cannot be used as it is.",
        "A value, reference or unit is wrong, or the fabric is inconsistent (PFC, ECN, MTU,"
            + " headroom or buffers): rocelab refuses to run it.");
    rule(
        rules,
        DRIFT_RULE,
        "FabricDrift",
        "The fabric runs, but the Laboratory phase fails it.",
        "Devices disagree where they must agree end to end (DSCP maps, lossless priorities, ECN,"
            + " MTU), a lossless queue does not mark ECN, headroom set by hand is short of its"
            + " cables, or a firmware or NOS version is not approved or not the same across the"
            + " fleet.");
  }

  private static void rule(
      ArrayNode rules, String id, String name, String shortText, String fullText) {
    ObjectNode rule = rules.addObject();
    rule.put("id", id);
    rule.put("name", name);
    rule.set("shortDescription", message(shortText));
    rule.set("fullDescription", message(fullText));
    rule.putObject("defaultConfiguration").put("level", "error");
  }

  private static void result(ArrayNode results, ValidatedFile file, Problem problem) {
    ObjectNode result = results.addObject();
    boolean error = problem.isError();
    result.put("ruleId", error ? ERROR_RULE : DRIFT_RULE);
    result.put("ruleIndex", error ? 0 : 1);
    result.put("level", "error");
    result.set("message", message(problem.message()));
    ObjectNode location = result.putArray("locations").addObject();
    ObjectNode physical = location.putObject("physicalLocation");
    physical.set("artifactLocation", artifact(file.file()));
    physical
        .putObject("region")
        .put("startLine", problem.line())
        .put("startColumn", problem.column());
    if (!problem.path().isEmpty()) {
      location
          .putArray("logicalLocations")
          .addObject()
          .put("fullyQualifiedName", problem.path())
          .put("kind", "member");
    }
  }

  private static ObjectNode message(String text) {
    ObjectNode message = Json.object();
    message.put("text", text);
    return message;
  }

  /** The file as a URI reference: relative as given, or a {@code file:} URI when absolute. */
  private static ObjectNode artifact(Path file) {
    ObjectNode artifact = Json.object();
    artifact.put("uri", uri(file));
    return artifact;
  }

  static String uri(Path file) {
    if (file.isAbsolute()) {
      return file.toUri().toString();
    }
    String path = file.toString().replace(file.getFileSystem().getSeparator(), "/");
    if (path.split("/", 2)[0].contains(":")) {
      path = "./" + path; // not to be read as a URI scheme
    }
    try {
      return new URI(null, null, path, null).getRawPath();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a path: " + file, e);
    }
  }
}
