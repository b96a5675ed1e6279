package dev.rocelab.reports.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What changed since the previous sign-off in the same directory, read from the two {@code
 * signoff.json} documents: the configuration (fabric files and their hashes, firmware and NOS
 * versions, backends, seeds, commit, rocelab version), the phases' verdicts, checks that passed
 * before and fail now or the reverse, and measured values that moved by more than a tolerance.
 */
final class SignOffDiff {

  /** A measured value moved if it changed by more than this fraction of the previous value. */
  static final double TOLERANCE = 0.10;

  /**
   * One change.
   *
   * @param kind {@code configuration}, {@code verdict}, {@code check} or {@code metric}
   * @param what what changed, e.g. {@code NIC firmware} or a check
   * @param before the previous value, {@code —} if there was none
   * @param after the value now, {@code —} if there is none
   */
  record Change(String kind, String what, String before, String after) {}

  private SignOffDiff() {}

  /**
   * @param previous the previous sign-off's {@code signoff.json}
   * @param current this sign-off's
   * @return the changes, configuration first, then verdicts, checks and metrics
   */
  static List<Change> between(JsonNode previous, JsonNode current) {
    List<Change> changes = new ArrayList<>();
    configuration(changes, "fabric", previous, current, SignOffDiff::fabrics);
    configuration(changes, "NIC firmware", previous, current, d -> strings(d.path("nicFirmware")));
    configuration(changes, "switch NOS", previous, current, d -> strings(d.path("switchNos")));
    configuration(changes, "backend", previous, current, d -> strings(d.path("backends")));
    configuration(changes, "seed", previous, current, d -> strings(d.path("seeds")));
    configuration(changes, "commit", previous, current, d -> d.path("commit").asText("—"));
    configuration(changes, "rocelab", previous, current, d -> d.path("rocelabVersion").asText());
    Map<String, String> verdictsBefore = verdicts(previous);
    verdicts(current)
        .forEach(
            (phase, verdict) -> {
              String before = verdictsBefore.getOrDefault(phase, "—");
              if (!before.equals(verdict)) {
                changes.add(new Change("verdict", phase, before, verdict));
              }
            });
    Map<String, JsonNode> checksBefore = checks(previous);
    checks(current)
        .forEach(
            (key, now) -> {
              JsonNode before = checksBefore.get(key);
              if (before == null) {
                return;
              }
              String statusBefore = before.path("status").asText();
              String statusNow = now.path("status").asText();
              String measuredBefore = before.path("measured").asText();
              String measuredNow = now.path("measured").asText();
              if (!statusBefore.equals(statusNow)) {
                changes.add(
                    new Change(
                        "check",
                        key,
                        statusBefore + ", " + measuredBefore,
                        statusNow + ", " + measuredNow));
              } else if (moved(before, now)) {
                changes.add(new Change("metric", key, measuredBefore, measuredNow));
              }
            });
    return changes;
  }

  private static void configuration(
      List<Change> changes,
      String what,
      JsonNode previous,
      JsonNode current,
      Function<JsonNode, String> value) {
    String before = value.apply(previous);
    String after = value.apply(current);
    if (!before.equals(after)) {
      changes.add(new Change("configuration", what, before, after));
    }
  }

  private static String fabrics(JsonNode document) {
    List<String> fabrics = new ArrayList<>();
    for (JsonNode fabric : document.path("fabrics")) {
      fabrics.add(fabric.path("fabric").asText() + " · SHA-256 " + strings(fabric.path("sha256")));
    }
    return fabrics.isEmpty() ? "—" : String.join("; ", fabrics);
  }

  private static String strings(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(v -> values.add(v.asText()));
    return values.isEmpty() ? "—" : String.join("; ", values);
  }

  private static Map<String, String> verdicts(JsonNode document) {
    Map<String, String> verdicts = new LinkedHashMap<>();
    for (JsonNode phase : document.path("phases")) {
      verdicts.put(phase.path("phase").asText(), phase.path("verdict").asText());
    }
    return verdicts;
  }

  /** The checks of every phase, by phase, test and check; a check made twice keeps its last. */
  private static Map<String, JsonNode> checks(JsonNode document) {
    Map<String, JsonNode> checks = new LinkedHashMap<>();
    for (JsonNode phase : document.path("phases")) {
      for (JsonNode check : phase.path("checks")) {
        checks.put(
            phase.path("phase").asText()
                + " · "
                + check.path("test").asText()
                + " · "
                + check.path("check").asText(),
            check);
      }
    }
    return checks;
  }

  /**
   * @param before a check of the previous sign-off, as {@code signoff.json} holds it
   * @param after the same check now
   * @return true if both measured a quantity in the same unit and it moved by more than {@link
   *     #TOLERANCE} of the first, or otherwise if the measured texts differ (a value that is no
   *     quantity, one in another unit, or a previous sign-off that kept no magnitudes)
   */
  static boolean moved(JsonNode before, JsonNode after) {
    String textBefore = before.path("measured").asText();
    String textAfter = after.path("measured").asText();
    JsonNode a = before.path("magnitude");
    JsonNode b = after.path("magnitude");
    if (!a.isObject() || !b.isObject() || !a.path("unit").equals(b.path("unit"))) {
      return !textBefore.equals(textAfter);
    }
    double was = a.path("value").asDouble();
    double now = b.path("value").asDouble();
    return was == 0 ? now != 0 : Math.abs(now - was) > TOLERANCE * Math.abs(was);
  }
}
