package dev.rocelab.reports.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rocelab.api.report.Check;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * {@code signoff.json}: the sign-off for CI gates — the overall verdict, each phase's verdict and
 * counts, and the audit record — in the shape {@code signoff.schema.json} (beside this class)
 * describes.
 */
final class SignOffJson {

  /** The schema's {@code $id}. */
  static final String SCHEMA_ID = "https://rocelab.dev/schema/signoff-0.1.json";

  /** The schema on the class path. */
  static final String SCHEMA_RESOURCE = "/dev/rocelab/reports/signoff.schema.json";

  private SignOffJson() {}

  /**
   * @param outcomes the phases, in sign-off order
   * @param combinedReport the combined report's path relative to the sign-off page, if any
   * @param audit the audit record
   * @return the document, without the comparison with a previous sign-off
   */
  static ObjectNode document(
      List<PhaseOutcome> outcomes, Optional<String> combinedReport, AuditRecord audit) {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    root.put("$schema", SCHEMA_ID);
    root.put("verdict", SignOffPage.overall(outcomes).text());
    root.put("generated", audit.generated().toString());
    ObjectNode run = root.putObject("run");
    audit.runStart().ifPresent(t -> run.put("start", t.toString()));
    audit.runStop().ifPresent(t -> run.put("stop", t.toString()));
    audit.runDuration().ifPresent(d -> run.put("durationSeconds", d.toMillis() / 1000.0));
    root.put("rocelabVersion", audit.version());
    audit.commit().ifPresent(c -> root.put("commit", c));
    audit
        .build()
        .ifPresent(
            b -> {
              ObjectNode ci = root.putObject("ciBuild");
              ci.put("name", b.name());
              b.url().ifPresent(u -> ci.put("url", u));
            });
    ArrayNode fabrics = root.putArray("fabrics");
    audit
        .fabrics()
        .forEach(
            (fabric, hashes) -> {
              ObjectNode node = fabrics.addObject();
              node.put("fabric", fabric);
              strings(node.putArray("sha256"), hashes);
            });
    strings(root.putArray("backends"), audit.backends());
    strings(root.putArray("seeds"), audit.seeds());
    strings(root.putArray("nicFirmware"), audit.nicFirmware());
    strings(root.putArray("switchNos"), audit.switchNos());
    ArrayNode phases = root.putArray("phases");
    for (PhaseOutcome o : outcomes) {
      ObjectNode phase = phases.addObject();
      phase.put("phase", o.phase());
      phase.put("verdict", o.verdict().text());
      for (String status : PhaseOutcome.COUNTS) {
        phase.put(status, o.count(status));
      }
      o.report().ifPresent(r -> phase.put("report", r));
      ArrayNode notApplicable = phase.putArray("notApplicableBecause");
      for (AllureResult r : o.notApplicable()) {
        notApplicable.addObject().put("test", r.name()).put("reason", SignOffRun.reason(r));
      }
      ArrayNode decisive = phase.putArray("decidedBy");
      for (AllureResult r : o.decisive()) {
        ObjectNode test = decisive.addObject();
        test.put("test", r.name());
        test.put("status", r.status());
        Categories.of(r).ifPresent(c -> test.put("category", c.name()));
        test.put("message", r.message().lines().findFirst().orElse(""));
      }
      ArrayNode checks = phase.putArray("checks");
      for (AllureResult r : o.results()) {
        for (Check c : r.checks()) {
          ObjectNode check = checks.addObject();
          check.put("test", r.name());
          check.put("check", CheckData.name(c));
          check.put("status", CheckData.status(c));
          check.put("measured", c.actual());
          CheckData.putMagnitude(check, c);
          check.put("expected", c.expected());
          c.limitSource().ifPresent(source -> check.put("limitFrom", source));
          c.checkedAt().ifPresent(line -> check.put("checkedAt", line));
        }
      }
    }
    combinedReport.ifPresent(r -> root.put("combinedReport", r));
    return root;
  }

  /**
   * Adds what changed since the previous sign-off.
   *
   * @param document this sign-off's document
   * @param previousGenerated when the previous sign-off was written
   * @param changes what changed
   */
  static void compare(
      ObjectNode document, String previousGenerated, List<SignOffDiff.Change> changes) {
    ObjectNode comparison = document.putObject("sincePrevious");
    comparison.put("previousGenerated", previousGenerated);
    comparison.put("tolerance", SignOffDiff.TOLERANCE);
    ArrayNode list = comparison.putArray("changes");
    for (SignOffDiff.Change change : changes) {
      ObjectNode node = list.addObject();
      node.put("kind", change.kind());
      node.put("what", change.what());
      node.put("before", change.before());
      node.put("after", change.after());
    }
  }

  private static void strings(ArrayNode array, Collection<String> values) {
    values.forEach(array::add);
  }
}
