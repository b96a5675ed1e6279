package dev.rocelab.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rocelab.api.fabric.FabricFacts;
import dev.rocelab.fabricfile.FabricFileReport;
import java.util.List;

/**
 * The JSON form of {@code validate}: one document for all files, with the exit code the command
 * returns, and per file its verdict ({@code valid}, {@code drift}, {@code errors}, {@code
 * unreadable}, {@code failure}), what a fabric that loads holds, and every problem.
 */
final class ValidateJson {

  private ValidateJson() {}

  /**
   * The document.
   *
   * @param files every file's outcome, in the order given
   * @param exit the command's exit code
   * @return pretty-printed JSON
   */
  static String render(List<ValidatedFile> files, int exit) {
    ObjectNode root = Json.object();
    root.put("exitCode", exit);
    ArrayNode array = root.putArray("files");
    for (ValidatedFile file : files) {
      ObjectNode node = array.addObject();
      node.put("file", file.file().toString());
      node.put("verdict", file.verdict().label());
      node.put("exitCode", file.exit());
      file.trouble().ifPresent(trouble -> node.put("message", trouble));
      file.facts().ifPresent(facts -> inventory(node.putObject("fabric"), file, facts));
      file.report().ifPresent(report -> problems(node, report));
    }
    return Json.write(root);
  }

  private static void inventory(ObjectNode node, ValidatedFile file, FabricFacts facts) {
    FabricFileReport report = file.report().orElseThrow();
    node.put("name", report.orElseThrow().name());
    node.put("topology", Text.kind(report.orElseThrow().topology()));
    node.put("hosts", facts.hosts());
    node.put("gpus", facts.gpus());
    node.put("nics", facts.nics());
    node.put("switches", facts.switches());
    node.put("links", facts.links());
  }

  private static void problems(ObjectNode node, FabricFileReport report) {
    node.put("errors", report.errors().size());
    node.put("drift", report.drift().size());
    Json.problems(node.putArray("problems"), report.problems());
  }
}
